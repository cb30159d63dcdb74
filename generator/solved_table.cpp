#include "generator/solved_table.hpp"

#include <algorithm>
#include <stdexcept>

#include "core/one_ply.hpp"

namespace xq::gen {

namespace {
Outcome read(const SolvedTable& t, const Position& pos, bool dtc) {
  const uint64_t slot = t.index.encode(pos);
  if (!dtc) return t.value(pos.side_to_move(), slot);
  return {t.value(pos.side_to_move(), slot).wdl, t.dtc[pos.side_to_move()].at(slot)};
}
}  // namespace

// A move weighs 2 only into a mirror-symmetric position from one that is not, so with both
// kings on the middle file after it: with both there now, every move is weighed (listed in
// `quiet`); with one there, only the other king's steps onto that file can weigh 2, and only
// when that king is the side to move's.
unsigned weighted_quiet_count(Position& pos, const Position::KingSafety& safety, MoveList& quiet) {
  const Color us = pos.side_to_move();
  const bool middle[2] = {file_of(pos.king_square(Red)) == 4, file_of(pos.king_square(Black)) == 4};
  if (middle[Red] && middle[Black] && !pos.mirror_symmetric()) {
    quiet.size = 0;
    pos.pseudo_moves(quiet);
    unsigned count = 0;
    for (const Move m : quiet)
      if (!pos.is_capture(m) && pos.pseudo_move_legal(m, safety))
        count += quiet_move_weight(pos, false, m);
    return count;
  }
  unsigned count = unsigned(pos.quiet_move_count(safety));
  if (middle[~us] && !middle[us]) {
    const Square k = pos.king_square(us);
    const Square to = k + (file_of(k) < 4 ? 1 : -1);  // the step onto the middle file
    const Move m{uint8_t(k), uint8_t(to)};
    if (pos.at(to) == kNoPiece && !pos.king_step_attacked(to))
      count += quiet_move_weight(pos, false, m) - 1;
  }
  return count;
}

SlotCursor::SlotCursor(const Index& index)
    : index_(index),
      red_end_(index.king_index(Black)),  // Black's group follows Red's
      groups_end_(index.groups_end()) {
  for (int i = 0; i < index.piece_count(); ++i) pieces_[i] = index.piece(i);
}

bool SlotCursor::load(uint64_t slot, Color side) {
  pos_.set_side_to_move(side);
  slot_ = slot;
  const int count = index_.piece_count();
  const uint64_t pair = index_.pair_of(slot);
  if (pair == pair_) {
    // The groups stand as placed: only the pieces after them move (all are lifted before any
    // is put, as a piece may land where another stood).
    std::array<Square, kMaxPieces> before;
    std::copy(sq_.begin() + groups_end_, sq_.begin() + count, before.begin() + groups_end_);
    for (int i = groups_end_; i < count; ++i) pos_.clear(before[i]);
    if (index_.decode_rest(slot, sq_.data(), groups_)) {
      for (int i = groups_end_; i < count; ++i) {
        pos_.put(sq_[i], pieces_[i]);
        entry_[sq_[i]] = int8_t(i);
      }
      return true;
    }
    pos_.place(sq_.data(), pieces_.data(), 0);
    pair_ = kNoPair;
    return false;
  }
  const bool ok = index_.decode(slot, sq_.data(), groups_);
  pos_.place(sq_.data(), pieces_.data(), ok ? count : 0);
  if (ok)
    for (int i = 0; i < count; ++i) entry_[sq_[i]] = int8_t(i);
  pair_ = ok ? pair : kNoPair;
  return ok;
}

Outcome SolvedTable::value_from_files(int side, uint64_t slot) const {
  const Wdl w = Wdl(files[0]->get(side, slot));
  return {w, read_distance(index, *files[0], *files[1], side, slot, w)};
}

void TableSet::add(std::unique_ptr<SolvedTable> t) {
  const std::string name = t->material.name();
  tables_[name] = std::move(t);
}

const SolvedTable* TableSet::find(const Material& canonical) const {
  const auto it = tables_.find(canonical.name());
  return it == tables_.end() ? nullptr : it->second.get();
}

void TableSet::retain(const std::set<Material>& keep) {
  std::erase_if(tables_, [&](const auto& entry) { return !keep.count(entry.second->material); });
}

void TableSet::drop_distances() {
  for (auto& entry : tables_)
    for (auto& d : entry.second->distance) SlotArray<uint16_t>().swap(d);  // and its capacity
}

Outcome TableSet::probe(const Position& pos, bool dtc) const {
  const Material m = Material::of(pos);
  const SolvedTable* t = find(m.canonical());
  if (!t) throw std::logic_error("no solved table for " + m.canonical().name());
  return m.is_canonical() ? read(*t, pos, dtc) : read(*t, pos.colour_flipped(), dtc);
}

CaptureTargets::CaptureTargets(const Material& m, const TableSet& set) {
  for (Color c : {Red, Black})
    for (int t = Advisor; t < kPieceTypes; ++t) {
      if (m.count[c][t] == 0) continue;
      Material sub = m;
      --sub.count[c][t];
      const SolvedTable* table = set.find(sub.canonical());
      if (!table) throw std::logic_error("sub-table " + sub.canonical().name() + " is not solved");
      Target& target = by_piece_[make_piece(c, PieceType(t))];
      target = {table, !sub.is_canonical(), {}};
      for (int i = table->index.piece_count() - 1; i >= 0; --i)
        target.first[table->index.piece(i)] = uint8_t(i);
    }
}

Outcome CaptureTargets::probe(const Position& after, Piece captured) const {
  // The squares in the sub-table's layout, gathered from the occupancy (flipped if need be)
  // rather than through a flipped copy of the position.
  const Target& t = by_piece_[captured];
  std::array<uint8_t, 16> next = t.first;
  Square sq[kMaxPieces];
  for (const Color c : {Red, Black})
    for (const Square s : after.occupied(c)) {
      const Piece p = after.at(s);
      if (t.flip)
        sq[next[make_piece(~c, type_of(p))]++] = flip_ranks(s);
      else
        sq[next[p]++] = s;
    }
  const int side = t.flip ? ~after.side_to_move() : after.side_to_move();
  const uint64_t slot = t.table->index.encode(sq);
  return t.table->value(side, slot);
}

}  // namespace xq::gen
