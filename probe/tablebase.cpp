#include "probe/tablebase.hpp"

#include <algorithm>
#include <filesystem>
#include <set>

#include "core/table_names.hpp"

namespace xq {

namespace {

namespace fs = std::filesystem;

// Ordering key of a move for its mover: larger is better.
struct MoveKey {
  int tier;     // 5 plain win, 4 rule win following the strategy, 3 other rule win, 2 draw,
                // 1 rule loss, 0 plain loss
  int64_t sub;  // within a tier: larger is better
};

}  // namespace

Tablebase::Tablebase(const std::vector<std::string>& dirs, size_t cache_bytes)
    : cache_(std::make_shared<BlockCache>(cache_bytes)) {
  for (const std::string& dir : dirs) {
    std::error_code ec;
    fs::directory_iterator it(dir, ec);
    if (ec) throw TableError(dir, "cannot read the directory: " + ec.message());
    for (const fs::directory_entry& f : it) {
      // A material is listed by its WDL file; its DTM file is looked for when first needed.
      const std::optional<Material> m = table_material(f.path(), TableKind::Wdl);
      if (!m || entries_.count(*m)) continue;  // first dir wins
      auto e = std::make_unique<Entry>();
      e->wdl_path = table_path(dir, *m, TableKind::Wdl);
      e->dtm_path = table_path(dir, *m, TableKind::Dtm);
      entries_[*m] = std::move(e);
      largest_ = std::max(largest_, m->piece_count() + 2);
    }
  }
}

std::vector<Material> Tablebase::materials() const {
  std::vector<Material> out;
  for (const auto& [m, e] : entries_) out.push_back(m);
  std::sort(out.begin(), out.end(),
            [](const Material& a, const Material& b) { return a.name() < b.name(); });
  return out;
}

bool Tablebase::has(const Material& m) const {
  return entry(m.canonical()) != nullptr;
}

const Tablebase::Entry* Tablebase::entry(const Material& canonical) const {
  const auto it = entries_.find(canonical);
  return it == entries_.end() ? nullptr : it->second.get();
}

const TableFile& Tablebase::wdl_file(const Entry& e, const Material& m) const {
  return e.wdl.get([&] {
    auto t = TableFile::open(e.wdl_path, m.name(), TableKind::Wdl, cache_);
    if (t->header().index_version != kIndexVersion)
      throw TableError(e.wdl_path, "built with another index scheme");
    return t;
  });
}

const TableFile& Tablebase::dtm_file(const Entry& e, const Material& m) const {
  return e.dtm.get([&] {
    if (!fs::exists(e.dtm_path)) throw TableError(e.dtm_path, "missing DTM file");
    auto t = TableFile::open(e.dtm_path, m.name(), TableKind::Dtm, cache_);
    if (t->header().index_version != kIndexVersion)
      throw TableError(e.dtm_path, "built with another index scheme");
    if (t->header().rules != wdl_file(e, m).header().rules)
      throw TableError(e.dtm_path, "built under another rule set than its WDL file");
    return t;
  });
}

const Index& Tablebase::index_of(const Entry& e, const Material& m) const {
  return e.index.get([&] { return std::make_unique<Index>(m); });
}

std::optional<RuleSet> Tablebase::rules(const Material& m) const {
  const Entry* e = entry(m.canonical());
  if (!e) return std::nullopt;
  dtm_file(*e, m.canonical());  // opening it checks that the pair agrees
  return wdl_file(*e, m.canonical()).header().rules;
}

std::string Tablebase::stats_json(const Material& m) const {
  const Entry* e = entry(m.canonical());
  if (!e) throw TableError(m.canonical().name(), "no table");
  return wdl_file(*e, m.canonical()).header().stats_json;
}

std::optional<Tablebase::Located> Tablebase::locate(const Position& pos) const {
  if (const std::string why = pos.legality_error(); !why.empty())
    throw std::invalid_argument("illegal position: " + why);
  const Material m = Material::of(pos);
  const Material canonical = m.canonical();
  const Entry* e = entry(canonical);
  if (!e) return std::nullopt;
  const Index& index = index_of(*e, canonical);
  if (m.is_canonical()) return Located{e, canonical, pos.side_to_move(), index.encode(pos)};
  const Position flipped = pos.colour_flipped();
  return Located{e, canonical, flipped.side_to_move(), index.encode(flipped)};
}

Wdl Tablebase::read_wdl(const Located& at) const {
  const uint32_t code = wdl_file(*at.entry, at.material).get(at.side, at.slot);
  if (code == uint32_t(Wdl::Illegal) || code > uint32_t(Wdl::RuleLoss))
    throw TableError(at.entry->wdl_path, "no value stored for a legal position");
  return Wdl(code);
}

std::optional<Wdl> Tablebase::probe_wdl(const Position& pos) const {
  const auto at = locate(pos);
  if (!at) return std::nullopt;
  return read_wdl(*at);
}

std::optional<ProbeResult> Tablebase::probe(const Position& pos) const {
  const auto at = locate(pos);  // once: legality, material and encoding serve both files
  if (!at) return std::nullopt;
  const Wdl wdl = read_wdl(*at);
  // The DTM file is opened (header and offset table checked) for a draw too, so that a damaged
  // pair is refused whatever the position's value, not only where a distance is read.
  const TableFile& dtm = dtm_file(*at->entry, at->material);
  return ProbeResult{wdl, wdl == Wdl::Draw ? uint16_t(0) : uint16_t(dtm.get(at->side, at->slot))};
}

RootMoves Tablebase::root_moves(const Position& root) const {
  const auto here = probe(root);
  if (!here) return {RootStatus::NoTable, {}, Material::of(root).canonical()};
  std::vector<std::pair<MoveKey, MoveValue>> ranked;
  for (Move m : root.legal_moves()) {
    const bool capture = root.is_capture(m);
    const bool check = root.gives_check(m);
    const Position next = root.after(m);
    const auto after = probe(next);
    // Only a capture changes the material, and the position's own table is there.
    if (!after) return {RootStatus::NoSubTable, {}, Material::of(next).canonical()};
    MoveValue mv{m, {negate(after->wdl), after->distance}};
    if (!is_rule_decided(after->wdl) && after->wdl != Wdl::Draw) ++mv.value.distance;
    const int d = mv.value.distance;
    MoveKey key{};
    switch (mv.value.wdl) {
      case Wdl::Win:
        key = {5, -d};
        break;
      case Wdl::RuleWin: {
        // docs/metrics.md: a capture leaves this table (its own strategy takes over); a check
        // must lower the potential (k, j); a quiet move must not raise the round k.
        const uint16_t p = here->distance;
        const bool follows =
            capture || here->wdl != Wdl::RuleWin ||
            (check ? mv.value.distance < p : rule_round(mv.value.distance) <= rule_round(p));
        key = {follows ? 4 : 3, capture ? 1 << 20 : -d};
        break;
      }
      case Wdl::Draw:
        key = {2, 0};
        break;
      case Wdl::RuleLoss:
        key = {1, d};
        break;
      default:
        key = {0, d};
        break;
    }
    ranked.push_back({key, mv});
  }
  std::stable_sort(ranked.begin(), ranked.end(), [](const auto& a, const auto& b) {
    return a.first.tier != b.first.tier ? a.first.tier > b.first.tier : a.first.sub > b.first.sub;
  });
  if (ranked.empty()) return {RootStatus::NoLegalMove, {}, std::nullopt};
  RootMoves out;
  for (const auto& [key, mv] : ranked) out.moves.push_back(mv);
  return out;
}

BestMove Tablebase::best_move(const Position& pos) const {
  const RootMoves r = root_moves(pos);
  if (!r.found()) return {r.status, {}, r.missing};
  return {RootStatus::Found, r.moves.front(), std::nullopt};
}

Line Tablebase::principal_variation(const Position& start, int max_plies) const {
  Line line;
  std::set<std::string> seen;
  Position pos = start;
  for (;;) {
    if (int(line.moves.size()) >= max_plies) {
      line.end = LineEnd::MaxPlies;
      break;
    }
    if (!seen.insert(pos.fen()).second) {
      line.end = LineEnd::Repetition;
      break;
    }
    const BestMove b = best_move(pos);
    if (!b.found()) {
      line.end = b.status == RootStatus::NoLegalMove ? LineEnd::NoLegalMove
                 : b.status == RootStatus::NoTable   ? LineEnd::NoTable
                                                     : LineEnd::NoSubTable;
      line.missing = b.missing;
      break;
    }
    line.moves.push_back(b.best.move);
    pos.make(b.best.move);
  }
  return line;
}

}  // namespace xq
