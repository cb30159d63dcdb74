// Brute-force reference solver for tests: written from docs/rules.md alone, deliberately simple and
// independent of the optimized generator. It enumerates every legal position of a tiny material
// and of all its sub-materials on the full board (no symmetry), builds the explicit move graph and
// solves it twice:
//  - plain values (infinite play = draw) with DTM in plies, by fixpoint iteration by ply;
//  - values under the perpetual-check rule (docs/rules.md "What the tables compute"), with
//    Zielonka's recursive algorithm on the parity game, once for each would-be winner;
//  - the natural limit and DTC (docs/metrics.md): on the graph of states (position, plies left
//    before the 120-ply limit), by backward induction on the plies left, materials with fewer
//    pieces first (a capture resets the counter); and the DTC without the limit likewise.
#pragma once

#include <array>
#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "core/position.hpp"

namespace xq::ref {

// Piece counts per colour and kind; count[c][King] is always 1.
struct RefMaterial {
  std::array<std::array<int, kPieceTypes>, 2> count{};

  // "KRKN": Red's letters, then Black's starting at the second K (K A B/E N/H R C P, any case,
  // any order). Throws std::invalid_argument.
  static RefMaterial parse(std::string_view text);
  // Red then Black, each K then R N C P A B: "KRKN".
  std::string name() const;
  int pieces() const;  // including kings
  bool operator==(const RefMaterial&) const = default;
  auto operator<=>(const RefMaterial&) const = default;
};

// Side-to-move view.
enum class Wdl : int8_t { Loss = -1, Draw = 0, Win = 1 };

struct RefValue {
  Wdl plain = Wdl::Draw;
  int dtm = -1;  // plies to mate with plain values; -1 when plain is a draw
  Wdl rule = Wdl::Draw;
  bool rule_decided = false;  // rule != plain
  // Plain win or loss converted (next capture or mate) within the natural limit from a fresh
  // counter: class Win/Loss; a plain win or loss without it is CursedWin/BlessedLoss.
  bool within_limit = false;
  // Plies to conversion: within the limit when within_limit, else without it (for plain wins
  // and losses); -1 for plain draws.
  int dtc = -1;
};

// Statistics of one material (its own positions only, not its sub-materials).
struct RefCounts {
  std::array<uint64_t, 2> legal{};                         // [side to move]
  std::array<std::array<uint64_t, 3>, 2> plain{}, rule{};  // [side to move][W, D, L]
  int max_dtm = 0;                                         // largest plain DTM, plies
};

class RefSolver {
 public:
  // Materials of at most kMaxPieces pieces (kings included). Throws std::invalid_argument, and
  // std::logic_error when the move generator contradicts itself (message names a FEN).
  // limit_plies: the natural limit (a shorter one puts cursed wins into small materials).
  // keep_graph: keep the move graph for successors() (the chase reference labels its edges).
  explicit RefSolver(std::string_view material, int limit_plies = 120, bool keep_graph = false);

  static constexpr int kMaxPieces = 6;

  // Every node: the material and all its sub-materials, both sides to move.
  size_t size() const { return keys_.size(); }
  Position position(size_t i) const;
  RefValue value(size_t i) const;
  RefMaterial material(size_t i) const;
  // nullopt when the position is not in the solved graph.
  std::optional<RefValue> probe(const Position& pos) const;
  std::optional<size_t> index(const Position& pos) const;
  // Whether the side to move in node i is in check.
  bool checked(size_t i) const;
  // Node i's successors in the order of position(i).legal_moves() (empty when it has no legal
  // move). Throws std::logic_error unless the solver was built with keep_graph.
  std::span<const uint32_t> successors(size_t i) const;

  // The material itself followed by its sub-materials.
  const std::vector<RefMaterial>& materials() const { return materials_; }
  // Throws std::invalid_argument when the material is not among materials().
  RefCounts counts(std::string_view material) const;

 private:
  void build_graph();
  void solve_plain();
  void solve_rule();
  // Least plies left (0..cap) with which each node of the level of `pieces` pieces wins (into
  // win_at) or loses (loss_at), -1 when none; a capture converts when `converts(node, win)`
  // says its target is lost (win: for the capturer's opponent) or won.
  template <class Converts>
  void solve_counter(int pieces, int cap, std::vector<int16_t>& win_at,
                     std::vector<int16_t>& loss_at, Converts converts) const;
  void solve_limit(int limit_plies);

  std::vector<RefMaterial> materials_;
  std::vector<uint64_t> keys_;    // sorted; see encode() in ref_solver.cpp
  std::vector<uint8_t> checked_;  // side to move in check = every move into the node is a check
  // Forward graph in CSR form over keys_ indices plus two sinks (see solve_rule); freed after
  // solving.
  std::vector<uint32_t> offset_, succ_;
  std::vector<int8_t> plain_, rule_;  // Wdl values
  std::vector<int16_t> dtm_;
  std::vector<uint8_t> pieces_;               // per node
  std::vector<int16_t> limited_, unlimited_;  // DTC within / without the limit, -1 none
};

}  // namespace xq::ref
