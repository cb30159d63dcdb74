// Training data out of a table: every legal position of one material with its stored values,
// in slot order, a chunk at a time, so that a table of any size streams through bounded memory.
// Shared by `xqtb export` (src/cli/cmd_export.cpp) and the Python module's Tablebase.export
// (python/, docs/python.md). One row per index slot: a position and its left-right mirror
// image share one (docs/index.md) and are exported once, as the index decodes it.
#pragma once

#include <array>
#include <cstddef>
#include <cstdint>
#include <optional>
#include <vector>

#include "core/index.hpp"
#include "core/material.hpp"
#include "core/position.hpp"
#include "probe/tablebase.hpp"

namespace xq {

// One exported position, laid out as the NumPy structured dtype of docs/python.md (and of the
// .npy files `xqtb export --format npy` writes): 96 bytes, little-endian, no padding.
struct ExportRow {
  // Piece codes by point, rank-major from rank 0 (Red's home rank) to 9, files a..i: 0 empty,
  // 1 + type + 8 * colour (types K A B N R C P = 0..6, Red 0, Black 1: core/types.hpp).
  std::array<uint8_t, kSquares> board;
  uint8_t side;      // side to move: 0 Red, 1 Black
  uint8_t category;  // the stored class, a Wdl code (core/values.hpp), side to move's view
  int16_t dtm;       // forced classes: distance to mate in plies; -1 otherwise
  int16_t dtc;       // forced classes: distance to conversion in plies; -1 otherwise
};
static_assert(sizeof(ExportRow) == 96 && offsetof(ExportRow, dtm) == 92 &&
              offsetof(ExportRow, dtc) == 94);
// ExportRow as a NumPy dtype description (the .npy header's `descr`, a Python literal).
constexpr const char* kExportRowDescr =
    "[('board', '|u1', (10, 9)), ('side', '|u1'), ('category', '|u1'), ('dtm', '<i2'), "
    "('dtc', '<i2')]";

// The row of a legal position and its value under the natural limit (probe(pos, counter)).
ExportRow export_row(const Position& pos, const LimitProbe& value);
// The position a row holds (side to move included; FEN counter 0).
Position row_position(const ExportRow& row);

// Walks the legal positions of a material's table. Not thread-safe (one walker, one thread);
// several walkers may share one Tablebase.
class TableExport {
 public:
  // Positions of material m as named: a non-canonical m (KNKR) walks the canonical table
  // (KRKN) and gives every position colour-flipped. side: only that side to move (as named),
  // both when nullopt (Red's positions first). Throws TableError when m has no table in tb or
  // its files are missing or damaged.
  TableExport(const Tablebase& tb, const Material& m, std::optional<Color> side = std::nullopt);

  // Appends up to max_rows rows to out; the number appended, 0 once every position is out.
  // Throws TableError when a block read is corrupt.
  size_t next(std::vector<ExportRow>& out, size_t max_rows);

  // Slots to walk in all (both sides, or the one chosen) and walked so far, for progress.
  uint64_t slots_total() const { return index_.size() * sides_.size(); }
  uint64_t slots_done() const { return index_.size() * side_at_ + slot_; }

 private:
  const Tablebase& tb_;
  Material material_;
  bool flip_;
  Index index_;
  std::vector<Color> sides_;  // canonical sides to walk
  size_t side_at_ = 0;
  uint64_t slot_ = 0;
  Position pos_;
};

}  // namespace xq
