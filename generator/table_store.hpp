// A directory's tables as the generator and verify read and write them: a table's three files
// (WDL, DTM, DTC) checked and loaded into a SolvedTable, written from one, and the run record
// beside them (docs/format.md, docs/generation.md).
#pragma once

#include <array>
#include <cstdint>
#include <memory>
#include <nlohmann/json.hpp>
#include <string>
#include <vector>

#include "core/table_file.hpp"
#include "generator/partition.hpp"
#include "generator/solved_table.hpp"

namespace xq::gen {

// A table that exists but cannot be used as it is (corrupt, or built with another index
// scheme): only rebuilding it helps. The message says what is wrong; the caller says how.
class StaleTableError : public TableError {
 public:
  using TableError::TableError;
  explicit StaleTableError(const TableError& cause) : TableError(cause) {}
};

// Opens a table's three files (WDL, DTM, DTC) and checks them: every file's checksums, headers
// against m, the index and the rule set; through `cache` when given. Throws TableError
// (StaleTableError for another index scheme).
std::array<std::unique_ptr<TableFile>, 3> check_table(const std::string& dir, const Material& m,
                                                      RuleSet rules,
                                                      std::shared_ptr<BlockCache> cache = nullptr);

class OmittedStash;

// Loads a table (its three files checked as check_table does): classes and DTM, and the DTC
// with with_dtc (capture targets need no DTC). The omitted side's DTMs come from `stash` when
// it holds them, else they are rebuilt (generator/omitted_side.hpp). Throws TableError.
std::unique_ptr<SolvedTable> load_table(const std::string& dir, const Material& m, RuleSet rules,
                                        bool with_dtc = false, const OmittedStash* stash = nullptr);

// The DTM entries of t's values as the file stores them (dtm_to_file), in place, or back.
void dtm_entries_to_file(SolvedTable& t);
void dtm_entries_from_file(SolvedTable& t);

// Writes one file of a table: `data` (a class or distance array per side) with each entry
// stored as `marks` say (EntryMark: kept, left to the writer to fill as compresses best, or 0
// for the rebuild; docs/format.md). Returns the file's bytes. With a partition (a table built
// over MPI ranks, collective), each rank encodes the blocks of its share and rank 0 writes the
// file (the size: 0 on the other ranks).
uint64_t write_table_file(const std::string& dir, const SolvedTable& t, RuleSet rules,
                          TableKind kind, const std::array<const void*, 2>& data,
                          const std::array<SlotArray<uint8_t>, 2>& marks,
                          const nlohmann::json& stats, int threads, Partition* part);

// write_table_file with each entry's mark from mark(side, slot); the marks cost 1 byte per
// slot and side while they last.
template <class T, class Mark>
uint64_t write_file(const std::string& dir, const SolvedTable& t, RuleSet rules, TableKind kind,
                    const std::array<SlotArray<T>, 2>& values, Mark mark,
                    const nlohmann::json& stats, int threads, Partition* part = nullptr) {
  const uint64_t n = t.wdl[0].size();
  std::array<SlotArray<uint8_t>, 2> marks;
  for (int side = 0; side < 2; ++side) {
    marks[side].resize(n);  // every mark written below
#pragma omp parallel for schedule(static)
    for (uint64_t slot = 0; slot < n; ++slot) marks[side][slot] = mark(side, slot);
  }
  return write_table_file(dir, t, rules, kind, {values[0].data(), values[1].data()}, marks, stats,
                          threads, part);
}

// The DTM array of a table just written, read back (the DTC stage took its memory), its
// omitted side from the stash.
void reload_dtm(const std::string& dir, SolvedTable& t, RuleSet rules, const OmittedStash& stash);

// The run record beside the tables (NAME[.RULES].json, tagged as the tables are): what varies
// from run to run stays out of the table files, which are byte-identical for every thread count.
void write_run_record(const std::string& dir, const Material& m, RuleSet rules,
                      nlohmann::json record);

}  // namespace xq::gen
