#include "rules/cycle_verdict.hpp"

#include <cassert>

namespace xq {

namespace {

// Each side's class counts and chased pieces, the pieces followed by identity: id[p] is the
// point, in the cycle's first position, of the piece now on p.
std::array<SideRecord, 2> record_sides(std::span<const CyclePly> plies) {
  std::array<int, kSquares> id;
  for (int p = 0; p < kSquares; ++p) id[p] = p;
  std::array<SideRecord, 2> sides;
  // A chased point holds a piece after the move (move_facts): its identity is known.
  const auto piece = [&](Square p) {
    assert(id[p] != kNoSquare);
    return id[p];
  };
  for (const CyclePly& ply : plies) {
    id[ply.move.to] = id[ply.move.from];
    id[ply.move.from] = kNoSquare;  // no capture in a cycle: nothing stood on `to`
    SideRecord& side = sides[ply.mover];
    ++side.class_count[size_t(ply.cls)];
    geo::SquareSet chased, pinned_rooks;
    for (const Square p : ply.facts.chased) chased.set(piece(p));
    for (const Square p : ply.facts.chased_pinned_rook) pinned_rooks.set(piece(p));
    side.chased_sometimes |= chased;
    if (side.moves == 0) {
      side.chased_always = chased;
      side.pinned_rook_chased_always = pinned_rooks;
    } else {
      side.chased_always = side.chased_always & chased;
      side.pinned_rook_chased_always = side.pinned_rook_chased_always & pinned_rooks;
    }
    ++side.moves;
  }
  return sides;
}

int count(const SideRecord& s, MoveClass c) {
  return s.class_count[size_t(c)];
}

Violation violation_of(const SideRecord& s, RuleSet rules) {
  const int checks = count(s, MoveClass::Check), kills = count(s, MoveClass::Kill),
            chases = count(s, MoveClass::Chase);
  if (s.moves == 0) return Violation::None;
  if (checks == s.moves) return rules == RuleSet::None ? Violation::None : Violation::Check;
  switch (rules) {
    case RuleSet::Asian:
      // Only a series of chases of one and the same piece is forbidden (docs/rules.md R8):
      // kills are idle, a check among chases makes the series allowed.
      if (chases != s.moves || s.chased_always.empty()) return Violation::None;
      return s.pinned_rook_chased_always.empty() ? Violation::Chase : Violation::PinnedRookChase;
    case RuleSet::Chinese: {
      // Every attacking move counts, whatever it attacks (docs/rules.md R9: CXA 24.11, 24.13).
      if (checks + kills + chases != s.moves) return Violation::None;
      if (kills == s.moves) return Violation::Kill;
      if (chases == s.moves) return Violation::Chase;
      return Violation::Mixed;
    }
    default:
      return Violation::None;
  }
}

}  // namespace

int violation_rank(Violation v) {
  switch (v) {
    case Violation::None:
      return 0;
    case Violation::Check:
      // Perpetual check loses against everything else (docs/rules.md R10: AXF GR 1, CXA
      // detail rule 1).
      return 3;
    case Violation::PinnedRookChase:
      return 2;  // Asian: above a plain chase (R8 PXR; AXF rule 19, diagram 40, T14)
    case Violation::Chase:
    case Violation::Kill:
    case Violation::Mixed:
      // Asian 长捉 (R8 PX); Chinese: every attacking series but check is equally forbidden
      // (R9 F, detail rule 8). violation_of gives these only under those rule sets.
      break;
  }
  return 1;
}

CycleJudgement judge_cycle(std::span<const CyclePly> plies, RuleSet rules) {
  CycleJudgement j;
  j.sides = record_sides(plies);
  for (SideRecord& s : j.sides) s.violation = violation_of(s, rules);
  const int red = violation_rank(j.sides[Red].violation);
  const int black = violation_rank(j.sides[Black].violation);
  if (red > black) j.offender = Red;
  if (black > red) j.offender = Black;
  return j;
}

}  // namespace xq
