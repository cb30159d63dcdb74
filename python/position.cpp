// Material, Position (FEN, legal moves, moves in ICCS, WXF or Chinese notation) and the
// repetition adjudicator, for Python.
#include <pybind11/operators.h>
#include <pybind11/stl.h>

#include "core/notation.hpp"
#include "probe/limit.hpp"
#include "python/bindings.hpp"
#include "rules/adjudicate.hpp"

namespace xq::py_bind {

namespace {

// A position with the natural limit's counter, which moves advance and captures reset.
struct PyPosition {
  Position pos;
  int counter = 0;
};

const char* side_name(Color c) {
  return c == Red ? "red" : "black";
}

// The game's moves as one text: a string as it is, a list joined by blanks.
std::string move_text(const py::object& moves) {
  if (py::isinstance<py::str>(moves)) return moves.cast<std::string>();
  std::string text;
  for (const py::handle& m : moves) text += m.cast<std::string>() + " ";
  return text;
}

}  // namespace

RuleSet parse_rules(const std::string& name) {
  for (const RuleSet r : {RuleSet::None, RuleSet::Check, RuleSet::Asian, RuleSet::Chinese})
    if (name == rule_set_name(r)) return r;
  throw std::invalid_argument("unknown rule set " + name + " (none, check, asian or chinese)");
}

void bind_position(py::module_& m) {
  py::class_<Material>(m, "Material",
                       "A material signature: the pieces of each side, Red first (KRKN, 车对马).")
      .def(py::init(&Material::parse), py::arg("text"),
           "Parses KRKN, KRvKN, krkn or Chinese (车对马, 车对马士象全); ValueError otherwise.")
      .def_property_readonly("name", &Material::name, "Letters, Red's then Black's: 'KRKNAABB'.")
      .def_property_readonly("chinese", &Material::chinese_name, "Chinese name: '车对马士象全'.")
      .def_property_readonly("canonical", &Material::canonical,
                             "The orientation tables are stored under (stronger side Red).")
      .def("__str__", &Material::name)
      .def("__repr__", [](const Material& x) { return "Material('" + x.name() + "')"; })
      .def(py::self == py::self)
      .def("__hash__", [](const Material& x) { return py::hash(py::str(x.name())); });

  py::class_<PyPosition>(m, "Position",
                         "A legal xiangqi position with the natural limit's counter (plies "
                         "since the last capture, the FEN's halfmove field).")
      .def(py::init([](const std::string& fen) {
             const Fen f = read_fen(fen);
             return PyPosition{f.pos, f.counter};
           }),
           py::arg("fen"), "From FEN; ValueError for bad text or an illegal position.")
      .def(
          "fen",
          [](const PyPosition& p) {
            std::string fen = p.pos.fen();  // "... - - 0 1"
            return fen.substr(0, fen.size() - 3) + std::to_string(p.counter) + " 1";
          },
          "The FEN: board, side to move, '- -', the counter, 1.")
      .def_property_readonly(
          "turn", [](const PyPosition& p) { return side_name(p.pos.side_to_move()); },
          "'red' or 'black': the side to move.")
      .def_readonly("counter", &PyPosition::counter, "Plies since the last capture (0..120).")
      .def(
          "legal_moves",
          [](const PyPosition& p) {
            std::vector<std::string> out;
            for (const Move mv : p.pos.legal_moves()) out.push_back(to_iccs(mv));
            return out;
          },
          "Every legal move in ICCS coordinates ('h2e2').")
      .def(
          "push",
          [](PyPosition& p, const std::string& text) {
            const Move mv = parse_move(p.pos, text);
            const bool capture = p.pos.is_capture(mv);
            p.pos.make(mv);
            p.counter = capture ? 0 : p.counter + 1;
            return to_iccs(mv);
          },
          py::arg("move"),
          "Plays a legal move given in ICCS ('h2e2'), WXF ('C2=5') or Chinese ('炮二平五'); "
          "returns it in ICCS. ValueError for text that is no legal move.")
      .def(
          "notation",
          [](const PyPosition& p, const std::string& text, const std::string& style) {
            const Move mv = parse_move(p.pos, text);
            if (style == "iccs") return to_iccs(mv);
            if (style == "wxf") return to_wxf(p.pos, mv);
            if (style == "chinese") return to_chinese(p.pos, mv);
            throw std::invalid_argument("unknown notation " + style + " (iccs, wxf or chinese)");
          },
          py::arg("move"), py::arg("style") = "chinese",
          "A legal move (any notation) written in 'iccs', 'wxf' or 'chinese'.")
      .def(
          "material", [](const PyPosition& p) { return Material::of(p.pos); },
          "The position's Material (.name, .chinese).")
      .def(
          "in_check", [](const PyPosition& p) { return p.pos.in_check(p.pos.side_to_move()); },
          "Whether the side to move is in check.")
      .def("__str__", [](const PyPosition& p) { return p.pos.fen(); })
      .def("__repr__", [](const PyPosition& p) { return "Position('" + p.pos.fen() + "')"; });

  py::class_<Adjudication>(m, "Ruling", "The ruling on a game's first repetition cycle.")
      .def_property_readonly(
          "verdict", [](const Adjudication& a) { return cycle_verdict_name(a.verdict); },
          "'no_cycle', 'draw', 'red_loses' or 'black_loses'.")
      .def_property_readonly("final", &Adjudication::is_final,
                             "True once the position has occurred three times by the cycle; "
                             "otherwise the offender must change now.")
      .def_readonly("plies", &Adjudication::plies, "Moves in the game.")
      .def_property_readonly("rules", [](const Adjudication& a) { return rule_set_name(a.rules); })
      .def_property_readonly("reason", &adjudication_reason, "The ruling in one English line.")
      .def_property_readonly("reason_zh", &adjudication_reason_chinese, "The ruling in Chinese.")
      .def_property_readonly(
          "offender",
          [](const Adjudication& a) -> std::optional<std::string> {
            if (!a.judgement.offender) return std::nullopt;
            return side_name(*a.judgement.offender);
          },
          "'red' or 'black': the side that must change (or loses); None for a draw or no cycle.")
      .def("__repr__", [](const Adjudication& a) {
        return std::string("Ruling(verdict='") + cycle_verdict_name(a.verdict) +
               "', final=" + (a.is_final() ? "True" : "False") + ")";
      });

  m.def(
      "adjudicate",
      [](const std::string& fen, const py::object& moves, const std::string& rules) {
        const std::string text = move_text(moves);
        const RuleSet r = parse_rules(rules);
        py::gil_scoped_release unlocked;
        return adjudicate(fen, text, r);
      },
      py::arg("fen"), py::arg("moves"), py::arg("rules") = "asian",
      "Rules a game's first repetition cycle (docs/adjudicate.md): the start FEN, the moves (a "
      "string or a list, any notation), rules 'asian', 'chinese' or 'check'. ValueError for a "
      "bad FEN or an illegal move.");
}

}  // namespace xq::py_bind
