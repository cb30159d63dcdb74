// Value classes stored in tables and returned by probes, from the side to move's view
// (docs/rules.md "What the tables compute"). Codes are the on-disk WDL bytes (docs/format.md).
#pragma once

#include <cstdint>

namespace xq {

enum class Wdl : uint8_t {
  Illegal = 0,      // broken index slot or illegal position ("don't care" on disk)
  Draw = 1,         // neither side can force a win, with or without the rule
  Win = 2,          // won by force of mate or stalemate alone, within the natural limit from a
                    // fresh counter; DTM in plies, DTC within kNaturalLimitPlies
  Loss = 3,         // lost likewise; DTM in plies, DTC within kNaturalLimitPlies
  RuleWin = 4,      // drawn without the repetition rule, won under it (docs/metrics.md)
  RuleLoss = 5,     // drawn without the repetition rule, lost under it
  CursedWin = 6,    // won by force, but the natural limit draws it from a fresh counter
  BlessedLoss = 7,  // lost by force, but the natural limit saves it from a fresh counter
  // Tables under the Asian and Chinese rule sets only: drawn under the perpetual-check rule
  // alone (given the sub-tables' values), won or lost once perpetual chase and kill are
  // forbidden too (docs/metrics.md); the distance entry holds the chase potential.
  ChaseWin = 8,
  ChaseLoss = 9,
};
// The largest code a WDL file may hold.
constexpr Wdl kLastWdl = Wdl::ChaseLoss;

// Won or lost without the natural limit: by force (with or without the limit) or by the rule.
constexpr bool is_win(Wdl w) {
  return w == Wdl::Win || w == Wdl::RuleWin || w == Wdl::CursedWin || w == Wdl::ChaseWin;
}
constexpr bool is_loss(Wdl w) {
  return w == Wdl::Loss || w == Wdl::RuleLoss || w == Wdl::BlessedLoss || w == Wdl::ChaseLoss;
}
// Decided by force of mate or stalemate, so the distance is a DTM (and a DTC).
constexpr bool is_forced(Wdl w) {
  return w == Wdl::Win || w == Wdl::Loss || w == Wdl::CursedWin || w == Wdl::BlessedLoss;
}
// Won or lost by force, but drawn by the natural limit from a fresh counter.
constexpr bool is_limit_drawn(Wdl w) {
  return w == Wdl::CursedWin || w == Wdl::BlessedLoss;
}
// Drawn without the repetition rules, decided by them (perpetual check, or chase and kill).
constexpr bool is_rule_decided(Wdl w) {
  return w == Wdl::RuleWin || w == Wdl::RuleLoss || w == Wdl::ChaseWin || w == Wdl::ChaseLoss;
}
// Decided only because perpetual chase and kill are forbidden (Asian and Chinese tables).
constexpr bool is_chase_decided(Wdl w) {
  return w == Wdl::ChaseWin || w == Wdl::ChaseLoss;
}
// The value of the same position seen from the other side.
constexpr Wdl negate(Wdl w) {
  switch (w) {
    case Wdl::Win:
      return Wdl::Loss;
    case Wdl::Loss:
      return Wdl::Win;
    case Wdl::RuleWin:
      return Wdl::RuleLoss;
    case Wdl::RuleLoss:
      return Wdl::RuleWin;
    case Wdl::CursedWin:
      return Wdl::BlessedLoss;
    case Wdl::BlessedLoss:
      return Wdl::CursedWin;
    case Wdl::ChaseWin:
      return Wdl::ChaseLoss;
    case Wdl::ChaseLoss:
      return Wdl::ChaseWin;
    default:
      return w;
  }
}

// Rule-decided positions store a strategy potential instead of a ply count: the outer
// fixpoint round k (1..63) and the check-attractor layer j (1..1023) of docs/metrics.md,
// packed as k * 1024 + j.
constexpr int kRuleLayerBits = 10;
constexpr uint16_t pack_rule_potential(unsigned round, unsigned layer) {
  return uint16_t(round << kRuleLayerBits | layer);
}
constexpr unsigned rule_round(uint16_t potential) {
  return potential >> kRuleLayerBits;
}
constexpr unsigned rule_layer(uint16_t potential) {
  return potential & ((1u << kRuleLayerBits) - 1);
}

// A DTM file (format 3, docs/format.md) stores a rule potential re-packed, round in bits 1-6,
// layer - 1 split around it: bit 0 its lowest bit, bits 7-15 the rest. Layers are nearly all 1
// or 2 and rounds spread over dozens of values, so the round lands in the low byte plane beside
// small plain DTMs and the high plane stays zero; the 车对马 tables' DTM files shrink by a
// fifth. A bijection on 16 bits; the probe and the generator see k * 1024 + j only.
constexpr uint16_t rule_potential_to_file(uint16_t potential) {
  const unsigned below = (rule_layer(potential) - 1) & ((1u << kRuleLayerBits) - 1);
  return uint16_t((below >> 1) << 7 | rule_round(potential) << 1 | (below & 1));
}
constexpr uint16_t rule_potential_from_file(uint16_t entry) {
  const unsigned below = (entry >> 7) << 1 | (entry & 1);
  return pack_rule_potential(entry >> 1 & 63, (below + 1) & ((1u << kRuleLayerBits) - 1));
}
// The DTM file's entry of a distance of value w, and back: the check rule's potentials
// re-packed, every other distance as it is.
constexpr uint16_t dtm_to_file(Wdl w, uint16_t distance) {
  return w == Wdl::RuleWin || w == Wdl::RuleLoss ? rule_potential_to_file(distance) : distance;
}
constexpr uint16_t dtm_from_file(Wdl w, uint16_t entry) {
  return w == Wdl::RuleWin || w == Wdl::RuleLoss ? rule_potential_from_file(entry) : entry;
}

// The natural move limit (自然限着, docs/metrics.md): 120 plies without a capture draw the game;
// a mate on the 120th ply counts. Tables store values for a fresh counter (0).
constexpr uint32_t kNaturalLimitPlies = 120;
// How plies count toward the limit (recorded in every file header).
enum class LimitCounting : uint32_t {
  EveryPly = 0,  // every ply counts, checks included
};

// Repetition rules: a table's (stored in every file header; tables exist under None and Check
// only) or a game's, judged by the classifier and the adjudicator (docs/rules.md): Asian is the
// AXF/WXF rule set, Chinese the CXA 2020 one.
enum class RuleSet : uint32_t { None = 0, Check = 1, Asian = 2, Chinese = 3 };
// The name of a rule set in the CLI, the JSON and the statistics: "none", "check", "asian",
// "chinese".
constexpr const char* rule_set_name(RuleSet r) {
  switch (r) {
    case RuleSet::None:
      return "none";
    case RuleSet::Check:
      return "check";
    case RuleSet::Asian:
      return "asian";
    case RuleSet::Chinese:
      break;
  }
  return "chinese";
}

}  // namespace xq
