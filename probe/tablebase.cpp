#include "probe/tablebase.hpp"

#include <algorithm>
#include <atomic>
#include <filesystem>
#include <optional>
#include <set>

#include "core/one_ply.hpp"
#include "core/table_names.hpp"
#include "probe/asian_line.hpp"
#include "rules/chase_game.hpp"

namespace xq {

namespace {

namespace fs = std::filesystem;

// Ordering key of a move for its mover without the limit: larger is better.
struct MoveKey {
  int tier;     // 7 forced win (classes 2, 6), 6 rule win following the check-rule strategy,
                // 5 chase win following the chase strategy, 4 other rule or chase win, 3 draw,
                // 2 chase loss, 1 rule loss, 0 forced loss (classes 3, 7)
  int64_t sub;  // within a tier: larger is better
  bool operator>(const MoveKey& o) const { return tier != o.tier ? tier > o.tier : sub > o.sub; }
};

// What the key of a move needs to know about it beyond its value.
struct MoveKind {
  bool capture = false;
  bool check = false;
  // The move's chase-game priority for its mover as the would-be winner (rules/chase_game.hpp);
  // computed only for a quiet move from a ChaseWin position into a ChaseLoss one, else 0.
  int chase_priority = 0;
};

// The key of move mv (value mv.value, for its mover) from a position whose own value is here:
// forced wins by the shortest DTM, forced losses by the longest, rule wins by the strategy.
MoveKey unlimited_key(const ProbeResult& here, const MoveValue& mv, const MoveKind& kind) {
  const int d = mv.value.distance;
  switch (mv.value.wdl) {
    case Wdl::Win:
    case Wdl::CursedWin:
      return {7, -d};
    case Wdl::RuleWin: {
      // docs/metrics.md: a capture leaves this table (its own strategy takes over); a check
      // must lower the potential (k, j); a quiet move must not raise the round k. From a chase
      // win, a move into the check rule's win is an exit of the chase game.
      const uint16_t p = here.distance;
      const bool follows =
          kind.capture || here.wdl != Wdl::RuleWin ||
          (kind.check ? mv.value.distance < p : rule_round(mv.value.distance) <= rule_round(p));
      return {follows ? 6 : 4, kind.capture ? 1 << 20 : -d};
    }
    case Wdl::ChaseWin: {
      // The chase strategy (rules/chase_game.hpp): a capture leaves the game into a sub-table
      // the mover wins; a quiet move must keep the measure for its priority, the smallest
      // potential first.
      const bool follows = kind.capture || here.wdl != Wdl::ChaseWin ||
                           chase_progress(kind.chase_priority, here.distance, mv.value.distance);
      return {follows ? 5 : 4, kind.capture ? 1 << 20 : -d};
    }
    case Wdl::Draw:
      return {3, 0};
    case Wdl::ChaseLoss:
      // The loser's resistance: into the winner's chase win of the largest potential (docs/
      // probe-api.md); any move is lost, this one keeps the winner's measure the highest.
      return {2, d};
    case Wdl::RuleLoss:
      return {1, d};
    default:  // Loss, BlessedLoss
      return {0, d};
  }
}

// The move's kind for unlimited_key: the chase priority is read only where the key needs it
// (classifying a move under the chase rules costs a mate-threat search).
MoveKind move_kind(const Position& root, Move m, RuleSet rules, Wdl here, Wdl mover_value) {
  MoveKind k{root.is_capture(m), root.gives_check(m), 0};
  if (!k.capture && here == Wdl::ChaseWin && mover_value == Wdl::ChaseWin) {
    const MoveFacts f = move_facts(root, m, rules);
    k.chase_priority = chase_priority(move_class(f, rules), true);
  }
  return k;
}

// RootMoveLimit::rank of a move's value under the limit (mover's view).
int limit_rank(const LimitedValue& v, Wdl unlimited, uint16_t dtc) {
  switch (v.verdict) {
    case LimitVerdict::Win:
      return 1000 - dtc;
    case LimitVerdict::Loss:
      return -1000 + dtc;
    case LimitVerdict::Draw:
      break;
  }
  return is_win(unlimited) ? 1 : is_loss(unlimited) ? -1 : 0;
}

void check_counter(int counter) {
  if (!valid_counter(counter))
    throw std::invalid_argument("counter " + std::to_string(counter) + " is not 0.." +
                                std::to_string(kNaturalLimitPlies) +
                                " plies since the last capture");
}

// Starts at 1: 0 is the id of no Tablebase in pick's memo.
uint64_t next_tablebase_id() {
  static std::atomic<uint64_t> next{1};
  return next.fetch_add(1, std::memory_order_relaxed);
}

}  // namespace

Tablebase::Tablebase(const std::vector<std::string>& dirs, size_t cache_bytes,
                     std::optional<RuleSet> rules)
    : chosen_(rules),
      cache_(std::make_shared<BlockCache>(cache_bytes)),
      asian_games_(std::make_shared<AsianGameCache>()),
      id_(next_tablebase_id()) {
  for (const std::string& dir : dirs) {
    std::error_code ec;
    fs::directory_iterator it(dir, ec);
    if (ec) throw TableError(dir, "cannot read the directory: " + ec.message());
    for (const fs::directory_entry& f : it) {
      // A table is listed by its WDL file; its DTM file is looked for when first needed.
      const std::optional<TableName> n = table_name(f.path(), TableKind::Wdl);
      if (!n || (chosen_ && n->rules != *chosen_)) continue;
      std::unique_ptr<Entry>& slot = entries_[n->material][size_t(n->rules)];
      if (slot) continue;  // first dir wins
      slot = std::make_unique<Entry>();
      slot->rules = n->rules;
      slot->wdl_path = table_path(dir, n->material, TableKind::Wdl, n->rules);
      slot->dtm_path = table_path(dir, n->material, TableKind::Dtm, n->rules);
      slot->dtc_path = table_path(dir, n->material, TableKind::Dtc, n->rules);
      largest_ = std::max(largest_, n->material.piece_count() + 2);
    }
  }
}

std::vector<Material> Tablebase::materials() const {
  std::vector<Material> out;
  for (const auto& [m, e] : entries_) out.push_back(m);
  std::sort(out.begin(), out.end(),
            [](const Material& a, const Material& b) { return a.name() < b.name(); });
  return out;
}

std::vector<TableName> Tablebase::tables() const {
  std::vector<TableName> out;
  for (const Material& m : materials())
    for (const RuleSet r : rule_sets(m)) out.push_back({m, r});
  return out;
}

std::vector<RuleSet> Tablebase::rule_sets(const Material& m) const {
  std::vector<RuleSet> out;
  const auto it = entries_.find(m.canonical());
  if (it == entries_.end()) return out;
  for (const auto& e : it->second)
    if (e) out.push_back(e->rules);
  return out;
}

bool Tablebase::has(const Material& m) const {
  return entries_.count(m.canonical()) != 0;
}

const Tablebase::Entry* Tablebase::entry(const Material& canonical,
                                         std::optional<RuleSet> within) const {
  const auto it = entries_.find(canonical);
  if (it == entries_.end()) return nullptr;
  const Tables& t = it->second;
  if (within) return t[size_t(*within)].get();
  const Entry* only = nullptr;
  int count = 0;
  for (const auto& e : t) {
    if (!e) continue;
    only = e.get();
    ++count;
  }
  if (count <= 1) return only;
  std::string names;
  for (const auto& e : t)
    if (e) names += std::string(names.empty() ? "" : ", ") + rule_set_name(e->rules);
  throw RuleSetChoiceError(canonical.name(),
                           "tables of several rule sets (" + names + "): choose one");
}

const TableFile& Tablebase::wdl_file(const Entry& e, const Material& m) const {
  return e.wdl.get([&] {
    auto t = TableFile::open(e.wdl_path, m.name(), TableKind::Wdl, cache_);
    if (t->header().index_version != kIndexVersion)
      throw TableError(e.wdl_path, "built with another index scheme");
    // A forged or damaged header with valid checksums must not map slots past the data.
    if (t->header().slots_per_side != Index(m).size())
      throw TableError(e.wdl_path, "slot count does not match the index");
    // A file renamed to another rule set's name, or a none table under an old tree's untagged
    // name, would answer under the wrong rule set.
    if (t->header().rules != e.rules)
      throw TableError(
          e.wdl_path,
          std::string("built under the rule set ") + rule_set_name(t->header().rules) +
              ", but its name says " + rule_set_name(e.rules) + ": rename it to " +
              fs::path(table_path("", m, TableKind::Wdl, t->header().rules)).filename().string() +
              " (and its .xqd, .xqc)");
    return t;
  });
}

const TableFile& Tablebase::distance_file(const Entry& e, const Material& m, TableKind kind) const {
  const bool dtm = kind == TableKind::Dtm;
  const std::string& path = dtm ? e.dtm_path : e.dtc_path;
  return (dtm ? e.dtm : e.dtc).get([&] {
    if (!fs::exists(path))
      throw TableError(path, std::string("missing ") + table_kind_name(kind) + " file");
    auto t = TableFile::open(path, m.name(), kind, cache_);
    const TableHeader& h = t->header();
    const TableHeader& w = wdl_file(e, m).header();
    if (h.index_version != kIndexVersion) throw TableError(path, "built with another index scheme");
    if (h.slots_per_side != w.slots_per_side)
      throw TableError(path, "slot count does not match the index");
    if (h.rules != w.rules)
      throw TableError(path, "built under another rule set than its WDL file");
    // The verdicts under the limit assume the limit of core/values.hpp, counted ply by ply.
    if (h.limit_plies != w.limit_plies || h.limit_counting != w.limit_counting)
      throw TableError(path, "built for another natural limit than its WDL file");
    if (!dtm &&
        (h.limit_plies != kNaturalLimitPlies || h.limit_counting != LimitCounting::EveryPly))
      throw TableError(path, "built for a natural limit of " + std::to_string(h.limit_plies) +
                                 " plies; this probe knows " + std::to_string(kNaturalLimitPlies) +
                                 ", every ply counted");
    return t;
  });
}

const TableFile& Tablebase::dtm_file(const Entry& e, const Material& m) const {
  return distance_file(e, m, TableKind::Dtm);
}

const TableFile& Tablebase::dtc_file(const Entry& e, const Material& m) const {
  return distance_file(e, m, TableKind::Dtc);
}

const Index& Tablebase::index_of(const Entry& e, const Material& m) const {
  return e.index.get([&] { return std::make_unique<Index>(m); });
}

std::optional<RuleSet> Tablebase::rules(const Material& m) const {
  const Entry* e = entry(m.canonical(), std::nullopt);
  if (!e) return std::nullopt;
  dtm_file(*e, m.canonical());  // opening it checks that the pair agrees
  return wdl_file(*e, m.canonical()).header().rules;
}

std::string Tablebase::stats_json(const Material& m) const {
  const Entry* e = entry(m.canonical(), std::nullopt);
  if (!e) throw TableError(m.canonical().name(), "no table");
  return wdl_file(*e, m.canonical()).header().stats_json;
}

Tablebase::Pick Tablebase::pick(const Material& m, std::optional<RuleSet> within) const {
  // The key: the counts (14 nibbles, MaterialHash) and the rule set asked for above them. The
  // entries never change after construction, so a kept pick stays right for its Tablebase.
  struct Last {
    uint64_t owner = 0, key = 0;
    Pick pick;
  };
  thread_local Last last;
  const uint64_t key = MaterialHash{}(m) | uint64_t(within ? int(*within) + 1 : 0) << 60;
  if (last.owner == id_ && last.key == key) return last.pick;
  Pick p;
  p.flipped = !m.is_canonical();
  p.canonical = p.flipped ? m.flipped() : m;
  p.entry = entry(p.canonical, within);
  if (p.entry) last = {id_, key, p};
  return p;
}

std::optional<Tablebase::Located> Tablebase::locate(const Position& pos,
                                                    std::optional<RuleSet> within) const {
  if (const std::string why = pos.legality_error(); !why.empty())
    throw std::invalid_argument("illegal position: " + why);
  const Pick p = pick(Material::of(pos), within);
  if (!p.entry) return std::nullopt;
  const Index& index = index_of(*p.entry, p.canonical);
  if (!p.flipped) return Located{p.entry, p.canonical, pos.side_to_move(), index.encode(pos)};
  const Position flipped = pos.colour_flipped();
  return Located{p.entry, p.canonical, flipped.side_to_move(), index.encode(flipped)};
}

Wdl Tablebase::read_wdl(const Located& at) const {
  const uint32_t code = wdl_file(*at.entry, at.material).get(at.side, at.slot);
  if (code == uint32_t(Wdl::Illegal) || code > uint32_t(kLastWdl))
    throw TableError(at.entry->wdl_path, "no value stored for a legal position");
  return Wdl(code);
}

uint16_t Tablebase::read_distance(const Located& at, const TableFile& file, Wdl w) const {
  return xq::read_distance(index_of(*at.entry, at.material), wdl_file(*at.entry, at.material), file,
                           at.side, at.slot, w);
}

std::optional<Wdl> Tablebase::probe_wdl(const Position& pos) const {
  return probe_wdl_within(pos, std::nullopt);
}

std::optional<Wdl> Tablebase::probe_wdl_within(const Position& pos,
                                               std::optional<RuleSet> within) const {
  const auto at = locate(pos, within);
  if (!at) return std::nullopt;
  return read_wdl(*at);
}

AsianPlay Tablebase::asian_play(const Position& start) const {
  return AsianPlay(asian_games_->get(
      start, [this](const Position& p) { return probe_wdl_within(p, RuleSet::Asian); }));
}

std::optional<Tablebase::Stored> Tablebase::stored(const Position& pos, bool with_dtc,
                                                   std::optional<RuleSet> within) const {
  const auto at = locate(pos, within);  // once: legality, material and encoding serve every file
  if (!at) return std::nullopt;
  const Wdl wdl = read_wdl(*at);
  // The distance files are opened (header and offset table checked) for a draw too, so that a
  // damaged set is refused whatever the position's value, not only where a distance is read.
  const TableFile& dtm = dtm_file(*at->entry, at->material);
  Stored out{
      {wdl, wdl == Wdl::Draw ? uint16_t(0) : dtm_from_file(wdl, read_distance(*at, dtm, wdl))}};
  if (with_dtc) {
    const TableFile& dtc = dtc_file(*at->entry, at->material);
    if (is_forced(wdl)) out.dtc = read_distance(*at, dtc, wdl);
  }
  out.rules = at->entry->rules;
  return out;
}

std::optional<ProbeResult> Tablebase::probe(const Position& pos) const {
  return probe_within(pos, std::nullopt);
}

std::optional<ProbeResult> Tablebase::probe_within(const Position& pos,
                                                   std::optional<RuleSet> within) const {
  const auto s = stored(pos, false, within);
  if (!s) return std::nullopt;
  return s->value;
}

std::optional<LimitProbe> Tablebase::probe(const Position& pos, int counter) const {
  check_counter(counter);
  const auto s = stored(pos, true);
  if (!s) return std::nullopt;
  LimitProbe out{s->value, std::nullopt, counter, limited_value(s->value.wdl, s->dtc, counter)};
  if (is_forced(s->value.wdl)) out.dtc = s->dtc;
  return out;
}

RootMoves Tablebase::root_moves(const Position& root) const {
  return root_moves_within(root, std::nullopt);
}

RootMoves Tablebase::root_moves_within(const Position& root, std::optional<RuleSet> within) const {
  const auto stored_here = stored(root, false, within);
  if (!stored_here) return {RootStatus::NoTable, {}, Material::of(root).canonical()};
  const ProbeResult here = stored_here->value;
  const RuleSet rules = stored_here->rules;  // every successor is probed under the root's
  std::vector<std::pair<MoveKey, MoveValue>> ranked;
  for (Move m : root.legal_moves()) {
    const Position next = root.after(m);
    const auto after = probe_within(next, rules);
    // Only a capture changes the material, and the position's own table is there.
    if (!after) return {RootStatus::NoSubTable, {}, Material::of(next).canonical()};
    MoveValue mv{m, {negate(after->wdl), after->distance}};
    if (!is_rule_decided(after->wdl) && after->wdl != Wdl::Draw) ++mv.value.distance;
    ranked.push_back(
        {unlimited_key(here, mv, move_kind(root, m, rules, here.wdl, mv.value.wdl)), mv});
  }
  std::stable_sort(ranked.begin(), ranked.end(),
                   [](const auto& a, const auto& b) { return a.first > b.first; });
  if (ranked.empty()) return {RootStatus::NoLegalMove, {}, std::nullopt};
  RootMoves out;
  for (const auto& [key, mv] : ranked) out.moves.push_back(mv);
  if (rules == RuleSet::Asian && is_chase_decided(here.wdl))
    if (const auto missing = register_move_first(root, out.moves))
      return {RootStatus::NoSubTable, {}, missing};
  return out;
}

std::optional<Material> Tablebase::register_move_first(const Position& root,
                                                       std::vector<MoveValue>& moves) const {
  // No stored measure: the register game's first move (asian_line.hpp) goes first.
  AsianPlay play = asian_play(root);
  if (play.missing()) return play.missing();
  const Move first = play.next();
  std::stable_partition(moves.begin(), moves.end(),
                        [&](const MoveValue& mv) { return mv.move == first; });
  return std::nullopt;
}

RootProbe Tablebase::root_probe(const Position& root, int counter) const {
  return root_probe_within(root, counter, std::nullopt);
}

RootProbe Tablebase::root_probe_within(const Position& root, int counter,
                                       std::optional<RuleSet> within) const {
  return root_report_within(root, counter, within, false).limited;
}

RootReport Tablebase::root_report(const Position& root, int counter) const {
  return root_report_within(root, counter, std::nullopt, true);
}

RootReport Tablebase::root_report_within(const Position& root, int counter,
                                         std::optional<RuleSet> within, bool unlimited) const {
  check_counter(counter);
  RootReport report;
  RootProbe& out = report.limited;
  out.counter = counter;
  // Either query's answer when one is not found: the same status and material for both.
  const auto not_found = [&](RootStatus status, std::optional<Material> missing) {
    out = RootProbe{};
    out.status = status;
    out.counter = counter;
    out.missing = missing;
    report.unlimited = {status, {}, missing};
    return report;
  };
  const auto here = stored(root, true, within);
  if (!here) return not_found(RootStatus::NoTable, Material::of(root).canonical());
  // Sorted by index into these arrays: no allocation, and ties keep the legal-move order.
  std::array<MoveKey, MoveList::kCapacity> keys;
  std::array<int, MoveList::kCapacity> order;
  for (Move m : root.legal_moves()) {
    const bool capture = root.is_capture(m);
    const Position next = root.after(m);
    const auto after = stored(next, true, here->rules);
    if (!after) return not_found(RootStatus::NoSubTable, Material::of(next).canonical());
    RootMoveLimit& r = out.moves[out.size];
    r.move = m;
    r.unlimited = {negate(after->value.wdl), after->value.distance};
    const bool forced = is_forced(after->value.wdl);
    if (forced) ++r.unlimited.distance;
    // A capture is the conversion itself (into the sub-table's value with a fresh counter); a
    // quiet move reaches the successor's conversion one ply later.
    if (forced) r.dtc = capture ? uint16_t(1) : uint16_t(after->dtc + 1);
    r.limited = limited_value(r.unlimited.wdl, r.dtc.value_or(0), counter);
    r.rank = limit_rank(r.limited, r.unlimited.wdl, r.dtc.value_or(0));
    keys[out.size] =
        unlimited_key(here->value, {m, r.unlimited},
                      move_kind(root, m, here->rules, here->value.wdl, r.unlimited.wdl));
    order[out.size] = out.size;
    ++out.size;
  }
  if (out.size == 0) return not_found(RootStatus::NoLegalMove, std::nullopt);
  if (unlimited) {
    // root_moves' order: by the key alone, ties in legal-move order.
    std::array<int, MoveList::kCapacity> by_key = order;
    std::stable_sort(by_key.begin(), by_key.begin() + out.size,
                     [&](int a, int b) { return keys[a] > keys[b]; });
    for (int i = 0; i < out.size; ++i)
      report.unlimited.moves.push_back({out.moves[by_key[i]].move, out.moves[by_key[i]].unlimited});
    if (here->rules == RuleSet::Asian && is_chase_decided(here->value.wdl))
      if (const auto missing = register_move_first(root, report.unlimited.moves))
        return not_found(RootStatus::NoSubTable, missing);
  }
  std::sort(order.begin(), order.begin() + out.size, [&](int a, int b) {
    if (out.moves[a].rank != out.moves[b].rank) return out.moves[a].rank > out.moves[b].rank;
    if (keys[a] > keys[b] || keys[b] > keys[a]) return keys[a] > keys[b];
    return a < b;
  });
  const std::array<RootMoveLimit, MoveList::kCapacity> unsorted = out.moves;
  for (int i = 0; i < out.size; ++i) out.moves[i] = unsorted[order[i]];
  return report;
}

BestMove Tablebase::best_move(const Position& pos) const {
  return best_move_within(pos, std::nullopt);
}

BestMove Tablebase::best_move_within(const Position& pos, std::optional<RuleSet> within) const {
  const RootMoves r = root_moves_within(pos, within);
  if (!r.found()) return {r.status, {}, r.missing};
  return {RootStatus::Found, r.moves.front(), std::nullopt};
}

namespace {

LineEnd line_end(RootStatus s) {
  return s == RootStatus::NoLegalMove ? LineEnd::NoLegalMove
         : s == RootStatus::NoTable   ? LineEnd::NoTable
                                      : LineEnd::NoSubTable;
}

// Plays from start the moves next(pos, line) chooses until it gives none (having set
// line.end), a position repeats or max_plies are played: the walk both lines share.
template <class Next>
Line follow(const Position& start, int max_plies, Next next) {
  Line line;
  std::set<std::string> seen;
  Position pos = start;
  for (;;) {
    if (int(line.moves.size()) >= max_plies) {
      line.end = LineEnd::MaxPlies;
      break;
    }
    if (!seen.insert(pos.fen()).second) {
      line.end = LineEnd::Repetition;
      break;
    }
    const std::optional<Move> m = next(pos, line);
    if (!m) break;
    line.moves.push_back(*m);
    pos.make(*m);
  }
  return line;
}

}  // namespace

std::optional<RuleSet> Tablebase::rules_at(const Position& pos) const {
  const auto at = locate(pos, std::nullopt);
  if (!at) return std::nullopt;
  return at->entry->rules;
}

Line Tablebase::principal_variation(const Position& start, int max_plies) const {
  // The whole line under the start's rule set, captures into sub-tables included.
  const std::optional<RuleSet> rules = rules_at(start);
  // An Asian chase-decided stretch is played through the register game, which follows the
  // line's registers from one move to the next (a fresh game at each move would forget them).
  std::optional<AsianPlay> play;
  return follow(start, max_plies, [&](const Position& pos, Line& line) -> std::optional<Move> {
    if (play && !play->at(pos)) play.reset();
    if (!play && rules == RuleSet::Asian && is_chase_decided(*probe_wdl_within(pos, rules))) {
      play.emplace(asian_play(pos));
      if (play->missing()) {
        line.end = LineEnd::NoSubTable;
        line.missing = play->missing();
        return std::nullopt;
      }
    }
    if (play) return play->next();
    const BestMove b = best_move_within(pos, rules);
    if (b.found()) return b.best.move;
    line.end = line_end(b.status);
    line.missing = b.missing;
    return std::nullopt;
  });
}

Line Tablebase::limit_line(const Position& start, int counter, int max_plies) const {
  check_counter(counter);
  const std::optional<RuleSet> rules = rules_at(start);
  return follow(start, max_plies, [&](const Position& pos, Line& line) -> std::optional<Move> {
    const RootProbe r = root_probe_within(pos, counter, rules);
    if (!r.found()) {
      line.end = line_end(r.status);
      line.missing = r.missing;
      return std::nullopt;
    }
    // After a mate on the last ply is ruled out: the limit has drawn the game.
    if (remaining_plies(counter) == 0) {
      line.end = LineEnd::LimitReached;
      return std::nullopt;
    }
    const Move best = r.moves[0].move;
    counter = pos.is_capture(best) ? 0 : counter + 1;
    return best;
  });
}

}  // namespace xq
