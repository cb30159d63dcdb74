#include "generator/table_share.hpp"

#include <cstring>
#include <stdexcept>

namespace xq::gen {

Share rank_share(const SolvedTable& t, const Partition& part) {
  return ShareMap(t.index.size(), part.ranks(), share_alignment()).of(part.rank());
}

namespace {

template <class T>
std::vector<T> gather_array(const std::vector<T>& mine, Partition& part, uint64_t n) {
  std::vector<uint8_t> bytes(mine.size() * sizeof(T));
  std::memcpy(bytes.data(), mine.data(), bytes.size());
  bytes = part.all_gather(bytes);
  if (bytes.size() != n * sizeof(T)) throw std::logic_error("gather_whole: shares do not cover");
  std::vector<T> all(n);
  std::memcpy(all.data(), bytes.data(), bytes.size());
  return all;
}

}  // namespace

void gather_whole(SolvedTable& t, Partition& part) {
  const uint64_t n = t.index.size();
  for (int side = 0; side < 2; ++side) {
    t.wdl[side] = gather_array(t.wdl[side], part, n);
    t.distance[side] = gather_array(t.distance[side], part, n);
  }
  t.first = 0;
}

void keep_share(SolvedTable& t, const Share& share) {
  if (t.first != 0) throw std::logic_error("keep_share: the table is a share already");
  for (int side = 0; side < 2; ++side) {
    t.wdl[side] = std::vector<Wdl>(t.wdl[side].begin() + long(share.begin),
                                   t.wdl[side].begin() + long(share.end));
    t.distance[side] = std::vector<uint16_t>(t.distance[side].begin() + long(share.begin),
                                             t.distance[side].begin() + long(share.end));
  }
  t.first = share.begin;
}

}  // namespace xq::gen
