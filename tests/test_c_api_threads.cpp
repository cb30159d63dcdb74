// The C API (include/xqtb/xqtb.h) under threads: one handle probed by several threads at once
// gives every thread the serial answers, and each thread's error message is its own.
// (Single-threaded behaviour is tested from C in c_api_test.c.)
#include <atomic>
#include <catch2/catch.hpp>
#include <cstring>
#include <string>
#include <thread>
#include <vector>

#include "support/table_dir.hpp"
#include "xqtb/xqtb.h"

TEST_CASE("C API: one handle shared by threads, error messages per thread", "[c_api]") {
  const xq::test::TempDir dir("c-api-threads");
  xq::test::generate_into(dir.str(), {"KRK"});

  const std::string dir_name = dir.str();
  const char* dirs[] = {dir_name.c_str()};
  xqtb_tablebase* tb = nullptr;
  REQUIRE(xqtb_open(dirs, 1, 1 << 20, &tb) == XQTB_OK);

  const char* const fens[] = {"3k5/9/9/9/9/9/9/9/9/R3K4 w", "3k5/9/9/9/9/9/9/9/9/R3K4 b",
                              "4k4/9/9/9/9/9/9/9/2R6/3K5 w", "5k3/9/9/9/4R4/9/9/9/9/3K5 b"};
  constexpr int kFens = 4;
  xqtb_value serial[kFens];
  for (int i = 0; i < kFens; ++i) REQUIRE(xqtb_probe_fen(tb, fens[i], &serial[i]) == XQTB_OK);

  // Thread t alternates good probes with probes of a material that has no table, a different
  // one per thread, whose name must be the one in its own message.
  const char* const missing[] = {"3k5/9/9/9/9/4c4/9/9/9/R3K4 w", "3k5/9/9/9/9/4n4/9/9/9/R3K4 w",
                                 "3k5/9/9/9/9/4p4/9/9/9/R3K4 w", "3k5/4a4/9/9/9/9/9/9/9/R3K4 w"};
  const char* const names[] = {"KRKC", "KRKN", "KRKP", "KRKA"};
  constexpr int kThreads = 4;
  std::atomic<int> wrong{0};
  std::vector<std::thread> threads;
  for (int t = 0; t < kThreads; ++t)
    threads.emplace_back([&, t] {
      for (int i = 0; i < 2000; ++i) {
        const int f = (i + t) % kFens;
        xqtb_value v{};
        if (xqtb_probe_fen(tb, fens[f], &v) != XQTB_OK || v.wdl != serial[f].wdl ||
            v.distance != serial[f].distance || xqtb_last_error()[0] != '\0')
          ++wrong;
        int wdl = 0;
        if (xqtb_probe_wdl_fen(tb, missing[t], &wdl) != XQTB_NOT_AVAILABLE ||
            !std::strstr(xqtb_last_error(), names[t]))
          ++wrong;
      }
    });
  for (std::thread& th : threads) th.join();
  CHECK(wrong == 0);

  xqtb_close(tb);
}

TEST_CASE("C API: adjudication from several threads at once", "[c_api][adjudicate]") {
  // The rule cycles T12 (Red chases a cannon) and T31 (Black's perpetual mate threats, chinese)
  // and an illegal history, each thread in its own order: every answer is the serial one.
  struct Game {
    const char *fen, *moves;
    int rules;
  };
  const Game games[] = {
      {"4kab2/4a4/4b4/3rC2R1/9/9/4n4/4B4/4A4/4KAB1c w", "h6i6 i0h0 i6h6 h0i0", XQTB_RULES_ASIAN},
      {"4k4/3P2P1P/9/9/6b1c/5p1C1/9/9/4A4/3AK1p2 w", "h4i4 i5h5 i4h4 h5i5", XQTB_RULES_CHINESE},
      {"4kab2/4a4/4b4/3rC2R1/9/9/4n4/4B4/4A4/4KAB1c w", "h6i6 i0h0 i6g5", XQTB_RULES_ASIAN}};
  constexpr int kGames = 3;
  xqtb_adjudication serial[kGames];
  int status[kGames];
  for (int g = 0; g < kGames; ++g)
    status[g] =
        xqtb_adjudicate_fen(games[g].fen, games[g].moves, games[g].rules, nullptr, &serial[g]);
  REQUIRE(status[0] == XQTB_OK);
  CHECK(serial[0].verdict == XQTB_RED_VIOLATES);
  REQUIRE(status[1] == XQTB_OK);
  CHECK(serial[1].verdict == XQTB_BLACK_VIOLATES);
  CHECK(status[2] == XQTB_BAD_MOVE);  // i6g5 is no rook move
  std::atomic<int> wrong{0};
  std::vector<std::thread> threads;
  for (int t = 0; t < 4; ++t)
    threads.emplace_back([&, t] {
      for (int i = 0; i < 40; ++i) {
        const int g = (i + t) % kGames;
        xqtb_adjudication a;
        const int code =
            xqtb_adjudicate_fen(games[g].fen, games[g].moves, games[g].rules, nullptr, &a);
        if (code != status[g] || a.verdict != serial[g].verdict ||
            std::strcmp(a.reason, serial[g].reason) != 0 ||
            (code != XQTB_OK && std::strstr(xqtb_last_error(), "ply 3") == nullptr))
          ++wrong;
      }
    });
  for (std::thread& th : threads) th.join();
  CHECK(wrong == 0);
}
