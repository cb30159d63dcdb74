#include "export/table_export.hpp"

#include <bit>

#include "core/table_file.hpp"

namespace xq {

static_assert(std::endian::native == std::endian::little, "ExportRow is little-endian");

ExportRow export_row(const Position& pos, const LimitProbe& value) {
  ExportRow row{};
  for (Square s = 0; s < kSquares; ++s) row.board[s] = pos.at(s);
  row.side = pos.side_to_move();
  row.category = uint8_t(value.unlimited.wdl);
  const bool forced = is_forced(value.unlimited.wdl);
  row.dtm = forced ? int16_t(value.unlimited.distance) : int16_t(-1);
  row.dtc = forced && value.dtc ? int16_t(*value.dtc) : int16_t(-1);
  return row;
}

Position row_position(const ExportRow& row) {
  Position pos;
  for (Square s = 0; s < kSquares; ++s)
    if (row.board[s] != kNoPiece) pos.put(s, row.board[s]);
  pos.set_side_to_move(Color(row.side));
  return pos;
}

TableExport::TableExport(const Tablebase& tb, const Material& m, std::optional<Color> side)
    : tb_(tb), material_(m), flip_(!m.is_canonical()), index_(m.canonical()) {
  if (!tb.has(m)) throw TableError(m.name(), "no table in the directories given");
  tb.rules(m);  // opens and checks the pair of files now rather than at the first row
  if (side)
    sides_ = {flip_ ? ~*side : *side};
  else
    sides_ = {flip_ ? Black : Red, flip_ ? Red : Black};  // Red of m first
}

size_t TableExport::next(std::vector<ExportRow>& out, size_t max_rows) {
  size_t added = 0;
  while (added < max_rows && side_at_ < sides_.size()) {
    if (slot_ == index_.size()) {
      ++side_at_;
      slot_ = 0;
      continue;
    }
    pos_.set_side_to_move(sides_[side_at_]);
    if (!index_.decode(slot_++, pos_) || !pos_.legality_error().empty()) continue;
    const Position pos = flip_ ? pos_.colour_flipped() : pos_;
    const std::optional<LimitProbe> value = tb_.probe(pos, 0);
    if (!value) throw TableError(material_.name(), "no table in the directories given");
    out.push_back(export_row(pos, *value));
    ++added;
  }
  return added;
}

}  // namespace xq
