// `xqtb probe --fen FEN [--dir DIR] [--moves] [--pv] [--json] [--lang zh|en]` and
// `xqtb probe --epd FILE`: the value of positions from the side to move's view.
#include <filesystem>
#include <fstream>
#include <iostream>
#include <memory>
#include <sstream>

#include "cli/commands.hpp"
#include "cli/describe.hpp"
#include "core/notation.hpp"

namespace xq::cli {

namespace {

struct Options {
  std::string fen, epd, dir = "tables";
  Lang lang = Lang::En;
  bool moves = false, pv = false, json = false;
};

// Thrown when a position's material has no table (exit code 3).
TableError missing(const Position& pos) {
  return TableError(Material::of(pos).canonical().name(), "no table for this material");
}

// principal_variation() stops early where a table the line needs is missing: refuse to print
// a shortened line as if it were the whole one.
void check_line_complete(const Tablebase& tb, const Position& start, const std::vector<Move>& pv) {
  Position pos = start;
  for (const Move m : pv) pos.make(m);
  for (const Move m : pos.legal_moves()) {
    Position next = pos;
    next.make(m);
    if (!tb.probe(next)) {
      std::ostringstream why;
      why << "no table for this material: the line stops after " << pv.size() << " plies";
      throw TableError(Material::of(next).canonical().name(), why.str());
    }
  }
}

int probe_one(const Tablebase& tb, const Position& pos, const Options& o) {
  const Lang lang = o.lang;
  const auto r = tb.probe(pos);
  if (!r) throw missing(pos);
  const auto moves = tb.root_moves(pos);
  if (!moves) throw missing(pos);
  const bool decided = r->wdl != Wdl::Draw;
  const std::vector<Move> pv = o.pv && decided ? tb.principal_variation(pos) : std::vector<Move>{};
  if (o.pv && decided) check_line_complete(tb, pos, pv);
  if (o.json) {
    nlohmann::json j = result_json(pos, *r);
    j["best_move"] = moves->empty() ? nullptr : nlohmann::json(to_iccs(moves->front().move));
    j["best_move_zh"] =
        moves->empty() ? nullptr : nlohmann::json(to_chinese(pos, moves->front().move));
    if (o.moves) {
      j["moves"] = nlohmann::json::array();
      for (const MoveValue& mv : *moves) {
        nlohmann::json m = result_json(pos, mv.value);
        m.erase("fen");
        m.erase("side_to_move");
        m["move"] = to_iccs(mv.move);
        m["move_zh"] = to_chinese(pos, mv.move);
        j["moves"].push_back(m);
      }
    }
    if (o.pv) {
      j["pv"] = nlohmann::json::array();
      for (Move m : pv) j["pv"].push_back(to_iccs(m));
    }
    std::cout << j.dump(2) << "\n";
    return kExitOk;
  }
  std::cout << describe_result(pos, *r, lang) << "\n";
  if (!moves->empty()) {
    const Move best = moves->front().move;
    std::cout << (lang == Lang::Zh ? "最佳着法: " : "Best move: ") << to_chinese(pos, best) << " ("
              << to_iccs(best) << ")\n";
  }
  if (o.moves)
    for (const MoveValue& mv : *moves)
      std::cout << "  " << to_iccs(mv.move) << "  " << to_chinese(pos, mv.move) << "  "
                << describe_move_value(mv.value, lang) << "\n";
  if (o.pv && !pv.empty()) {
    std::cout << (lang == Lang::Zh ? "主要变例: " : "Line: ") << numbered_line(pos, pv, lang)
              << "\n";
    if (lang == Lang::En) std::cout << "      " << numbered_line(pos, pv, Lang::Zh) << "\n";
  }
  return kExitOk;
}

// One line per FEN: "FEN ; wdl dtm best"; failures are counted, not fatal.
int probe_epd(const Tablebase& tb, std::istream& in) {
  std::string line;
  int total = 0, unavailable = 0, failed = 0;
  while (std::getline(in, line)) {
    if (!line.empty() && line.back() == '\r') line.pop_back();  // files edited on Windows
    if (line.empty() || line[0] == '#') continue;
    ++total;
    try {
      const Position pos = Position::from_fen(line);
      const auto r = tb.probe(pos);
      if (!r) {
        ++unavailable;
        std::cout << line << " ; not available\n";
        continue;
      }
      const auto best = tb.best_move(pos);
      std::cout << line << " ; " << describe_move_value(*r, Lang::En)
                << (best ? " ; best " + to_iccs(*best) : "") << "\n";
    } catch (const std::exception& e) {
      ++failed;
      std::cout << line << " ; error: " << e.what() << "\n";
    }
  }
  std::cout << total << " positions, " << total - unavailable - failed << " probed, " << unavailable
            << " not available, " << failed << " failed\n";
  return failed ? kExitBadInput : unavailable ? kExitTables : kExitOk;
}

}  // namespace

void register_probe(CLI::App& app) {
  auto o = std::make_shared<Options>();
  CLI::App* sub = add_command(app, "probe", "Probe positions in the tables", [o] {
    if (!o->epd.empty()) {  // bad input before missing tables
      std::ifstream in(o->epd);
      if (!in || std::filesystem::is_directory(o->epd))
        throw std::invalid_argument("cannot read " + o->epd + " (a file with one FEN per line)");
      return probe_epd(Tablebase({o->dir}), in);
    }
    const Position pos = Position::from_fen(o->fen);  // bad input before missing tables
    return probe_one(Tablebase({o->dir}), pos, *o);
  });
  auto* fen = sub->add_option("--fen", o->fen, "Position in FEN");
  auto* epd = sub->add_option("--epd", o->epd, "File with one FEN per line");
  fen->excludes(epd);
  sub->add_option("--dir", o->dir, "Table directory")->capture_default_str();
  sub->add_flag("--moves", o->moves, "List every legal move with its value, best first");
  sub->add_flag("--pv", o->pv, "Print the principal variation to the end");
  sub->add_flag("--json", o->json, "One JSON object (docs/probe-json.md)");
  add_lang_option(sub, o->lang);
  sub->callback([fen, epd] {
    if (fen->count() + epd->count() == 0) throw CLI::RequiredError("--fen or --epd");
  });
}

}  // namespace xq::cli
