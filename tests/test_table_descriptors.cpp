// The bounded pool of table file descriptors (core/table_descriptors.hpp): past its limit the
// least recently read file is closed and reopened on its next read, unless it was replaced.
#include <fcntl.h>

#include <catch2/catch.hpp>
#include <filesystem>
#include <fstream>
#include <string>

#include "core/table_descriptors.hpp"
#include "core/table_file.hpp"
#include "support/table_dir.hpp"

namespace fs = std::filesystem;
using namespace xq;
using Catch::Contains;

namespace {

void write_file(const fs::path& path, const std::string& text) {
  std::ofstream(path, std::ios::binary) << text;
}

uint64_t add(TableDescriptors& pool, const fs::path& path) {
  const int fd = ::open(path.c_str(), O_RDONLY | O_CLOEXEC);
  REQUIRE(fd >= 0);
  return pool.add(fd, path.string());
}

std::string read(TableDescriptors& pool, uint64_t h, size_t size, uint64_t offset) {
  std::string s(size, '\0');
  pool.read(h, s.data(), size, offset);
  return s;
}

}  // namespace

TEST_CASE("table descriptors stay within the limit, reopen by path, refuse a replaced file",
          "[table_file]") {
  const test::TempDir dir("descriptors");
  write_file(dir.path / "a", "alpha file");
  write_file(dir.path / "b", "bravo file");
  write_file(dir.path / "c", "charlie file");
  TableDescriptors pool(2);
  const uint64_t a = add(pool, dir.path / "a"), b = add(pool, dir.path / "b");
  CHECK(read(pool, a, 5, 0) == "alpha");
  const uint64_t c = add(pool, dir.path / "c");  // closes b, the least recently read
  CHECK(pool.open_count() == 2);
  CHECK(read(pool, b, 4, 6) == "file");  // reopened; a closed now
  CHECK(read(pool, c, 7, 0) == "charlie");
  CHECK(pool.open_count() == 2);
  CHECK_THROWS_WITH(read(pool, c, 20, 0), Contains("truncated since it was opened"));

  // a, closed, is replaced by another file of the same size: refused, not read.
  write_file(dir.path / "new", "other file");
  fs::rename(dir.path / "new", dir.path / "a");
  CHECK_THROWS_WITH(read(pool, a, 5, 0), Contains("/a: replaced or resized on disk"));
  // b, open, keeps reading the file it opened though it was replaced.
  fs::remove(dir.path / "b");
  CHECK(read(pool, b, 5, 0) == "bravo");
  pool.remove(a);
  pool.remove(b);
  pool.remove(c);
  CHECK(pool.open_count() == 0);
}
