#include "generator/stats.hpp"

#include <algorithm>
#include <array>
#include <vector>

namespace xq::gen {

namespace {

constexpr int kClasses = int(kLastWdl) + 1;  // WDL codes 0..9

struct SideCounts {
  uint64_t slots[kClasses] = {}, positions[kClasses] = {};  // by class
  std::vector<uint64_t> win_dtm, loss_dtm;                  // positions by plies
  unsigned longest = 0;
  uint64_t longest_slot = 0;
  bool any_win = false;
};

void add(std::vector<uint64_t>& histogram, unsigned plies, uint64_t positions) {
  if (histogram.size() <= plies) histogram.resize(plies + 1);
  histogram[plies] += positions;
}

// Counts over the slots [begin, end) of one side (held by t).
SideCounts count_range(const SolvedTable& t, int side, uint64_t begin, uint64_t end) {
  SideCounts c;
  SlotCursor cur(t.index);
  for (uint64_t slot = begin; slot < end; ++slot) {
    const Wdl w = t.wdl[side][slot - t.first];
    if (w == Wdl::Illegal) continue;
    // A slot stands for a position and its mirror image, one position when they are the same,
    // which needs self-symmetric groups: the slot's group pair tells, mostly.
    const bool symmetric = t.index.groups_symmetric(slot) && cur.load(slot, Color(side)) &&
                           cur.pos().mirror_symmetric();
    const uint64_t images = symmetric ? 1 : 2;
    c.slots[int(w)] += 1;
    c.positions[int(w)] += images;
    const unsigned d = t.distance[side][slot - t.first];
    if (w == Wdl::Win || w == Wdl::CursedWin) {
      add(c.win_dtm, d, images);
      if (!c.any_win || d > c.longest) c.longest = d, c.longest_slot = slot;
      c.any_win = true;
    } else if (w == Wdl::Loss || w == Wdl::BlessedLoss) {
      add(c.loss_dtm, d, images);
    }
  }
  return c;
}

// Adds the counts of the slots that follow those of c.
void merge(SideCounts& c, const SideCounts& later) {
  for (int i = 0; i < kClasses; ++i) {
    c.slots[i] += later.slots[i];
    c.positions[i] += later.positions[i];
  }
  for (unsigned d = 0; d < later.win_dtm.size(); ++d) add(c.win_dtm, d, later.win_dtm[d]);
  for (unsigned d = 0; d < later.loss_dtm.size(); ++d) add(c.loss_dtm, d, later.loss_dtm[d]);
  // The first slot of the longest win, as a scan in slot order finds it.
  if (later.any_win && (!c.any_win || later.longest > c.longest))
    c.longest = later.longest, c.longest_slot = later.longest_slot;
  c.any_win |= later.any_win;
}

// Counts in parallel over blocks of the slots t holds (count(t, side, begin, end) for one block),
// merged in slot order: the result does not depend on the thread count (nor, merged in rank
// order, on the rank count).
template <class Counts>
Counts count_in_blocks(const SolvedTable& t, int side,
                       Counts (*count)(const SolvedTable&, int, uint64_t, uint64_t)) {
  constexpr uint64_t kBlocks = 256;
  const uint64_t begin = t.first, n = t.wdl[side].size(), per = (n + kBlocks - 1) / kBlocks;
  std::vector<Counts> parts(kBlocks);
#pragma omp parallel for schedule(dynamic, 1)
  for (uint64_t i = 0; i < kBlocks; ++i)
    parts[i] = count(t, side, begin + std::min(n, i * per), begin + std::min(n, (i + 1) * per));
  Counts c;
  for (const Counts& p : parts) merge(c, p);
  return c;
}

// SideCounts as words, to be gathered from the ranks: the fixed fields, then the histograms
// (length first).
void put(std::vector<uint8_t>& out, uint64_t v) {
  for (int i = 0; i < 8; ++i) out.push_back(uint8_t(v >> 8 * i));
}
uint64_t get(const std::vector<uint8_t>& in, size_t& at) {
  uint64_t v = 0;
  for (int i = 0; i < 8; ++i) v |= uint64_t(in.at(at++)) << 8 * i;
  return v;
}
void serialize(const SideCounts& c, std::vector<uint8_t>& out) {
  for (int i = 0; i < kClasses; ++i) put(out, c.slots[i]), put(out, c.positions[i]);
  put(out, c.longest), put(out, c.longest_slot), put(out, c.any_win);
  for (const auto* h : {&c.win_dtm, &c.loss_dtm}) {
    put(out, h->size());
    for (const uint64_t x : *h) put(out, x);
  }
}
SideCounts deserialize(const std::vector<uint8_t>& in, size_t& at) {
  SideCounts c;
  for (int i = 0; i < kClasses; ++i) c.slots[i] = get(in, at), c.positions[i] = get(in, at);
  c.longest = unsigned(get(in, at));
  c.longest_slot = get(in, at);
  c.any_win = get(in, at) != 0;
  for (auto* h : {&c.win_dtm, &c.loss_dtm}) {
    h->resize(get(in, at));
    for (uint64_t& x : *h) x = get(in, at);
  }
  return c;
}

// "win" and "loss" count every won and lost value without the limit; "rule_win" and
// "rule_loss" those of them that the perpetual-check rule decides, "chase_win" and "chase_loss"
// those that only the chase and kill rules decide (0 in none and check tables), "cursed_win"
// and "blessed_loss" those that the natural limit draws.
nlohmann::json counts_json(const uint64_t (&by_wdl)[kClasses]) {
  const auto at = [&](Wdl w) { return by_wdl[int(w)]; };
  return {{"win", at(Wdl::Win) + at(Wdl::RuleWin) + at(Wdl::CursedWin) + at(Wdl::ChaseWin)},
          {"draw", at(Wdl::Draw)},
          {"loss", at(Wdl::Loss) + at(Wdl::RuleLoss) + at(Wdl::BlessedLoss) + at(Wdl::ChaseLoss)},
          {"rule_win", at(Wdl::RuleWin)},
          {"rule_loss", at(Wdl::RuleLoss)},
          {"chase_win", at(Wdl::ChaseWin)},
          {"chase_loss", at(Wdl::ChaseLoss)},
          {"cursed_win", at(Wdl::CursedWin)},
          {"blessed_loss", at(Wdl::BlessedLoss)}};
}

// The natural limit's part: cursed wins and blessed losses (slots, positions), the longest
// DTC of a win within the limit (class Win) and the positions of such wins by DTC.
struct LimitCounts {
  uint64_t slots[2] = {}, positions[2] = {};  // [0] cursed wins, [1] blessed losses
  unsigned longest_dtc = 0;
  uint64_t longest_dtc_slot = 0;
  bool any_limit_win = false;
  std::vector<uint64_t> win_dtc;  // positions by DTC in plies
};

// Over the slots [begin, end) of one side (held by t).
LimitCounts count_limit_range(const SolvedTable& t, int side, uint64_t begin, uint64_t end) {
  LimitCounts c;
  SlotCursor cur(t.index);
  for (uint64_t slot = begin; slot < end; ++slot) {
    const Wdl w = t.wdl[side][slot - t.first];
    if (w != Wdl::Win && !is_limit_drawn(w)) continue;
    const bool symmetric = t.index.groups_symmetric(slot) && cur.load(slot, Color(side)) &&
                           cur.pos().mirror_symmetric();
    if (w == Wdl::Win) {
      const unsigned dtc = t.dtc[side][slot - t.first];
      if (!c.any_limit_win || dtc > c.longest_dtc) c.longest_dtc = dtc, c.longest_dtc_slot = slot;
      c.any_limit_win = true;
      add(c.win_dtc, dtc, symmetric ? 1 : 2);
      continue;
    }
    const int i = w == Wdl::BlessedLoss;
    c.slots[i] += 1;
    c.positions[i] += symmetric ? 1 : 2;
  }
  return c;
}

// Adds the counts of the slots that follow those of c.
void merge(LimitCounts& c, const LimitCounts& later) {
  for (int i = 0; i < 2; ++i) c.slots[i] += later.slots[i], c.positions[i] += later.positions[i];
  if (later.any_limit_win && (!c.any_limit_win || later.longest_dtc > c.longest_dtc))
    c.longest_dtc = later.longest_dtc, c.longest_dtc_slot = later.longest_dtc_slot;
  c.any_limit_win |= later.any_limit_win;
  for (unsigned d = 0; d < later.win_dtc.size(); ++d) add(c.win_dtc, d, later.win_dtc[d]);
}

// LimitCounts as words, to be gathered from the ranks.
void serialize(const LimitCounts& c, std::vector<uint8_t>& out) {
  for (int i = 0; i < 2; ++i) put(out, c.slots[i]), put(out, c.positions[i]);
  put(out, c.longest_dtc), put(out, c.longest_dtc_slot), put(out, c.any_limit_win);
  put(out, c.win_dtc.size());
  for (const uint64_t x : c.win_dtc) put(out, x);
}
LimitCounts deserialize_limit(const std::vector<uint8_t>& in, size_t& at) {
  LimitCounts c;
  for (int i = 0; i < 2; ++i) c.slots[i] = get(in, at), c.positions[i] = get(in, at);
  c.longest_dtc = unsigned(get(in, at));
  c.longest_dtc_slot = get(in, at);
  c.any_limit_win = get(in, at) != 0;
  c.win_dtc.resize(get(in, at));
  for (uint64_t& x : c.win_dtc) x = get(in, at);
  return c;
}

nlohmann::json histogram_json(const std::vector<uint64_t>& h) {
  nlohmann::json out = nlohmann::json::array();
  for (unsigned plies = 0; plies < h.size(); ++plies)
    if (h[plies]) out.push_back({plies, h[plies]});
  return out;
}

}  // namespace

nlohmann::json table_stats(const SolvedTable& t, RuleSet rules) {
  SerialPartition whole;
  return table_stats(t, rules, whole);
}

nlohmann::json table_stats(const SolvedTable& t, RuleSet rules, Partition& part) {
  std::array<SideCounts, 2> counts;
  std::vector<uint8_t> mine;
  for (int side = 0; side < 2; ++side) serialize(count_in_blocks(t, side, count_range), mine);
  const std::vector<uint8_t> all = part.gather(mine);
  if (part.rank() != 0) return nullptr;
  for (size_t at = 0; at < all.size();)  // the ranks' shares in slot order
    for (int side = 0; side < 2; ++side) merge(counts[side], deserialize(all, at));
  nlohmann::json j;
  j["material"] = t.material.name();
  j["material_zh"] = t.material.chinese_name();
  j["rules"] = rule_set_name(rules);
  j["slots_per_side"] = t.index.size();
  for (int side = 0; side < 2; ++side) {
    const SideCounts& c = counts[side];
    nlohmann::json s;
    s["slots"] = counts_json(c.slots);
    s["positions"] = counts_json(c.positions);
    if (c.any_win) {
      Position pos;
      t.index.decode(c.longest_slot, pos);
      pos.set_side_to_move(Color(side));
      s["longest_win"] = {{"plies", c.longest}, {"fen", pos.fen()}};
    }
    s["win_dtm_histogram"] = histogram_json(c.win_dtm);
    s["loss_dtm_histogram"] = histogram_json(c.loss_dtm);
    j[side == 0 ? "red" : "black"] = s;
  }
  return j;
}

void add_limit_stats(const SolvedTable& t, nlohmann::json& stats) {
  SerialPartition whole;
  add_limit_stats(t, stats, whole);
}

void add_limit_stats(const SolvedTable& t, nlohmann::json& stats, Partition& part) {
  std::vector<uint8_t> mine;
  for (int side = 0; side < 2; ++side) serialize(count_in_blocks(t, side, count_limit_range), mine);
  const std::vector<uint8_t> all = part.gather(mine);
  if (part.rank() != 0) return;
  std::array<LimitCounts, 2> by_side;
  for (size_t at = 0; at < all.size();)  // the ranks' shares in slot order
    for (int side = 0; side < 2; ++side) merge(by_side[side], deserialize_limit(all, at));
  for (int side = 0; side < 2; ++side) {
    const LimitCounts& c = by_side[side];
    nlohmann::json& s = stats.at(side == 0 ? "red" : "black");
    for (const char* kind : {"slots", "positions"}) {
      const uint64_t* n = kind[0] == 's' ? c.slots : c.positions;
      nlohmann::json& counts = s.at(kind);
      counts["cursed_win"] = n[0];
      counts["blessed_loss"] = n[1];
    }
    s["win_dtc_histogram"] = histogram_json(c.win_dtc);
    if (!c.any_limit_win) continue;
    Position pos;
    t.index.decode(c.longest_dtc_slot, pos);
    pos.set_side_to_move(Color(side));
    s["longest_dtc"] = {{"plies", c.longest_dtc}, {"fen", pos.fen()}};
  }
}

}  // namespace xq::gen
