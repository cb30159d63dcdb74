/* xqtb C API: probe Xiangqi endgame tablebases from C99 or C++ (docs/probe-api.md).
 *
 * Values are from the side to move's view. Distances are in plies (one move of one side), never
 * in moves. Every function returns an xqtb_status code; none lets an exception escape, and none
 * aborts on bad input. On failure the calling thread's message is set (xqtb_last_error). */
#ifndef XQTB_XQTB_H
#define XQTB_XQTB_H

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

#define XQTB_VERSION_MAJOR 0
#define XQTB_VERSION_MINOR 1
#define XQTB_VERSION_PATCH 0

/* Result codes. Every function returning int returns one of these. */
enum xqtb_status {
  XQTB_OK = 0,
  /* No table for the position's material (best move and principal variation: for the material
   * of some position reached by a legal move). Not an error of the tables. */
  XQTB_NOT_AVAILABLE = 1,
  /* Malformed FEN text, or an illegal position: unknown piece code, side to move not 0/1, not
   * exactly one king a side in its palace, a piece on a point its kind can never reach, more
   * pieces of a kind than a side owns, facing kings, or the side not to move in check. */
  XQTB_BAD_POSITION = 2,
  /* A table directory or file cannot be read, or a file is truncated, corrupt (checksum), of
   * another material or index scheme, or its DTM file is missing. */
  XQTB_TABLE_ERROR = 3,
  XQTB_NO_MEMORY = 4,        /* an allocation failed */
  XQTB_INVALID_ARGUMENT = 5, /* a null pointer, or a count out of range */
  /* xqtb_best_move only: the side to move has no legal move (checkmate or stalemate: a loss in
   * 0 plies). */
  XQTB_NO_MOVE = 6,
  XQTB_INTERNAL_ERROR = 7, /* anything else (a bug: please report it with the message) */
  /* xqtb_adjudicate only: a move that is malformed or not legal where it is played; the
   * message names its ply (1 = the first move). */
  XQTB_BAD_MOVE = 8
};

/* Value classes (the on-disk WDL codes, docs/metrics.md). RULE_WIN / RULE_LOSS are positions
 * drawn by mate alone that the perpetual-check rule (长将判负) decides; they occur only in tables
 * built with that rule. */
enum xqtb_wdl {
  XQTB_DRAW = 1,
  XQTB_WIN = 2,      /* won by force of mate or stalemate */
  XQTB_LOSS = 3,     /* lost by force of mate or stalemate */
  XQTB_RULE_WIN = 4, /* won under the perpetual-check rule */
  XQTB_RULE_LOSS = 5 /* lost under the perpetual-check rule */
};

/* Board: 90 points, point = rank * 9 + file; file 0..8 = a..i from Red's left, rank 0..9 from
 * Red's side (Red's king starts on point 4 = e0). One byte per point: 0 empty, else one of: */
enum xqtb_piece {
  XQTB_EMPTY = 0,
  XQTB_RED_KING = 1,
  XQTB_RED_ADVISOR = 2,
  XQTB_RED_ELEPHANT = 3,
  XQTB_RED_HORSE = 4,
  XQTB_RED_ROOK = 5,
  XQTB_RED_CANNON = 6,
  XQTB_RED_PAWN = 7,
  XQTB_BLACK_KING = 9, /* Black piece = Red piece + 8 */
  XQTB_BLACK_ADVISOR = 10,
  XQTB_BLACK_ELEPHANT = 11,
  XQTB_BLACK_HORSE = 12,
  XQTB_BLACK_ROOK = 13,
  XQTB_BLACK_CANNON = 14,
  XQTB_BLACK_PAWN = 15
};

enum xqtb_color { XQTB_RED = 0, XQTB_BLACK = 1 };

#define XQTB_SQUARES 90
#define XQTB_ICCS_SIZE 6     /* "h2e2" + NUL, rounded up */
#define XQTB_CHINESE_SIZE 16 /* 4 UTF-8 characters of up to 3 bytes + NUL, rounded up */

typedef struct xqtb_position {
  uint8_t board[XQTB_SQUARES]; /* xqtb_piece codes by point */
  int side_to_move;            /* XQTB_RED or XQTB_BLACK */
} xqtb_position;

typedef struct xqtb_move {
  uint8_t from, to; /* points 0..89 */
} xqtb_move;

typedef struct xqtb_value {
  int wdl; /* enum xqtb_wdl */
  /* WIN / LOSS: distance to mate in plies (LOSS 0 = mated or stalemated now; wins odd, losses
   * even). RULE_WIN / RULE_LOSS: the rule potential k * 1024 + j of docs/metrics.md (smaller is
   * nearer the end; not a ply count). DRAW: 0. */
  int distance;
} xqtb_value;

typedef struct xqtb_best {
  xqtb_move move;
  /* The move's value for the side making it, counting the move itself: for WIN / LOSS equal to
   * the position's own DTM; for rule values the potential of the position the move leads to. */
  xqtb_value value;
  char iccs[XQTB_ICCS_SIZE];       /* NUL-terminated ICCS, e.g. "a0a1" */
  char chinese[XQTB_CHINESE_SIZE]; /* NUL-terminated UTF-8 Chinese notation, e.g. "车九进一" */
} xqtb_best;

/* Opaque handle on a set of table directories. Probing functions take it const and may be
 * called from any number of threads at once on one handle; xqtb_close must not run
 * concurrently with any other use of that handle. */
typedef struct xqtb_tablebase xqtb_tablebase;

/* Library version "MAJOR.MINOR.PATCH" (static storage). */
const char* xqtb_version(void);

/* Short English description of a status code ("ok", "not available", ...; static storage;
 * "unknown status" for other values). */
const char* xqtb_status_string(int status);

/* Message of the last call that failed on the calling thread: one line naming the cause (and
 * the file for XQTB_TABLE_ERROR). Empty after a call that returned XQTB_OK. Thread-local: never
 * overwritten by other threads. Valid until the calling thread's next xqtb call. */
const char* xqtb_last_error(void);

/* Opens the tables found in dir_count directories (MATERIAL.xqw + MATERIAL.xqd files; when a
 * material is in several, the first directory listed wins). Files are only listed here; each
 * is opened and checked on its first probe. cache_bytes bounds the decompressed table blocks
 * kept in memory, shared by all tables (0 = default, 64 MiB; below one block, 32 KiB + 96
 * bytes, nothing is kept and every probe decompresses its block again).
 * On XQTB_OK *out is a handle to release with xqtb_close; otherwise *out is NULL.
 * Errors: XQTB_INVALID_ARGUMENT (null out, dirs null with dir_count > 0, a null directory),
 * XQTB_TABLE_ERROR (a directory cannot be read), XQTB_NO_MEMORY. */
int xqtb_open(const char* const* dirs, size_t dir_count, size_t cache_bytes, xqtb_tablebase** out);

/* Releases the handle and everything it holds (mappings, cache). NULL is ignored. */
void xqtb_close(xqtb_tablebase* tb);

/* Number of materials with a table (colour-canonical signatures such as "KRKN"), or 0 for a
 * NULL handle. */
size_t xqtb_table_count(const xqtb_tablebase* tb);

/* Parses FEN (board and side to move; the fields after them are ignored) into *out and checks
 * that the position is legal. Errors: XQTB_INVALID_ARGUMENT (null pointer), XQTB_BAD_POSITION. */
int xqtb_position_from_fen(const char* fen, xqtb_position* out);

/* Value class only: reads the WDL file, never the DTM file. *wdl receives an xqtb_wdl code.
 * Errors: XQTB_INVALID_ARGUMENT, XQTB_BAD_POSITION, XQTB_NOT_AVAILABLE, XQTB_TABLE_ERROR,
 * XQTB_NO_MEMORY. */
int xqtb_probe_wdl(const xqtb_tablebase* tb, const xqtb_position* pos, int* wdl);

/* Value class and distance (DTM in plies, see xqtb_value). Reads the DTM file only for
 * non-draws. Same errors as xqtb_probe_wdl. */
int xqtb_probe(const xqtb_tablebase* tb, const xqtb_position* pos, xqtb_value* out);

/* The same two probes, from FEN text. */
int xqtb_probe_wdl_fen(const xqtb_tablebase* tb, const char* fen, int* wdl);
int xqtb_probe_fen(const xqtb_tablebase* tb, const char* fen, xqtb_value* out);

/* The best move: keeps the game-theoretic value, wins fastest / loses slowest, follows the
 * rule strategy in rule-decided positions (docs/metrics.md). Probes every successor (costlier
 * than a WDL probe: call it only at the root). Errors: as xqtb_probe_wdl, and XQTB_NO_MOVE
 * when the side to move has no legal move; XQTB_NOT_AVAILABLE when any successor's material
 * has no table. */
int xqtb_best_move(const xqtb_tablebase* tb, const xqtb_position* pos, xqtb_best* out);
int xqtb_best_move_fen(const xqtb_tablebase* tb, const char* fen, xqtb_best* out);

/* Principal variation: best moves of both sides, alternately, from pos until mate or stalemate,
 * a repeated position, or `capacity` plies. moves[0..*count) receives them (*count ≤ capacity;
 * 0 when pos has no legal move). Errors: as xqtb_probe_wdl (XQTB_NOT_AVAILABLE when pos's
 * material has no table; a missing table further down ends the line early instead);
 * moves may be NULL only when capacity is 0. */
int xqtb_principal_variation(const xqtb_tablebase* tb, const xqtb_position* pos, xqtb_move* moves,
                             size_t capacity, size_t* count);

/* ICCS text of a move ("h2e2") into out (XQTB_ICCS_SIZE bytes). Errors: XQTB_INVALID_ARGUMENT
 * (null out, a point above 89, from == to). */
int xqtb_move_to_iccs(xqtb_move move, char out[XQTB_ICCS_SIZE]);

/* ---- Repetition adjudication of a game history (docs/adjudicate.md, docs/rules.md) ---- */

/* Rule sets: perpetual check only; the Asian (AXF/WXF) rules; the Chinese (CXA 2020) rules. */
enum xqtb_rules { XQTB_RULES_CHECK = 1, XQTB_RULES_ASIAN = 2, XQTB_RULES_CHINESE = 3 };

/* The ruling on the first cycle of the game. A violating side must change its moves (or loses,
 * once the count is reached: xqtb_adjudication.final_verdict). */
enum xqtb_verdict {
  XQTB_NO_CYCLE = 0,        /* no position recurs since the last capture */
  XQTB_REPETITION_DRAW = 1, /* neither side violates, or both equally */
  XQTB_RED_VIOLATES = 2,    /* Red must change, or loses */
  XQTB_BLACK_VIOLATES = 3   /* Black must change, or loses */
};

/* What one side's moves over the cycle amount to. */
enum xqtb_violation {
  XQTB_VIOLATION_NONE = 0,              /* allowed moves */
  XQTB_VIOLATION_CHECK = 1,             /* 长将: every move checks */
  XQTB_VIOLATION_CHASE = 2,             /* 长捉 (Asian: the same piece on every move) */
  XQTB_VIOLATION_PINNED_ROOK_CHASE = 3, /* Asian: 长捉 of a rook held on a horse's leg */
  XQTB_VIOLATION_KILL = 4,              /* Chinese 长杀: every move threatens mate */
  XQTB_VIOLATION_MIXED = 5              /* Chinese: checks, mate threats and chases mixed */
};

/* Move classes (将 杀 捉 闲); a capture is never part of a cycle. */
enum xqtb_move_class {
  XQTB_CLASS_CHECK = 1,
  XQTB_CLASS_KILL = 2, /* a mate threat; idle under the Asian rules */
  XQTB_CLASS_CHASE = 3,
  XQTB_CLASS_IDLE = 4
};

/* The disputed choices of docs/rules.md. */
typedef struct xqtb_chase_options {
  /* Nonzero: an advisor or elephant attacking a protected rook, horse or cannon chases it. */
  int minor_attacks_protected_major;
  /* The mate-threat search horizon of "kill", in plies (1..9; 0 = the default). */
  int kill_depth_plies;
} xqtb_chase_options;

#define XQTB_REASON_SIZE 512 /* the longest ruling, NUL included, rounded up */

typedef struct xqtb_cycle_side {
  int moves;          /* the side's moves in the cycle */
  int class_count[5]; /* of them, by xqtb_move_class (index 0 unused) */
  int violation;      /* enum xqtb_violation */
  /* The point, in the cycle's first position, of an opponent piece chased on every move of the
   * side (followed through its own moves; the lowest point when several are), or -1. */
  int chased_piece;
} xqtb_cycle_side;

typedef struct xqtb_adjudication {
  int verdict; /* enum xqtb_verdict */
  /* 1 when the recurring position has occurred a third time by the same cycle (the rule
   * book's count: the verdict is final, the violating side loses); 0 at the second occurrence
   * (the violating side must change now) and for XQTB_NO_CYCLE. */
  int final_verdict;
  int occurrences; /* of the recurring position (1 for XQTB_NO_CYCLE) */
  /* The cycle: plies first_ply..last_ply (ply 1 = the first move) bring back the position
   * after ply first_ply - 1. followed_to_ply: the last ply that still goes round the same
   * cycle (later plies are not adjudicated). All 0 for XQTB_NO_CYCLE. */
  int first_ply, last_ply, followed_to_ply;
  xqtb_cycle_side sides[2];         /* by xqtb_color; zero for XQTB_NO_CYCLE */
  char reason[XQTB_REASON_SIZE];    /* NUL-terminated one-line ruling in English */
  char reason_zh[XQTB_REASON_SIZE]; /* the same in Chinese, UTF-8 */
} xqtb_adjudication;

/* Plays moves[0..count) from start, each checked legal, and rules the first cycle that closes
 * (the first position to recur since the last capture) under `rules` (enum xqtb_rules);
 * options may be NULL (the defaults: minor attacks count, the default kill horizon). Needs no
 * tables and no handle; safe to call from any number of threads at once.
 * On failure *out (when not NULL) is all zero with empty reasons. Errors:
 * XQTB_INVALID_ARGUMENT (null start or out, moves NULL with count > 0, count 0: an empty
 * history, an unknown rule set, kill_depth_plies out of range), XQTB_BAD_POSITION (start),
 * XQTB_BAD_MOVE (the first illegal move, named by its ply), XQTB_NO_MEMORY. */
int xqtb_adjudicate(const xqtb_position* start, const xqtb_move* moves, size_t count, int rules,
                    const xqtb_chase_options* options, xqtb_adjudication* out);

/* The same from FEN and a move text: moves separated by blanks, in ICCS ("h2e2"), WXF ("C2=5")
 * or Chinese ("炮二平五", UTF-8); '#' starts a comment to the end of the line; move numbers
 * ("1.", "1...") are skipped. Errors as xqtb_adjudicate (null fen or moves:
 * XQTB_INVALID_ARGUMENT; a text with no move: XQTB_INVALID_ARGUMENT, an empty history). */
int xqtb_adjudicate_fen(const char* fen, const char* moves, int rules,
                        const xqtb_chase_options* options, xqtb_adjudication* out);

#ifdef __cplusplus
}
#endif

#endif /* XQTB_XQTB_H */
