#include "generator/omitted_side.hpp"

#include <zstd.h>

#include <algorithm>
#include <atomic>
#include <stdexcept>

#include "core/one_ply.hpp"

namespace xq::gen {

EntryMark KeptEntries::dtm_mark(uint64_t slot, Wdl w) const {
  if (w == Wdl::Illegal || w == Wdl::Draw) return kFree;
  return omissible(TableKind::Dtm, w) && !dtm.test(slot) ? kZero : kKeep;
}

// A Win's capture that converts gives DTC 1; a Loss's captures convert in 1 ply, the greatest
// DTC only when no quiet move lasts longer.
EntryMark KeptEntries::dtc_mark(uint64_t slot, Wdl w, uint16_t dtc) const {
  if (!is_forced(w)) return kFree;
  if (!omissible(TableKind::Dtc, w)) return kKeep;
  const bool kept = capture.test(slot) && (w == Wdl::Win || dtc == 1);
  return kept ? kKeep : kZero;
}

KeptEntries find_kept_entries(const SolvedTable& t, const TableSet& set) {
  const uint64_t n = t.wdl[kOmittedSide].size();
  KeptEntries kept(n);
  const CaptureTargets targets(t.material, set);
  const Color side = Color(kOmittedSide);
#pragma omp parallel
  {
    SlotCursor cur(t.index);
    MoveList captures;
    // A word of bits per step: no two threads write one.
#pragma omp for schedule(dynamic, 64)
    for (uint64_t word = 0; word < kept.dtm.words(); ++word) {
      uint64_t dtm_bits = 0, capture_bits = 0;
      for (uint64_t i = word * 64; i < std::min(n, word * 64 + 64); ++i) {
        const Wdl w = t.wdl[kOmittedSide][i];
        if (!is_forced(w) || !cur.load(t.first + i, side)) continue;
        Position& pos = cur.pos();
        const Position::KingSafety safety = pos.king_safety(side);
        const bool win = is_win(w);
        unsigned best = win ? ~0u : 0;  // the captures' least win or greatest loss
        bool capture = false;
        captures.size = 0;
        pos.pseudo_captures(captures);
        for (const Move m : captures) {
          const bool sure = pos.surely_legal(m, safety);
          const Piece cap = pos.make(m);
          if (!sure && pos.in_check(side)) {
            pos.unmake(m, cap);
            continue;
          }
          const Outcome o = targets.probe(pos, cap);
          pos.unmake(m, cap);
          if (win) {
            if (is_forced(o.wdl) && is_loss(o.wdl)) best = std::min(best, o.distance + 1u);
            capture |= o.wdl == Wdl::Loss;
          } else {
            if (is_forced(o.wdl) && is_win(o.wdl)) best = std::max(best, o.distance + 1u);
            capture = true;
          }
        }
        const uint64_t bit = uint64_t(1) << (i % 64);
        if (best == t.distance[kOmittedSide][i]) dtm_bits |= bit;
        if (capture) capture_bits |= bit;
      }
      kept.dtm.word(word) = dtm_bits;
      kept.capture.word(word) = capture_bits;
    }
  }
  return kept;
}

void rebuild_omitted(SolvedTable& t, TableKind kind, int side, const std::string& path) {
  if (t.first != 0) throw std::logic_error("rebuild_omitted: a whole table only");
  auto& values = kind == TableKind::Dtm ? t.distance : t.dtc;
  const int other = 1 - side;
  const uint64_t n = t.index.size();
  std::atomic<bool> unbuilt{false};
#pragma omp parallel
  {
    SlotCursor cur(t.index);
    MoveList moves;
#pragma omp for schedule(dynamic, 4096)
    for (uint64_t slot = 0; slot < n; ++slot) {
      const Wdl w = t.wdl[side][slot];
      if (values[side][slot] != 0 || !omissible(kind, w) || !cur.load(slot, Color(side))) continue;
      // A file's classes of illegal positions are the writer's fill: nothing to rebuild there.
      if (cur.pos().in_check(Color(other))) continue;
      const auto d = rebuild_distance(
          kind, cur.pos(), w, moves,
          [&](Move m) {
            const uint64_t s = cur.slot_with_move(m.from, m.to);
            return Successor{t.wdl[other][s], s};
          },
          [&](uint64_t s) { return values[other][s]; });
      if (!d) unbuilt = true;
      values[side][slot] = d.value_or(0);
    }
  }
  if (unbuilt) throw TableError(path, "an omitted distance has no move that rebuilds it");
}

void OmittedStash::keep(const SolvedTable& t) {
  const auto& wdl = t.wdl[kOmittedSide];
  const auto& dtm = t.distance[kOmittedSide];
  const uint64_t n = dtm.size();
  std::vector<std::vector<uint8_t>> frames((n + kFrameEntries - 1) / kFrameEntries);
  std::atomic<bool> failed{false};
#pragma omp parallel for schedule(dynamic, 1)
  for (uint64_t f = 0; f < frames.size(); ++f) {
    const uint64_t first = f * kFrameEntries, count = std::min(kFrameEntries, n - first);
    std::vector<uint8_t> planes(2 * count);
    for (uint64_t i = 0; i < count; ++i) {
      const uint16_t d = is_forced(wdl[first + i]) ? dtm[first + i] : 0;
      planes[i] = uint8_t(d);
      planes[count + i] = uint8_t(d >> 8);
    }
    std::vector<uint8_t> out(ZSTD_compressBound(planes.size()));
    const size_t size = ZSTD_compress(out.data(), out.size(), planes.data(), planes.size(), 1);
    failed = failed || ZSTD_isError(size);
    out.resize(ZSTD_isError(size) ? 0 : size);
    out.shrink_to_fit();
    frames[f] = std::move(out);
  }
  if (failed) throw std::runtime_error("OmittedStash: zstd failed to compress");
  frames_[t.material] = std::move(frames);
}

bool OmittedStash::restore(SolvedTable& t) const {
  const auto it = frames_.find(t.material);
  if (it == frames_.end()) return false;
  const auto& frames = it->second;
  const auto& wdl = t.wdl[kOmittedSide];
  auto& dtm = t.distance[kOmittedSide];
  const uint64_t n = dtm.size();
  if (frames.size() != (n + kFrameEntries - 1) / kFrameEntries)
    throw std::logic_error("OmittedStash: another table's frames");
  std::atomic<bool> damaged{false};
#pragma omp parallel for schedule(dynamic, 1)
  for (uint64_t f = 0; f < frames.size(); ++f) {
    const uint64_t first = f * kFrameEntries, count = std::min(kFrameEntries, n - first);
    std::vector<uint8_t> planes(2 * count);
    const size_t size =
        ZSTD_decompress(planes.data(), planes.size(), frames[f].data(), frames[f].size());
    if (size != planes.size()) {
      damaged = true;
      continue;
    }
    for (uint64_t i = 0; i < count; ++i)
      if (is_forced(wdl[first + i])) dtm[first + i] = uint16_t(planes[i] | planes[count + i] << 8);
  }
  if (damaged) throw std::logic_error("OmittedStash: a damaged frame");
  return true;
}

void OmittedStash::retain(const std::set<Material>& keep) {
  std::erase_if(frames_, [&](const auto& entry) { return !keep.count(entry.first); });
}

}  // namespace xq::gen
