// The C API of include/xqtb/xqtb.h over xq::Tablebase: converts positions and moves, and turns
// every exception into a status code and a thread-local message before it can reach C.
#include <algorithm>
#include <climits>
#include <cstdio>
#include <cstring>
#include <new>
#include <stdexcept>

#include "core/material.hpp"
#include "core/notation.hpp"
#include "probe/tablebase.hpp"
#include "rules/adjudicate.hpp"
#include "xqtb/xqtb.h"

struct xqtb_tablebase {
  xqtb_tablebase(const std::vector<std::string>& dirs, size_t cache_bytes,
                 std::optional<xq::RuleSet> rules)
      : tb(dirs, cache_bytes, rules) {}
  xq::Tablebase tb;
};

// "MAJOR.MINOR.PATCH" from the header's macros (expanded before they are quoted).
#define XQTB_QUOTE(x) #x
#define XQTB_VERSION_TEXT(a, b, c) XQTB_QUOTE(a) "." XQTB_QUOTE(b) "." XQTB_QUOTE(c)

namespace {

using xq::Color;

// The header's codes are the library's own encodings, so conversion is a copy.
static_assert(XQTB_RED_KING == xq::make_piece(xq::Red, xq::King));
static_assert(XQTB_RED_PAWN == xq::make_piece(xq::Red, xq::Pawn));
static_assert(XQTB_BLACK_KING == xq::make_piece(xq::Black, xq::King));
static_assert(XQTB_BLACK_HORSE == xq::make_piece(xq::Black, xq::Horse));
static_assert(XQTB_BLACK_PAWN == xq::make_piece(xq::Black, xq::Pawn));
static_assert(int(XQTB_RED) == int(xq::Red) && int(XQTB_BLACK) == int(xq::Black));
static_assert(XQTB_DRAW == int(xq::Wdl::Draw) && XQTB_WIN == int(xq::Wdl::Win) &&
              XQTB_LOSS == int(xq::Wdl::Loss) && XQTB_RULE_WIN == int(xq::Wdl::RuleWin) &&
              XQTB_RULE_LOSS == int(xq::Wdl::RuleLoss) &&
              XQTB_CURSED_WIN == int(xq::Wdl::CursedWin) &&
              XQTB_BLESSED_LOSS == int(xq::Wdl::BlessedLoss) &&
              XQTB_CHASE_WIN == int(xq::Wdl::ChaseWin) &&
              XQTB_CHASE_LOSS == int(xq::Wdl::ChaseLoss));
static_assert(XQTB_LIMIT_PLIES == xq::kNaturalLimitPlies);
static_assert(XQTB_MAX_MOVES == xq::MoveList::kCapacity);
static_assert(XQTB_LIMIT_CONVERTS == int(xq::LimitReason::Converts) &&
              XQTB_LIMIT_DRAW == int(xq::LimitReason::Draw) &&
              XQTB_LIMIT_CURSED == int(xq::LimitReason::Cursed) &&
              XQTB_LIMIT_BLESSED == int(xq::LimitReason::Blessed) &&
              XQTB_LIMIT_TOO_FAR == int(xq::LimitReason::TooFar) &&
              XQTB_LIMIT_RULE_NOT_CLAIMED == int(xq::LimitReason::RuleNotClaimed));
static_assert(XQTB_SQUARES == xq::kSquares);
static_assert(XQTB_RULES_NONE == int(xq::RuleSet::None) &&
              XQTB_RULES_CHECK == int(xq::RuleSet::Check) &&
              XQTB_RULES_ASIAN == int(xq::RuleSet::Asian) &&
              XQTB_RULES_CHINESE == int(xq::RuleSet::Chinese));
static_assert(XQTB_NO_CYCLE == int(xq::CycleVerdict::NoCycle) &&
              XQTB_REPETITION_DRAW == int(xq::CycleVerdict::Draw) &&
              XQTB_RED_VIOLATES == int(xq::CycleVerdict::RedLoses) &&
              XQTB_BLACK_VIOLATES == int(xq::CycleVerdict::BlackLoses));
static_assert(XQTB_VIOLATION_CHECK == int(xq::Violation::Check) &&
              XQTB_VIOLATION_CHASE == int(xq::Violation::Chase) &&
              XQTB_VIOLATION_PINNED_ROOK_CHASE == int(xq::Violation::PinnedRookChase) &&
              XQTB_VIOLATION_KILL == int(xq::Violation::Kill) &&
              XQTB_VIOLATION_MIXED == int(xq::Violation::Mixed));
static_assert(XQTB_CLASS_CHECK == int(xq::MoveClass::Check) &&
              XQTB_CLASS_KILL == int(xq::MoveClass::Kill) &&
              XQTB_CLASS_CHASE == int(xq::MoveClass::Chase) &&
              XQTB_CLASS_IDLE == int(xq::MoveClass::Idle));

// A fixed buffer, so that recording an out-of-memory failure cannot itself allocate.
thread_local char last_error[512];

void set_error(const char* msg) noexcept {
  std::snprintf(last_error, sizeof last_error, "%s", msg);
}

int fail(int code, const char* msg) noexcept {
  set_error(msg);
  return code;
}

int fail(int code, const std::string& msg) noexcept {
  return fail(code, msg.c_str());
}

// Runs body, mapping its exceptions to status codes; clears the message on success.
template <class Body>
int guarded(Body&& body) noexcept {
  try {
    const int code = body();
    if (code == XQTB_OK) last_error[0] = '\0';
    return code;
  } catch (const std::bad_alloc&) {
    return fail(XQTB_NO_MEMORY, "out of memory");
  } catch (const xq::TableError& e) {
    return fail(XQTB_TABLE_ERROR, e.what());
  } catch (const xq::FenError& e) {
    return fail(XQTB_BAD_POSITION, e.what());
  } catch (const xq::GameError& e) {
    return fail(XQTB_BAD_MOVE, e.what());
  } catch (const std::invalid_argument& e) {
    // Tablebase reports an illegal position so; MaterialError derives from it too.
    return fail(XQTB_BAD_POSITION, e.what());
  } catch (const std::exception& e) {
    return fail(XQTB_INTERNAL_ERROR, e.what());
  } catch (...) {
    return fail(XQTB_INTERNAL_ERROR, "unknown exception");
  }
}

// Checks the codes and the side to move, then the position's legality.
int read_position(const xqtb_position* in, xq::Position& out) {
  if (!in) return fail(XQTB_INVALID_ARGUMENT, "null position");
  if (in->side_to_move != XQTB_RED && in->side_to_move != XQTB_BLACK)
    return fail(XQTB_BAD_POSITION, "side to move is neither 0 (Red) nor 1 (Black)");
  xq::Square squares[xq::kSquares];
  xq::Piece pieces[xq::kSquares];
  int n = 0;
  for (int s = 0; s < xq::kSquares; ++s) {
    const uint8_t code = in->board[s];
    if (code == XQTB_EMPTY) continue;
    if (code > XQTB_BLACK_PAWN || code == 8)
      return fail(XQTB_BAD_POSITION,
                  "unknown piece code " + std::to_string(code) + " on point " + std::to_string(s));
    squares[n] = s;
    pieces[n++] = code;
  }
  out.place(squares, pieces, n);
  out.set_side_to_move(Color(in->side_to_move));
  if (const std::string why = out.legality_error(); !why.empty())
    return fail(XQTB_BAD_POSITION, "illegal position: " + why);
  return XQTB_OK;
}

int not_available(const xq::Position& pos) {
  return fail(XQTB_NOT_AVAILABLE,
              "no table for " + xq::Material::of(pos).canonical().name() + " in the directories");
}

int probe_wdl_at(const xqtb_tablebase* tb, const xq::Position& pos, int* wdl) {
  const auto r = tb->tb.probe_wdl(pos);
  if (!r) return not_available(pos);
  *wdl = int(*r);
  return XQTB_OK;
}

int probe_at(const xqtb_tablebase* tb, const xq::Position& pos, xqtb_value* out) {
  const auto r = tb->tb.probe(pos);
  if (!r) return not_available(pos);
  *out = {int(r->wdl), int(r->distance)};
  return XQTB_OK;
}

// The C code of a verdict under the limit.
int limit_wdl(xq::LimitVerdict v) {
  return v == xq::LimitVerdict::Win    ? XQTB_WIN
         : v == xq::LimitVerdict::Loss ? XQTB_LOSS
                                       : XQTB_DRAW;
}

int check_counter(int counter) {
  if (xq::valid_counter(counter)) return XQTB_OK;
  return fail(XQTB_INVALID_ARGUMENT, "counter " + std::to_string(counter) + " is not 0.." +
                                         std::to_string(XQTB_LIMIT_PLIES) +
                                         " plies since the last capture");
}

int probe_limit_at(const xqtb_tablebase* tb, const xq::Position& pos, int counter,
                   xqtb_limit_value* out) {
  if (const int code = check_counter(counter)) return code;
  const auto r = tb->tb.probe(pos, counter);
  if (!r) return not_available(pos);
  *out = {{int(r->unlimited.wdl), int(r->unlimited.distance)},
          r->dtc ? int(*r->dtc) : -1,
          counter,
          limit_wdl(r->limited.verdict),
          int(r->limited.reason)};
  return XQTB_OK;
}

int probe_root_at(const xqtb_tablebase* tb, const xq::Position& pos, int counter,
                  xqtb_root_move* moves, size_t capacity, size_t* count) {
  if (const int code = check_counter(counter)) return code;
  const xq::RootProbe r = tb->tb.root_probe(pos, counter);
  switch (r.status) {
    case xq::RootStatus::Found:
      break;
    case xq::RootStatus::NoTable:
      return not_available(pos);
    case xq::RootStatus::NoSubTable:
      return fail(XQTB_NOT_AVAILABLE,
                  "no table for " + r.missing->name() + ", reached by a capture from " + pos.fen());
    case xq::RootStatus::NoLegalMove:
      return fail(XQTB_NO_MOVE, "the side to move has no legal move");
  }
  if (size_t(r.size) > capacity) {
    *count = size_t(r.size);
    return fail(XQTB_INVALID_ARGUMENT,
                std::to_string(r.size) + " legal moves, room for " + std::to_string(capacity));
  }
  for (int i = 0; i < r.size; ++i) {
    const xq::RootMoveLimit& m = r.moves[i];
    moves[i] = {{m.move.from, m.move.to},
                {{int(m.unlimited.wdl), int(m.unlimited.distance)},
                 m.dtc ? int(*m.dtc) : -1,
                 counter,
                 limit_wdl(m.limited.verdict),
                 int(m.limited.reason)},
                m.rank};
  }
  *count = size_t(r.size);
  return XQTB_OK;
}

// The counter of a FEN's halfmove field (0 without one); throws FenError when out of range.
int fen_counter_of(const char* fen) {
  return xq::fen_counter(fen).value_or(0);
}

// Copies text with its NUL; the buffers are sized for the longest notation.
int copy_text(const std::string& text, char* out, size_t size) {
  if (text.size() >= size) return fail(XQTB_INTERNAL_ERROR, "move text too long: " + text);
  std::memcpy(out, text.c_str(), text.size() + 1);
  return XQTB_OK;
}

int best_move_at(const xqtb_tablebase* tb, const xq::Position& pos, xqtb_best* out) {
  const xq::BestMove found = tb->tb.best_move(pos);
  switch (found.status) {
    case xq::RootStatus::Found:
      break;
    case xq::RootStatus::NoTable:
      return not_available(pos);
    case xq::RootStatus::NoSubTable:
      return fail(XQTB_NOT_AVAILABLE, "no table for " + found.missing->name() +
                                          ", reached by a capture from " + pos.fen());
    case xq::RootStatus::NoLegalMove:
      return fail(XQTB_NO_MOVE, "the side to move has no legal move");
  }
  const xq::MoveValue& best = found.best;
  xqtb_best r{};
  r.move = {best.move.from, best.move.to};
  r.value = {int(best.value.wdl), int(best.value.distance)};
  if (const int code = copy_text(xq::to_iccs(best.move), r.iccs, sizeof r.iccs)) return code;
  if (const int code = copy_text(xq::to_chinese(pos, best.move), r.chinese, sizeof r.chinese))
    return code;
  *out = r;
  return XQTB_OK;
}

// Parses FEN into pos; the FEN entry points share the position ones' bodies through it.
int read_position(const char* fen, xq::Position& pos) {
  if (!fen) return fail(XQTB_INVALID_ARGUMENT, "null FEN");
  pos = xq::Position::from_fen(fen);
  return XQTB_OK;
}

// The body of the probe entry points: arguments checked, the position read from a board or a
// FEN (Source), then probe(tb, position, out); nothing escapes (guarded).
template <class Source, class Out, class Probe>
int probe_entry(const xqtb_tablebase* tb, const Source* source, Out* out, Probe probe) {
  return guarded([&] {
    if (!tb || !out) return fail(XQTB_INVALID_ARGUMENT, "null handle or output");
    xq::Position p;
    if (const int code = read_position(source, p)) return code;
    return probe(tb, p, out);
  });
}

// The rule set and options of the adjudication entry points, checked.
int read_rules(int rules, const xqtb_chase_options* options, xq::RuleSet& out_rules,
               xq::ChaseOptions& out_options) {
  if (rules != XQTB_RULES_CHECK && rules != XQTB_RULES_ASIAN && rules != XQTB_RULES_CHINESE)
    return fail(XQTB_INVALID_ARGUMENT,
                "unknown rule set " + std::to_string(rules) + " (1 check, 2 asian, 3 chinese)");
  out_rules = xq::RuleSet(rules);
  if (!options) return XQTB_OK;
  out_options.minor_attacks_protected_major = options->minor_attacks_protected_major != 0;
  if (options->kill_depth_plies != 0) {
    if (options->kill_depth_plies < 1 || options->kill_depth_plies > 9)
      return fail(XQTB_INVALID_ARGUMENT, "kill_depth_plies must be 1..9 (0: the default)");
    out_options.kill_depth_plies = options->kill_depth_plies;
  }
  return XQTB_OK;
}

// Fills *out from the C++ result; the reasons fit XQTB_REASON_SIZE (at most 15 pieces named).
int write_adjudication(const xq::Adjudication& a, xqtb_adjudication* out) {
  xqtb_adjudication r{};
  r.verdict = int(a.verdict);
  r.final_verdict = a.is_final();
  r.occurrences = a.repetition ? a.repetition->occurrences() : 1;
  if (a.repetition) {
    r.first_ply = a.repetition->first + 1;
    r.last_ply = a.repetition->last;
    r.followed_to_ply = a.repetition->followed_to;
    for (const xq::Color c : {xq::Red, xq::Black}) {
      const xq::SideRecord& s = a.judgement.sides[c];
      xqtb_cycle_side& side = r.sides[c];
      side.moves = s.moves;
      for (size_t k = 0; k < s.class_count.size(); ++k) side.class_count[k] = s.class_count[k];
      side.violation = int(s.violation);
      side.chased_piece = -1;
      for (const xq::Square p : s.chased_always) {
        side.chased_piece = p;
        break;
      }
    }
  }
  if (const int code = copy_text(xq::adjudication_reason(a), r.reason, sizeof r.reason))
    return code;
  if (const int code =
          copy_text(xq::adjudication_reason_chinese(a), r.reason_zh, sizeof r.reason_zh))
    return code;
  *out = r;
  return XQTB_OK;
}

}  // namespace

extern "C" {

const char* xqtb_version(void) {
  return XQTB_VERSION_TEXT(XQTB_VERSION_MAJOR, XQTB_VERSION_MINOR, XQTB_VERSION_PATCH);
}

const char* xqtb_status_string(int status) {
  switch (status) {
    case XQTB_OK:
      return "ok";
    case XQTB_NOT_AVAILABLE:
      return "not available";
    case XQTB_BAD_POSITION:
      return "bad position";
    case XQTB_TABLE_ERROR:
      return "table error";
    case XQTB_NO_MEMORY:
      return "out of memory";
    case XQTB_INVALID_ARGUMENT:
      return "invalid argument";
    case XQTB_NO_MOVE:
      return "no legal move";
    case XQTB_INTERNAL_ERROR:
      return "internal error";
    case XQTB_BAD_MOVE:
      return "bad move";
    default:
      return "unknown status";
  }
}

const char* xqtb_last_error(void) {
  return last_error;
}

int xqtb_open(const char* const* dirs, size_t dir_count, size_t cache_bytes, xqtb_tablebase** out) {
  return xqtb_open_rules(dirs, dir_count, cache_bytes, XQTB_RULES_ANY, out);
}

int xqtb_open_rules(const char* const* dirs, size_t dir_count, size_t cache_bytes, int rules,
                    xqtb_tablebase** out) {
  return guarded([&] {
    if (!out) return fail(XQTB_INVALID_ARGUMENT, "null output handle");
    *out = nullptr;
    if (rules < XQTB_RULES_ANY || rules > XQTB_RULES_CHINESE)
      return fail(XQTB_INVALID_ARGUMENT, "unknown rule set " + std::to_string(rules) +
                                             " (-1 any, 0 none, 1 check, 2 asian, 3 chinese)");
    const std::optional<xq::RuleSet> chosen =
        rules == XQTB_RULES_ANY ? std::nullopt : std::optional(xq::RuleSet(rules));
    if (!dirs && dir_count > 0) return fail(XQTB_INVALID_ARGUMENT, "null directory list");
    std::vector<std::string> list;
    for (size_t i = 0; i < dir_count; ++i) {
      if (!dirs[i]) return fail(XQTB_INVALID_ARGUMENT, "null directory name");
      list.emplace_back(dirs[i]);
    }
    *out =
        new xqtb_tablebase(list, cache_bytes ? cache_bytes : xq::BlockCache::kDefaultBytes, chosen);
    return int(XQTB_OK);
  });
}

void xqtb_close(xqtb_tablebase* tb) {
  delete tb;  // destructors of the mappings and cache do not throw
}

int xqtb_table_count(const xqtb_tablebase* tb, size_t* count) {
  if (count) *count = 0;
  if (!tb || !count) return fail(XQTB_INVALID_ARGUMENT, "null handle or count");
  *count = tb->tb.table_count();
  last_error[0] = '\0';
  return XQTB_OK;
}

int xqtb_largest(const xqtb_tablebase* tb) {
  return tb ? tb->tb.largest() : 0;
}

int xqtb_table_rules(const xqtb_tablebase* tb, const xqtb_position* pos, int* rules) {
  return guarded([&] {
    if (!tb || !rules) return fail(XQTB_INVALID_ARGUMENT, "null handle or output");
    xq::Position p;
    if (const int code = read_position(pos, p)) return code;
    const std::optional<xq::RuleSet> r = tb->tb.rules(xq::Material::of(p));
    if (!r) return not_available(p);
    *rules = int(*r);
    return int(XQTB_OK);
  });
}

int xqtb_has_table(const xqtb_tablebase* tb, const xqtb_position* pos) {
  if (!tb || !pos) return 0;
  // The material counted from the board codes, without building (or checking) a position:
  // this runs in search, before every probe.
  xq::Material m;
  int kings[2] = {0, 0};
  for (const uint8_t code : pos->board) {
    if (code == XQTB_EMPTY) continue;
    if (code > XQTB_BLACK_PAWN || code == 8) return 0;
    const xq::Color c = xq::color_of(code);
    const xq::PieceType t = xq::type_of(code);
    if (t == xq::King)
      ++kings[c];
    else
      ++m.count[c][t];  // at most 89: no overflow of the uint8_t
  }
  return kings[0] == 1 && kings[1] == 1 && tb->tb.has(m);
}

int xqtb_position_from_fen(const char* fen, xqtb_position* out) {
  return guarded([&] {
    if (!out) return fail(XQTB_INVALID_ARGUMENT, "null output position");
    xq::Position pos;
    if (const int code = read_position(fen, pos)) return code;
    for (int s = 0; s < xq::kSquares; ++s) out->board[s] = pos.at(s);
    out->side_to_move = pos.side_to_move();
    return int(XQTB_OK);
  });
}

int xqtb_probe_wdl(const xqtb_tablebase* tb, const xqtb_position* pos, int* wdl) {
  return probe_entry(tb, pos, wdl, probe_wdl_at);
}

int xqtb_probe(const xqtb_tablebase* tb, const xqtb_position* pos, xqtb_value* out) {
  return probe_entry(tb, pos, out, probe_at);
}

int xqtb_probe_wdl_fen(const xqtb_tablebase* tb, const char* fen, int* wdl) {
  return probe_entry(tb, fen, wdl, probe_wdl_at);
}

int xqtb_probe_fen(const xqtb_tablebase* tb, const char* fen, xqtb_value* out) {
  return probe_entry(tb, fen, out, probe_at);
}

int xqtb_probe_limit(const xqtb_tablebase* tb, const xqtb_position* pos, int counter,
                     xqtb_limit_value* out) {
  return probe_entry(
      tb, pos, out, [counter](const xqtb_tablebase* t, const xq::Position& p, xqtb_limit_value* o) {
        return probe_limit_at(t, p, counter, o);
      });
}

int xqtb_probe_limit_fen(const xqtb_tablebase* tb, const char* fen, xqtb_limit_value* out) {
  return probe_entry(tb, fen, out,
                     [fen](const xqtb_tablebase* t, const xq::Position& p, xqtb_limit_value* o) {
                       return probe_limit_at(t, p, fen_counter_of(fen), o);
                     });
}

int xqtb_probe_root(const xqtb_tablebase* tb, const xqtb_position* pos, int counter,
                    xqtb_root_move* moves, size_t capacity, size_t* count) {
  return guarded([&] {
    if (count) *count = 0;
    if (!tb || !count || (!moves && capacity > 0))
      return fail(XQTB_INVALID_ARGUMENT, "null handle, moves or count");
    xq::Position p;
    if (const int code = read_position(pos, p)) return code;
    return probe_root_at(tb, p, counter, moves, capacity, count);
  });
}

int xqtb_probe_root_fen(const xqtb_tablebase* tb, const char* fen, xqtb_root_move* moves,
                        size_t capacity, size_t* count) {
  return guarded([&] {
    if (count) *count = 0;
    if (!tb || !count || (!moves && capacity > 0))
      return fail(XQTB_INVALID_ARGUMENT, "null handle, moves or count");
    xq::Position p;
    if (const int code = read_position(fen, p)) return code;
    return probe_root_at(tb, p, fen_counter_of(fen), moves, capacity, count);
  });
}

int xqtb_best_move(const xqtb_tablebase* tb, const xqtb_position* pos, xqtb_best* out) {
  return probe_entry(tb, pos, out, best_move_at);
}

int xqtb_best_move_fen(const xqtb_tablebase* tb, const char* fen, xqtb_best* out) {
  return probe_entry(tb, fen, out, best_move_at);
}

// The body of both principal variations (limited: under the limit from counter).
int line_entry(const xqtb_tablebase* tb, const xqtb_position* pos, int counter, bool limited,
               xqtb_move* moves, size_t capacity, size_t* count) {
  return guarded([&] {
    if (!tb || !count || (!moves && capacity > 0))
      return fail(XQTB_INVALID_ARGUMENT, "null handle, moves or count");
    *count = 0;
    if (limited)
      if (const int code = check_counter(counter)) return code;
    xq::Position p;
    if (const int code = read_position(pos, p)) return code;
    if (!tb->tb.has(xq::Material::of(p))) return not_available(p);  // even for capacity 0
    const int plies = int(std::min<size_t>(capacity, INT_MAX));
    // A missing table further down only shortens the line (documented in xqtb.h).
    const xq::Line line =
        limited ? tb->tb.limit_line(p, counter, plies) : tb->tb.principal_variation(p, plies);
    for (size_t i = 0; i < line.moves.size(); ++i)
      moves[i] = {line.moves[i].from, line.moves[i].to};
    *count = line.moves.size();
    return int(XQTB_OK);
  });
}

int xqtb_principal_variation(const xqtb_tablebase* tb, const xqtb_position* pos, xqtb_move* moves,
                             size_t capacity, size_t* count) {
  return line_entry(tb, pos, 0, false, moves, capacity, count);
}

int xqtb_principal_variation_limit(const xqtb_tablebase* tb, const xqtb_position* pos, int counter,
                                   xqtb_move* moves, size_t capacity, size_t* count) {
  return line_entry(tb, pos, counter, true, moves, capacity, count);
}

int xqtb_move_to_iccs(xqtb_move move, char out[XQTB_ICCS_SIZE]) {
  return guarded([&] {
    if (!out) return fail(XQTB_INVALID_ARGUMENT, "null output");
    if (move.from >= xq::kSquares || move.to >= xq::kSquares || move.from == move.to)
      return fail(XQTB_INVALID_ARGUMENT, "not a move: points must differ and be below 90");
    return copy_text(xq::to_iccs(xq::Move{move.from, move.to}), out, XQTB_ICCS_SIZE);
  });
}

int xqtb_adjudicate(const xqtb_position* start, const xqtb_move* moves, size_t count, int rules,
                    const xqtb_chase_options* options, xqtb_adjudication* out) {
  return guarded([&] {
    if (!out) return fail(XQTB_INVALID_ARGUMENT, "null output");
    *out = xqtb_adjudication{};
    if (!moves && count > 0) return fail(XQTB_INVALID_ARGUMENT, "null moves");
    if (count == 0) return fail(XQTB_INVALID_ARGUMENT, "empty history: no moves to adjudicate");
    xq::RuleSet rule_set;
    xq::ChaseOptions chase;
    if (const int code = read_rules(rules, options, rule_set, chase)) return code;
    xq::Position pos;
    if (const int code = read_position(start, pos)) return code;
    std::vector<xq::Move> list(count);
    for (size_t i = 0; i < count; ++i) list[i] = {moves[i].from, moves[i].to};
    return write_adjudication(xq::adjudicate(pos, list, rule_set, chase), out);
  });
}

int xqtb_adjudicate_fen(const char* fen, const char* moves, int rules,
                        const xqtb_chase_options* options, xqtb_adjudication* out) {
  return guarded([&] {
    if (!out) return fail(XQTB_INVALID_ARGUMENT, "null output");
    *out = xqtb_adjudication{};
    if (!moves) return fail(XQTB_INVALID_ARGUMENT, "null moves");
    xq::RuleSet rule_set;
    xq::ChaseOptions chase;
    if (const int code = read_rules(rules, options, rule_set, chase)) return code;
    xq::Position pos;
    if (const int code = read_position(fen, pos)) return code;
    const std::vector<xq::Move> list = xq::read_moves(pos, xq::move_texts(moves));
    if (list.empty()) return fail(XQTB_INVALID_ARGUMENT, "empty history: no moves to adjudicate");
    return write_adjudication(xq::adjudicate(pos, list, rule_set, chase), out);
  });
}

}  // extern "C"
