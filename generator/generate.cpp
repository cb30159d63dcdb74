#include "generator/generate.hpp"

#ifdef _OPENMP
#include <omp.h>
#endif
#include <malloc.h>
#include <sys/resource.h>

#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <optional>
#include <set>
#include <sstream>

#include "core/table_file.hpp"
#include "core/table_names.hpp"
#include "generator/check_rule_stage.hpp"
#include "generator/cost_model.hpp"
#include "generator/memory_headroom.hpp"
#include "generator/omitted_side.hpp"
#include "generator/solve.hpp"
#include "generator/stats.hpp"
#include "generator/table_lock.hpp"
#include "generator/table_writer.hpp"

namespace xq::gen {

namespace {

using Clock = std::chrono::steady_clock;

double seconds_since(Clock::time_point t) {
  return std::chrono::duration<double>(Clock::now() - t).count();
}

uint64_t peak_rss_bytes() {
  rusage u{};
  getrusage(RUSAGE_SELF, &u);
  return uint64_t(u.ru_maxrss) * 1024;
}

// glibc raises its mmap threshold to the size of each mmapped block freed (up to 32 MiB), so
// that after the first tables' arrays are freed, later arrays of a few MiB to 32 MiB (bitmaps,
// per-draw arrays) come from the heap, whose freed space is not returned: the peak then
// depended on the order of allocations (20 MB between runs of one build, docs/benchmarks.md).
// A fixed threshold keeps every block of 1 MiB or more mmapped and returned when freed.
void fix_mmap_threshold() {
#ifdef __GLIBC__
  mallopt(M_MMAP_THRESHOLD, 1 << 20);
#endif
}

std::string format_rate(double per_second) {
  char buf[32];
  std::snprintf(buf, sizeof buf, "%.2f M", per_second / 1e6);
  return buf;
}

// " | run [#####.....] 52%, ETA 1 min 20 s" while the current table has run `elapsed` seconds;
// no ETA until the run has shown its speed (cost_model.hpp).
std::string run_summary(const RunProgress& run, double elapsed) {
  const int tenths = int(run.share_done() * 10);
  std::ostringstream out;
  out << " | run [" << std::string(tenths, '#') << std::string(10 - tenths, '.') << "] "
      << int(100 * run.share_done()) << "%";
  if (const auto eta = run.eta(elapsed); eta && run.share_done() < 1)
    out << ", ETA " << format_duration(*eta);
  return out.str();
}

// Refuses, before anything is built, a directory whose tables of the plan were built under
// the other rule set: rebuilding them (--force) would destroy them.
void check_rule_set(const std::string& dir, const std::vector<Material>& order,
                    const std::vector<bool>& present, RuleSet rules) {
  std::vector<std::string> foreign;
  RuleSet theirs = rules;
  std::string renamed;  // the first foreign file's right name, for the advice
  for (size_t i = 0; i < order.size(); ++i) {
    if (!present[i]) continue;
    const std::string path = table_path(dir, order[i], TableKind::Wdl, rules);
    std::unique_ptr<TableFile> f;
    try {
      f = TableFile::open(path);
    } catch (const TableError&) {
      continue;  // damaged: the run's own check of the table reports it, with the remedies
    }
    if (f->header().rules == rules) continue;
    theirs = f->header().rules;
    foreign.push_back(std::filesystem::path(path).filename().string());
    if (renamed.empty())
      renamed = std::filesystem::path(table_path(dir, order[i], TableKind::Wdl, theirs))
                    .filename()
                    .string();
  }
  if (foreign.empty()) return;
  // Names carry the rule set, so only a renamed file gets here: its header says otherwise.
  std::ostringstream why;
  for (size_t i = 0; i < foreign.size() && i < 3; ++i)
    why << (i == 0 ? "" : i + 1 == foreign.size() ? " and " : ", ") << foreign[i];
  if (foreign.size() > 3) why << " and " << foreign.size() - 3 << " more";
  const bool one = foreign.size() == 1;
  why << (one ? " holds a table" : " hold tables") << " built under the rule set "
      << rule_set_name(theirs) << ", but " << (one ? "its name says " : "their names say ")
      << rule_set_name(rules) << ": rename "
      << (one ? "it to " + renamed : "them (" + foreign[0] + " to " + renamed + ")")
      << " or delete " << (one ? "it" : "them");
  throw TableError(dir, why.str());
}

struct Written {
  uint64_t wdl_bytes, dtm_bytes, dtc_bytes;
  nlohmann::json stats;
  double write_seconds;  // the files, the DTM read back and the statistics
};

// The DTC stage and the files, in an order that keeps the peak within memory_estimate: the
// DTM file and the statistics of the plain and rule values first, then the DTM array holds
// the DTC stage's codes; the limit's statistics; the DTC file; the WDL file last, its presence
// marking the table complete, with the statistics in its header. With keep_dtm the DTM is read
// back for the tables that capture into this one, its omitted side kept in that stash. Over the
// ranks of `part` (collective), each rank solves and encodes its share; rank 0 writes the files and
// has the statistics.
Written solve_dtc_and_write(const std::string& dir, SolvedTable& t, const TableSet& set,
                            RuleSet rules, int threads, const Progress& progress,
                            OmittedStash* keep_dtm, Partition* part) {
  SerialPartition whole;
  Partition& ranks = part ? *part : whole;
  Written w{};
  auto start = Clock::now();
  // Black's captures into the sub-tables tell which of its forced distances the files keep.
  const KeptEntries kept = find_kept_entries(t, set);
  dtm_entries_to_file(t);  // the DTC stage overwrites the array, reload_dtm decodes the file
  const auto dtm_mark = [&](int side, uint64_t slot) {
    const Wdl c = t.wdl[side][slot];
    if (side == kOmittedSide) return kept.dtm_mark(slot, c);
    return c == Wdl::Illegal || c == Wdl::Draw ? kFree : kKeep;
  };
  w.dtm_bytes =
      write_file(dir, t, rules, TableKind::Dtm, t.distance, dtm_mark, nullptr, threads, part);
  w.stats = table_stats(t, rules, ranks);
  if (keep_dtm) keep_dtm->keep(t);
  w.write_seconds = seconds_since(start);
  t.dtc = std::move(t.distance);
  t.distance = {};
  solve_dtc(t, set, progress, ranks);
  start = Clock::now();
  add_limit_stats(t, w.stats, ranks);
  const auto dtc_mark = [&](int side, uint64_t slot) {
    const Wdl c = t.wdl[side][slot];
    if (side == kOmittedSide) return kept.dtc_mark(slot, c, t.dtc[side][slot]);
    return is_forced(c) ? kKeep : kFree;
  };
  w.dtc_bytes = write_file(dir, t, rules, TableKind::Dtc, t.dtc, dtc_mark, nullptr, threads, part);
  t.dtc = {};
  const auto wdl_mark = [&](int side, uint64_t slot) {
    return t.wdl[side][slot] == Wdl::Illegal ? kFree : kKeep;
  };
  w.wdl_bytes = write_file(dir, t, rules, TableKind::Wdl, t.wdl, wdl_mark, w.stats, threads, part);
  if (keep_dtm) reload_dtm(dir, t, rules, *keep_dtm);
  w.write_seconds += seconds_since(start);
  return w;
}

// What the run record says of the ranks of a table built over MPI (collective): per rank its
// peak RSS so far, bytes sent to other ranks for this table and the most bytes sent in one
// pass's exchange.
nlohmann::json rank_record(Partition& part) {
  constexpr size_t kFields = 3;
  const uint64_t values[kFields] = {peak_rss_bytes(), part.bytes_sent(), part.largest_exchange()};
  std::vector<uint8_t> mine(sizeof values);
  std::memcpy(mine.data(), values, sizeof values);
  const std::vector<uint8_t> all = part.gather(mine);
  nlohmann::json fields[kFields];
  for (size_t at = 0; at + sizeof values <= all.size(); at += sizeof values) {
    uint64_t v[kFields];
    std::memcpy(v, all.data() + at, sizeof v);
    for (size_t f = 0; f < kFields; ++f) fields[f].push_back(v[f]);
  }
  return {{"ranks", part.ranks()},
          {"exchanges", part.exchanges()},
          {"peak_rss_bytes", fields[0]},
          {"bytes_sent", fields[1]},
          {"largest_exchange_bytes", fields[2]}};
}

}  // namespace

std::string lock_path(const std::string& dir, const Material& m) {
  return (std::filesystem::path(dir) / (m.name() + ".lock")).string();
}

std::vector<Material> plan(const std::vector<Material>& requested) {
  std::vector<Material> order;
  std::set<Material> seen;
  for (const Material& m : requested)
    for (const Material& sub : capture_closure(m))
      if (seen.insert(sub).second) order.push_back(sub);
  // Closures are each in dependency order; merged, a material may follow one that needs it.
  std::stable_sort(order.begin(), order.end(), [](const Material& a, const Material& b) {
    return a.piece_count() < b.piece_count();
  });
  return order;
}

uint64_t memory_estimate(const Material& m, int ranks, uint64_t cache_bytes, RuleSet rules) {
  // Per slot and side: 3 bytes of working code and counts that become the final value, in
  // every stage. Besides them, the plain, write and DTC stages need at most 2 bytes (the write
  // mask 1; the DTC stage reuses the DTM array, written first, and needs at most 1 byte more)
  // and the capture targets, 3 bytes per slot and side of each, whole on every rank. The rule
  // stage needs at most kRuleBitsPerDrawnSlot / 8 bytes (check_rule_stage.hpp, 49/8) when every
  // slot is a draw; the capture targets are freed for it under the check rule, and under chinese
  // and asian all but their classes, 1 byte per slot and side (generate's release, unless read
  // through the cache). Over ranks a rank holds its share of the rest in
  // every stage (the first share is the largest), plus its exchange buffers: at most 8 bytes
  // per un-move it posts in one pass (plain, rule or DTC), bounded here by a quarter of the
  // share's bytes (docs/generation.md has measured traffic).
  // Saturating: an index near 2^64 slots must not wrap to a small figure (UINT64_MAX: more
  // than any machine has).
  const auto add = [](uint64_t a, uint64_t b) { return a > UINT64_MAX - b ? UINT64_MAX : a + b; };
  const auto times = [](uint64_t a, uint64_t b) {
    return b != 0 && a > UINT64_MAX / b ? UINT64_MAX : a * b;
  };
  const uint64_t n = Index(m).size();
  const Share share = ShareMap(n, ranks, share_alignment()).of(0);
  uint64_t plain = times(share.size(), 2 * 5);
  uint64_t rule =
      rules == RuleSet::None ? 0 : times(share.size(), 2 * (3 * 8 + kRuleBitsPerDrawnSlot)) / 8;
  if (ranks > 1) plain = add(plain, plain / 4), rule = add(rule, rule / 4);
  uint64_t targets = cache_bytes;
  if (!cache_bytes)
    for (const Material& sub : capture_targets(m))
      targets = add(targets, times(Index(sub).size(), 2 * 3));
  if (cache_bytes || rules == RuleSet::None)
    rule = add(rule, targets);
  else if (rules != RuleSet::Check)
    rule = add(rule, targets / 3);
  return std::max(add(plain, targets), rule);
}

namespace {

// The run plan: the tables of plan(requested) in dependency order, which of them are present,
// and for each position in the order the tables that the tables still to build from there on
// capture into (only these are kept in memory, which bounds a run by its largest table and
// its targets). Made before anything is built or written: it refuses a run over the memory
// limit, a missing table the run may not build and a directory of another rule set.
struct RunPlan {
  std::vector<Material> order;
  std::vector<bool> present;
  std::vector<std::set<Material>> needed;
  // Of the tables to build: modelled seconds (cost_model.hpp), positions and count.
  double modelled_total = 0;
  uint64_t positions_total = 0;
  size_t tables = 0;
};

RunPlan make_run_plan(const std::vector<Material>& requested, const GenOptions& o,
                      const std::function<bool(const Material&)>& own) {
  RunPlan p;
  p.order = plan(requested);
  p.present.resize(p.order.size());
  const Material* largest = nullptr;  // of the tables to build, by memory_estimate
  uint64_t largest_need = 0;
  for (size_t i = 0; i < p.order.size(); ++i) {
    const Material& m = p.order[i];
    p.present[i] = !(o.force && own(m)) &&
                   std::filesystem::exists(table_path(o.dir, m, TableKind::Wdl, o.rules));
    if (p.present[i]) continue;
    if (!own(m)) throw MissingTableError(table_path(o.dir, m, TableKind::Wdl, o.rules), "missing");
    const uint64_t slots = Index(m).size();  // per side
    p.modelled_total += modelled_seconds(slots);
    p.positions_total += 2 * slots;
    ++p.tables;
    const int ranks = o.partition ? o.partition->ranks() : 1;
    if (const uint64_t need = memory_estimate(m, ranks, o.cache_bytes, o.rules);
        need > largest_need)
      largest = &m, largest_need = need;
  }
  if (largest) {
    std::ostringstream why;
    why << largest->name() << " needs about " << memory_figure(largest_need, true)
        << ", more than ";
    if (o.memory_limit_gib) {
      if (*o.memory_limit_gib > 0 && double(largest_need) > *o.memory_limit_gib * 0x1p30) {
        why << "the memory limit of " << *o.memory_limit_gib << " GiB";
        throw std::runtime_error(why.str());
      }
    } else if (const uint64_t available = available_memory_bytes(); largest_need > available) {
      // Refused now rather than killed by the kernel when the table's turn comes, maybe hours
      // into the run. The estimate is a bound: the user may know better.
      why << "the " << memory_figure(available, false)
          << " available here (--memory-limit 0 to try anyway)";
      throw std::runtime_error(why.str());
    }
  }
  check_rule_set(o.dir, p.order, p.present, o.rules);
  p.needed.resize(p.order.size() + 1);
  for (size_t i = p.order.size(); i-- > 0;) {
    p.needed[i] = p.needed[i + 1];
    if (!p.present[i]) p.needed[i].merge(capture_targets(p.order[i]));
  }
  return p;
}

// A run over its plan, table by table. Over MPI ranks every rank runs it, in step: rank 0
// alone logs, takes the locks and writes the files and records; all ranks solve and load the
// sub-tables.
class TableRun {
 public:
  TableRun(const GenOptions& o, RunPlan& plan, std::function<bool(const Material&)> own,
           int threads)
      : o_(o),
        plan_(plan),
        own_(std::move(own)),
        threads_(threads),
        part_(o.partition),
        rank0_(!part_ || part_->rank() == 0),
        run_(plan.modelled_total, plan.positions_total, plan.tables),
        cache_(o.cache_bytes ? std::make_shared<BlockCache>(o.cache_bytes) : nullptr) {}

  void table(size_t i) {
    const Material& m = plan_.order[i];
    std::ostringstream tag_text;
    tag_text << '[' << i + 1 << '/' << plan_.order.size() << "] " << m.name();
    const std::string tag = tag_text.str();
    set_.retain(plan_.needed[i]);
    stash_.retain(plan_.needed[i]);
    // Another process building the same table into this directory (a cluster job, a second
    // run) holds its lock: wait for it, then take the table it wrote instead of building it.
    std::optional<TableLock> lock;
    if (!plan_.present[i]) {
      if (rank0_) {
        lock.emplace(lock_path(o_.dir, m), [&] { o_.log(tag + ": waiting for another process"); });
        plan_.present[i] =
            !o_.force && std::filesystem::exists(table_path(o_.dir, m, TableKind::Wdl, o_.rules));
      }
      if (part_) plan_.present[i] = part_->broadcast(plan_.present[i]);  // rank 0's, under the lock
    }
    if (plan_.present[i])
      take_present(i, tag);
    else
      build(i, tag, lock);
  }

  // What the run did, once its last table is done.
  GenSummary summary(double seconds) const {
    GenSummary s = summary_;
    s.seconds = seconds;
    s.peak_rss_bytes = peak_rss_bytes();
    return s;
  }

 private:
  // A sub-table, whole in memory or read through the cache.
  std::unique_ptr<SolvedTable> load_sub_table(const Material& m) {
    if (!cache_) {
      auto t = load_table(o_.dir, m, o_.rules, false, &stash_);
      if (!stash_.has(m)) stash_.keep(*t);  // rebuilt once: a present table's first read
      return t;
    }
    auto t = std::make_unique<SolvedTable>(m);
    auto files = check_table(o_.dir, m, o_.rules, cache_);  // captures read WDL and DTM only
    t->files = {std::move(files[0]), std::move(files[1])};
    return t;
  }

  // A table of the plan already there: checked, and loaded when a later table reads it. A
  // table that fails its check can only be rebuilt (StaleTableError).
  void take_present(size_t i, const std::string& tag) {
    const Material& m = plan_.order[i];
    const bool load = plan_.needed[i + 1].count(m) != 0;
    if (!load && !own_(m)) return;  // another job's table, which this one does not read
    try {
      if (load)
        set_.add(load_sub_table(m));
      else if (rank0_)
        check_table(o_.dir, m, o_.rules);
    } catch (const StaleTableError&) {
      throw;
    } catch (const TableError& e) {
      throw StaleTableError(e);
    }
    o_.log(tag + ": present, checksums verified");
    ++summary_.present;
  }

  // The build step of a missing table: its values, DTC and files, its run record, and the
  // table kept for the later tables that capture into it.
  void build(size_t i, const std::string& tag, std::optional<TableLock>& lock) {
    const Material& m = plan_.order[i];
    const auto start = Clock::now();
    const uint64_t slots = Index(m).size(), positions = 2 * slots;
    run_.begin(positions, modelled_seconds(slots));
    const auto progress = [&](const char* phase, int step) {
      const double t = seconds_since(start);
      run_.report(phase, t);
      std::ostringstream line;
      line << tag << ": " << phase << " " << step << ", " << format_rate(positions / t) << "pos/s ("
           << format_rate(positions / t / threads_) << "/thread), " << int(t) << " s"
           << run_summary(run_, t);
      o_.log(line.str());
    };
    // Sub-tables released by an earlier table's rule stage come back when a table reads them.
    const std::set<Material> targets = capture_targets(m);
    for (const Material& sub : targets)
      if (stale_.erase(sub)) set_.add(load_sub_table(sub));
    SerialPartition whole;
    Partition& ranks_of = part_ ? *part_ : whole;
    ranks_of.reset_counts();
    // The sub-tables are not read by the check rule's stage, whose arrays are the table's
    // largest (docs/generation.md "Memory"), and only their classes by the chase stages: they
    // are freed (their distances, under chinese and asian) for the rule stage and read back
    // from their files, so that the two are never alive together. Read through the block cache
    // they are bounded already.
    std::vector<Material> released;
    const auto release = [&](bool classes) {
      if (cache_) return;
      for (const Material& sub : plan_.needed[i])
        if (set_.find(sub)) released.push_back(sub);
      if (classes)
        set_.drop_distances();
      else
        set_.retain({});
    };
    auto table = solve_values(m, set_, o_.rules, progress, ranks_of, release);
    for (const Material& sub : released)
      if (targets.count(sub))
        set_.add(load_sub_table(sub));
      else
        stale_.insert(sub);
    const bool keep = plan_.needed[i + 1].count(m) != 0;
    // A table read through the cache, or held in shares, is loaded back from its files below.
    const Written w = solve_dtc_and_write(o_.dir, *table, set_, o_.rules, threads_, progress,
                                          keep && !cache_ && !part_ ? &stash_ : nullptr, part_);
    if (lock) lock->written();
    const nlohmann::json ranks = part_ ? rank_record(*part_) : nlohmann::json();
    if (part_) part_->barrier();  // the files are in place for every rank to load
    if (!rank0_) {
      if (keep) set_.add(load_sub_table(m));
      return;
    }
    const double seconds = seconds_since(start) - w.write_seconds;  // the solving stages
    nlohmann::json record = {
        {"material", m.name()},
        {"generation_seconds", seconds},
        {"write_seconds", w.write_seconds},
        {"threads", threads_},
        {"positions_per_second_per_thread", double(positions) / seconds / threads_},
        {"peak_rss_bytes", peak_rss_bytes()},
        {"wdl_bytes", w.wdl_bytes},
        {"dtm_bytes", w.dtm_bytes},
        {"dtc_bytes", w.dtc_bytes},
        {"wdl_bits_per_slot", 8.0 * double(w.wdl_bytes) / double(positions)},
        {"dtm_bits_per_slot", 8.0 * double(w.dtm_bytes) / double(positions)},
        {"dtc_bits_per_slot", 8.0 * double(w.dtc_bytes) / double(positions)},
        {"stats", w.stats}};
    if (part_) record["mpi"] = ranks;
    write_run_record(o_.dir, m, o_.rules, record);
    run_.finished(seconds_since(start));
    ++summary_.built;
    summary_.bytes += w.wdl_bytes + w.dtm_bytes + w.dtc_bytes;
    o_.log(tag + ": written in " + std::to_string(int(seconds_since(start))) + " s" +
           run_summary(run_, 0));
    if (!keep) return;
    // A rank holds its share only: the sub-table is read back from its files.
    if (part_ || cache_)
      set_.add(load_sub_table(m));
    else
      set_.add(std::move(table));
  }

  const GenOptions& o_;
  RunPlan& plan_;
  const std::function<bool(const Material&)> own_;
  const int threads_;
  Partition* const part_;
  const bool rank0_;
  RunProgress run_;
  const std::shared_ptr<BlockCache> cache_;
  OmittedStash stash_;
  TableSet set_;
  GenSummary summary_;
  std::set<Material> stale_;  // in the set without their distances, or not at all: reload first
};

}  // namespace

GenSummary generate(const std::vector<Material>& requested, const GenOptions& options) {
  const auto run_start = Clock::now();
  GenOptions o = options;
  if (o.partition && o.partition->rank() != 0) o.log = [](const std::string&) {};
#ifdef _OPENMP
  if (o.threads > 0) omp_set_num_threads(o.threads);
  const int threads = o.threads > 0 ? o.threads : omp_get_max_threads();
#else
  const int threads = 1;  // built with XQTB_OPENMP=OFF: the solver passes run serially
#endif
  if (o.memory_limit_gib && (!std::isfinite(*o.memory_limit_gib) || *o.memory_limit_gib < 0))
    throw std::invalid_argument("the memory limit must be a number of GiB, 0 (none) or more");
  fix_mmap_threshold();
  const std::set<Material> named(requested.begin(), requested.end());
  // With only_requested, the rest of the plan is other jobs' work: it must be there already,
  // and force rebuilds only the named tables.
  const auto own = [&](const Material& m) { return !o.only_requested || named.count(m) != 0; };
  RunPlan plan = make_run_plan(requested, o, own);
  std::error_code error;
  std::filesystem::create_directories(o.dir, error);
  if (error) throw TableError(o.dir, "cannot create the directory: " + error.message());
  TableRun run(o, plan, own, threads);
  for (size_t i = 0; i < plan.order.size(); ++i) run.table(i);
  return run.summary(seconds_since(run_start));
}

}  // namespace xq::gen
