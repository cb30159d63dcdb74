// Move text against a position: the first line is a FEN, the rest one move in ICCS, WXF or
// Chinese. A move that parses is legal there, and each of its printed forms (ICCS, WXF,
// Chinese) parses back to it; the only error raised is NotationError.
#include <cstddef>
#include <cstdint>
#include <string_view>

#include "core/notation.hpp"
#include "core/position.hpp"
#include "fuzz/fuzz_check.hpp"

using namespace xq;

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  const std::string_view input(reinterpret_cast<const char*>(data), size);
  const size_t eol = input.find('\n');
  if (eol == std::string_view::npos) return 0;
  Position pos;
  try {
    pos = Position::from_fen(input.substr(0, eol));
  } catch (const FenError&) {
    return -1;  // not kept in the corpus: the FEN target covers FEN text
  }
  const std::string_view text = input.substr(eol + 1);

  try {
    const Move m = parse_iccs(text);
    FUZZ_CHECK(m.from != m.to);
    FUZZ_CHECK(parse_iccs(to_iccs(m)) == m);
  } catch (const NotationError& e) {
    FUZZ_CHECK(*e.what() != '\0');
  }

  Move m;
  try {
    m = parse_move(pos, text);
  } catch (const NotationError& e) {
    FUZZ_CHECK(*e.what() != '\0');
    return 0;
  }
  FUZZ_CHECK(pos.is_legal_move(m));
  FUZZ_CHECK(parse_move(pos, to_iccs(m)) == m);
  FUZZ_CHECK(parse_move(pos, to_wxf(pos, m)) == m);
  FUZZ_CHECK(parse_move(pos, to_chinese(pos, m)) == m);
  return 0;
}
