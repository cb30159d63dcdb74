#include "generator/solved_table.hpp"

#include <stdexcept>

namespace xq::gen {

namespace {
Outcome read(const SolvedTable& t, const Position& pos) {
  const uint64_t slot = t.index.encode(pos);
  const int side = pos.side_to_move();
  return {t.wdl[side][slot], t.distance[side][slot]};
}
}  // namespace

void TableSet::add(std::unique_ptr<SolvedTable> t) {
  const std::string name = t->material.name();
  tables_[name] = std::move(t);
}

const SolvedTable* TableSet::find(const Material& canonical) const {
  const auto it = tables_.find(canonical.name());
  return it == tables_.end() ? nullptr : it->second.get();
}

Outcome TableSet::probe(const Position& pos) const {
  const Material m = Material::of(pos);
  const SolvedTable* t = find(m.canonical());
  if (!t) throw std::logic_error("no solved table for " + m.canonical().name());
  return m.is_canonical() ? read(*t, pos) : read(*t, pos.colour_flipped());
}

CaptureTargets::CaptureTargets(const Material& m, const TableSet& set) {
  for (Color c : {Red, Black})
    for (int t = Advisor; t < kPieceTypes; ++t) {
      if (m.count[c][t] == 0) continue;
      Material sub = m;
      --sub.count[c][t];
      const SolvedTable* table = set.find(sub.canonical());
      if (!table) throw std::logic_error("sub-table " + sub.canonical().name() + " is not solved");
      by_piece_[make_piece(c, PieceType(t))] = {table, !sub.is_canonical()};
    }
}

Outcome CaptureTargets::probe(const Position& after, Piece captured) const {
  const Target& t = by_piece_[captured];
  return t.flip ? read(*t.table, after.colour_flipped()) : read(*t.table, after);
}

}  // namespace xq::gen
