// One side's distances left out of the DTM and DTC files (docs/format.md "One side's
// distances", core/one_ply.hpp): which entries of the omitted side the writer must keep because
// a capture decides them, and the loaders' rebuild of the others.
#pragma once

#include <cstdint>
#include <map>
#include <set>
#include <string>
#include <vector>

#include "core/table_file.hpp"
#include "generator/bitmap.hpp"
#include "generator/solved_table.hpp"
#include "generator/table_writer.hpp"

namespace xq::gen {

// The side to move whose forced distances the generator's files omit: Black, the defender's
// moves in the families measured (docs/format.md): its forced entries are mostly losses, which
// no capture decides.
constexpr int kOmittedSide = 1;

// Per slot of a table's arrays (its share), the omitted side's entries that a capture decides.
struct KeptEntries {
  explicit KeptEntries(uint64_t slots) : dtm(slots), capture(slots) {}
  Bitmap dtm;      // a capture gives the forced DTM: the least (a win) or the greatest (a loss)
  Bitmap capture;  // a Win: a capture converts within the limit; a Loss: a legal capture exists
  // How the DTM and DTC files store the entry of a slot of class w (dtc: its DTC).
  EntryMark dtm_mark(uint64_t slot, Wdl w) const;
  EntryMark dtc_mark(uint64_t slot, Wdl w, uint16_t dtc) const;
};

// Probes the captures of the omitted side's forced positions of t (its DTM in t.distance, the
// sub-tables in set).
KeptEntries find_kept_entries(const SolvedTable& t, const TableSet& set);

// Rebuilds, in a whole table read from its files, the entries of side `side` that a file of
// this kind stores as 0: t.distance (DTM, as the probe sees it) or t.dtc from the other side's.
// Throws TableError (naming `path`) for an entry that nothing rebuilds.
void rebuild_omitted(SolvedTable& t, TableKind kind, int side, const std::string& path);

// The omitted side's forced DTMs of the tables a run solved or rebuilt, zstd-compressed in
// memory (a few MB for the largest tables measured; docs/generation.md): a table released for
// a rule stage and read back from its files takes them from here instead of the rebuild.
class OmittedStash {
 public:
  // Keeps t's omitted-side DTMs (whole table, distances as the probe sees them).
  void keep(const SolvedTable& t);
  // Writes the kept DTMs into t's forced entries of the omitted side; false when t's material
  // has none kept.
  bool restore(SolvedTable& t) const;
  bool has(const Material& m) const { return frames_.count(m) != 0; }
  // Forgets the materials not in keep.
  void retain(const std::set<Material>& keep);

 private:
  // One zstd frame per kFrameEntries entries (low bytes, then high bytes).
  static constexpr uint64_t kFrameEntries = 1 << 20;
  std::map<Material, std::vector<std::vector<uint8_t>>> frames_;
};

}  // namespace xq::gen
