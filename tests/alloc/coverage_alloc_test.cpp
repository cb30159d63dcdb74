// The C API's coverage queries are meant for an engine's search, before every probe: they must
// allocate nothing. This program replaces the global operator new with a counting one, then
// calls xqtb_has_table, xqtb_largest and xqtb_table_count many times on the KRKN tables and
// checks both their answers and that the count did not move. (Its own executable: the
// replacement applies to the whole program.) Usage: coverage_alloc_test TABLE_DIR
#include <atomic>
#include <cstdio>
#include <cstdlib>
#include <new>

#include "xqtb/xqtb.h"

namespace {
std::atomic<long> allocations{0};
}

void* operator new(std::size_t size) {
  allocations.fetch_add(1, std::memory_order_relaxed);
  if (void* p = std::malloc(size ? size : 1)) return p;
  throw std::bad_alloc();
}
void operator delete(void* p) noexcept {
  std::free(p);
}
void operator delete(void* p, std::size_t) noexcept {
  std::free(p);
}

int main(int argc, char** argv) {
  if (argc != 2) {
    std::fprintf(stderr, "usage: %s TABLE_DIR\n", argv[0]);
    return 2;
  }
  const char* dirs[] = {argv[1]};
  xqtb_tablebase* tb = nullptr;
  xqtb_position covered, uncovered;
  if (xqtb_open(dirs, 1, 0, &tb) != XQTB_OK ||
      xqtb_position_from_fen("3k5/9/9/9/9/4n4/9/9/9/R3K4 w", &covered) != XQTB_OK ||
      xqtb_position_from_fen("3k5/9/9/9/9/4c4/9/9/9/R3K4 w", &uncovered) != XQTB_OK) {
    std::fprintf(stderr, "coverage_alloc_test: %s\n", xqtb_last_error());
    return 1;
  }
  const long before = allocations.load();
  int wrong = 0;
  for (int i = 0; i < 10000; ++i) {
    size_t count = 0;
    wrong += xqtb_has_table(tb, &covered) != 1;
    wrong += xqtb_has_table(tb, &uncovered) != 0;
    wrong += xqtb_largest(tb) != 4;
    wrong += xqtb_table_count(tb, &count) != XQTB_OK || count != 4;
  }
  const long allocated = allocations.load() - before;
  // The counter itself is shown to work: a probe's first use builds the index.
  int wdl = 0;
  const bool counted = xqtb_probe_wdl(tb, &covered, &wdl) == XQTB_OK && allocations.load() > before;
  xqtb_close(tb);
  std::printf("coverage_alloc_test: %d wrong answers, %ld allocations in 40000 queries%s\n", wrong,
              allocated, counted ? "" : " (and the counter missed a probe's allocations)");
  return wrong == 0 && allocated == 0 && counted ? 0 : 1;
}
