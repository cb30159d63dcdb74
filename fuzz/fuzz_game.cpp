// A game file as `xqtb adjudicate --fen FEN --file GAME` reads it: the first line is the FEN,
// the rest the game text (comments, move numbers, ICCS, WXF or Chinese moves). A game that
// reads is a sequence of legal moves, and the adjudicator rules it under each rule set with a
// verdict consistent with its cycle; errors are FenError and GameError only.
#include <cstddef>
#include <cstdint>
#include <string_view>
#include <vector>

#include "core/position.hpp"
#include "fuzz/fuzz_check.hpp"
#include "rules/adjudicate.hpp"
#include "rules/game_record.hpp"

using namespace xq;

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  const std::string_view input(reinterpret_cast<const char*>(data), size);
  const size_t eol = input.find('\n');
  if (eol == std::string_view::npos) return 0;
  Position start;
  try {
    start = Position::from_fen(input.substr(0, eol));
  } catch (const FenError&) {
    return -1;
  }
  std::vector<Move> moves;
  try {
    moves = read_moves(start, move_texts(input.substr(eol + 1)));
  } catch (const GameError& e) {
    FUZZ_CHECK(*e.what() != '\0');
    return 0;
  }
  check_moves(start, moves);  // read_moves gives legal moves only: this must not throw
  if (moves.empty()) return 0;
  for (const RuleSet rules : {RuleSet::Check, RuleSet::Asian, RuleSet::Chinese}) {
    const Adjudication a = adjudicate(start, moves, rules);
    FUZZ_CHECK(a.plies == int(moves.size()));
    FUZZ_CHECK(a.repetition.has_value() == (a.verdict != CycleVerdict::NoCycle));
    FUZZ_CHECK(!adjudication_reason(a).empty());
    FUZZ_CHECK(!adjudication_reason_chinese(a).empty());
    if (!a.repetition) continue;
    // The cycle is real: positions `first` and `last` of the game are equal, an even number
    // of plies apart, and the record's start is that position.
    const Repetition& r = *a.repetition;
    FUZZ_CHECK(0 <= r.first && r.first < r.last && r.last <= a.plies);
    FUZZ_CHECK((r.last - r.first) % 2 == 0 && r.last <= r.followed_to && r.followed_to <= a.plies);
    FUZZ_CHECK(a.cycle.size() == size_t(r.last - r.first));
    Position at = start;
    for (int ply = 0; ply < r.last; ++ply) {
      if (ply == r.first) FUZZ_CHECK(at == a.cycle_start);
      at = at.after(moves[size_t(ply)]);
    }
    FUZZ_CHECK(at == a.cycle_start);
  }
  return 0;
}
