// Material signatures in letters and Chinese: a name that parses has a stable canonical name,
// and parsing either of its printed names (letters, Chinese) gives the same material back.
#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>

#include "core/material.hpp"
#include "fuzz/fuzz_check.hpp"

using xq::Material;
using xq::MaterialError;

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  const std::string_view text(reinterpret_cast<const char*>(data), size);
  Material m;
  try {
    m = Material::parse(text);
  } catch (const MaterialError& e) {
    FUZZ_CHECK(*e.what() != '\0');
    return 0;
  }
  const std::string name = m.name();
  FUZZ_CHECK(Material::parse(name) == m);
  FUZZ_CHECK(Material::parse(name).name() == name);
  const std::string chinese = m.chinese_name();  // parse accepts only counts a side can own
  FUZZ_CHECK(Material::parse(chinese) == m);
  FUZZ_CHECK(Material::parse(chinese).chinese_name() == chinese);

  const Material canonical = m.canonical();
  FUZZ_CHECK(canonical.is_canonical());
  FUZZ_CHECK(canonical.canonical() == canonical);
  FUZZ_CHECK(m.flipped().flipped() == m);
  FUZZ_CHECK(m.flipped().canonical() == canonical);
  FUZZ_CHECK(Material::parse(canonical.name()).canonical().name() == canonical.name());
  FUZZ_CHECK(m.piece_count() == m.side_piece_count(xq::Red) + m.side_piece_count(xq::Black));
  return 0;
}
