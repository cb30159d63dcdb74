// The engine session (docs/engine.md): reads UCI or UCCI commands, keeps the game, answers
// `go` from the tables inside them and through the child engine outside, and turns every bad
// input into an `info string error: ...` line while keeping a clean state.
#pragma once

#include <map>
#include <memory>
#include <optional>
#include <ostream>
#include <string>
#include <vector>

#include "engine/child.hpp"
#include "engine/game.hpp"
#include "engine/protocol.hpp"
#include "engine/table_choice.hpp"
#include "probe/tablebase.hpp"

namespace xq::engine {

struct EngineOptions {
  std::string table_path = "tables";
  std::optional<RuleSet> rules;  // unset: the tables' own (Asian when several are present)
  bool natural_limit = true;
  std::vector<std::string> child;  // program and arguments; empty: none
  std::string child_options;       // "Name=Value;..."
  int threads = 1, hash_mib = 16;
};

class Engine {
 public:
  Engine(EngineOptions options, std::ostream& out);
  ~Engine();
  // Answers the commands read from in_fd until `quit` or the end of the input.
  void run(int in_fd);
  // One command line (a `go` through the child reads `stop` and `quit` from in_fd meanwhile).
  // False after `quit`.
  bool handle(const std::string& line);

 private:
  void say(const std::string& line);
  void error(const std::string& what);
  void identify(Protocol p);
  void set_option(const SetOption& o);
  void go(const GoCommand& g);
  void probe_command(const std::vector<std::string>& t);
  void bestmove(std::optional<Move> m, std::optional<Move> ponder = std::nullopt);
  void report_choice(const TableChoice& c);
  bool go_child(const GoCommand& g);
  std::optional<Move> search_child(const GoCommand& g);
  void unguided();
  const Tablebase* tables();
  std::string verdict_words(const Material& m);

  EngineOptions options_;
  std::ostream& out_;
  Protocol protocol_ = Protocol::Uci;
  bool protocol_known_ = false;
  std::optional<Game> game_;
  std::vector<Move> banned_;
  std::unique_ptr<Tablebase> tb_;
  RuleSet rules_ = RuleSet::Check;
  bool tables_tried_ = false;
  std::unique_ptr<ChildEngine> child_;
  int child_restarts_ = 0;
  bool child_failed_ = false;
  std::map<std::string, std::string> verdicts_;
  std::unique_ptr<LineReader> input_;
  std::vector<std::string> deferred_;  // commands that came during a child search
  bool quit_ = false;
};

}  // namespace xq::engine
