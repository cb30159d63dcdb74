// Brute-force reference for the chase rules (docs/rules.md R8, R9, G3; the contract of issue 15):
// every legal position of a material and of its sub-materials on the full board, no symmetry,
// each move labelled by the classifier (xq::move_facts + xq::move_class, default ChaseOptions),
// the whole capture closure solved as one max-parity game per would-be winner by Zielonka's
// algorithm (parity_game.hpp). Independent of generator/.
//
// Value classes, from the side to move's view, as a table stores them (xq::Wdl):
//  - Win/Loss (CursedWin/BlessedLoss past the natural limit), DTM: plain, from RefSolver;
//  - RuleWin/RuleLoss: RefSolver's perpetual-check value. The contract defines them on M as the
//    check-rule game on M's positions with captures valued by the sub-materials' tables, a
//    chase-decided sub-value counting as a draw; by induction on the materials those sub-values
//    are the sub-materials' own check-rule values, so this is the check-rule game on the whole
//    closure, which RefSolver solves;
//  - ChaseWin/ChaseLoss: won in the rule set's game (Chinese: below; Asian: the product of
//    asian_ref.cpp) and not by the two stages before. The contract
//    solves it on M with every decided position as a sink; the closure game gives the same
//    winning regions, because replacing positions a player wins by sinks it wins changes no
//    value (the player keeps its winning strategy, the opponent gains no escape);
//  - Draw otherwise.
#pragma once

#include <array>
#include <cstdint>
#include <map>
#include <memory>
#include <optional>
#include <string_view>
#include <vector>

#include "core/values.hpp"
#include "reference/ref_solver.hpp"
#include "rules/move_facts.hpp"

namespace xq::ref {

// Statistics of one material's own positions.
struct ChaseRefCounts {
  std::array<uint64_t, 2> legal{};             // [side to move]
  std::array<uint64_t, 2> chase_decided{};     // ChaseWin + ChaseLoss: differ from `check`
  std::array<uint64_t, 2> differ_from_none{};  // rule- or chase-decided
  // Legal moves of the positions drawn under `check` (the Chinese game's moves), by MoveClass.
  std::array<uint64_t, 5> moves{};
};

class ChaseRef {
 public:
  // Materials of at most RefSolver::kMaxPieces pieces, under RuleSet::Chinese or Asian (others
  // throw std::invalid_argument). Throws std::logic_error when both sides would win.
  explicit ChaseRef(std::string_view material, RuleSet rules = RuleSet::Chinese,
                    int limit_plies = int(kNaturalLimitPlies));
  // On a solve shared with other rule sets (built with keep_graph): the plain and check-rule
  // values are common to them, and the larger part of the work.
  ChaseRef(std::shared_ptr<const RefSolver> base, RuleSet rules);

  size_t size() const { return base_->size(); }
  Position position(size_t i) const { return base_->position(i); }
  RefMaterial material(size_t i) const { return base_->material(i); }
  std::optional<size_t> index(const Position& pos) const { return base_->index(pos); }
  const std::vector<RefMaterial>& materials() const { return base_->materials(); }
  // The plain values, DTM and DTC, and the check-rule values.
  const RefSolver& base() const { return *base_; }
  // Vertices of the game solved (Asian: the product of asian_ref.cpp).
  size_t game_size() const { return game_size_; }

  // The class under the rule set, under `check` and under `none`.
  xq::Wdl value(size_t i) const;
  xq::Wdl check_value(size_t i) const;
  xq::Wdl none_value(size_t i) const;

  // Throws std::invalid_argument when the material is not among materials().
  ChaseRefCounts counts(std::string_view material) const;

 private:
  void solve_chinese();
  void solve_asian();  // asian_ref.cpp

  std::shared_ptr<const RefSolver> base_;
  size_t game_size_ = 0;
  std::vector<int8_t> chase_;  // -1/0/1: the Chinese game's value (side to move's view)
  std::map<RefMaterial, std::array<uint64_t, 5>> move_counts_;  // by xq::MoveClass
};

}  // namespace xq::ref
