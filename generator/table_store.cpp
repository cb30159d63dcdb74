#include "generator/table_store.hpp"

#include <algorithm>
#include <exception>
#include <filesystem>
#include <fstream>

#include "core/table_names.hpp"
#include "generator/omitted_side.hpp"
#include "generator/table_writer.hpp"

namespace xq::gen {

namespace {

// Side `side` of f, its first n entries, into `out`, runs of 16 blocks decoded by the OpenMP
// threads: a sub-table does not load on one thread, and its pages are first written by the
// threads that decode them (generator/slot_array.hpp).
template <class T>
void read_side(const TableFile& f, int side, uint64_t n, SlotArray<T>& out) {
  out.resize(n);  // every entry read below
  const uint64_t run = uint64_t(f.header().block_entries) * 16;
  const uint64_t runs = (n + run - 1) / run;
  std::exception_ptr error;
#pragma omp parallel for schedule(dynamic)
  for (uint64_t r = 0; r < runs; ++r) {
    try {
      const uint64_t first = r * run;
      f.read(side, first, std::min(run, n - first), out.data() + first);
    } catch (...) {
#pragma omp critical(xq_read_side)
      if (!error) error = std::current_exception();
    }
  }
  if (error) std::rethrow_exception(error);
}

}  // namespace

std::array<std::unique_ptr<TableFile>, 3> check_table(const std::string& dir, const Material& m,
                                                      RuleSet rules,
                                                      std::shared_ptr<BlockCache> cache) {
  std::array<std::unique_ptr<TableFile>, 3> files{
      TableFile::open(table_path(dir, m, TableKind::Wdl, rules), m.name(), TableKind::Wdl, cache),
      TableFile::open(table_path(dir, m, TableKind::Dtm, rules), m.name(), TableKind::Dtm, cache),
      TableFile::open(table_path(dir, m, TableKind::Dtc, rules), m.name(), TableKind::Dtc, cache)};
  const uint64_t n = Index(m).size();
  for (const auto& f : files) {
    f->verify_all();
    if (f->header().rules != rules)
      throw TableError(f->path(), std::string("built under the rule set ") +
                                      rule_set_name(f->header().rules) + ", not " +
                                      rule_set_name(rules));
    if (f->header().index_version != kIndexVersion)
      throw StaleTableError(f->path(), "built with another index scheme");
    if (f->header().slots_per_side != n)
      throw TableError(f->path(), "slot count does not match the index");
  }
  return files;
}

void dtm_entries_to_file(SolvedTable& t) {
  for (int side = 0; side < 2; ++side)
#pragma omp parallel for schedule(static)
    for (uint64_t i = 0; i < t.wdl[side].size(); ++i)
      t.distance[side][i] = dtm_to_file(t.wdl[side][i], t.distance[side][i]);
}
void dtm_entries_from_file(SolvedTable& t) {
  for (int side = 0; side < 2; ++side)
#pragma omp parallel for schedule(static)
    for (uint64_t i = 0; i < t.wdl[side].size(); ++i)
      t.distance[side][i] = dtm_from_file(t.wdl[side][i], t.distance[side][i]);
}

std::unique_ptr<SolvedTable> load_table(const std::string& dir, const Material& m, RuleSet rules,
                                        bool with_dtc, const OmittedStash* stash) {
  const auto [wdl, dtm, dtc] = check_table(dir, m, rules);
  auto t = std::make_unique<SolvedTable>(m);
  const uint64_t n = t->index.size();
  for (int side = 0; side < 2; ++side) {
    read_side(*wdl, side, n, t->wdl[side]);
    read_side(*dtm, side, n, t->distance[side]);
    if (with_dtc) read_side(*dtc, side, n, t->dtc[side]);
  }
  dtm_entries_from_file(*t);
  if (const int side = dtm->header().omitted_side;
      side >= 0 && !(side == kOmittedSide && stash && stash->restore(*t)))
    rebuild_omitted(*t, TableKind::Dtm, side, dtm->path());
  if (const int side = dtc->header().omitted_side; with_dtc && side >= 0)
    rebuild_omitted(*t, TableKind::Dtc, side, dtc->path());
  return t;
}

uint64_t write_table_file(const std::string& dir, const SolvedTable& t, RuleSet rules,
                          TableKind kind, const std::array<const void*, 2>& data,
                          const std::array<SlotArray<uint8_t>, 2>& marks,
                          const nlohmann::json& stats, int threads, Partition* part) {
  const uint64_t n = t.wdl[0].size();
  TableHeader h;
  if (kind != TableKind::Wdl) h.omitted_side = kOmittedSide;
  h.material = t.material.name();
  h.rules = rules;
  h.index_version = kIndexVersion;
  h.slots_per_side = t.index.size();
  h.kind = kind;
  if (!stats.is_null()) h.stats_json = stats.dump();
  const std::string path = table_path(dir, t.material, kind, rules);
  const std::array<const uint8_t*, 2> mask{marks[0].data(), marks[1].data()};
  if (!part) {
    write_table(path, h, data, mask, threads);
  } else {
    const std::vector<uint8_t> shares =
        part->gather(encode_share(h, data, mask, t.first, n, threads));
    if (part->rank() != 0) return 0;
    write_shares(path, h, shares);
  }
  return std::filesystem::file_size(path);
}

void reload_dtm(const std::string& dir, SolvedTable& t, RuleSet rules, const OmittedStash& stash) {
  const auto f = TableFile::open(table_path(dir, t.material, TableKind::Dtm, rules),
                                 t.material.name(), TableKind::Dtm);
  const uint64_t n = t.index.size();
  for (int side = 0; side < 2; ++side) read_side(*f, side, n, t.distance[side]);
  dtm_entries_from_file(t);
  if (!stash.restore(t)) throw std::logic_error("reload_dtm: no stash of " + t.material.name());
}

void write_run_record(const std::string& dir, const Material& m, RuleSet rules,
                      nlohmann::json record) {
  const std::string path =
      std::filesystem::path(table_path(dir, m, TableKind::Wdl, rules)).replace_extension(".json");
  const std::string tmp = path + ".tmp";
  {
    std::ofstream out(tmp, std::ios::trunc);
    out << record.dump(2) << "\n";
    if (!out) throw TableError(tmp, "cannot write the generation record");
  }
  std::filesystem::rename(tmp, path);
}

}  // namespace xq::gen
