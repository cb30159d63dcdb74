// `xqtb adjudicate [--fen FEN] (--moves "h2e2 h9g7 ..." | --file GAME) [--rules R] [--json]
// [--lang zh]`: rules the first repetition cycle of a game (docs/adjudicate.md).
#include <filesystem>
#include <fstream>
#include <iostream>
#include <memory>
#include <sstream>

#include "cli/adjudication_report.hpp"
#include "cli/commands.hpp"
#include "report/adjudication_json.hpp"

namespace xq::cli {

namespace {

// The initial position of a game: the default start.
constexpr const char* kInitialFen =
    "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1";

struct AdjudicateOptions {
  std::string fen = kInitialFen, moves, file, rules = "asian";
  ChaseOptions chase;
  bool no_minor_chase = false, json = false;
  Lang lang = Lang::En;
};

std::string read_game_file(const std::string& path) {
  std::ifstream in(path);
  if (!in || std::filesystem::is_directory(path))
    throw std::invalid_argument("cannot read " + path + " (a text file of moves)");
  std::ostringstream text;
  text << in.rdbuf();
  return text.str();
}

RuleSet rule_set(const std::string& name) {
  return name == "check" ? RuleSet::Check : name == "chinese" ? RuleSet::Chinese : RuleSet::Asian;
}

}  // namespace

void register_adjudicate(CLI::App& app) {
  auto o = std::make_shared<AdjudicateOptions>();
  CLI::App* sub = add_command(app, "adjudicate", "Rule the first repetition cycle of a game", [o] {
    const Position start = Position::from_fen(o->fen);
    const std::string text = o->file.empty() ? o->moves : read_game_file(o->file);
    const std::vector<Move> moves = read_moves(start, move_texts(text));
    ChaseOptions chase = o->chase;
    chase.minor_attacks_protected_major = !o->no_minor_chase;
    const Adjudication a = adjudicate(start, moves, rule_set(o->rules), chase);
    if (o->json)
      std::cout << report::adjudication_json(start, a).dump(2) << "\n";
    else
      std::cout << adjudication_text(a, o->lang);
    return kExitOk;
  });
  sub->add_option("--fen", o->fen, "Start position in FEN (default: the initial position)");
  auto* moves = sub->add_option("--moves", o->moves, "The moves: ICCS, WXF or Chinese notation");
  auto* file =
      sub->add_option("--file", o->file, "A text file of moves (# comments, move numbers)");
  moves->excludes(file);
  sub->add_option("--rules", o->rules, "Rule set: asian, chinese or check")
      ->check(CLI::IsMember({"asian", "chinese", "check"}))
      ->capture_default_str();
  sub->add_option("--kill-depth", o->chase.kill_depth_plies,
                  "Plies of the mate-threat search (kill)")
      ->check(decimal_integer())
      ->check(CLI::Range(1, 9))
      ->capture_default_str();
  sub->add_flag("--no-minor-chase", o->no_minor_chase,
                "An advisor or elephant attacking a protected rook, horse or cannon is no chase");
  sub->add_flag("--json", o->json, "One JSON object (docs/adjudicate.md)");
  add_lang_option(sub, o->lang);
  sub->callback([moves, file] {
    if (moves->count() + file->count() == 0) throw CLI::RequiredError("--moves or --file");
  });
}

}  // namespace xq::cli
