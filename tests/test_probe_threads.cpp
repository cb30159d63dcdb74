// Many threads probing one Tablebase: tables opened concurrently on first use, and a cache so
// small that blocks are evicted all the time, must give exactly the single-threaded answers.
// scripts/tsan.sh runs this test under ThreadSanitizer.
#include <algorithm>
#include <catch2/catch.hpp>
#include <random>
#include <thread>

#include "core/random_position.hpp"
#include "probe/tablebase.hpp"
#include "support/table_dir.hpp"

using namespace xq;

namespace {

struct Answer {
  std::optional<ProbeResult> value;
  std::optional<Move> best;  // asked for every kBestEvery-th position only
  // Under the limit at counter i % 121 (the DTC files opened concurrently too): the DTC, the
  // verdict, and for every kBestEvery-th position the root probe's top move.
  std::optional<uint16_t> dtc;
  LimitVerdict verdict = LimitVerdict::Draw;
  std::optional<Move> engine_best;
  std::string error;  // what() of an exception, which must not happen
  bool operator==(const Answer& o) const {
    return value.has_value() == o.value.has_value() &&
           (!value || (value->wdl == o.value->wdl && value->distance == o.value->distance)) &&
           best == o.best && dtc == o.dtc && verdict == o.verdict && engine_best == o.engine_best &&
           error == o.error;
  }
};

constexpr size_t kBestEvery = 16;

Answer ask(const Tablebase& tb, const Position& pos, size_t i) {
  Answer a;
  try {
    a.value = tb.probe(pos);
    if (i % kBestEvery == 0)
      if (const BestMove b = tb.best_move(pos); b.found()) a.best = b.best.move;
    const int counter = int(i % (kNaturalLimitPlies + 1));
    if (const auto l = tb.probe(pos, counter)) {
      a.dtc = l->dtc;
      a.verdict = l->limited.verdict;
    }
    if (i % kBestEvery == 0)
      if (const RootProbe r = tb.root_probe(pos, counter); r.found())
        a.engine_best = r.moves[0].move;
  } catch (const std::exception& e) {
    a.error = e.what();
  }
  return a;
}

}  // namespace

TEST_CASE("8 threads probing one Tablebase agree with one thread", "[threads]") {
  const std::string dir = test::small_tables();
  std::mt19937_64 rng(11);
  std::vector<Position> positions;
  for (const char* letters : {"KRkn", "KRkaa", "KNka", "KRka", "KRk", "KNk", "KAAk"})
    for (int i = 0; i < 800; ++i)
      positions.push_back(random_position(letters, Color(rng() & 1), rng));

  std::vector<Answer> expected;
  {
    const Tablebase one({dir});
    for (size_t i = 0; i < positions.size(); ++i) expected.push_back(ask(one, positions[i], i));
  }
  for (const Answer& a : expected) REQUIRE(a.error.empty());

  // 64 KiB: one shard holding a single 32 KiB block, so almost every probe evicts one.
  const Tablebase shared({dir}, 64 << 10);
  constexpr int kThreads = 8;
  std::vector<std::vector<Answer>> got(kThreads, std::vector<Answer>(positions.size()));
  const auto asked = [&](int t, size_t k) {  // thread t's k-th position
    return (k + size_t(t) * positions.size() / kThreads) % positions.size();
  };
  std::vector<std::thread> threads;
  for (int t = 0; t < kThreads; ++t)
    threads.emplace_back([&, t] {
      // Each thread starts at its own offset, so that threads meet on different tables, and
      // asks half of the positions: each position is asked by 4 of the 8 threads.
      for (size_t k = 0; k < positions.size() / 2; ++k) {
        const size_t i = asked(t, k);
        got[t][i] = ask(shared, positions[i], i);
      }
    });
  for (std::thread& th : threads) th.join();

  for (int t = 0; t < kThreads; ++t)
    for (size_t k = 0; k < positions.size() / 2; ++k) {
      const size_t i = asked(t, k);
      if (got[t][i] == expected[i]) continue;
      INFO("thread " << t << " position " << positions[i].fen() << " error " << got[t][i].error);
      FAIL("differs from the single-threaded answer");
    }
  // The sample covers decided values, so that distances were compared too.
  CHECK(std::count_if(expected.begin(), expected.end(),
                      [](const Answer& a) { return a.value && a.value->wdl == Wdl::Win; }) > 1000);
}
