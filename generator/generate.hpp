// The `xqtb gen` job: plan the capture closure, solve each missing table in dependency order,
// and write its WDL, DTM and DTC files atomically (docs/format.md).
#pragma once

#include <array>
#include <functional>
#include <memory>
#include <optional>
#include <set>
#include <string>
#include <vector>

#include "core/material.hpp"
#include "core/table_file.hpp"
#include "core/values.hpp"
#include "generator/partition.hpp"
#include "generator/solved_table.hpp"
#include "generator/table_store.hpp"

namespace xq::gen {

struct GenOptions {
  std::string dir = "tables";
  RuleSet rules = RuleSet::Check;
  int threads = 0;  // 0: OpenMP's default
  // Refuse a run whose largest table to build needs more (memory_estimate): GiB, finite and
  // ≥ 0, 0 for no limit; none given: what the machine can give now (available_memory_bytes).
  std::optional<double> memory_limit_gib;
  bool force = false;  // regenerate tables that exist already
  // Build the requested materials alone: every other table of their plan must exist (the
  // way a cluster job builds one table of a workflow whose other jobs build the rest).
  bool only_requested = false;
  // Builds each table over the ranks of this partition (mpirun; generator/partition.hpp), or
  // whole in this process when null. Every rank calls generate with the same options.
  Partition* partition = nullptr;
  // Above 0: sub-tables are read from their files through one block cache of this many bytes
  // instead of held whole (3 bytes per slot and side), so that memory per MPI rank falls with
  // the rank count; slower, as captures probe at random.
  uint64_t cache_bytes = 0;
  // One line of human-readable progress (phase, ply, rates); called from the main thread.
  std::function<void(const std::string&)> log = [](const std::string&) {};
};

// The lock file held while a table is built (generator/table_lock.hpp).
std::string lock_path(const std::string& dir, const Material& m);

// A table of the plan that is missing and that the run may not build (GenOptions::
// only_requested): another job's, to be built first.
class MissingTableError : public TableError {
 public:
  using TableError::TableError;
};

// Materials to build for the requested ones, in dependency order (each once, canonical).
std::vector<Material> plan(const std::vector<Material>& requested);

// Bytes of memory generation of m needs at its peak under `rules`, sub-tables included
// (docs/generation.md "Memory"): an upper bound, whatever share of the table is drawn. Per
// rank when m is built over `ranks` MPI ranks, with sub-tables read through a block cache of
// cache_bytes (0: held whole).
uint64_t memory_estimate(const Material& m, int ranks = 1, uint64_t cache_bytes = 0,
                         RuleSet rules = RuleSet::Check);

// Generates every table of plan(requested) that is missing (or all, with force). Tables that
// exist are checksum-verified and loaded. Before anything is written, refuses a run whose
// largest table to build has a memory_estimate above the limit (std::runtime_error naming it
// and its MiB), a limit that is not a finite number ≥ 0 (std::invalid_argument) and a
// directory holding tables of the plan built under another rule set (TableError naming the
// directory, those tables and the way out: another directory; --force would destroy them).
// Throws MaterialError, StaleTableError (an existing table unreadable, corrupt or of another
// index scheme: to rebuild), MissingTableError (with only_requested), TableError (I/O failure)
// or std::runtime_error (rule overflow). Its messages name no command-line option: the caller
// adds its own way out.
// What a run did, for its closing line: tables built and found present, the bytes written
// (WDL, DTM and DTC files), wall seconds and the process's peak resident memory.
struct GenSummary {
  size_t built = 0, present = 0;
  uint64_t bytes = 0, peak_rss_bytes = 0;
  double seconds = 0;
};
GenSummary generate(const std::vector<Material>& requested, const GenOptions& options);

}  // namespace xq::gen
