// Solved tables held in memory during generation: the material being solved looks up the
// values of positions its captures lead to in these.
#pragma once

#include <array>
#include <atomic>
#include <functional>
#include <map>
#include <memory>
#include <set>
#include <string>
#include <vector>

#include "core/index.hpp"
#include "core/position.hpp"
#include "core/table_file.hpp"
#include "core/values.hpp"
#include "generator/slot_array.hpp"

namespace xq::gen {

struct Outcome {
  Wdl wdl = Wdl::Illegal;
  uint16_t distance = 0;
};

// Final values of one canonical material: class and distance per slot, per side to move
// (side 0 = Red to move). Distance: DTM in plies for the forced classes (Win, Loss, CursedWin,
// BlessedLoss), the rule potential for RuleWin/RuleLoss (core/values.hpp), unspecified
// otherwise.
struct SolvedTable {
  explicit SolvedTable(const Material& m) : material(m), index(m) {}
  Material material;
  Index index;
  std::array<SlotArray<Wdl>, 2> wdl;
  std::array<SlotArray<uint16_t>, 2> distance;
  // The arrays hold the slots [first, first + size) of each side: all of them (first = 0), or
  // one rank's share when a table is built over MPI ranks (generator/partition.hpp).
  uint64_t first = 0;
  // A sub-table read from its files (WDL, DTM) through their block cache instead of held in
  // the arrays (which are then empty): `gen --cache-mib`.
  std::array<std::shared_ptr<const TableFile>, 2> files;  // shared: a table stays copyable
  // Value of a slot of the whole table (first = 0), from the arrays or the files.
  Outcome value(int side, uint64_t slot) const;
  // From the files, an omitted distance rebuilt (core/one_ply.hpp).
  Outcome value_from_files(int side, uint64_t slot) const;
  // DTC in plies for Win/Loss (within the natural limit) and CursedWin/BlessedLoss (without
  // it), don't care otherwise (docs/metrics.md); the slots of the arrays above. Empty until
  // solve_dtc has run, and in tables loaded as capture targets, which need only their classes.
  std::array<SlotArray<uint16_t>, 2> dtc;
  // Set by solve_plain: the distance of each draw holds its draw_hint for solve_check_rule,
  // which clears them (the distances of draws are 0 again).
  bool draw_hints = false;
  // Set by solve_plain for solve_dtc, which frees them: what the plain initialisation learnt of
  // each slot's captures, so that the DTC stage's initialisation need not probe them again.
  // Bit slot % 64 of word slot / 64 (the slots of the arrays above) is set when a legal
  // capture leads into a sub-table value Loss or CursedWin (from the opponent's view). A plain
  // loss has no capture into a loss, so its bit says that a capture leads into a CursedWin;
  // a plain win's says that a capture leads into a Loss, unless capture_into_cursed.
  std::array<SlotArray<uint64_t>, 2> capture_hints;
  bool capture_into_cursed = false;  // some slot's capture leads into a CursedWin
};

// The draw hint: what the plain solution knows about a plain draw, kept for the rule stage.
// The weighted number (move_weight) of its non-capturing moves into plain draws, whether a
// capture leads to a sub-table position (rule values) that the opponent loses, or does not
// win, and whether the side to move is in check.
namespace draw_hint {
constexpr uint16_t kMoves = 0xff, kCaptureWins = 0x100, kCaptureHolds = 0x200, kInCheck = 0x400;
}

// Solved tables by canonical material name.
class TableSet {
 public:
  void add(std::unique_ptr<SolvedTable> t);
  // Null when the material has no solved table in the set.
  const SolvedTable* find(const Material& canonical) const;
  // Frees every table whose material is not in keep.
  void retain(const std::set<Material>& keep);
  // Frees the distances of the tables held in arrays: their classes stay readable (a probe's
  // distance is then 0), which is all the chase stages read of them.
  void drop_distances();
  // Value of a legal position (any orientation) from its side to move's view.
  // Throws std::logic_error when its material is missing. With dtc, the distance is the DTC
  // (std::out_of_range when the table has none).
  Outcome probe(const Position& pos, bool dtc = false) const;

 private:
  std::map<std::string, std::unique_ptr<SolvedTable>> tables_;
};

// A position decoded from a slot, kept with its square list in the index layout so that the
// slots of positions one quiet move away are encoded without scanning the board. Meant to be
// reused (one per thread): loading a slot clears only the pieces placed before, and keeps the
// groups when the slot has the loaded one's group pair (consecutive slots mostly do).
class SlotCursor {
 public:
  explicit SlotCursor(const Index& index);
  // Decodes slot with the given side to move; false for a broken slot (the board is then
  // empty).
  bool load(uint64_t slot, Color side);
  Position& pos() { return pos_; }
  // Slot of the loaded placement with the piece on `from` moved to the empty point `to`.
  uint64_t slot_with_move(Square from, Square to);

 private:
  const Index& index_;
  Position pos_;
  std::array<Square, kMaxPieces> sq_{};
  std::array<Piece, kMaxPieces> pieces_{};  // the index layout
  Index::GroupIds groups_;                  // of sq_: kept while other pieces move
  uint64_t slot_ = 0;                       // the loaded slot
  std::array<int8_t, kSquares> entry_{};    // point -> its entry in sq_ (for occupied points)
  int red_end_, groups_end_;
  // Index::pair_of the loaded slot while its groups stand on the board (a later slot of the
  // same pair then decodes and places only the pieces after them), else kNoPair.
  static constexpr uint64_t kNoPair = UINT64_MAX;
  uint64_t pair_ = kNoPair;
};

inline Outcome SolvedTable::value(int side, uint64_t slot) const {
  if (files[0]) return value_from_files(side, slot);
  if (distance[side].empty()) return {wdl[side][slot], 0};  // TableSet::drop_distances
  return {wdl[side][slot], distance[side][slot]};
}

// Inline: the passes call it for every predecessor.
inline uint64_t SlotCursor::slot_with_move(Square from, Square to) {
  const int i = entry_[from];
  // Only the group of the moved piece, if any, changes.
  Index::GroupIds ids = groups_;
  if (i < groups_end_) {
    sq_[i] = to;
    if (i < red_end_)
      ids.red = index_.group_id(Red, sq_.data());
    else
      ids.black = index_.group_id(Black, sq_.data());
    sq_[i] = from;
  }
  uint64_t slot = index_.moved_slot(sq_.data(), groups_, slot_, i, to, ids);
  if (slot == Index::kNoSlot) {
    sq_[i] = to;
    slot = index_.encode(sq_.data(), ids);
    sq_[i] = from;
  }
  return slot;
}

// Weight of a move when moves are counted between slots (a slot's count of moves must equal
// the sum over the un-moves that reach it). Moves are generated from the decoded position of a
// slot only, and a slot stands for a position and its mirror image: a move between p and q of
// which exactly one is mirror-symmetric is met twice from the symmetric end (as itself and as
// its mirror image, which reach the same slot) and once from the other end, which therefore
// counts it twice.
constexpr uint8_t move_weight(bool here_symmetric, bool there_symmetric) {
  return there_symmetric && !here_symmetric ? 2 : 1;
}

// Whether both kings stand on the middle file once the piece on `from` has gone to `to`: a
// mirror-symmetric position needs it (a bit test each, cheaper than a file computation).
inline bool kings_in_middle_after(const Position& pos, Square from, Square to) {
  constexpr geo::SquareSet middle = [] {
    geo::SquareSet s;
    for (int rank = 0; rank < kRanks; ++rank) s.set(make_square(4, rank));
    return s;
  }();
  for (const Color c : {Red, Black})
    if (!middle.test(pos.king_square(c) == from ? to : pos.king_square(c))) return false;
  return true;
}

// move_weight of the non-capturing move m of pos, given whether pos is mirror-symmetric. The
// other end can be symmetric only with both kings on the middle file: that is tested before
// the move is made to look.
inline uint8_t quiet_move_weight(Position& pos, bool symmetric, Move m) {
  if (symmetric || !kings_in_middle_after(pos, m.from, m.to)) return 1;
  pos.make(m);
  const bool there = pos.mirror_symmetric();
  pos.unmake(m, kNoPiece);
  return move_weight(false, there);
}

// move_weight of the un-move m of pos (the piece on m.to goes back to m.from).
inline uint8_t unmove_weight(Position& pos, bool symmetric, Move m) {
  if (symmetric || !kings_in_middle_after(pos, m.to, m.from)) return 1;
  pos.unmake(m, kNoPiece);
  const bool there = pos.mirror_symmetric();
  pos.make(m);
  return move_weight(false, there);
}

// The side to move's legal quiet moves (safety = pos.king_safety(side to move)), each with its
// move_weight: the count that the un-moves into the slot take off one by one (the plain and the
// DTC solvers' loss counts). `quiet` is scratch.
unsigned weighted_quiet_count(Position& pos, const Position::KingSafety& safety, MoveList& quiet);

// Adds d to a one-byte move count, atomically (modulo 256, like the byte); returns the new
// count.
inline unsigned add_count(uint8_t& count, int d) {
  return uint8_t(std::atomic_ref<uint8_t>(count).fetch_add(uint8_t(d), std::memory_order_relaxed) +
                 d);
}
// The same for a count kept in a value class byte (the solvers count there, so that the
// finished classes take no extra memory); the byte is accessed as unsigned char, which may
// alias any object.
inline unsigned add_count(Wdl& count, int d) {
  static_assert(sizeof(Wdl) == 1);
  return add_count(reinterpret_cast<uint8_t&>(count), d);
}

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
    // Piece code (after the flip) -> index layout position of its first piece.
    std::array<uint8_t, 16> first{};
  };
  std::array<Target, 16> by_piece_{};
};

}  // namespace xq::gen
