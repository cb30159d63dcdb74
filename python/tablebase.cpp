// Tablebase for Python: values, moves, lines and coverage, and the ending's statistics. Every
// probe releases the GIL, so threads probe one Tablebase in parallel (the C++ one is
// thread-safe).
#include <pybind11/stl.h>

#include <nlohmann/json.hpp>

#include "python/bindings.hpp"
#include "verdict/explain.hpp"
#include "verdict/verdict.hpp"

namespace xq::py_bind {

namespace {

// A value as Python sees it (docs/python.md "Values").
struct Value {
  Wdl category = Wdl::Draw;
  int wdl = 0;  // +1 win, 0 draw, -1 loss without the limit (rule-decided ones included)
  std::optional<int> dtm, dtc;
  int counter = 0;
  int limit_wdl = 0;  // the same under the natural limit at counter
  std::string limit_reason;
};

struct MoveValue {
  std::string move, chinese;
  Value value;
};

int sign(Wdl w) {
  return is_win(w) ? 1 : is_loss(w) ? -1 : 0;
}

Value value_of(const ProbeResult& unlimited, std::optional<uint16_t> dtc, int counter,
               const LimitedValue& limited) {
  Value v;
  v.category = unlimited.wdl;
  v.wdl = sign(unlimited.wdl);
  if (is_forced(unlimited.wdl)) v.dtm = unlimited.distance;
  if (dtc) v.dtc = *dtc;
  v.counter = counter;
  v.limit_wdl = limited.verdict == LimitVerdict::Win    ? 1
                : limited.verdict == LimitVerdict::Loss ? -1
                                                        : 0;
  v.limit_reason = limit_reason_name(limited.reason);
  return v;
}

// A root query's failure as an exception (NoLegalMove is no failure: no moves).
void check_root(RootStatus status, const std::optional<Material>& missing) {
  if (status == RootStatus::NoTable) throw_missing(*missing);
  if (status == RootStatus::NoSubTable) throw_missing(*missing, ", which a capture leads to");
}

std::vector<std::string> directories(const py::object& dirs) {
  const py::object fspath = py::module_::import("os").attr("fspath");
  const py::object path_like = py::module_::import("os").attr("PathLike");
  std::vector<std::string> out;
  if (py::isinstance<py::str>(dirs) || py::isinstance(dirs, path_like))
    out.push_back(fspath(dirs).cast<std::string>());
  else
    for (const py::handle& d : dirs) out.push_back(fspath(d).cast<std::string>());
  return out;
}

Material material_of(const std::string& material_or_fen) {
  if (material_or_fen.find('/') != std::string::npos)
    return Material::of(Position::from_fen(material_or_fen));
  return Material::parse(material_or_fen);
}

std::string value_repr(const Value& v) {
  const auto opt = [](std::optional<int> x) { return x ? std::to_string(*x) : "None"; };
  return "Value(wdl=" + std::to_string(v.wdl) + ", dtm=" + opt(v.dtm) + ", dtc=" + opt(v.dtc) +
         ", limit_wdl=" + std::to_string(v.limit_wdl) + ", counter=" + std::to_string(v.counter) +
         ")";
}

}  // namespace

TablebaseClass bind_tablebase(py::module_& m) {
  py::enum_<Wdl>(m, "Category",
                 "The stored class of a position, side to move's view (docs/metrics.md); the "
                 "values are the WDL file's codes.")
      .value("DRAW", Wdl::Draw)
      .value("WIN", Wdl::Win, "won by force within the natural limit from a fresh counter")
      .value("LOSS", Wdl::Loss)
      .value("RULE_WIN", Wdl::RuleWin, "drawn without the repetition rule, won under it")
      .value("RULE_LOSS", Wdl::RuleLoss)
      .value("CURSED_WIN", Wdl::CursedWin, "won by force, drawn by the natural limit")
      .value("BLESSED_LOSS", Wdl::BlessedLoss)
      .value("CHASE_WIN", Wdl::ChaseWin, "won only because perpetual chase is forbidden")
      .value("CHASE_LOSS", Wdl::ChaseLoss);

  py::class_<Value>(m, "Value", "A position's value from the side to move's view.")
      .def_readonly("category", &Value::category, "The stored class (Category).")
      .def_readonly("wdl", &Value::wdl, "+1 win, 0 draw, -1 loss, without the natural limit.")
      .def_readonly("dtm", &Value::dtm, "Distance to mate in plies; None unless forced.")
      .def_readonly("dtc", &Value::dtc,
                    "Distance to conversion (mate or a winning capture) in plies; None unless "
                    "forced.")
      .def_readonly("counter", &Value::counter, "The plies since the last capture it is for.")
      .def_readonly("limit_wdl", &Value::limit_wdl,
                    "+1 / 0 / -1 under the natural limit (120 plies without a capture draw) "
                    "at counter.")
      .def_readonly("limit_reason", &Value::limit_reason,
                    "Why: 'converts', 'draw', 'cursed', 'blessed', 'too_far', "
                    "'rule_not_claimed'.")
      .def("__repr__", &value_repr);

  py::class_<MoveValue>(m, "MoveValue", "A legal move with its value for the side making it.")
      .def_readonly("move", &MoveValue::move, "ICCS coordinates ('h2e2').")
      .def_readonly("chinese", &MoveValue::chinese, "Chinese notation ('炮二平五').")
      .def_readonly("value", &MoveValue::value,
                    "The mover's Value after the move (its counter: 0 after a capture).")
      .def("__repr__", [](const MoveValue& mv) {
        return "MoveValue('" + mv.move + "', " + value_repr(mv.value) + ")";
      });

  TablebaseClass tb(m, "Tablebase",
                    "Tables in one or more directories, answered under one rule set. Use as a "
                    "context manager, or close(). Thread-safe: every probe releases the GIL.");
  tb.def(py::init([](const py::object& dirs, std::optional<std::string> rules, double cache_mib) {
           const std::vector<std::string> d = directories(dirs);
           std::optional<RuleSet> r;
           if (rules) r = parse_rules(*rules);
           if (!(cache_mib > 0)) throw std::invalid_argument("cache_mib must be positive");
           py::gil_scoped_release unlocked;
           return TablebaseHandle{
               std::make_shared<const Tablebase>(d, size_t(cache_mib * (1 << 20)), r)};
         }),
         py::arg("dirs"), py::arg("rules") = py::none(), py::arg("cache_mib") = 64,
         "dirs: a directory or a list of them; rules: 'none', 'check', 'asian' or 'chinese' "
         "(default: each material's one rule set); cache_mib: the decompressed-block cache.")
      .def(
          "probe_wdl",
          [](const TablebaseHandle& self, const std::string& fen) {
            const auto t = self.get();
            const Fen f = read_fen(fen);
            py::gil_scoped_release unlocked;
            const std::optional<Wdl> w = t->probe_wdl(f.pos);
            if (!w) throw_missing(Material::of(f.pos));
            return *w;
          },
          py::arg("fen"),
          "The Category (reads no DTM). MissingTableError without a table, ValueError for a "
          "bad FEN, OSError for a damaged file.")
      .def(
          "get_wdl",
          [](const TablebaseHandle& self, const std::string& fen,
             const py::object& fallback) -> py::object {
            const auto t = self.get();
            const Fen f = read_fen(fen);
            std::optional<Wdl> w;
            {
              py::gil_scoped_release unlocked;
              w = t->probe_wdl(f.pos);
            }
            return w ? py::cast(*w) : fallback;
          },
          py::arg("fen"), py::arg("default") = py::none(),
          "As probe_wdl, but default when the material has no table.")
      .def(
          "probe",
          [](const TablebaseHandle& self, const std::string& fen) {
            const auto t = self.get();
            const Fen f = read_fen(fen);
            py::gil_scoped_release unlocked;
            const std::optional<LimitProbe> v = t->probe(f.pos, f.counter);
            if (!v) throw_missing(Material::of(f.pos));
            return value_of(v->unlimited, v->dtc, v->counter, v->limited);
          },
          py::arg("fen"),
          "The Value: category, dtm, dtc, and the value under the natural limit at the FEN's "
          "counter. Same errors as probe_wdl.")
      .def(
          "moves",
          [](const TablebaseHandle& self, const std::string& fen) {
            const auto t = self.get();
            const Fen f = read_fen(fen);
            py::gil_scoped_release unlocked;
            const RootProbe root = t->root_probe(f.pos, f.counter);
            check_root(root.status, root.missing);
            std::vector<MoveValue> out;
            for (const RootMoveLimit& mv : root) {
              const int counter = f.pos.is_capture(mv.move) ? 0 : f.counter + 1;
              out.push_back({to_iccs(mv.move), to_chinese(f.pos, mv.move),
                             value_of(mv.unlimited, mv.dtc, counter, mv.limited)});
            }
            return out;
          },
          py::arg("fen"),
          "Every legal move with its value, best first under the natural limit at the FEN's "
          "counter (the engine's order, docs/probe-api.md); [] when mated or stalemated.")
      .def(
          "mainline",
          [](const TablebaseHandle& self, const std::string& fen, bool limit) {
            const auto t = self.get();
            const Fen f = read_fen(fen);
            py::gil_scoped_release unlocked;
            const std::optional<LimitProbe> v = t->probe(f.pos, f.counter);
            if (!v) throw_missing(Material::of(f.pos));
            // A draw has no line to give (it would shuffle on to the ply bound), as in the CLI.
            const bool decided =
                limit ? v->limited.verdict != LimitVerdict::Draw : v->unlimited.wdl != Wdl::Draw;
            if (!decided) return std::vector<std::string>{};
            const Line line =
                limit ? t->limit_line(f.pos, f.counter) : t->principal_variation(f.pos);
            if (line.missing) throw_missing(*line.missing, ", which the line needs");
            std::vector<std::string> out;
            for (const Move mv : line.moves) out.push_back(to_iccs(mv));
            return out;
          },
          py::arg("fen"), py::arg("limit") = true,
          "Both sides' best moves in ICCS: under the natural limit from the FEN's counter "
          "(limit=True), or the DTM line without it; [] for a draw (under the limit, or "
          "without it).")
      .def(
          "has_table",
          [](const TablebaseHandle& self, const std::string& material_or_fen) {
            return self.get()->has(material_of(material_or_fen));
          },
          py::arg("material_or_fen"),
          "Whether the material (KRKN, 车对马, or a FEN's) has a table.")
      .def(
          "materials",
          [](const TablebaseHandle& self) {
            std::vector<std::string> out;
            for (const Material& x : self.get()->materials()) out.push_back(x.name());
            return out;
          },
          "The materials with a table, canonical names.")
      .def(
          "close", [](TablebaseHandle& self) { self.tb.reset(); },
          "Releases the tables (probes in flight finish first); later calls raise ValueError.")
      .def("__enter__", [](TablebaseHandle& self) -> TablebaseHandle& { return self; })
      .def("__exit__", [](TablebaseHandle& self, const py::args&) { self.tb.reset(); });

  m.def(
      "stats",
      [](const std::string& material, const py::object& dir, std::optional<std::string> rules,
         uint64_t sample) {
        const std::vector<std::string> d = directories(dir);
        const Material mat = Material::parse(material).canonical();
        std::optional<RuleSet> r;
        if (rules) r = parse_rules(*rules);
        std::string text;
        {
          py::gil_scoped_release unlocked;
          const Tablebase t(d, size_t(256) << 20, r);
          if (!t.has(mat)) throw_missing(mat);
          const nlohmann::json stats = nlohmann::json::parse(t.stats_json(mat));
          const TypicalSet typical = typical_positions(t, mat, sample);
          nlohmann::json j = verdict_json(mat, typical, decide(typical), stats);
          j["material"] = mat.name();
          j["material_zh"] = mat.chinese_name();
          j["rules"] = stats.at("rules");
          j["stronger_side"] = "red";
          j["red_to_move"] = stats.at("red");
          j["black_to_move"] = stats.at("black");
          text = j.dump();
        }
        return py::module_::import("json").attr("loads")(text);
      },
      py::arg("material"), py::arg("dirs"), py::arg("rules") = py::none(),
      py::arg("sample") = kDefaultTypicalBudget,
      "The ending's statistics and book verdict (例胜 / 例和), as `xqtb stats --json` gives "
      "them (docs/verdicts.md): counts, DTM histograms and longest wins per side to move, "
      "the typical positions, 'verdict' and 'explanation'.");
  return tb;
}

}  // namespace xq::py_bind
