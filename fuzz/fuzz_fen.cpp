// FEN -> position: a FEN that parses prints back to an equal position, the legality verdict
// agrees with the checked parser, and the only error either parser raises is FenError.
#include <cstddef>
#include <cstdint>
#include <string_view>

#include "core/position.hpp"
#include "fuzz/fuzz_check.hpp"

using xq::FenError;
using xq::Position;

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  const std::string_view text(reinterpret_cast<const char*>(data), size);
  Position raw;
  try {
    raw = Position::from_fen_raw(text);
  } catch (const FenError& e) {
    FUZZ_CHECK(*e.what() != '\0');
    bool checked_parses = true;
    try {
      Position::from_fen(text);
    } catch (const FenError&) {
      checked_parses = false;
    }
    FUZZ_CHECK(!checked_parses);  // the checked parser accepts no less than the raw one
    return 0;
  }
  // Round trip: the printed FEN reads back to the same position and prints the same.
  const std::string fen = raw.fen();
  const Position again = Position::from_fen_raw(fen);
  FUZZ_CHECK(again == raw);
  FUZZ_CHECK(again.fen() == fen);
  FUZZ_CHECK(raw.mirrored().mirrored() == raw);
  FUZZ_CHECK(raw.colour_flipped().colour_flipped() == raw);

  const std::string problem = raw.legality_error();
  bool legal = true;
  try {
    FUZZ_CHECK(Position::from_fen(text) == raw);
  } catch (const FenError& e) {
    legal = false;
    FUZZ_CHECK(*e.what() != '\0');
  }
  FUZZ_CHECK(legal == problem.empty());
  if (!legal) return 0;
  // A legal position: every legal move is legal by the single-move test and leads to a legal
  // position; the images are legal too.
  FUZZ_CHECK(raw.mirrored().legality_error().empty());
  FUZZ_CHECK(raw.colour_flipped().legality_error().empty());
  Position play = raw;
  for (const xq::Move m : raw.legal_moves()) {
    FUZZ_CHECK(raw.is_legal_move(m));
    FUZZ_CHECK(raw.after(m).legality_error().empty());
    const xq::Piece captured = play.make(m);
    play.unmake(m, captured);
    FUZZ_CHECK(play == raw);
  }
  return 0;
}
