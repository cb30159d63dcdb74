// `xqtb probe --fen FEN [--dir DIR] [--moves] [--pv] [--json] [--lang zh|en]` and
// `xqtb probe --epd FILE`: the value of positions from the side to move's view.
#include <filesystem>
#include <fstream>
#include <iostream>
#include <memory>

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

// Thrown when a material the probe needs has no table (exit code 3): the position's own, or
// (sub_table) the material a capture leads to.
TableError missing(const Material& m, bool sub_table) {
  return TableError(m.name(), sub_table ? "no table for this material, which a capture leads to"
                                        : "no table for this material");
}

int probe_one(const Tablebase& tb, const Position& pos, const Options& o) {
  const Lang lang = o.lang;
  const auto r = tb.probe(pos);
  if (!r) throw missing(Material::of(pos).canonical(), false);
  const RootMoves root = tb.root_moves(pos);
  if (root.missing) throw missing(*root.missing, root.status == RootStatus::NoSubTable);
  const std::vector<MoveValue>& moves = root.moves;  // empty: mated or stalemated
  const bool decided = r->wdl != Wdl::Draw;
  const Line pv = o.pv && decided ? tb.principal_variation(pos) : Line{};
  // Refuse to print a line shortened by a missing table as if it were the whole one.
  if (!pv.complete())
    throw TableError(pv.missing->name(), "no table for this material: the line stops after " +
                                             std::to_string(pv.moves.size()) + " plies");
  const std::optional<Ending> ending = ending_of(tb, pos, *r);
  if (o.json) {
    nlohmann::json j = result_json(pos, *r, ending);
    j["best_move"] = moves.empty() ? nullptr : nlohmann::json(to_iccs(moves.front().move));
    j["best_move_zh"] =
        moves.empty() ? nullptr : nlohmann::json(to_chinese(pos, moves.front().move));
    if (o.moves) {
      j["moves"] = nlohmann::json::array();
      for (const MoveValue& mv : moves) {
        nlohmann::json m = result_json(pos, mv.value, ending_after(tb, pos, mv.move, mv.value));
        m.erase("fen");
        m.erase("side_to_move");
        m["move"] = to_iccs(mv.move);
        m["move_zh"] = to_chinese(pos, mv.move);
        j["moves"].push_back(m);
      }
    }
    if (o.pv) {
      j["pv"] = nlohmann::json::array();
      for (Move m : pv.moves) j["pv"].push_back(to_iccs(m));
    }
    std::cout << j.dump(2) << "\n";
    return kExitOk;
  }
  std::cout << describe_result(pos, *r, lang, ending) << "\n";
  if (!moves.empty()) {
    const Move best = moves.front().move;
    std::cout << (lang == Lang::Zh ? "最佳着法: " : "Best move: ") << to_chinese(pos, best) << " ("
              << to_iccs(best) << ")\n";
  }
  if (o.moves)
    for (const MoveValue& mv : moves)
      std::cout << "  " << to_iccs(mv.move) << "  " << to_chinese(pos, mv.move) << "  "
                << describe_move_value(mv.value, lang, ending_after(tb, pos, mv.move, mv.value))
                << "\n";
  if (o.pv && !pv.moves.empty()) {
    std::cout << (lang == Lang::Zh ? "主要变例: " : "Line: ") << numbered_line(pos, pv.moves, lang)
              << "\n";
    if (lang == Lang::En) std::cout << "      " << numbered_line(pos, pv.moves, Lang::Zh) << "\n";
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
      const BestMove best = tb.best_move(pos);
      std::cout << line << " ; " << describe_move_value(*r, Lang::En, ending_of(tb, pos, *r))
                << (best.found() ? " ; best " + to_iccs(best.best.move) : "") << "\n";
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
