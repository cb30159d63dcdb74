#include "engine/engine.hpp"

#include <poll.h>

#include <algorithm>
#include <chrono>
#include <set>

#include "core/material.hpp"
#include "core/notation.hpp"
#include "core/table_file.hpp"
#include "verdict/verdict.hpp"

namespace xq::engine {

namespace {

constexpr int kStopGraceMs = 5000;           // a child must answer `stop` within this
constexpr int kBudgetGraceMs = 2000;         // past its time budget a child is told to stop
constexpr uint64_t kVerdictBudget = 100000;  // typical placements a verdict examines

std::string lower(std::string s) {
  std::transform(s.begin(), s.end(), s.begin(),
                 [](unsigned char c) { return char(std::tolower(c)); });
  return s;
}

bool parse_bool(const std::string& name, const std::string& value) {
  const std::string v = lower(value);
  if (v == "true" || v == "on") return true;
  if (v == "false" || v == "off") return false;
  throw std::invalid_argument(name + ": '" + value + "' is not true or false");
}

int parse_int(const std::string& name, const std::string& value, int lo, int hi) {
  const bool digits =
      !value.empty() && value.size() <= 9 &&
      std::all_of(value.begin(), value.end(), [](char c) { return c >= '0' && c <= '9'; });
  const int v = digits ? std::stoi(value) : -1;
  if (!digits || v < lo || v > hi)
    throw std::invalid_argument(name + ": '" + value + "' is not a whole number in " +
                                std::to_string(lo) + ".." + std::to_string(hi));
  return v;
}

// The rule set of a directory's tables: the one present, Asian when several are (as AXF
// events and the cloud database use), else Chinese, else Check.
RuleSet rules_present(const Tablebase& scan) {
  std::set<RuleSet> present;
  for (const TableName& t : scan.tables()) present.insert(t.rules);
  if (present.size() == 1) return *present.begin();
  for (const RuleSet r : {RuleSet::Asian, RuleSet::Chinese, RuleSet::Check})
    if (present.count(r)) return r;
  return RuleSet::Check;
}

std::string join_moves(const std::vector<Move>& moves) {
  std::string s;
  for (const Move m : moves) append_word(s, to_iccs(m));
  return s;
}

// UCCI's score is one number: mates as 10000 less the plies, as ElephantEye prints them.
std::string ucci_score_from_uci(const std::string& line) {
  std::vector<std::string> t = tokens(line);
  std::string out;
  for (size_t i = 0; i < t.size(); ++i) {
    if (t[i] == "score" && i + 2 < t.size() && (t[i + 1] == "cp" || t[i + 1] == "mate")) {
      long v = std::strtol(t[i + 2].c_str(), nullptr, 10);
      if (t[i + 1] == "mate") v = v > 0 ? 10000 - (2 * v - 1) : -10000 - 2 * v;
      append_word(out, "score " + std::to_string(v));
      i += 2;
      continue;
    }
    if (t[i] == "lowerbound" || t[i] == "upperbound") continue;
    append_word(out, t[i]);
  }
  return out;
}

}  // namespace

Engine::Engine(EngineOptions options, std::ostream& out) : options_(std::move(options)), out_(out) {
  // Validated now: a bad command-line value is reported at once.
  parse_child_options(options_.child_options);
}

Engine::~Engine() = default;

void Engine::say(const std::string& line) {
  out_ << line << std::endl;
}

void Engine::error(const std::string& what) {
  std::string one_line;
  for (const char c : what) one_line += c == '\n' || c == '\r' ? ' ' : c;
  say("info string error: " + one_line);
}

void Engine::run(int in_fd) {
  input_ = std::make_unique<LineReader>(in_fd);
  while (!quit_) {
    if (!deferred_.empty()) {
      const std::string line = deferred_.front();
      deferred_.erase(deferred_.begin());
      handle(line);
      continue;
    }
    if (std::optional<std::string> line = input_->buffered()) {
      handle(*line);
      continue;
    }
    if (input_->at_end()) break;
    pollfd p{in_fd, POLLIN, 0};
    if (::poll(&p, 1, -1) > 0) input_->fill();
  }
}

bool Engine::handle(const std::string& line) {
  const std::vector<std::string> t = tokens(line);
  if (t.empty()) return true;
  const std::string& cmd = t[0];
  try {
    if (cmd == "uci" || cmd == "ucci") {
      protocol_ = cmd == "uci" ? Protocol::Uci : Protocol::Ucci;
      protocol_known_ = true;
      identify(protocol_);
    } else if (cmd == "isready") {
      tables();
      say("readyok");
    } else if (cmd == "setoption") {
      set_option(parse_setoption(t, protocol_));
    } else if (cmd == "ucinewgame") {
      game_ = Game();
      banned_.clear();
      if (child_ && child_->running()) child_->process().send("ucinewgame");
    } else if (cmd == "position") {
      game_.reset();  // a position that cannot be read leaves none, not the previous one
      banned_.clear();
      game_ = Game::from(parse_position(t));
    } else if (cmd == "banmoves") {
      if (!game_) throw ProtocolError("banmoves: no position set");
      std::vector<Move> banned;
      for (size_t i = 1; i < t.size(); ++i) {
        const Move m = parse_iccs(t[i]);
        if (!game_->current().is_legal_move(m))
          throw ProtocolError("banmoves: '" + t[i] + "' is not a legal move in the position");
        banned.push_back(m);
      }
      banned_ = banned;
    } else if (cmd == "go") {
      std::optional<GoCommand> g;
      try {
        g = parse_go(t, protocol_);
        if (!game_)
          throw ProtocolError("go: no position set (a 'position' command failed or none came)");
      } catch (const std::exception& e) {
        error(e.what());
        bestmove(std::nullopt);  // the GUI waits for an answer
        return true;
      }
      go(*g);
    } else if (cmd == "probe") {
      probe_command(t);
    } else if (cmd == "stop" || cmd == "ponderhit") {
      // No search is running: `go` answered already.
    } else if (cmd == "quit") {
      quit_ = true;
      return false;
    } else {
      throw ProtocolError("unknown command '" + cmd + "'");
    }
  } catch (const std::exception& e) {
    error(e.what());
  }
  return !quit_;
}

void Engine::identify(Protocol p) {
  const std::string opt = p == Protocol::Uci ? "option name " : "option ";
  std::string child;
  for (const std::string& a : options_.child) append_word(child, a);
  say("id name xqtb engine");
  say("id author the xqtb authors");
  say(opt + "TablePath type string default " + options_.table_path);
  say(opt + "Rules type combo default " +
      std::string(options_.rules ? rule_set_name(*options_.rules) : "auto") +
      " var auto var check var asian var chinese var none");
  say(opt + "NaturalLimit type check default " + (options_.natural_limit ? "true" : "false"));
  say(opt + "ChildEngine type string default " + (child.empty() ? "<empty>" : child));
  say(opt + "ChildOptions type string default " +
      (options_.child_options.empty() ? "<empty>" : options_.child_options));
  say(opt + "Threads type spin default " + std::to_string(options_.threads) + " min 1 max 1024");
  say(opt + "Hash type spin default " + std::to_string(options_.hash_mib) + " min 1 max 65536");
  say(p == Protocol::Uci ? "uciok" : "ucciok");
}

void Engine::set_option(const SetOption& o) {
  const std::string name = lower(o.name);
  const std::string value = o.value == "<empty>" ? "" : o.value;
  const auto forward = [this](const std::string& child_name, int v) {
    if (child_) child_->set_option(child_name, std::to_string(v));
  };
  if (name == "tablepath") {
    options_.table_path = value;
    tables_tried_ = false;
    tb_.reset();
  } else if (name == "rules") {
    const std::string v = lower(value);
    std::optional<RuleSet> r;
    bool known = v == "auto";
    for (const RuleSet s : {RuleSet::None, RuleSet::Check, RuleSet::Asian, RuleSet::Chinese})
      if (v == rule_set_name(s)) r = s, known = true;
    if (!known)
      throw std::invalid_argument("Rules: '" + value +
                                  "' is not auto, check, asian, chinese or none");
    options_.rules = r;
    tables_tried_ = false;
    tb_.reset();
  } else if (name == "naturallimit") {
    options_.natural_limit = parse_bool(o.name, value);
  } else if (name == "childengine") {
    options_.child = tokens(value);
    child_.reset();
    child_restarts_ = 0;
    child_failed_ = false;
  } else if (name == "childoptions") {
    const auto parsed = parse_child_options(value);
    options_.child_options = value;
    if (child_)
      for (const auto& [n, v] : parsed) child_->set_option(n, v);
  } else if (name == "threads") {
    options_.threads = parse_int(o.name, value, 1, 1024);
    forward("Threads", options_.threads);
  } else if (name == "hash" || (protocol_ == Protocol::Ucci && name == "hashsize")) {
    options_.hash_mib = parse_int(o.name, value, 1, 65536);
    forward("Hash", options_.hash_mib);
  } else if (name == "ponder" ||
             (protocol_ == Protocol::Ucci &&
              (name == "usemillisec" || name == "usebook" || name == "bookfiles" ||
               name == "batch" || name == "debug" || name == "newgame" || name == "promotion" ||
               name == "idle" || name == "style" || name == "randomness" || name == "knowledge" ||
               name == "pruning" || name == "selectivity" || name == "loadbook"))) {
    // Standard options of the protocol that change nothing here (times are milliseconds).
  } else {
    throw std::invalid_argument("unknown option '" + o.name + "'");
  }
}

const Tablebase* Engine::tables() {
  if (tables_tried_) return tb_.get();
  tables_tried_ = true;
  try {
    const std::vector<std::string> dirs{options_.table_path};
    std::optional<RuleSet> r = options_.rules;
    if (!r) r = rules_present(Tablebase(dirs));
    tb_ = std::make_unique<Tablebase>(dirs, BlockCache::kDefaultBytes, r);
    rules_ = *r;
  } catch (const std::exception& e) {
    tb_.reset();
    rules_ = options_.rules.value_or(RuleSet::Check);
    error("tables: " + std::string(e.what()));
  }
  return tb_.get();
}

std::string Engine::verdict_words(const Material& m) {
  const std::string name = m.canonical().name();
  if (auto it = verdicts_.find(name); it != verdicts_.end()) return it->second;
  std::string words = name + " (" + m.canonical().chinese_name() + ") ";
  try {
    if (const std::optional<Verdict> v = book_verdict(m)) {
      words += std::string("is ") + verdict_zh(*v) + " (book)";
    } else {
      const Verdict typical = decide(typical_positions(*tb_, m.canonical(), kVerdictBudget));
      words += std::string("is ") + verdict_zh(typical) + " (" + verdict_name(typical) +
               ", typical positions)";
    }
  } catch (const std::exception& e) {
    words += std::string("has no verdict: ") + e.what();
  }
  return verdicts_[name] = words;
}

void Engine::bestmove(std::optional<Move> m, std::optional<Move> ponder) {
  if (!m) {
    say(protocol_ == Protocol::Uci ? "bestmove (none)" : "nobestmove");
    return;
  }
  say("bestmove " + to_iccs(*m) + (ponder ? " ponder " + to_iccs(*ponder) : ""));
}

void Engine::report_choice(const TableChoice& c) {
  std::string score;
  const bool limit = options_.natural_limit;
  const bool won = limit ? c.limited->verdict == LimitVerdict::Win : is_win(c.value.wdl);
  const bool lost = limit ? c.limited->verdict == LimitVerdict::Loss : is_loss(c.value.wdl);
  if (protocol_ == Protocol::Uci) {
    if (c.mate_plies)
      score =
          "mate " + std::to_string(*c.mate_plies > 0 ? (*c.mate_plies + 1) / 2 : *c.mate_plies / 2);
    else
      score = won ? "cp 10000" : lost ? "cp -10000" : "cp 0";
  } else {
    if (c.mate_plies)
      score = std::to_string(*c.mate_plies > 0 ? 10000 - *c.mate_plies : -10000 - *c.mate_plies);
    else
      score = won ? "9000" : lost ? "-9000" : "0";
  }
  say("info depth " + std::to_string(c.pv.size()) + " score " + score + " pv " + join_moves(c.pv));
  say("info string tables (" + std::string(rule_set_name(rules_)) +
      "): " + describe_choice(c, game_->counter(), limit) + "; " +
      verdict_words(Material::of(game_->current())));
}

void Engine::go(const GoCommand& g) {
  if (const Tablebase* tb = tables()) {
    try {
      const TableChoice c = choose_table_move(*tb, *game_, rules_, options_.natural_limit, banned_);
      if (c.status == ChoiceStatus::Chosen) {
        report_choice(c);
        bestmove(c.move, c.pv.size() > 1 ? std::optional<Move>(c.pv[1]) : std::nullopt);
        return;
      }
      if (c.status == ChoiceStatus::NoMove) {
        say(game_->current().legal_moves().size == 0
                ? "info string no legal move: the side to move is mated or stalemated"
                : "info string no legal move: every legal move is banned");
        bestmove(std::nullopt);
        return;
      }
      if (c.missing) say("info string outside the tables: no table for " + c.missing->name());
    } catch (const std::exception& e) {
      error("tables: " + std::string(e.what()));
    }
  }
  if (go_child(g)) return;
  unguided();
}

bool Engine::go_child(const GoCommand& g) {
  if (options_.child.empty()) {
    say("info string outside the tables and no child engine (ChildEngine)");
    return false;
  }
  if (child_failed_) {
    say("info string the child engine failed twice and is not used (set ChildEngine again)");
    return false;
  }
  for (;;) {
    try {
      if (!child_) {
        auto options = parse_child_options(options_.child_options);
        options.emplace_back("Threads", std::to_string(options_.threads));
        options.emplace_back("Hash", std::to_string(options_.hash_mib));
        child_ = std::make_unique<ChildEngine>(options_.child, options);
      }
      if (!child_->running()) child_->start();
      const std::optional<Move> m = search_child(g);
      if (!m) {
        error("child engine: no move given");
        return false;
      }
      if (!game_->current().is_legal_move(*m) ||
          std::find(banned_.begin(), banned_.end(), *m) != banned_.end()) {
        error("child engine: its move " + to_iccs(*m) + " is not legal or is banned here");
        return false;
      }
      bestmove(m);
      return true;
    } catch (const ChildError& e) {
      error("child engine: " + std::string(e.what()));
      child_->stop_process();
      if (child_restarts_ >= 1) {
        child_failed_ = true;
        error("child engine: failed again after a restart; playing without it");
        return false;
      }
      ++child_restarts_;
      say("info string restarting the child engine");
    }
  }
}

std::optional<Move> Engine::search_child(const GoCommand& g) {
  using Clock = std::chrono::steady_clock;
  ChildProcess& p = child_->process();
  const Position& pos = game_->current();
  const bool red = pos.side_to_move() == Red;
  std::string position = "position fen " + game_->start_fen();
  if (!game_->moves().empty()) {
    position += " moves";
    for (const Move m : game_->moves()) append_word(position, child_->to_child(m));
  }
  p.send(position);
  std::string go_line = g.uci_line(red);
  if (!banned_.empty()) {
    go_line += " searchmoves";
    for (const Move m : pos.legal_moves())
      if (std::find(banned_.begin(), banned_.end(), m) == banned_.end())
        append_word(go_line, child_->to_child(m));
  }
  p.send(go_line);
  const auto started = Clock::now();
  const std::optional<long> budget = g.budget_ms(red);
  std::optional<Clock::time_point> stopped;
  const auto stop = [&]() {
    if (stopped) return;
    p.send("stop");
    stopped = Clock::now();
  };
  for (;;) {
    while (std::optional<std::string> line = p.output().buffered()) {
      const std::vector<std::string> t = tokens(*line);
      if (t.empty()) continue;
      if (t[0] == "bestmove") {
        if (t.size() < 2 || t[1] == "(none)") return std::nullopt;
        const std::optional<Move> m = child_->from_child(t[1]);
        if (!m) throw ChildError("unreadable bestmove '" + t[1] + "'");
        return m;
      }
      if (t[0] == "info") {
        const std::string info = child_->translate_info(*line);
        say(protocol_ == Protocol::Uci ? info : ucci_score_from_uci(info));
      }
    }
    if (p.output().at_end()) throw ChildError("the child engine exited during the search");
    int wait = -1;
    const auto now = Clock::now();
    const auto ms = [](auto d) {
      return long(std::chrono::duration_cast<std::chrono::milliseconds>(d).count());
    };
    if (stopped) {
      const long left = kStopGraceMs - ms(now - *stopped);
      if (left <= 0) throw ChildError("no bestmove within 5 s of 'stop': the child engine hangs");
      wait = int(left);
    } else if (budget) {
      const long left = *budget + kBudgetGraceMs - ms(now - started);
      if (left <= 0) {
        stop();
        continue;
      }
      wait = int(left);
    }
    pollfd fds[2] = {{p.output().fd(), POLLIN, 0}, {input_ ? input_->fd() : -1, POLLIN, 0}};
    const bool input_open = input_ && !input_->at_end();
    if (::poll(fds, input_open ? 2 : 1, wait) <= 0) continue;
    if (fds[0].revents) p.output().fill();
    if (input_open && fds[1].revents) {
      if (!input_->fill() && g.infinite) stop();  // input ended: nobody can say stop
      while (std::optional<std::string> line = input_->buffered()) {
        const std::vector<std::string> t = tokens(*line);
        if (t.empty()) continue;
        // Commands keep their order: after one that waits for the search, so do the rest.
        if (!deferred_.empty()) {
          deferred_.push_back(*line);
        } else if (t[0] == "stop") {
          stop();
        } else if (t[0] == "quit") {
          stop();
          quit_ = true;
        } else if (t[0] == "isready") {
          say("readyok");
        } else {
          deferred_.push_back(*line);
        }
      }
    }
  }
}

void Engine::unguided() {
  const Position& pos = game_->current();
  std::vector<Move> legal;
  for (const Move m : pos.legal_moves())
    if (std::find(banned_.begin(), banned_.end(), m) == banned_.end()) legal.push_back(m);
  if (legal.empty()) {
    say("info string no legal move");
    bestmove(std::nullopt);
    return;
  }
  // One ply into the tables: the capture that leads there with the best value for the mover.
  std::optional<Move> best;
  int best_score = 0;  // 2 win, 1 draw, 0 loss under the limit (unlimited without it)
  std::vector<Move> losing;
  if (tb_) {
    for (const Move m : legal) {
      const Position after = pos.after(m);
      if (!pos.is_capture(m) || !tb_->has(Material::of(after))) continue;
      try {
        const std::optional<LimitProbe> v = tb_->probe(after, 0);
        if (!v) continue;
        // The opponent's value after the move, turned to the mover's.
        const int score = options_.natural_limit      ? 2 - int(v->limited.verdict)
                          : is_loss(v->unlimited.wdl) ? 2
                          : is_win(v->unlimited.wdl)  ? 0
                                                      : 1;
        if (score == 0) losing.push_back(m);
        if (score > best_score || (!best && score > 0)) best = m, best_score = score;
      } catch (const std::exception& e) {
        error("tables: " + std::string(e.what()));
      }
    }
  }
  if (best) {
    say(std::string("info string a capture into the tables, ") +
        (best_score == 2 ? "a win" : "a draw") + " for the side to move");
    bestmove(best);
    return;
  }
  const auto quiet = std::find_if(legal.begin(), legal.end(), [&losing](Move m) {
    return std::find(losing.begin(), losing.end(), m) == losing.end();
  });
  say("info string unguided: a legal move outside the tables, no child engine to choose it");
  bestmove(quiet != legal.end() ? *quiet : legal.front());
}

void Engine::probe_command(const std::vector<std::string>& t) {
  std::optional<Game> asked;
  if (t.size() > 1) asked = Game::from(parse_position(t));
  const Game& g = asked ? *asked : game_ ? *game_ : throw ProtocolError("probe: no position set");
  const Tablebase* tb = tables();
  if (tb) {
    const TableChoice c = choose_table_move(*tb, g, rules_, options_.natural_limit, {});
    if (c.status == ChoiceStatus::Chosen) {
      const int v =
          c.mate_plies ? (*c.mate_plies > 0 ? 10000 - *c.mate_plies : -10000 - *c.mate_plies) : 0;
      say("info string tables (" + std::string(rule_set_name(rules_)) +
          "): " + describe_choice(c, g.counter(), options_.natural_limit));
      say("pophash bestmove " + to_iccs(c.move) + " lowerbound " + std::to_string(v) +
          " depth 255 upperbound " + std::to_string(v) + " depth 255");
      return;
    }
  }
  say("pophash");
}

}  // namespace xq::engine
