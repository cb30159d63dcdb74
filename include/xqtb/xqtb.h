/* xqtb C API: probe Xiangqi endgame tablebases from C99 or C++ (docs/probe-api.md).
 *
 * Values are from the side to move's view. Distances are in plies (one move of one side), never
 * in moves. Functions returning int return an xqtb_status code, except the coverage queries
 * xqtb_largest and xqtb_has_table; none lets an exception escape, and none aborts on bad input.
 * On failure the calling thread's message is set (xqtb_last_error). */
#ifndef XQTB_XQTB_H
#define XQTB_XQTB_H

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

#define XQTB_VERSION_MAJOR 0
#define XQTB_VERSION_MINOR 4
#define XQTB_VERSION_PATCH 0

/* Result codes of every status function (all functions returning int except xqtb_largest and
 * xqtb_has_table). */
enum xqtb_status {
  XQTB_OK = 0,
  /* No table for the position's material (best move: or for the material a legal capture
   * leads to; the message names the missing material). Not an error of the tables. */
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

/* Value classes (the on-disk WDL codes, docs/metrics.md), for a fresh counter (no ply played
 * since the last capture). RULE_WIN / RULE_LOSS are positions drawn by mate alone that the
 * perpetual-check rule (长将判负) decides; they occur only in tables built with that rule.
 * CURSED_WIN / BLESSED_LOSS are won / lost by force, but not within the natural limit (120
 * plies without a capture draw the game). An engine that does not play by the limit treats
 * CURSED_WIN as WIN and BLESSED_LOSS as LOSS. CHASE_WIN / CHASE_LOSS (tables of the Asian and
 * Chinese rule sets only) are drawn under the perpetual-check rule alone and decided because
 * perpetual chase and kill are forbidden too; an engine treats them as RULE_WIN / RULE_LOSS. */
enum xqtb_wdl {
  XQTB_DRAW = 1,
  XQTB_WIN = 2,          /* won by force of mate or stalemate, within the limit */
  XQTB_LOSS = 3,         /* lost by force of mate or stalemate, within the limit */
  XQTB_RULE_WIN = 4,     /* won under the perpetual-check rule */
  XQTB_RULE_LOSS = 5,    /* lost under the perpetual-check rule */
  XQTB_CURSED_WIN = 6,   /* won by force, but the limit draws it (new in 0.3) */
  XQTB_BLESSED_LOSS = 7, /* lost by force, but the limit saves it (new in 0.3) */
  XQTB_CHASE_WIN = 8,    /* won under the chase and kill rules (new in 0.4) */
  XQTB_CHASE_LOSS = 9    /* lost under the chase and kill rules (new in 0.4) */
};

/* The natural limit (自然限着): this many plies without a capture draw the game; a mate on the
 * last of them counts. Every ply counts (checks too). */
#define XQTB_LIMIT_PLIES 120

/* Why a value under the limit (xqtb_limit_value.wdl) is what it is. */
enum xqtb_limit_reason {
  XQTB_LIMIT_CONVERTS = 0, /* WIN / LOSS with dtc <= XQTB_LIMIT_PLIES - counter: decided */
  XQTB_LIMIT_DRAW = 1,     /* a draw with or without the limit */
  XQTB_LIMIT_CURSED = 2,   /* CURSED_WIN: drawn under the limit at every counter */
  XQTB_LIMIT_BLESSED = 3,  /* BLESSED_LOSS: drawn under the limit at every counter */
  XQTB_LIMIT_TOO_FAR = 4,  /* WIN / LOSS, but the conversion needs dtc plies and fewer remain */
  XQTB_LIMIT_RULE_NOT_CLAIMED = 5 /* RULE_WIN / RULE_LOSS: not claimed under the limit */
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
  /* WIN / LOSS / CURSED_WIN / BLESSED_LOSS: distance to mate in plies, without the limit
   * (LOSS 0 = mated or stalemated now; wins odd, losses even). RULE_WIN / RULE_LOSS: the rule
   * potential k * 1024 + j of docs/metrics.md (smaller is nearer the end; not a ply count).
   * DRAW: 0. */
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

/* A position's value under the limit, beside its value without it. */
typedef struct xqtb_limit_value {
  xqtb_value unlimited; /* the class and distance of xqtb_probe (or of the move, as xqtb_best) */
  /* Distance to conversion in plies: to mate, or to the capture into a sub-table position the
   * winner wins (docs/metrics.md); for moves it counts the move itself (a capture: 1). For
   * WIN / LOSS at most 120; for CURSED_WIN / BLESSED_LOSS the conversion without the limit.
   * -1 for draws and rule-decided values. */
  int dtc;
  int counter; /* the plies since the last capture it was probed at, 0..XQTB_LIMIT_PLIES */
  int wdl;     /* under the limit: XQTB_WIN, XQTB_DRAW or XQTB_LOSS only */
  int reason;  /* enum xqtb_limit_reason */
} xqtb_limit_value;

/* One legal root move (xqtb_probe_root). */
typedef struct xqtb_root_move {
  xqtb_move move;
  xqtb_limit_value value; /* for the side making the move, at the root's counter */
  /* Larger is better; moves of equal rank are equally good under the limit. A win under the
   * limit: 1000 - dtc (880..999); a loss: -1000 + dtc; a draw under the limit: 1 when the move
   * wins without the limit, -1 when it loses without it, else 0. */
  int rank;
} xqtb_root_move;

/* Room for every legal move of any position: a root-move buffer of this many never overflows. */
#define XQTB_MAX_MOVES 192

/* Opaque handle on a set of table directories. Probing functions take it const and may be
 * called from any number of threads at once on one handle; xqtb_close must not run
 * concurrently with any other use of that handle. */
typedef struct xqtb_tablebase xqtb_tablebase;

/* Each function below is documented in the same order:
 *   PARAMETERS  what it reads and writes;
 *   RETURNS     the result and the status codes it can give;
 *   ON FAILURE  what its outputs hold when it does not return XQTB_OK (a status function sets
 *               the calling thread's xqtb_last_error message on every failure);
 *   THREADS     whether calls may overlap;
 *   USE         whether it is cheap enough for an engine's search or meant for the root only.
 * No function lets an exception escape, aborts, or reads or writes through a NULL pointer. */

/* Library version.
 * RETURNS: "MAJOR.MINOR.PATCH" (static storage), equal to the XQTB_VERSION_* macros of the
 *   header the library was built with.
 * THREADS: any. */
const char* xqtb_version(void);

/* Name of a status code.
 * PARAMETERS: status, any int.
 * RETURNS: a short English description ("ok", "not available", ...; static storage), or
 *   "unknown status" for a value that is not an xqtb_status.
 * THREADS: any. */
const char* xqtb_status_string(int status);

/* Message of the calling thread's last failed call.
 * RETURNS: one line naming the cause (and the file for XQTB_TABLE_ERROR; the material for
 *   XQTB_NOT_AVAILABLE); the empty string after a call that returned XQTB_OK. Never NULL.
 * THREADS: thread-local (512 bytes per thread): another thread's failure never overwrites it.
 *   Valid until the calling thread's next xqtb call. xqtb_has_table, xqtb_largest,
 *   xqtb_version, xqtb_status_string and xqtb_close leave it as it is. */
const char* xqtb_last_error(void);

/* Opens the tables of dir_count directories.
 * PARAMETERS:
 *   dirs, dir_count: directory names (dirs may be NULL when dir_count is 0: no tables). A
 *     material's table is the set MATERIAL[.RULES].xqw, .xqd, .xqc (docs/format.md: the check
 *     rule's untagged, the others tagged .none, .asian, .chinese); when several directories
 *     hold one of a rule set, the first listed wins. Files are only listed here: each is
 *     opened and checked on its first probe. Tables of every rule set are listed; a probe of
 *     a material with tables of several fails with XQTB_TABLE_ERROR naming them (choose one
 *     with xqtb_open_rules).
 *   cache_bytes: bound on the decompressed table blocks kept in memory, shared by all tables
 *     (0 = default, 64 MiB; below one block, 32 KiB + 96 bytes, nothing is kept and every
 *     probe decompresses its block again).
 *   out: receives the handle, to release with xqtb_close.
 * RETURNS: XQTB_OK; XQTB_INVALID_ARGUMENT (out NULL, dirs NULL with dir_count > 0, a NULL
 *   directory name), XQTB_TABLE_ERROR (a directory cannot be read), XQTB_NO_MEMORY.
 * ON FAILURE: *out is NULL (when out is not NULL).
 * THREADS: any; each handle is independent.
 * USE: once, at start-up (it lists directories). */
int xqtb_open(const char* const* dirs, size_t dir_count, size_t cache_bytes, xqtb_tablebase** out);

/* As xqtb_open, listing the tables of one rule set alone: rules is an enum xqtb_rules code, or
 * XQTB_RULES_ANY (as xqtb_open). Every probe on the handle answers under that rule set.
 * RETURNS: as xqtb_open; XQTB_INVALID_ARGUMENT also for an unknown rule set.
 * NEW in 0.4. */
int xqtb_open_rules(const char* const* dirs, size_t dir_count, size_t cache_bytes, int rules,
                    xqtb_tablebase** out);

/* The rule set the handle answers a position under: that of its material's table.
 * PARAMETERS: tb; pos; rules receives an enum xqtb_rules code.
 * RETURNS: XQTB_OK; XQTB_NOT_AVAILABLE (no table for the material); XQTB_INVALID_ARGUMENT,
 *   XQTB_BAD_POSITION; XQTB_TABLE_ERROR (a damaged file, a header that disagrees with the
 *   file's name, or tables of several rule sets on a handle of XQTB_RULES_ANY).
 * ON FAILURE: *rules is not written.
 * THREADS: any number at once on one handle.
 * USE: at start-up or the root (it opens the files' headers).
 * NEW in 0.4. */
int xqtb_table_rules(const xqtb_tablebase* tb, const xqtb_position* pos, int* rules);

/* Releases a handle and everything it holds (mappings, cache).
 * PARAMETERS: tb, a handle from xqtb_open, or NULL (ignored).
 * THREADS: must not overlap any other call on the same handle. */
void xqtb_close(xqtb_tablebase* tb);

/* Number of materials with a table (colour-canonical signatures such as "KRKN").
 * PARAMETERS: tb; count receives the number (0 for a handle on empty directories).
 * RETURNS: XQTB_OK; XQTB_INVALID_ARGUMENT (tb or count NULL).
 * ON FAILURE: *count is 0 (when count is not NULL).
 * THREADS: any number at once on one handle.
 * USE: anywhere; it counts the list made by xqtb_open and allocates nothing.
 * CHANGED in 0.2: it returned the count itself, 0 for a NULL handle as for empty
 *   directories. */
int xqtb_table_count(const xqtb_tablebase* tb, size_t* count);

/* Coverage: the most pieces on the board, both kings included, of any material with a table
 * (KRKN: 4). A position with more pieces has no table; one with as many or fewer may still
 * have none (materials are generated one by one): ask xqtb_has_table.
 * PARAMETERS: tb.
 * RETURNS: the count; 0 when no table is listed or tb is NULL (nothing is covered).
 * THREADS: any number at once on one handle.
 * USE: in search, before probing; formats no message, allocates nothing. */
int xqtb_largest(const xqtb_tablebase* tb);

/* Coverage: whether the material of a board has a table (in either colour orientation).
 * PARAMETERS: tb; pos, read for its pieces only: neither the side to move nor the position's
 *   legality is checked (the probes do that).
 * RETURNS: 1 when the material has a table, 0 when not, and 0 for a NULL argument, an unknown
 *   piece code or a side without exactly one king. A 1 does not promise a successful probe:
 *   a damaged file is found only when it is read (XQTB_TABLE_ERROR).
 * THREADS: any number at once on one handle.
 * USE: in search, before probing; a look-up in the list made by xqtb_open that opens no file,
 *   formats no message and allocates nothing. */
int xqtb_has_table(const xqtb_tablebase* tb, const xqtb_position* pos);

/* Parses FEN into a board and checks that the position is legal.
 * PARAMETERS: fen, the board and side to move (the fields after them are ignored); out.
 * RETURNS: XQTB_OK; XQTB_INVALID_ARGUMENT (a NULL pointer), XQTB_BAD_POSITION (malformed or
 *   illegal), XQTB_NO_MEMORY.
 * ON FAILURE: *out is not written.
 * THREADS: any.
 * USE: anywhere; an engine with its own board fills xqtb_position directly. */
int xqtb_position_from_fen(const char* fen, xqtb_position* out);

/* Value class of a position: reads the WDL file only, never the DTM file.
 * PARAMETERS: tb; pos (checked for legality on every call); wdl receives an xqtb_wdl code
 *   from the side to move's view.
 * RETURNS: XQTB_OK; XQTB_NOT_AVAILABLE (no table for the material: not an error, fall back to
 *   the engine's own evaluation), XQTB_INVALID_ARGUMENT, XQTB_BAD_POSITION, XQTB_TABLE_ERROR
 *   (the WDL file is damaged or unreadable), XQTB_NO_MEMORY.
 * ON FAILURE: *wdl is not written.
 * THREADS: any number at once on one handle.
 * USE: in search (a few microseconds with the block cached; a cache miss decompresses one
 *   block). Test xqtb_has_table first to skip the legality check and the message of
 *   XQTB_NOT_AVAILABLE for positions without a table. */
int xqtb_probe_wdl(const xqtb_tablebase* tb, const xqtb_position* pos, int* wdl);

/* Value class and distance of a position (see xqtb_value).
 * PARAMETERS: tb; pos; out receives the value.
 * RETURNS: as xqtb_probe_wdl; also XQTB_TABLE_ERROR when the DTM file is missing or damaged,
 *   whatever the value (the DTM file is opened for draws too, though no distance is read).
 * ON FAILURE: *out is not written.
 * THREADS: any number at once on one handle.
 * USE: at the root, or sparingly in search: it reads a second file and its 2-byte entries. */
int xqtb_probe(const xqtb_tablebase* tb, const xqtb_position* pos, xqtb_value* out);

/* The same two probes, from FEN text (parsed as xqtb_position_from_fen, then probed).
 * USE: tools and tests; an engine passes boards. */
int xqtb_probe_wdl_fen(const xqtb_tablebase* tb, const char* fen, int* wdl);
int xqtb_probe_fen(const xqtb_tablebase* tb, const char* fen, xqtb_value* out);

/* Value under the natural limit: class and distance as xqtb_probe, the DTC, and the verdict
 * when `counter` plies have passed since the last capture (a FEN's halfmove field).
 * PARAMETERS: tb; pos; counter, 0..XQTB_LIMIT_PLIES; out.
 * RETURNS: as xqtb_probe; XQTB_INVALID_ARGUMENT also for a counter out of range;
 *   XQTB_TABLE_ERROR also when the DTC file (MATERIAL.xqc) is missing or damaged, whatever the
 *   value (the message names the file). xqtb_probe_wdl and xqtb_probe never read it.
 * ON FAILURE: *out is not written.
 * THREADS: any number at once on one handle.
 * USE: at the root, or sparingly in search: it reads three files. In search, the stored class
 *   (xqtb_probe_wdl) is the value at counter 0: WIN / LOSS within the limit, CURSED_WIN /
 *   BLESSED_LOSS drawn by it.
 * NEW in 0.3. */
int xqtb_probe_limit(const xqtb_tablebase* tb, const xqtb_position* pos, int counter,
                     xqtb_limit_value* out);
/* The same from FEN text; the counter is the FEN's halfmove field (0 when it has none). A field
 * above XQTB_LIMIT_PLIES is XQTB_BAD_POSITION. */
int xqtb_probe_limit_fen(const xqtb_tablebase* tb, const char* fen, xqtb_limit_value* out);

/* The root probe (as Fathom's tb_probe_root): every legal move of pos valued under the limit
 * at counter, with its rank, best first. An engine that always plays a move of the top rank
 * (and counts the counter: 0 after a capture, + 1 after any other move) converts every win
 * under the limit within the plies remaining, and as a loser resists the longest. Among equal
 * ranks the order is xqtb_best_move's (fastest mate, rule strategy).
 * PARAMETERS: tb; pos; counter, 0..XQTB_LIMIT_PLIES; moves receives up to capacity moves
 *   (XQTB_MAX_MOVES always suffices); count receives the number of legal moves.
 * RETURNS: XQTB_OK; XQTB_NO_MOVE (mated or stalemated: *count 0); XQTB_NOT_AVAILABLE (pos's
 *   material, or a capture's, has no table; the message names it); XQTB_INVALID_ARGUMENT (a
 *   NULL pointer, a counter out of range, or capacity below the number of legal moves: then
 *   *count is that number and moves is not written); XQTB_BAD_POSITION, XQTB_TABLE_ERROR (as
 *   xqtb_probe_limit), XQTB_NO_MEMORY.
 * ON FAILURE: moves is not written; *count is 0 except as said.
 * THREADS: any number at once on one handle.
 * USE: at the root only: it probes every successor in three files. Allocates nothing.
 * NEW in 0.3. */
int xqtb_probe_root(const xqtb_tablebase* tb, const xqtb_position* pos, int counter,
                    xqtb_root_move* moves, size_t capacity, size_t* count);
/* The same from FEN text, the counter read from its halfmove field as xqtb_probe_limit_fen. */
int xqtb_probe_root_fen(const xqtb_tablebase* tb, const char* fen, xqtb_root_move* moves,
                        size_t capacity, size_t* count);

/* The best move without the limit: keeps the game-theoretic value, wins fastest / loses
 * slowest by DTM (CURSED_WIN as WIN, BLESSED_LOSS as LOSS), follows the rule strategy in
 * rule-decided positions (docs/metrics.md). Under the limit, use xqtb_probe_root.
 * PARAMETERS: tb; pos; out receives the move, its value for the mover and its text.
 * RETURNS: XQTB_OK; XQTB_NO_MOVE (the side to move is mated or stalemated: a loss in 0
 *   plies); XQTB_NOT_AVAILABLE, either for pos's own material or for the material a legal
 *   capture leads to, the message naming the missing material ("no table for KRK, reached by
 *   a capture from ..."); XQTB_INVALID_ARGUMENT, XQTB_BAD_POSITION, XQTB_TABLE_ERROR,
 *   XQTB_NO_MEMORY. When pos has no table, XQTB_NOT_AVAILABLE comes before XQTB_NO_MOVE.
 * ON FAILURE: *out is not written.
 * THREADS: any number at once on one handle.
 * USE: at the root only: it probes every successor (tens of microseconds). */
int xqtb_best_move(const xqtb_tablebase* tb, const xqtb_position* pos, xqtb_best* out);
int xqtb_best_move_fen(const xqtb_tablebase* tb, const char* fen, xqtb_best* out);

/* Principal variation: best moves of both sides, alternately, from pos until mate or
 * stalemate, a repeated position, `capacity` plies, or an Asian chase-decided position (no
 * table stores the line from one: docs/probe-api.md).
 * PARAMETERS: tb; pos; moves receives up to capacity moves (may be NULL only when capacity is
 *   0); count receives how many (0 when pos has no legal move).
 * RETURNS: XQTB_OK; XQTB_NOT_AVAILABLE when pos's material has no table (a table missing
 *   further down ends the line early instead, with XQTB_OK); XQTB_INVALID_ARGUMENT,
 *   XQTB_BAD_POSITION, XQTB_TABLE_ERROR, XQTB_NO_MEMORY.
 * ON FAILURE: *count is 0, except for XQTB_INVALID_ARGUMENT, which writes nothing; moves is
 *   not written.
 * THREADS: any number at once on one handle.
 * USE: at the root only, for display: one best-move search per ply. */
int xqtb_principal_variation(const xqtb_tablebase* tb, const xqtb_position* pos, xqtb_move* moves,
                             size_t capacity, size_t* count);

/* The principal variation under the limit: both sides play xqtb_probe_root's top move from
 * counter on (a capture resets it, any other move adds 1), until mate or stalemate, the limit
 * (120 plies without a capture: a draw), a repeated position, or `capacity` plies. A win under
 * the limit reaches its conversion within XQTB_LIMIT_PLIES - counter plies and runs on to mate.
 * PARAMETERS, RETURNS, ON FAILURE, THREADS: as xqtb_principal_variation; also
 *   XQTB_INVALID_ARGUMENT for a counter outside 0..XQTB_LIMIT_PLIES, XQTB_TABLE_ERROR for a
 *   missing or damaged DTC file.
 * USE: at the root only, for display: one root probe per ply.
 * NEW in 0.3. */
int xqtb_principal_variation_limit(const xqtb_tablebase* tb, const xqtb_position* pos, int counter,
                                   xqtb_move* moves, size_t capacity, size_t* count);

/* ICCS text of a move.
 * PARAMETERS: move; out receives "h2e2" and a NUL (XQTB_ICCS_SIZE bytes).
 * RETURNS: XQTB_OK; XQTB_INVALID_ARGUMENT (out NULL, a point above 89, from == to).
 * ON FAILURE: out is not written.
 * THREADS: any. */
int xqtb_move_to_iccs(xqtb_move move, char out[XQTB_ICCS_SIZE]);

/* ---- Repetition adjudication of a game history (docs/adjudicate.md, docs/rules.md) ---- */

/* Rule sets: none (tables only: every repetition a draw, new in 0.4); perpetual check only; the
 * Asian (AXF/WXF) rules; the Chinese (CXA 2020) rules. XQTB_RULES_ANY (xqtb_open_rules only):
 * the tables of every rule set. */
enum xqtb_rules {
  XQTB_RULES_ANY = -1,
  XQTB_RULES_NONE = 0,
  XQTB_RULES_CHECK = 1,
  XQTB_RULES_ASIAN = 2,
  XQTB_RULES_CHINESE = 3
};

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
