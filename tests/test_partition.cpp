// The partition of a table over ranks (generator/partition.hpp) without MPI: the shares, the
// mailbox, the partitioned writer against the whole one, and the solvers over ranks that are
// threads of this process (an in-process Partition) against the serial solution.
#include <unistd.h>

#include <algorithm>
#include <barrier>
#include <catch2/catch.hpp>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <thread>

#include "generator/partition.hpp"
#include "generator/solve.hpp"
#include "generator/table_writer.hpp"

using namespace xq;
using namespace xq::gen;

namespace {

const Progress kQuiet = [](const char*, int) {};

// Ranks that are threads of one process: every collective meets at a barrier, reads what the
// others left in `slots`, and meets again before the slots are reused.
struct ThreadRanks {
  explicit ThreadRanks(int n)
      : ranks(n), sync(n), boxes(size_t(n)), words(size_t(n)), bytes(size_t(n)) {}
  int ranks;
  std::barrier<> sync;
  std::vector<std::vector<std::vector<uint64_t>>> boxes;  // from, then to
  std::vector<uint64_t> words;
  std::vector<std::vector<uint8_t>> bytes;
};

class ThreadPartition final : public Partition {
 public:
  ThreadPartition(ThreadRanks& all, int rank) : all_(all), rank_(rank) {}
  int rank() const override { return rank_; }
  int ranks() const override { return all_.ranks; }
  std::vector<uint64_t> exchange(const std::vector<std::vector<uint64_t>>& out) override {
    all_.boxes[size_t(rank_)] = out;
    all_.sync.arrive_and_wait();
    std::vector<uint64_t> in;
    for (const auto& from : all_.boxes)
      in.insert(in.end(), from[size_t(rank_)].begin(), from[size_t(rank_)].end());
    uint64_t sent = 0;
    for (int r = 0; r < all_.ranks; ++r)
      if (r != rank_) sent += out[size_t(r)].size() * 8;
    count_exchange(sent);
    all_.sync.arrive_and_wait();
    return in;
  }
  bool any(bool mine) override {
    return reduce(mine, [](uint64_t a, uint64_t b) { return a | b; });
  }
  uint64_t max(uint64_t mine) override {
    return reduce(mine, [](uint64_t a, uint64_t b) { return std::max(a, b); });
  }
  uint64_t sum(uint64_t mine) override {
    return reduce(mine, [](uint64_t a, uint64_t b) { return a + b; });
  }
  std::vector<uint8_t> gather(const std::vector<uint8_t>& mine) override {
    std::vector<uint8_t> all = all_gather(mine);
    return rank_ == 0 ? all : std::vector<uint8_t>();
  }
  std::vector<uint8_t> all_gather(const std::vector<uint8_t>& mine) override {
    all_.bytes[size_t(rank_)] = mine;
    all_.sync.arrive_and_wait();
    std::vector<uint8_t> all;
    for (const auto& b : all_.bytes) all.insert(all.end(), b.begin(), b.end());
    all_.sync.arrive_and_wait();
    return all;
  }
  bool broadcast(bool from_rank0) override {
    all_.words[size_t(rank_)] = from_rank0;
    all_.sync.arrive_and_wait();
    const bool v = all_.words[0] != 0;
    all_.sync.arrive_and_wait();
    return v;
  }
  void barrier() override { all_.sync.arrive_and_wait(); }

 private:
  template <class Op>
  uint64_t reduce(uint64_t mine, Op op) {
    all_.words[size_t(rank_)] = mine;
    all_.sync.arrive_and_wait();
    uint64_t v = all_.words[0];
    for (int r = 1; r < all_.ranks; ++r) v = op(v, all_.words[size_t(r)]);
    all_.sync.arrive_and_wait();
    return v;
  }
  ThreadRanks& all_;
  int rank_;
};

std::vector<char> file_bytes(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  return {std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>()};
}

}  // namespace

TEST_CASE("shares are block-aligned, contiguous and cover the slots", "[partition]") {
  const ShareMap three(100000, 3, 32768);  // 33,334 per rank, rounded up to 65,536
  CHECK(three.of(0).begin == 0);
  CHECK(three.of(0).end == 65536);
  CHECK(three.of(1).begin == 65536);
  CHECK(three.of(1).end == 100000);
  CHECK(three.of(2).size() == 0);  // a small table leaves the last rank nothing
  CHECK(three.owner(65535) == 0);
  CHECK(three.owner(65536) == 1);
  CHECK(three.owner(99999) == 1);
  const ShareMap one(100000, 1, 32768);
  CHECK(one.of(0).begin == 0);
  CHECK(one.of(0).end == 100000);
  CHECK(ShareMap(0, 2, 32768).of(1).size() == 0);
  CHECK_THROWS_AS(ShareMap(10, 0, 32768), std::invalid_argument);
  CHECK(share_alignment() == 65536);  // a WDL block: 32 KiB of codes two to the byte
}

TEST_CASE("a serial mailbox delivers every message posted by every thread", "[partition]") {
  SerialPartition serial;
  Mailbox mail(serial);
#pragma omp parallel for
  for (int i = 0; i < 1000; ++i) mail.post(0, uint64_t(i));
  std::vector<uint64_t> got = mail.deliver();
  std::sort(got.begin(), got.end());
  REQUIRE(got.size() == 1000);
  for (uint64_t i = 0; i < 1000; ++i) CHECK(got[i] == i);
  CHECK(mail.deliver().empty());  // the queues were emptied
  CHECK(serial.exchanges() == 2);
  CHECK(serial.bytes_sent() == 0);
}

TEST_CASE("a table written from shares equals the one written whole", "[partition]") {
  const auto dir =
      std::filesystem::temp_directory_path() / ("xqtb-partition-" + std::to_string(::getpid()));
  std::filesystem::create_directories(dir);
  // 5 WDL blocks (65,536 codes each) and a partial one, values in runs with noise, every 7th
  // entry don't-care.
  const uint64_t block = 65536, n = 5 * block + 1000;
  std::array<std::vector<uint8_t>, 2> wdl, free;
  for (int side = 0; side < 2; ++side)
    for (uint64_t i = 0; i < n; ++i) {
      wdl[side].push_back(uint8_t((i / 3000 + side + (i % 97 == 0)) % 6));
      free[side].push_back(i % 7 == 0);
    }
  TableHeader h;
  h.material = "KRK";
  h.rules = RuleSet::Check;
  h.slots_per_side = n;
  h.kind = TableKind::Wdl;
  h.stats_json = R"({"test": true})";
  const std::string whole = (dir / "whole.xqw").string(), parts = (dir / "parts.xqw").string();
  write_table(whole, h, {wdl[0].data(), wdl[1].data()}, {free[0].data(), free[1].data()}, 2);
  const ShareMap shares(n, 3, 2 * block);  // 2 blocks, 2 blocks, 1 block and the partial one
  std::vector<uint8_t> encoded;
  for (int r = 0; r < 3; ++r) {
    const Share s = shares.of(r);
    const std::vector<uint8_t> one =
        encode_share(h, {wdl[0].data() + s.begin, wdl[1].data() + s.begin},
                     {free[0].data() + s.begin, free[1].data() + s.begin}, s.begin, s.size(), 1);
    encoded.insert(encoded.end(), one.begin(), one.end());
  }
  write_shares(parts, h, encoded);
  CHECK(file_bytes(parts) == file_bytes(whole));
  CHECK_THROWS_AS(
      encode_share(h, {wdl[0].data(), wdl[1].data()}, {nullptr, nullptr}, 100, 32768, 1),
      std::invalid_argument);  // not on a block boundary
  CHECK_THROWS_AS(write_shares(parts, h, std::vector<uint8_t>(encoded.begin(), encoded.end() - 5)),
                  std::invalid_argument);  // a truncated share
  std::filesystem::remove_all(dir);
}

TEST_CASE("solving over ranks gives every rank its share of the serial solution", "[partition]") {
  // KRKN has perpetual-check wins; 5 ranks leave the last one an empty share.
  const Material m = Material::parse("KRKN");
  const TableSet set = solve_closure(m, RuleSet::Check, kQuiet);
  const SolvedTable* serial = set.find(m);
  REQUIRE(serial);
  for (const int ranks : {3, 5}) {
    ThreadRanks all(ranks);
    std::vector<std::unique_ptr<SolvedTable>> shares(static_cast<size_t>(ranks));
    std::vector<std::thread> threads;
    for (int r = 0; r < ranks; ++r)
      threads.emplace_back([&, r] {
        ThreadPartition part(all, r);
        shares[size_t(r)] = solve_values(m, set, RuleSet::Check, kQuiet, part);
      });
    for (auto& t : threads) t.join();
    const ShareMap map(serial->index.size(), ranks, share_alignment());
    for (int r = 0; r < ranks; ++r) {
      INFO("ranks " << ranks << ", rank " << r);
      const Share s = map.of(r);
      const SolvedTable& got = *shares[size_t(r)];
      CHECK(got.first == s.begin);
      for (int side = 0; side < 2; ++side) {
        REQUIRE(got.wdl[side].size() == s.size());
        CHECK(std::equal(got.wdl[side].begin(), got.wdl[side].end(),
                         serial->wdl[side].begin() + long(s.begin)));
        CHECK(std::equal(got.distance[side].begin(), got.distance[side].end(),
                         serial->distance[side].begin() + long(s.begin)));
      }
    }
  }
  // The rule stage decided some draws, so the comparison covered it.
  CHECK(std::count(serial->wdl[0].begin(), serial->wdl[0].end(), Wdl::RuleWin) == 312);
}

TEST_CASE("the DTC stage over ranks gives every rank its share of the serial solution",
          "[partition][dtc]") {
  // KRKN under a 10-ply limit: some of its wins convert later than that (13,061 slots with Red
  // to move), so the table has cursed wins and blessed losses and the uncapped second run is
  // compared too.
  const Material m = Material::parse("KRKN");
  constexpr unsigned kLimit = 10;
  const TableSet set = solve_closure(m, RuleSet::Check, kQuiet, kLimit);
  const SolvedTable* serial = set.find(m);
  REQUIRE(serial);
  constexpr int kWorldSize = 3;
  ThreadRanks all(kWorldSize);
  std::vector<std::unique_ptr<SolvedTable>> shares(size_t{kWorldSize});
  std::vector<std::thread> threads;
  for (int r = 0; r < kWorldSize; ++r)
    threads.emplace_back([&, r] {
      ThreadPartition part(all, r);
      shares[size_t(r)] = solve_values(m, set, RuleSet::Check, kQuiet, part);
      solve_dtc(*shares[size_t(r)], set, kQuiet, part, kLimit);
    });
  for (auto& t : threads) t.join();
  const ShareMap map(serial->index.size(), kWorldSize, share_alignment());
  for (int r = 0; r < kWorldSize; ++r) {
    INFO("rank " << r);
    const Share s = map.of(r);
    REQUIRE(s.size() > 0);  // every rank holds slots, so updates cross every boundary
    const SolvedTable& got = *shares[size_t(r)];
    for (int side = 0; side < 2; ++side) {
      REQUIRE(got.wdl[side].size() == s.size());
      REQUIRE(got.dtc[side].size() == s.size());
      CHECK(std::equal(got.wdl[side].begin(), got.wdl[side].end(),
                       serial->wdl[side].begin() + long(s.begin)));
      CHECK(std::equal(got.dtc[side].begin(), got.dtc[side].end(),
                       serial->dtc[side].begin() + long(s.begin)));
    }
  }
  const auto count = [&](Wdl w) {
    return std::count(serial->wdl[0].begin(), serial->wdl[0].end(), w);
  };
  CHECK(count(Wdl::Win) == 160189);
  CHECK(count(Wdl::CursedWin) == 13061);
  CHECK(count(Wdl::BlessedLoss) == 36);
}
