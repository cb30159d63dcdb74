/* The C API (include/xqtb/xqtb.h), compiled as C99, on the KRKN tables (and KK, KNK, KRK that
 * `xqtb gen KRKN` writes with them). Usage: c_api_test TABLE_DIR SCRATCH_DIR, where SCRATCH_DIR
 * holds the empty directories header/, truncated/ and dtm/ for damaged copies of KRKN, alone/
 * for an intact copy of KRKN without its sub-tables, and empty/, which stays empty.
 *
 * Expected values were read once with `xqtb probe --dir DIR --fen FEN --json` (and, for the
 * draws and rule values, by scanning KRKN with xq::Tablebase); the test also checks them against
 * each other: a successor's DTM is one ply less, with the other side to move. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "xqtb/xqtb.h"

static int failures = 0;

#define CHECK(cond)                                                                           \
  do {                                                                                        \
    if (!(cond)) {                                                                            \
      ++failures;                                                                             \
      fprintf(stderr, "%s:%d: CHECK(%s) failed; last error: %s\n", __FILE__, __LINE__, #cond, \
              xqtb_last_error());                                                             \
    }                                                                                         \
  } while (0)

#define CHECK_STATUS(call, expected)                                                         \
  do {                                                                                       \
    int status_ = (call);                                                                    \
    if (status_ != (expected)) {                                                             \
      ++failures;                                                                            \
      fprintf(stderr, "%s:%d: %s returned %d (%s), expected %d; last error: %s\n", __FILE__, \
              __LINE__, #call, status_, xqtb_status_string(status_), (int)(expected),        \
              xqtb_last_error());                                                            \
    }                                                                                        \
  } while (0)

/* Red K e0 R a0, Black k d9 n e4: Red to move wins in 7 plies. */
static const char* const kWinFen = "3k5/9/9/9/9/4n4/9/9/9/R3K4 w - - 0 1";
static const int kWinDtm = 7;
/* Its distance to conversion: the rook takes the horse on the 5th ply (d4e4), into KRK's win. */
static const int kWinDtc = 5;
/* Same board, Black to move: lost in 16 plies. */
static const char* const kLossFen = "3k5/9/9/9/9/4n4/9/9/9/R3K4 b - - 0 1";
static const int kLossDtm = 16;
static const char* const kDrawRedFen = "9/9/4k4/9/9/9/9/3R5/1n7/3K5 w - - 0 1";
static const char* const kDrawBlackFen = "9/3kR4/9/9/9/9/9/9/3n5/3K5 b - - 0 1";
/* Drawn by mate alone, decided by the perpetual-check rule: potential (round 1, layer 1/2). */
static const char* const kRuleWinFen = "9/9/4k4/9/9/6R2/9/9/1n7/3K5 w - - 0 1";
static const char* const kRuleLossFen = "9/9/4k4/9/9/9/2n6/9/9/R2K5 b - - 0 1";
/* KRKC: no table. */
static const char* const kNoTableFen = "3k5/9/9/9/9/4c4/9/9/9/R3K4 w - - 0 1";
/* KRKN with Red's rook a4 able to take the horse on e4 (leading to KRK). */
static const char* const kCaptureFen = "3k5/9/9/9/9/R3n4/9/9/9/4K4 w - - 0 1";
/* KRK: the table of the capture above. */
static const char* const kKrkFen = "3k5/9/9/9/9/R8/9/9/9/4K4 w - - 0 1";

static int point(int file, int rank) {
  return rank * 9 + file;
}

static void make_move(xqtb_position* pos, xqtb_move m) {
  pos->board[m.to] = pos->board[m.from];
  pos->board[m.from] = XQTB_EMPTY;
  pos->side_to_move ^= 1;
}

static void test_version(void) {
  char expected[32];
  sprintf(expected, "%d.%d.%d", XQTB_VERSION_MAJOR, XQTB_VERSION_MINOR, XQTB_VERSION_PATCH);
  CHECK(strcmp(xqtb_version(), expected) == 0);
  CHECK(strcmp(xqtb_status_string(XQTB_OK), "ok") == 0);
  CHECK(strcmp(xqtb_status_string(99), "unknown status") == 0);
}

static void test_open_errors(const char* scratch) {
  char missing[1024];
  snprintf(missing, sizeof missing, "%s/no-such-directory", scratch);
  const char* dirs[] = {missing};
  xqtb_tablebase* tb = (xqtb_tablebase*)&failures; /* must be reset to NULL */
  CHECK_STATUS(xqtb_open(dirs, 1, 0, &tb), XQTB_TABLE_ERROR);
  CHECK(tb == NULL);
  CHECK(strstr(xqtb_last_error(), "no-such-directory") != NULL);
  CHECK_STATUS(xqtb_open(dirs, 1, 0, NULL), XQTB_INVALID_ARGUMENT);
  CHECK_STATUS(xqtb_open(NULL, 1, 0, &tb), XQTB_INVALID_ARGUMENT);
  const char* null_dir[] = {NULL};
  CHECK_STATUS(xqtb_open(null_dir, 1, 0, &tb), XQTB_INVALID_ARGUMENT);
  /* No directories: a valid, empty tablebase. */
  CHECK_STATUS(xqtb_open(NULL, 0, 0, &tb), XQTB_OK);
  size_t count = 7;
  CHECK_STATUS(xqtb_table_count(tb, &count), XQTB_OK);
  CHECK(count == 0);
  CHECK(xqtb_last_error()[0] == '\0');
  int wdl = 0;
  CHECK_STATUS(xqtb_probe_wdl_fen(tb, kWinFen, &wdl), XQTB_NOT_AVAILABLE);
  xqtb_close(tb);
  xqtb_close(NULL);
}

/* An empty directory is a count of 0 with XQTB_OK; a NULL handle is an error, not a count. */
static void test_table_count(const char* scratch) {
  char empty[1024];
  snprintf(empty, sizeof empty, "%s/empty", scratch);
  const char* dirs[] = {empty};
  xqtb_tablebase* tb = NULL;
  CHECK_STATUS(xqtb_open(dirs, 1, 0, &tb), XQTB_OK);
  size_t count = 7;
  CHECK_STATUS(xqtb_table_count(tb, &count), XQTB_OK);
  CHECK(count == 0);
  CHECK(xqtb_last_error()[0] == '\0');
  CHECK(xqtb_largest(tb) == 0);
  xqtb_position pos;
  CHECK_STATUS(xqtb_position_from_fen(kWinFen, &pos), XQTB_OK);
  CHECK(xqtb_has_table(tb, &pos) == 0);

  count = 7;
  CHECK_STATUS(xqtb_table_count(NULL, &count), XQTB_INVALID_ARGUMENT);
  CHECK(count == 0);
  CHECK(strstr(xqtb_last_error(), "null") != NULL);
  CHECK_STATUS(xqtb_table_count(tb, NULL), XQTB_INVALID_ARGUMENT);
  CHECK(xqtb_largest(NULL) == 0);
  CHECK(xqtb_has_table(NULL, &pos) == 0);
  CHECK(xqtb_has_table(tb, NULL) == 0);
  xqtb_close(tb);
}

/* Rule sets (new in 0.4): a handle of one rule set lists its tables alone, xqtb_open lists
 * every rule set's; the check tables of tables_dir are answered under XQTB_RULES_CHECK. */
static void test_rule_sets(const char* tables_dir) {
  const char* dirs[] = {tables_dir};
  xqtb_tablebase* tb = NULL;
  CHECK(XQTB_CHASE_WIN == 8 && XQTB_CHASE_LOSS == 9 && XQTB_RULES_NONE == 0);
  CHECK_STATUS(xqtb_open_rules(dirs, 1, 0, 4, &tb), XQTB_INVALID_ARGUMENT);
  CHECK(tb == NULL);
  CHECK(strstr(xqtb_last_error(), "unknown rule set 4") != NULL);
  CHECK_STATUS(xqtb_open_rules(dirs, 1, 0, -2, &tb), XQTB_INVALID_ARGUMENT);
  xqtb_position pos;
  CHECK_STATUS(xqtb_position_from_fen(kWinFen, &pos), XQTB_OK);
  int rules = -5;
  /* Of every rule set, and of the check rule alone: KK KNK KRK KRKN, answered under check. */
  for (int chosen = XQTB_RULES_ANY; chosen <= XQTB_RULES_CHECK; chosen += 2) {
    CHECK_STATUS(xqtb_open_rules(dirs, 1, 0, chosen, &tb), XQTB_OK);
    size_t count = 0;
    CHECK_STATUS(xqtb_table_count(tb, &count), XQTB_OK);
    CHECK(count == 4);
    CHECK_STATUS(xqtb_table_rules(tb, &pos, &rules), XQTB_OK);
    CHECK(rules == XQTB_RULES_CHECK);
    xqtb_value v;
    CHECK_STATUS(xqtb_probe(tb, &pos, &v), XQTB_OK);
    CHECK(v.wdl == XQTB_WIN && v.distance == kWinDtm);
    CHECK_STATUS(xqtb_table_rules(tb, NULL, &rules), XQTB_INVALID_ARGUMENT);
    CHECK_STATUS(xqtb_table_rules(tb, &pos, NULL), XQTB_INVALID_ARGUMENT);
    xqtb_close(tb);
  }
  /* Of the Chinese rule set alone: no table here. */
  CHECK_STATUS(xqtb_open_rules(dirs, 1, 0, XQTB_RULES_CHINESE, &tb), XQTB_OK);
  size_t count = 7;
  CHECK_STATUS(xqtb_table_count(tb, &count), XQTB_OK);
  CHECK(count == 0);
  rules = -5;
  CHECK_STATUS(xqtb_table_rules(tb, &pos, &rules), XQTB_NOT_AVAILABLE);
  CHECK(rules == -5);
  CHECK(xqtb_has_table(tb, &pos) == 0);
  xqtb_close(tb);
  CHECK_STATUS(xqtb_table_rules(NULL, &pos, &rules), XQTB_INVALID_ARGUMENT);
}

/* The coverage queries on KK, KNK, KRK and KRKN: the largest material has 4 pieces with the
 * kings, and presence is answered from the board alone (no legality check, no message). */
static void test_coverage(const xqtb_tablebase* tb) {
  CHECK(xqtb_largest(tb) == 4);
  xqtb_position pos;
  CHECK_STATUS(xqtb_position_from_fen(kWinFen, &pos), XQTB_OK);
  CHECK(xqtb_has_table(tb, &pos) == 1);
  CHECK_STATUS(xqtb_position_from_fen(kKrkFen, &pos), XQTB_OK);
  CHECK(xqtb_has_table(tb, &pos) == 1);
  CHECK_STATUS(xqtb_position_from_fen(kNoTableFen, &pos), XQTB_OK);
  CHECK(xqtb_has_table(tb, &pos) == 0);
  /* A failure's message survives the queries: they never touch it. */
  int wdl = 0;
  CHECK_STATUS(xqtb_probe_wdl(tb, &pos, &wdl), XQTB_NOT_AVAILABLE);
  CHECK(xqtb_has_table(tb, &pos) == 0);
  CHECK(xqtb_largest(tb) == 4);
  CHECK(strstr(xqtb_last_error(), "KRKC") != NULL);

  /* The other orientation of a material: a black rook against a red horse is KRKN's table. */
  CHECK_STATUS(xqtb_position_from_fen("3k5/9/9/9/9/4N4/9/9/r8/4K4 b - - 0 1", &pos), XQTB_OK);
  CHECK(xqtb_has_table(tb, &pos) == 1);
  /* Only the pieces count: an illegal side to move does not matter, a bad code does. */
  xqtb_position odd = pos;
  odd.side_to_move = 5;
  CHECK(xqtb_has_table(tb, &odd) == 1);
  odd = pos;
  odd.board[point(8, 9)] = 8;
  CHECK(xqtb_has_table(tb, &odd) == 0);
  odd = pos;
  odd.board[point(3, 9)] = XQTB_EMPTY; /* no black king */
  CHECK(xqtb_has_table(tb, &odd) == 0);
}

/* A mated side (no legal move) and a material without a table give different statuses. */
static void test_no_move_vs_no_table(const xqtb_tablebase* tb) {
  xqtb_best best;
  /* The mated position at the end of the won line (test_won_position walks it too). */
  xqtb_position pos;
  CHECK_STATUS(xqtb_position_from_fen(kWinFen, &pos), XQTB_OK);
  xqtb_move line[16];
  size_t count = 0;
  CHECK_STATUS(xqtb_principal_variation(tb, &pos, line, 16, &count), XQTB_OK);
  CHECK(count == (size_t)kWinDtm);
  for (size_t i = 0; i < count; ++i) make_move(&pos, line[i]);
  CHECK_STATUS(xqtb_best_move(tb, &pos, &best), XQTB_NO_MOVE);
  CHECK(strstr(xqtb_last_error(), "no legal move") != NULL);
  CHECK_STATUS(xqtb_best_move_fen(tb, kNoTableFen, &best), XQTB_NOT_AVAILABLE);
  CHECK(strstr(xqtb_last_error(), "no table for KRKC") != NULL);
}

static void test_won_position(const xqtb_tablebase* tb) {
  int wdl = 0;
  xqtb_value v = {0, 0};
  CHECK_STATUS(xqtb_probe_wdl_fen(tb, kWinFen, &wdl), XQTB_OK);
  CHECK(wdl == XQTB_WIN);
  CHECK_STATUS(xqtb_probe_fen(tb, kWinFen, &v), XQTB_OK);
  CHECK(v.wdl == XQTB_WIN && v.distance == kWinDtm);

  /* The same position built as an engine would, from the board array. */
  xqtb_position pos;
  memset(&pos, 0, sizeof pos);
  pos.board[point(4, 0)] = XQTB_RED_KING;
  pos.board[point(0, 0)] = XQTB_RED_ROOK;
  pos.board[point(3, 9)] = XQTB_BLACK_KING;
  pos.board[point(4, 4)] = XQTB_BLACK_HORSE;
  pos.side_to_move = XQTB_RED;
  xqtb_position parsed;
  CHECK_STATUS(xqtb_position_from_fen(kWinFen, &parsed), XQTB_OK);
  CHECK(memcmp(pos.board, parsed.board, sizeof pos.board) == 0);
  CHECK(parsed.side_to_move == XQTB_RED);
  CHECK_STATUS(xqtb_probe(tb, &pos, &v), XQTB_OK);
  CHECK(v.wdl == XQTB_WIN && v.distance == kWinDtm);

  xqtb_best best;
  CHECK_STATUS(xqtb_best_move(tb, &pos, &best), XQTB_OK);
  CHECK(strcmp(best.iccs, "a0d0") == 0);
  CHECK(strcmp(best.chinese, "车九平六") == 0);
  CHECK(best.move.from == point(0, 0) && best.move.to == point(3, 0));
  CHECK(best.value.wdl == XQTB_WIN && best.value.distance == kWinDtm);
  char iccs[XQTB_ICCS_SIZE];
  CHECK_STATUS(xqtb_move_to_iccs(best.move, iccs), XQTB_OK);
  CHECK(strcmp(iccs, best.iccs) == 0);

  /* Along the principal variation the DTM drops by one ply a move and the winner alternates,
   * down to a mated side with no move. */
  xqtb_move line[64];
  size_t count = 0;
  CHECK_STATUS(xqtb_principal_variation(tb, &pos, line, 64, &count), XQTB_OK);
  CHECK(count == (size_t)kWinDtm);
  CHECK(line[0].from == best.move.from && line[0].to == best.move.to);
  xqtb_position walk = pos;
  for (size_t i = 0; i < count; ++i) {
    make_move(&walk, line[i]);
    CHECK_STATUS(xqtb_probe(tb, &walk, &v), XQTB_OK);
    CHECK(v.wdl == (i % 2 == 0 ? XQTB_LOSS : XQTB_WIN));
    CHECK(v.distance == kWinDtm - 1 - (int)i);
    CHECK(walk.side_to_move == (int)((i + 1) % 2));
  }
  CHECK(v.wdl == XQTB_LOSS && v.distance == 0);
  CHECK_STATUS(xqtb_best_move(tb, &walk, &best), XQTB_NO_MOVE);
  CHECK_STATUS(xqtb_principal_variation(tb, &walk, line, 64, &count), XQTB_OK);
  CHECK(count == 0);

  /* capacity bounds the line; 0 with NULL moves is allowed. */
  CHECK_STATUS(xqtb_principal_variation(tb, &pos, line, 3, &count), XQTB_OK);
  CHECK(count == 3);
  CHECK_STATUS(xqtb_principal_variation(tb, &pos, NULL, 0, &count), XQTB_OK);
  CHECK(count == 0);
}

static void test_lost_drawn_and_rule(const xqtb_tablebase* tb) {
  xqtb_value v = {0, 0};
  CHECK_STATUS(xqtb_probe_fen(tb, kLossFen, &v), XQTB_OK);
  CHECK(v.wdl == XQTB_LOSS && v.distance == kLossDtm);
  xqtb_best best;
  CHECK_STATUS(xqtb_best_move_fen(tb, kLossFen, &best), XQTB_OK);
  CHECK(strcmp(best.iccs, "e4f2") == 0);
  CHECK(best.value.wdl == XQTB_LOSS && best.value.distance == kLossDtm);
  xqtb_position pos;
  CHECK_STATUS(xqtb_position_from_fen(kLossFen, &pos), XQTB_OK);
  make_move(&pos, best.move);
  CHECK_STATUS(xqtb_probe(tb, &pos, &v), XQTB_OK);
  CHECK(v.wdl == XQTB_WIN && v.distance == kLossDtm - 1 && pos.side_to_move == XQTB_RED);

  int wdl = 0;
  CHECK_STATUS(xqtb_probe_wdl_fen(tb, kDrawRedFen, &wdl), XQTB_OK);
  CHECK(wdl == XQTB_DRAW);
  CHECK_STATUS(xqtb_probe_fen(tb, kDrawBlackFen, &v), XQTB_OK);
  CHECK(v.wdl == XQTB_DRAW && v.distance == 0);
  CHECK_STATUS(xqtb_best_move_fen(tb, kDrawBlackFen, &best), XQTB_OK);
  CHECK(best.value.wdl == XQTB_DRAW);

  CHECK_STATUS(xqtb_probe_fen(tb, kRuleWinFen, &v), XQTB_OK);
  CHECK(v.wdl == XQTB_RULE_WIN && v.distance == 1 * 1024 + 1);
  CHECK_STATUS(xqtb_probe_fen(tb, kRuleLossFen, &v), XQTB_OK);
  CHECK(v.wdl == XQTB_RULE_LOSS && v.distance == 1 * 1024 + 2);
  CHECK_STATUS(xqtb_best_move_fen(tb, kRuleLossFen, &best), XQTB_OK);
  CHECK(best.value.wdl == XQTB_RULE_LOSS);
}

/* Values under the natural limit (xqtb_probe_limit) and the root probe (xqtb_probe_root). */
static void test_limit(const xqtb_tablebase* tb) {
  xqtb_limit_value v;
  memset(&v, 0, sizeof v);
  xqtb_position pos;
  CHECK_STATUS(xqtb_position_from_fen(kWinFen, &pos), XQTB_OK);
  CHECK_STATUS(xqtb_probe_limit(tb, &pos, 0, &v), XQTB_OK);
  CHECK(v.unlimited.wdl == XQTB_WIN && v.unlimited.distance == kWinDtm);
  CHECK(v.dtc == kWinDtc);
  CHECK(v.counter == 0 && v.wdl == XQTB_WIN && v.reason == XQTB_LIMIT_CONVERTS);
  /* The last counter that leaves enough plies, and the first that does not. */
  CHECK_STATUS(xqtb_probe_limit(tb, &pos, XQTB_LIMIT_PLIES - kWinDtc, &v), XQTB_OK);
  CHECK(v.wdl == XQTB_WIN && v.reason == XQTB_LIMIT_CONVERTS);
  CHECK_STATUS(xqtb_probe_limit(tb, &pos, XQTB_LIMIT_PLIES - kWinDtc + 1, &v), XQTB_OK);
  CHECK(v.wdl == XQTB_DRAW && v.reason == XQTB_LIMIT_TOO_FAR && v.dtc == kWinDtc);
  CHECK(v.unlimited.wdl == XQTB_WIN);
  CHECK_STATUS(xqtb_probe_limit(tb, &pos, XQTB_LIMIT_PLIES + 1, &v), XQTB_INVALID_ARGUMENT);
  CHECK(strstr(xqtb_last_error(), "counter 121") != NULL);
  CHECK_STATUS(xqtb_probe_limit(tb, &pos, -1, &v), XQTB_INVALID_ARGUMENT);
  CHECK_STATUS(xqtb_probe_limit(tb, NULL, 0, &v), XQTB_INVALID_ARGUMENT);
  CHECK_STATUS(xqtb_probe_limit(tb, &pos, 0, NULL), XQTB_INVALID_ARGUMENT);

  /* From FEN, the counter is the halfmove field. */
  CHECK_STATUS(xqtb_probe_limit_fen(tb, "3k5/9/9/9/9/4n4/9/9/9/R3K4 w - - 118 60", &v), XQTB_OK);
  CHECK(v.counter == 118 && v.wdl == XQTB_DRAW && v.reason == XQTB_LIMIT_TOO_FAR);
  CHECK_STATUS(xqtb_probe_limit_fen(tb, "3k5/9/9/9/9/4n4/9/9/9/R3K4 w - - 121 60", &v),
               XQTB_BAD_POSITION);
  CHECK(strstr(xqtb_last_error(), "121") != NULL);
  CHECK_STATUS(xqtb_probe_limit_fen(tb, kRuleWinFen, &v), XQTB_OK);
  CHECK(v.unlimited.wdl == XQTB_RULE_WIN && v.dtc == -1);
  CHECK(v.wdl == XQTB_DRAW && v.reason == XQTB_LIMIT_RULE_NOT_CLAIMED);
  CHECK_STATUS(xqtb_probe_limit_fen(tb, kDrawRedFen, &v), XQTB_OK);
  CHECK(v.wdl == XQTB_DRAW && v.reason == XQTB_LIMIT_DRAW && v.dtc == -1);
  CHECK_STATUS(xqtb_probe_limit_fen(tb, kNoTableFen, &v), XQTB_NOT_AVAILABLE);

  /* The root probe: every legal move, the top one converting in the position's DTC. */
  xqtb_root_move moves[XQTB_MAX_MOVES];
  size_t count = 0;
  CHECK_STATUS(xqtb_probe_root(tb, &pos, 0, moves, XQTB_MAX_MOVES, &count), XQTB_OK);
  CHECK(count > 1);
  CHECK(moves[0].rank == 1000 - kWinDtc && moves[0].value.dtc == kWinDtc);
  CHECK(moves[0].value.wdl == XQTB_WIN && moves[0].value.counter == 0);
  for (size_t i = 1; i < count; ++i) CHECK(moves[i - 1].rank >= moves[i].rank);
  size_t small = 0;
  CHECK_STATUS(xqtb_probe_root(tb, &pos, 0, moves, 1, &small), XQTB_INVALID_ARGUMENT);
  CHECK(small == count);
  CHECK_STATUS(xqtb_probe_root(tb, &pos, 121, moves, XQTB_MAX_MOVES, &small),
               XQTB_INVALID_ARGUMENT);
  CHECK(small == 0);
  CHECK_STATUS(xqtb_probe_root_fen(tb, "3k5/9/9/9/9/4n4/9/9/9/R3K4 w - - 119 60", moves,
                                   XQTB_MAX_MOVES, &count),
               XQTB_OK);
  CHECK(moves[0].value.counter == 119 && moves[0].value.wdl == XQTB_DRAW);
  CHECK(moves[0].rank == 1); /* an unlimited win the limit draws */
  CHECK_STATUS(xqtb_probe_root_fen(tb, kCaptureFen, moves, XQTB_MAX_MOVES, &count), XQTB_OK);

  /* The line under the limit converts within the plies left: the first capture or the mate
   * comes after exactly kWinDtc plies. */
  xqtb_move line[XQTB_LIMIT_PLIES];
  size_t plies = 0;
  CHECK_STATUS(xqtb_principal_variation_limit(tb, &pos, 0, line, XQTB_LIMIT_PLIES, &plies),
               XQTB_OK);
  size_t converted = 0;
  xqtb_position walk = pos;
  for (size_t i = 0; i < plies && !converted; ++i) {
    if (walk.board[line[i].to] != XQTB_EMPTY) converted = i + 1;
    make_move(&walk, line[i]);
  }
  CHECK(converted == (size_t)kWinDtc || (converted == 0 && plies == (size_t)kWinDtc));
  CHECK_STATUS(xqtb_principal_variation_limit(tb, &pos, 121, line, XQTB_LIMIT_PLIES, &plies),
               XQTB_INVALID_ARGUMENT);

  /* Mated at the end of the line: no move, a loss at every counter. */
  CHECK_STATUS(xqtb_principal_variation(tb, &pos, line, 16, &plies), XQTB_OK);
  for (size_t i = 0; i < plies; ++i) make_move(&pos, line[i]);
  CHECK_STATUS(xqtb_probe_root(tb, &pos, XQTB_LIMIT_PLIES, moves, XQTB_MAX_MOVES, &count),
               XQTB_NO_MOVE);
  CHECK(count == 0);
  CHECK_STATUS(xqtb_probe_limit(tb, &pos, XQTB_LIMIT_PLIES, &v), XQTB_OK);
  CHECK(v.wdl == XQTB_LOSS && v.dtc == 0 && v.reason == XQTB_LIMIT_CONVERTS);
}

static void test_bad_input(const xqtb_tablebase* tb) {
  int wdl = 0;
  xqtb_value v;
  xqtb_best best;
  xqtb_move line[4];
  size_t count = 7;
  CHECK_STATUS(xqtb_probe_wdl_fen(tb, kNoTableFen, &wdl), XQTB_NOT_AVAILABLE);
  CHECK(strstr(xqtb_last_error(), "KRKC") != NULL);
  CHECK_STATUS(xqtb_probe_fen(tb, kNoTableFen, &v), XQTB_NOT_AVAILABLE);
  CHECK_STATUS(xqtb_best_move_fen(tb, kNoTableFen, &best), XQTB_NOT_AVAILABLE);
  xqtb_position pos;
  CHECK_STATUS(xqtb_position_from_fen(kNoTableFen, &pos), XQTB_OK);
  CHECK_STATUS(xqtb_principal_variation(tb, &pos, line, 4, &count), XQTB_NOT_AVAILABLE);
  CHECK(count == 0);

  const char* const bad_fens[] = {
      "",
      "not a fen",
      "3k5/9/9/9/9/4n4/9/9/9/R3K4 x", /* side to move */
      "3k5/9/9/9/9/4n4/9/9/R3K4 w",   /* nine ranks */
      "3k5/9/9/9/9/4z4/9/9/9/R3K4 w", /* unknown piece */
      "4k4/9/9/9/9/9/9/9/9/4K4 w",    /* kings face each other */
      "3kR4/9/9/9/9/9/9/9/9/4K4 w",   /* Black, not to move, in check */
      "3k5/9/9/9/9/9/9/9/9/RRR1K4 w", /* three rooks */
  };
  for (size_t i = 0; i < sizeof bad_fens / sizeof bad_fens[0]; ++i) {
    CHECK_STATUS(xqtb_probe_wdl_fen(tb, bad_fens[i], &wdl), XQTB_BAD_POSITION);
    CHECK(xqtb_last_error()[0] != '\0');
    CHECK_STATUS(xqtb_position_from_fen(bad_fens[i], &pos), XQTB_BAD_POSITION);
  }

  CHECK_STATUS(xqtb_position_from_fen(kWinFen, &pos), XQTB_OK);
  xqtb_position broken = pos;
  broken.board[point(8, 9)] = 8; /* no such piece */
  CHECK_STATUS(xqtb_probe_wdl(tb, &broken, &wdl), XQTB_BAD_POSITION);
  broken = pos;
  broken.board[point(8, 9)] = 200;
  CHECK_STATUS(xqtb_probe(tb, &broken, &v), XQTB_BAD_POSITION);
  broken = pos;
  broken.side_to_move = 2;
  CHECK_STATUS(xqtb_best_move(tb, &broken, &best), XQTB_BAD_POSITION);
  broken = pos;
  broken.board[point(0, 9)] = XQTB_BLACK_ADVISOR; /* advisor outside its palace */
  CHECK_STATUS(xqtb_probe_wdl(tb, &broken, &wdl), XQTB_BAD_POSITION);
  broken = pos;
  broken.board[point(3, 9)] = XQTB_EMPTY; /* no black king */
  CHECK_STATUS(xqtb_principal_variation(tb, &broken, line, 4, &count), XQTB_BAD_POSITION);

  CHECK_STATUS(xqtb_probe_wdl(NULL, &pos, &wdl), XQTB_INVALID_ARGUMENT);
  CHECK_STATUS(xqtb_probe_wdl(tb, NULL, &wdl), XQTB_INVALID_ARGUMENT);
  CHECK_STATUS(xqtb_probe_wdl(tb, &pos, NULL), XQTB_INVALID_ARGUMENT);
  CHECK_STATUS(xqtb_probe_fen(tb, NULL, &v), XQTB_INVALID_ARGUMENT);
  CHECK_STATUS(xqtb_best_move(tb, &pos, NULL), XQTB_INVALID_ARGUMENT);
  CHECK_STATUS(xqtb_principal_variation(tb, &pos, NULL, 4, &count), XQTB_INVALID_ARGUMENT);
  CHECK_STATUS(xqtb_position_from_fen(kWinFen, NULL), XQTB_INVALID_ARGUMENT);
  xqtb_move same = {4, 4};
  char iccs[XQTB_ICCS_SIZE];
  CHECK_STATUS(xqtb_move_to_iccs(same, iccs), XQTB_INVALID_ARGUMENT);
  xqtb_move off = {4, 90};
  CHECK_STATUS(xqtb_move_to_iccs(off, iccs), XQTB_INVALID_ARGUMENT);

  /* A failure is forgotten after the next success. */
  CHECK_STATUS(xqtb_probe_wdl_fen(tb, kWinFen, &wdl), XQTB_OK);
  CHECK(xqtb_last_error()[0] == '\0');
}

/* Reads a whole file; NULL on failure. */
static unsigned char* read_file(const char* path, long* size) {
  FILE* f = fopen(path, "rb");
  if (!f) return NULL;
  fseek(f, 0, SEEK_END);
  *size = ftell(f);
  fseek(f, 0, SEEK_SET);
  unsigned char* data = (unsigned char*)malloc((size_t)*size);
  if (data && fread(data, 1, (size_t)*size, f) != (size_t)*size) {
    free(data);
    data = NULL;
  }
  fclose(f);
  return data;
}

static int write_file(const char* path, const unsigned char* data, long size) {
  FILE* f = fopen(path, "wb");
  if (!f) return 0;
  const int ok = fwrite(data, 1, (size_t)size, f) == (size_t)size;
  return fclose(f) == 0 && ok;
}

/* Writes KRKN.xqw and KRKN.xqd into scratch/sub: intact unless one is damaged as told. */
enum damage { INTACT, FLIP_WDL_HEADER, TRUNCATE_WDL, FLIP_DTM_BODY };

static int write_damaged(const char* tables, const char* scratch, const char* sub,
                         enum damage how) {
  const char* const ext[2] = {"xqw", "xqd"};
  for (int k = 0; k < 2; ++k) {
    char path[1024];
    long size = 0;
    snprintf(path, sizeof path, "%s/KRKN.%s", tables, ext[k]);
    unsigned char* data = read_file(path, &size);
    if (!data || size < 256) {
      fprintf(stderr, "cannot read %s\n", path);
      free(data);
      return 0;
    }
    if (k == 0 && how == FLIP_WDL_HEADER) data[20] ^= 0x5a;
    if (k == 0 && how == TRUNCATE_WDL) size /= 2;
    if (k == 1 && how == FLIP_DTM_BODY)
      for (long i = 256; i < size; ++i) data[i] ^= 0xff;
    snprintf(path, sizeof path, "%s/%s/KRKN.%s", scratch, sub, ext[k]);
    const int ok = write_file(path, data, size);
    free(data);
    if (!ok) {
      fprintf(stderr, "cannot write %s\n", path);
      return 0;
    }
  }
  return 1;
}

static void test_damaged_tables(const char* tables, const char* scratch) {
  static const struct {
    const char* sub;
    enum damage how;
  } cases[] = {{"header", FLIP_WDL_HEADER}, {"truncated", TRUNCATE_WDL}, {"dtm", FLIP_DTM_BODY}};
  for (size_t i = 0; i < sizeof cases / sizeof cases[0]; ++i) {
    if (!write_damaged(tables, scratch, cases[i].sub, cases[i].how)) {
      ++failures;
      continue;
    }
    char dir[1024];
    snprintf(dir, sizeof dir, "%s/%s", scratch, cases[i].sub);
    const char* dirs[] = {dir};
    xqtb_tablebase* tb = NULL;
    /* Files are checked when first probed, not when listed. */
    CHECK_STATUS(xqtb_open(dirs, 1, 1u << 20, &tb), XQTB_OK);
    if (!tb) continue;
    int wdl = 0;
    xqtb_value v;
    if (cases[i].how == FLIP_DTM_BODY) {
      /* A WDL probe never reads the DTM file. */
      CHECK_STATUS(xqtb_probe_wdl_fen(tb, kWinFen, &wdl), XQTB_OK);
      CHECK(wdl == XQTB_WIN);
      CHECK_STATUS(xqtb_probe_fen(tb, kWinFen, &v), XQTB_TABLE_ERROR);
    } else {
      CHECK_STATUS(xqtb_probe_wdl_fen(tb, kWinFen, &wdl), XQTB_TABLE_ERROR);
      CHECK_STATUS(xqtb_probe_wdl_fen(tb, kWinFen, &wdl), XQTB_TABLE_ERROR); /* and again */
    }
    CHECK(strstr(xqtb_last_error(), "KRKN.xq") != NULL);
    xqtb_close(tb);
  }
}

/* KRKN without its sub-tables: its own probes work, but the best move of a position with a
 * capture needs KRK, and the message names KRK, not KRKN. */
static void test_missing_sub_table(const char* tables, const char* scratch) {
  if (!write_damaged(tables, scratch, "alone", INTACT)) {
    ++failures;
    return;
  }
  char dir[1024];
  snprintf(dir, sizeof dir, "%s/alone", scratch);
  const char* dirs[] = {dir};
  xqtb_tablebase* tb = NULL;
  CHECK_STATUS(xqtb_open(dirs, 1, 0, &tb), XQTB_OK);
  if (!tb) return;
  size_t count = 0;
  CHECK_STATUS(xqtb_table_count(tb, &count), XQTB_OK);
  CHECK(count == 1);
  xqtb_position pos;
  CHECK_STATUS(xqtb_position_from_fen(kCaptureFen, &pos), XQTB_OK);
  CHECK(xqtb_has_table(tb, &pos) == 1);
  int wdl = 0;
  CHECK_STATUS(xqtb_probe_wdl(tb, &pos, &wdl), XQTB_OK);
  xqtb_best best;
  memset(&best, 0xab, sizeof best);
  CHECK_STATUS(xqtb_best_move(tb, &pos, &best), XQTB_NOT_AVAILABLE);
  CHECK(strstr(xqtb_last_error(), "no table for KRK,") != NULL);
  CHECK(strstr(xqtb_last_error(), "capture") != NULL);
  CHECK(best.move.from == 0xab && best.iccs[0] == (char)0xab); /* not written */
  /* Without any capture, the best move needs KRKN alone. */
  CHECK_STATUS(xqtb_best_move_fen(tb, kWinFen, &best), XQTB_OK);
  CHECK(strcmp(best.iccs, "a0d0") == 0);
  xqtb_close(tb);
}

/* T01 of tests/data/rule-cycles.tsv: a lone rook checks along ranks 9/8, the king steps. */
static const char* const kCheckCycleFen = "c2a1k3/2c1a2R1/b6P1/8p/9/9/9/9/4K4/9 w - - 0 1";

static void test_adjudicate(void) {
  xqtb_adjudication a;
  /* Second occurrence: Red must change. */
  CHECK_STATUS(
      xqtb_adjudicate_fen(kCheckCycleFen, "h8h9 f9f8 R2-1 将6退1", XQTB_RULES_ASIAN, NULL, &a),
      XQTB_OK);
  CHECK(a.verdict == XQTB_RED_VIOLATES);
  CHECK(a.final_verdict == 0);
  CHECK(a.occurrences == 2);
  CHECK(a.first_ply == 1 && a.last_ply == 4 && a.followed_to_ply == 4);
  CHECK(a.sides[XQTB_RED].moves == 2);
  CHECK(a.sides[XQTB_RED].class_count[XQTB_CLASS_CHECK] == 2);
  CHECK(a.sides[XQTB_RED].violation == XQTB_VIOLATION_CHECK);
  CHECK(a.sides[XQTB_RED].chased_piece == -1);
  /* Black's king steps discover cannon attacks on the rook: a chase, outranked by the check. */
  CHECK(a.sides[XQTB_BLACK].class_count[XQTB_CLASS_CHASE] == 2);
  CHECK(a.sides[XQTB_BLACK].violation == XQTB_VIOLATION_CHASE);
  CHECK(a.sides[XQTB_BLACK].chased_piece == point(7, 8)); /* the rook, at h8 */
  CHECK(strcmp(a.reason, "Red checks perpetually; Red must change") == 0);
  CHECK(strcmp(a.reason_zh, "红方长将，红方须变着") == 0);
  CHECK(xqtb_last_error()[0] == '\0');

  /* The same cycle twice round, as binary moves: the third occurrence makes it final. */
  xqtb_position start;
  CHECK_STATUS(xqtb_position_from_fen(kCheckCycleFen, &start), XQTB_OK);
  const int h8 = point(7, 8), h9 = point(7, 9), f9 = point(5, 9), f8 = point(5, 8);
  xqtb_move moves[8];
  for (int i = 0; i < 8; i += 4) {
    moves[i].from = h8, moves[i].to = h9;
    moves[i + 1].from = f9, moves[i + 1].to = f8;
    moves[i + 2].from = h9, moves[i + 2].to = h8;
    moves[i + 3].from = f8, moves[i + 3].to = f9;
  }
  const xqtb_chase_options options = {1, 0};
  CHECK_STATUS(xqtb_adjudicate(&start, moves, 8, XQTB_RULES_CHINESE, &options, &a), XQTB_OK);
  CHECK(a.verdict == XQTB_RED_VIOLATES);
  CHECK(a.final_verdict == 1);
  CHECK(a.occurrences == 3);
  CHECK(a.followed_to_ply == 8);
  CHECK(strcmp(a.reason, "Red checks perpetually; Red loses") == 0);
  CHECK(strcmp(a.reason_zh, "红方长将，红方判负") == 0);
  /* Under the check rule set too; with three plies no position recurs. */
  CHECK_STATUS(xqtb_adjudicate(&start, moves, 4, XQTB_RULES_CHECK, NULL, &a), XQTB_OK);
  CHECK(a.verdict == XQTB_RED_VIOLATES && a.final_verdict == 0);
  CHECK_STATUS(xqtb_adjudicate(&start, moves, 3, XQTB_RULES_CHECK, NULL, &a), XQTB_OK);
  CHECK(a.verdict == XQTB_NO_CYCLE && a.occurrences == 1 && a.first_ply == 0);
  CHECK(strcmp(a.reason, "No position recurs: no cycle") == 0);

  /* T12: the red rook chases an unprotected black cannon (i0/h0) perpetually. */
  CHECK_STATUS(xqtb_adjudicate_fen("4kab2/4a4/4b4/3rC2R1/9/9/4n4/4B4/4A4/4KAB1c w - - 0 1",
                                   "h6i6 i0h0 i6h6 h0i0", XQTB_RULES_ASIAN, NULL, &a),
               XQTB_OK);
  CHECK(a.verdict == XQTB_RED_VIOLATES);
  CHECK(a.sides[XQTB_RED].violation == XQTB_VIOLATION_CHASE);
  CHECK(a.sides[XQTB_RED].class_count[XQTB_CLASS_CHASE] == 2);
  CHECK(a.sides[XQTB_RED].chased_piece == point(8, 0)); /* the cannon, where it stood: i0 */
  CHECK(strcmp(a.reason_zh, "红方长捉黑炮，红方须变着") == 0);

  /* Bad input: the status, a message naming the cause, *out cleared. */
  CHECK_STATUS(xqtb_adjudicate_fen(kCheckCycleFen, "h8h9 f9f8 h9h7", XQTB_RULES_ASIAN, NULL, &a),
               XQTB_BAD_MOVE);
  CHECK(strstr(xqtb_last_error(), "ply 3") != NULL);
  CHECK(a.verdict == XQTB_NO_CYCLE && a.reason[0] == '\0' && a.last_ply == 0);
  CHECK_STATUS(xqtb_adjudicate_fen(kCheckCycleFen, "h8h9 x", XQTB_RULES_ASIAN, NULL, &a),
               XQTB_BAD_MOVE);
  CHECK(strstr(xqtb_last_error(), "ply 2") != NULL);
  moves[3].to = point(6, 8); /* f8g8: the king leaves its palace */
  CHECK_STATUS(xqtb_adjudicate(&start, moves, 4, XQTB_RULES_ASIAN, NULL, &a), XQTB_BAD_MOVE);
  CHECK(strstr(xqtb_last_error(), "ply 4") != NULL);
  CHECK_STATUS(xqtb_adjudicate_fen(kCheckCycleFen, " # nothing", XQTB_RULES_ASIAN, NULL, &a),
               XQTB_INVALID_ARGUMENT);
  CHECK(strstr(xqtb_last_error(), "empty history") != NULL);
  CHECK_STATUS(xqtb_adjudicate(&start, moves, 0, XQTB_RULES_ASIAN, NULL, &a),
               XQTB_INVALID_ARGUMENT);
  CHECK_STATUS(xqtb_adjudicate(&start, NULL, 4, XQTB_RULES_ASIAN, NULL, &a), XQTB_INVALID_ARGUMENT);
  CHECK_STATUS(xqtb_adjudicate(&start, moves, 4, 7, NULL, &a), XQTB_INVALID_ARGUMENT);
  const xqtb_chase_options deep = {1, 99};
  CHECK_STATUS(xqtb_adjudicate(&start, moves, 4, XQTB_RULES_ASIAN, &deep, &a),
               XQTB_INVALID_ARGUMENT);
  CHECK_STATUS(xqtb_adjudicate(&start, moves, 4, XQTB_RULES_ASIAN, NULL, NULL),
               XQTB_INVALID_ARGUMENT);
  CHECK_STATUS(xqtb_adjudicate_fen("4k4/9 w", "h8h9", XQTB_RULES_ASIAN, NULL, &a),
               XQTB_BAD_POSITION);
  CHECK_STATUS(xqtb_adjudicate_fen(NULL, "h8h9", XQTB_RULES_ASIAN, NULL, &a),
               XQTB_INVALID_ARGUMENT);
  CHECK_STATUS(xqtb_adjudicate_fen(kCheckCycleFen, NULL, XQTB_RULES_ASIAN, NULL, &a),
               XQTB_INVALID_ARGUMENT);
  CHECK(strcmp(xqtb_status_string(XQTB_BAD_MOVE), "bad move") == 0);
}

int main(int argc, char** argv) {
  if (argc != 3) {
    fprintf(stderr, "usage: %s TABLE_DIR SCRATCH_DIR\n", argv[0]);
    return 2;
  }
  test_version();
  test_open_errors(argv[2]);

  const char* dirs[] = {argv[1]};
  xqtb_tablebase* tb = NULL;
  CHECK_STATUS(xqtb_open(dirs, 1, 0, &tb), XQTB_OK);
  if (!tb) return 1;
  size_t count = 0;
  CHECK_STATUS(xqtb_table_count(tb, &count), XQTB_OK);
  CHECK(count == 4); /* KK KNK KRK KRKN */
  test_coverage(tb);
  test_no_move_vs_no_table(tb);
  test_won_position(tb);
  test_lost_drawn_and_rule(tb);
  test_limit(tb);
  test_bad_input(tb);
  xqtb_close(tb);

  test_damaged_tables(argv[1], argv[2]);
  test_table_count(argv[2]);
  test_rule_sets(argv[1]);
  test_missing_sub_table(argv[1], argv[2]);
  test_adjudicate();

  if (failures) {
    fprintf(stderr, "%d check(s) failed\n", failures);
    return 1;
  }
  printf("c_api_test: all checks passed\n");
  return 0;
}
