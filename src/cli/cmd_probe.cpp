// `xqtb probe --fen FEN [--counter N] [--dir DIR] [--rules R] [--moves] [--pv] [--board] [--json]
// [--lang zh|en]` and `xqtb probe --epd FILE [--quiet]`: the value of positions from the side
// to move's view, without and (for --fen) under the natural limit at the counter (the FEN's
// halfmove field by default), under the rule set of the tables found (or the one --rules names).
#include <unistd.h>

#include <filesystem>
#include <fstream>
#include <iostream>
#include <memory>

#include "cli/board_diagram.hpp"
#include "cli/commands.hpp"
#include "cli/describe.hpp"
#include "cli/describe_limit.hpp"
#include "cli/progress.hpp"
#include "core/notation.hpp"
#include "core/table_names.hpp"

namespace xq::cli {

namespace {

struct ProbeOptions {
  std::string fen, epd, dir = "tables";
  Lang lang = Lang::En;
  bool moves = false, pv = false, json = false, board = false, quiet = false;
  std::optional<int> counter;    // --counter: overrides the FEN's halfmove field
  std::optional<RuleSet> rules;  // --rules: the tables of this rule set alone
};

// The plies since the last capture to probe at: --counter, else the FEN's halfmove field,
// else 0. A value outside 0..120 is bad input.
int counter_of(const ProbeOptions& o) {
  if (!o.counter) return fen_counter(o.fen).value_or(0);
  if (!valid_counter(*o.counter))
    throw std::invalid_argument("--counter " + std::to_string(*o.counter) + " is not 0.." +
                                std::to_string(kNaturalLimitPlies) +
                                " plies since the last capture");
  return *o.counter;
}

// Thrown when a material the probe needs has no table (exit code 3): the position's own, or
// (sub_table) the material a capture leads to, under the root's rule set `rules`. Under a
// chosen rule set, the rule sets dir does hold for the material and the command that builds
// the one asked for.
TableError missing(const Material& m, bool sub_table, std::optional<RuleSet> rules,
                   const std::string& dir) {
  std::string why =
      std::string("no table for this material") + (sub_table ? ", which a capture leads to" : "");
  if (!rules) return TableError(m.name(), why);
  std::string held;
  for (const RuleSet r : {RuleSet::None, RuleSet::Check, RuleSet::Asian, RuleSet::Chinese})
    if (std::filesystem::exists(table_path(dir, m, TableKind::Wdl, r)))
      held += std::string(held.empty() ? "" : ", ") + rule_set_name(r);
  why += std::string(" under --rules ") + rule_set_name(*rules) + " in " + dir + " (" +
         (held.empty() ? std::string("none of any rule set") : "it holds --rules " + held) +
         "); build it: xqtb gen " + m.name() + " --rules " + rule_set_name(*rules) + " --dir " +
         dir;
  return TableError(m.name(), why);
}

// The table error the CLI reports for a missing table: with its advice for the position's
// own material or a capture's, as the gathering says for a line.
TableError missing(const report::MissingTable& e, const std::string& dir) {
  if (e.need() == report::MissingTable::Need::Line) return TableError(e.material(), e.what());
  return missing(Material::parse(e.material()), e.sub_table(), e.rules(), dir);
}

int probe_one(const Tablebase& tb, const Position& pos, int counter, const ProbeOptions& o) {
  const Lang lang = o.lang;
  const report::ProbeFacts f = [&] {
    try {
      return report::gather_probe(tb, pos, counter, {o.pv, o.rules});
    } catch (const report::MissingTable& e) {
      throw missing(e, o.dir);
    }
  }();
  if (o.json) {
    std::cout << report::probe_json(tb, pos, counter, f, {o.moves, o.pv, o.rules}).dump(2) << "\n";
    return kExitOk;
  }
  const RuleSet rules = f.rules;
  const ProbeResult& r = f.limit.unlimited;
  const RootProbe& engine = f.engine;
  const std::vector<MoveValue>& moves = f.moves;  // empty: mated or stalemated
  const Line& pv = f.pv;
  const Line& pv_limit = f.pv_limit;
  if (o.board) std::cout << board_diagram(pos, lang);
  std::cout << describe_result(pos, r, rules, lang, f.ending) << "\n";
  std::cout << describe_rules(rules, lang) << "\n";
  std::cout << describe_limit(f.limit, lang) << "\n";
  if (!moves.empty()) {
    const Move best = moves.front().move;
    const bool zh = lang == Lang::Zh;  // Chinese punctuation in Chinese lines
    std::cout << (zh ? "最佳着法：" : "Best move: ") << to_chinese(pos, best) << (zh ? "（" : " (")
              << to_iccs(best) << (zh ? "）\n" : ")\n");
    const Move engine_best = engine.moves[0].move;
    std::cout << (zh ? "限着下最佳着法：" : "Best move under the limit: ")
              << to_chinese(pos, engine_best) << (zh ? "（" : " (") << to_iccs(engine_best)
              << (zh ? "）\n" : ")\n");
  }
  if (o.moves)
    for (const MoveValue& mv : moves)
      std::cout << "  " << to_iccs(mv.move) << "  " << to_chinese(pos, mv.move) << "  "
                << describe_move_value(mv.value, rules, lang,
                                       ending_after(tb, pos, mv.move, mv.value))
                << "; " << describe_limit_move(report::under_limit(engine, mv.move), counter, lang)
                << "\n";
  if (o.pv && !pv.moves.empty()) {
    std::cout << (lang == Lang::Zh ? "主要变例：" : "Line: ") << numbered_line(pos, pv.moves, lang)
              << "\n";
    if (lang == Lang::En) std::cout << "      " << numbered_line(pos, pv.moves, Lang::Zh) << "\n";
    // A rule-decided line stops where it would repeat: say so, as the JSON's pv_end does.
    if (pv.end == LineEnd::Repetition) std::cout << describe_repetition_end(rules, lang) << "\n";
  }
  // The engine's line under the limit, when it is not the line by DTM.
  if (o.pv && !pv_limit.moves.empty() && pv_limit.moves != pv.moves) {
    std::cout << (lang == Lang::Zh ? "限着下变例：" : "Line under the limit: ")
              << numbered_line(pos, pv_limit.moves, lang) << "\n";
    if (lang == Lang::En)
      std::cout << "      " << numbered_line(pos, pv_limit.moves, Lang::Zh) << "\n";
  }
  return kExitOk;
}

// One line per FEN: "FEN ; wdl dtm best"; failures are counted, not fatal. The lines are read
// first, so that the progress line (a terminal's stderr, without --quiet) knows their number.
int probe_epd(const Tablebase& tb, std::istream& in, bool quiet) {
  std::vector<std::string> lines;
  for (std::string line; std::getline(in, line);) lines.push_back(std::move(line));
  // Answers going to the terminal show the progress themselves (and would share its line).
  ProgressLine progress("probing", quiet || isatty(STDOUT_FILENO));
  int total = 0, unavailable = 0, failed = 0;
  for (size_t i = 0; i < lines.size(); ++i) {
    progress.update(i, lines.size());
    std::string& line = lines[i];
    if (!line.empty() && line.back() == '\r') line.pop_back();  // files edited on Windows
    if (line.empty() || line[0] == '#') continue;
    ++total;
    try {
      const Position pos = Position::from_fen(line);
      fen_counter(line);  // a halfmove field past the limit is bad input here as with --fen
      const auto r = tb.probe(pos);
      if (!r) {
        ++unavailable;
        std::cout << line << " ; not available\n";
        continue;
      }
      const BestMove best = tb.best_move(pos);
      const RuleSet rules = *tb.rules(Material::of(pos));
      // The whole answer before any of it is printed: a read that fails half-way (a damaged
      // block) prints the error line alone.
      const std::string value = describe_move_value(*r, rules, Lang::En, ending_of(tb, pos, *r));
      std::cout << line << " ; " << value
                << (best.found() ? " ; best " + to_iccs(best.best.move) : "") << "\n";
    } catch (const std::exception& e) {
      ++failed;
      std::cout << line << " ; error: " << e.what() << "\n";
    }
  }
  progress.finish();
  std::cout << total << " positions, " << total - unavailable - failed << " probed, " << unavailable
            << " not available, " << failed << " failed\n";
  return failed ? kExitBadInput : unavailable ? kExitTables : kExitOk;
}

}  // namespace

void register_probe(CLI::App& app) {
  auto o = std::make_shared<ProbeOptions>();
  CLI::App* sub = add_command(app, "probe", "Probe positions in the tables", [o] {
    if (!o->epd.empty()) {  // bad input before missing tables
      std::ifstream in(o->epd);
      if (!in || std::filesystem::is_directory(o->epd))
        throw std::invalid_argument("cannot read " + o->epd + " (a file with one FEN per line)");
      return probe_epd(Tablebase({o->dir}, BlockCache::kDefaultBytes, o->rules), in, o->quiet);
    }
    const Position pos = Position::from_fen(o->fen);  // bad input before missing tables
    const int counter = counter_of(*o);
    return probe_one(Tablebase({o->dir}, BlockCache::kDefaultBytes, o->rules), pos, counter, *o);
  });
  auto* fen = sub->add_option("--fen", o->fen, "Position in FEN");
  auto* epd = sub->add_option("--epd", o->epd, "File with one FEN per line");
  fen->excludes(epd);
  auto* counter =
      sub->add_option(
             "--counter", o->counter,
             "Plies since the last capture, 0..120 (default: the FEN's halfmove field, else 0)")
          ->check(decimal_integer());
  counter->excludes(epd);
  sub->add_option("--dir", o->dir, "Table directory")->capture_default_str();
  add_rules_option(sub, o->rules);
  sub->add_flag("--moves", o->moves, "List every legal move with its value, best first");
  sub->add_flag("--pv", o->pv, "Print the principal variation to the end");
  sub->add_flag("--json", o->json, "One JSON object (docs/probe-json.md)");
  sub->add_flag("--quiet", o->quiet,
                "With --epd: no progress line on stderr (shown only on a terminal)");
  auto* board = sub->add_flag("--board", o->board, "Draw the board above the value (text output)");
  board->excludes(epd);
  add_lang_option(sub, o->lang);
  sub->callback([fen, epd] {
    if (fen->count() + epd->count() == 0) throw CLI::RequiredError("--fen or --epd");
  });
}

}  // namespace xq::cli
