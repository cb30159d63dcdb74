// Solved tables held in memory during generation: the material being solved looks up the
// values of positions its captures lead to in these.
#pragma once

#include <array>
#include <functional>
#include <map>
#include <memory>
#include <string>
#include <vector>

#include "core/index.hpp"
#include "core/position.hpp"
#include "core/values.hpp"

namespace xq::gen {

// Final values of one canonical material: class and distance per slot, per side to move
// (side 0 = Red to move). Distance: DTM in plies for Win/Loss, the rule potential for
// RuleWin/RuleLoss (core/values.hpp), unspecified otherwise.
struct SolvedTable {
  explicit SolvedTable(const Material& m) : material(m), index(m) {}
  Material material;
  Index index;
  std::array<std::vector<Wdl>, 2> wdl;
  std::array<std::vector<uint16_t>, 2> distance;
};

struct Outcome {
  Wdl wdl = Wdl::Illegal;
  uint16_t distance = 0;
};

// Solved tables by canonical material name.
class TableSet {
 public:
  void add(std::unique_ptr<SolvedTable> t);
  // Null when the material has no solved table in the set.
  const SolvedTable* find(const Material& canonical) const;
  // Value of a legal position (any orientation) from its side to move's view.
  // Throws std::logic_error when its material is missing.
  Outcome probe(const Position& pos) const;

 private:
  std::map<std::string, std::unique_ptr<SolvedTable>> tables_;
};

// Look-up of positions reached by a capture from one material: the captured piece decides
// the sub-material, so the table and the colour flip are resolved once per piece code.
class CaptureTargets {
 public:
  CaptureTargets(const Material& m, const TableSet& set);
  // Value of `after` (a legal position just after capturing `captured`) for its side to move.
  Outcome probe(const Position& after, Piece captured) const;

 private:
  struct Target {
    const SolvedTable* table = nullptr;
    bool flip = false;  // the sub-material is stored colour-flipped
  };
  std::array<Target, 16> by_piece_{};
};

}  // namespace xq::gen
