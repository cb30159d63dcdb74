// Table directories for probe tests: a fresh temporary directory, and one directory of small
// generated tables shared by every test of the process (generated on first use, removed at exit).
#pragma once

#include <unistd.h>

#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <string>
#include <vector>

#include "core/material.hpp"
#include "generator/generate.hpp"

namespace xq::test {

// A fresh directory under the system temp dir, removed at scope exit.
struct TempDir {
  std::filesystem::path path;
  explicit TempDir(const std::string& name)
      : path(std::filesystem::temp_directory_path() /
             ("xqtb-test-" + name + "-" + std::to_string(getpid()))) {
    std::filesystem::remove_all(path);
    std::filesystem::create_directories(path);
  }
  ~TempDir() { std::filesystem::remove_all(path); }
  TempDir(const TempDir&) = delete;
  TempDir& operator=(const TempDir&) = delete;
  std::string str() const { return path.string(); }
};

// Generates the materials and their capture closures into dir (threads 0: OpenMP's default).
inline void generate_into(const std::string& dir, const std::vector<std::string>& materials,
                          int threads = 0) {
  gen::GenOptions o;
  o.dir = dir;
  o.threads = threads;
  std::vector<Material> ms;
  for (const std::string& m : materials) ms.push_back(Material::parse(m));
  gen::generate(ms, o);
}

// A file's bytes, and writing them back (for tests that damage table files).
inline std::string read_bytes(const std::filesystem::path& p) {
  std::ifstream in(p, std::ios::binary);
  return {std::istreambuf_iterator<char>(in), {}};
}
inline void write_bytes(const std::filesystem::path& p, const std::string& bytes) {
  std::ofstream(p, std::ios::binary | std::ios::trunc) << bytes;
}

// The table files of dir `a` whose bytes differ from (or are missing in) dir `b`; `compared`
// counts the files of `a` looked at. Run records (.json) are skipped: their times differ by
// design.
inline std::vector<std::string> differing_tables(const std::filesystem::path& a,
                                                 const std::filesystem::path& b, int& compared) {
  std::vector<std::string> differ;
  compared = 0;
  for (const auto& f : std::filesystem::directory_iterator(a)) {
    if (f.path().extension() == ".json") continue;
    ++compared;
    if (read_bytes(f.path()) != read_bytes(b / f.path().filename()))
      differ.push_back(f.path().filename().string());
  }
  return differ;
}

// KRKN (it has rule-decided positions), KRKAA and KNKA with their sub-tables: about 2 s. Or
// the directory XQTB_SMALL_TABLES names, where these were generated already: scripts/tsan.sh
// has the Release build write them, since under ThreadSanitizer (no OpenMP, one thread, so no
// race to find) generating them took most of its leg.
inline std::string small_tables() {
  if (const char* given = std::getenv("XQTB_SMALL_TABLES")) return given;
  static const TempDir dir("small-tables");
  static const bool generated = (generate_into(dir.str(), {"KRKN", "KRKAA", "KNKA"}), true);
  (void)generated;
  return dir.str();
}

}  // namespace xq::test
