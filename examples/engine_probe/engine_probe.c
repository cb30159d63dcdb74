/* Engine-style use of the xqtb C API: one handle for the whole run, a cheap WDL probe for
 * every position, and the distance, best move and root probe only for decided positions (as an
 * engine would do at the root). Usage: engine_probe TABLE_DIR [FEN...]; without FENs, one FEN
 * per line on standard input. Prints "FEN ; class ; DISTANCE ; best ICCS CHINESE ; limit WDL
 * dtc D best ICCS" (the last part under the natural limit at the FEN's halfmove counter: the
 * value and the move an engine plays by), "FEN ; no table" or "FEN ; error: ..."; the number of
 * tables and the largest material go to standard error. DISTANCE is what the class's distance
 * field holds (include/xqtb/xqtb.h, docs/metrics.md): "dtm N" (plies to mate) for wins and
 * losses, cursed or blessed ones included; "rule potential K.J" (round K, layer J of the
 * perpetual-check rule's strategy, packed K * 1024 + J) for rule values; "chase potential P"
 * for chase values (a measure of the chase rules' strategy, not a ply count). */
#include <stdio.h>
#include <string.h>
#include <xqtb/xqtb.h>

static const char* wdl_name(int wdl) {
  static const char* const names[] = {"?",         "draw",      "win",        "loss",
                                      "rule win",  "rule loss", "cursed win", "blessed loss",
                                      "chase win", "chase loss"};
  return wdl >= XQTB_DRAW && wdl <= XQTB_CHASE_LOSS ? names[wdl] : "?";
}

/* The distance field read as its class defines it: a ply count for forced results only. */
static void format_distance(const xqtb_value* v, char* out, size_t size) {
  switch (v->wdl) {
    case XQTB_WIN:
    case XQTB_LOSS:
    case XQTB_CURSED_WIN:
    case XQTB_BLESSED_LOSS:
      snprintf(out, size, "dtm %d", v->distance);
      break;
    case XQTB_RULE_WIN:
    case XQTB_RULE_LOSS:
      snprintf(out, size, "rule potential %d.%d", v->distance / 1024, v->distance % 1024);
      break;
    case XQTB_CHASE_WIN:
    case XQTB_CHASE_LOSS:
      snprintf(out, size, "chase potential %d", v->distance);
      break;
    default:
      snprintf(out, size, "no distance");
  }
}

/* Returns 0 when the position was probed. */
static int probe_one(const xqtb_tablebase* tb, const char* fen) {
  xqtb_position pos;
  int wdl = 0;
  int status = xqtb_position_from_fen(fen, &pos);
  /* In search, the coverage query comes first: no legality check, no message. */
  if (status == XQTB_OK && !xqtb_has_table(tb, &pos)) {
    printf("%s ; no table\n", fen);
    return 0;
  }
  if (status == XQTB_OK) status = xqtb_probe_wdl(tb, &pos, &wdl);
  if (status != XQTB_OK) {
    printf("%s ; error: %s: %s\n", fen, xqtb_status_string(status), xqtb_last_error());
    return 1;
  }
  if (wdl == XQTB_DRAW) {
    printf("%s ; draw\n", fen);
    return 0;
  }
  xqtb_value value;
  xqtb_best best;
  status = xqtb_probe(tb, &pos, &value);
  if (status == XQTB_OK) status = xqtb_best_move(tb, &pos, &best);
  char distance[48];
  format_distance(&value, distance, sizeof distance);
  if (status == XQTB_NO_MOVE) {
    printf("%s ; %s ; %s ; no legal move\n", fen, wdl_name(value.wdl), distance);
    return 0;
  }
  if (status != XQTB_OK) {
    printf("%s ; error: %s: %s\n", fen, xqtb_status_string(status), xqtb_last_error());
    return 1;
  }
  /* Under the natural limit, at the FEN's halfmove counter: every move ranked; an engine plays
   * one of the top rank, and the top move's value is the position's under the limit. */
  xqtb_root_move moves[XQTB_MAX_MOVES];
  size_t count = 0;
  char limit_best[XQTB_ICCS_SIZE];
  status = xqtb_probe_root_fen(tb, fen, moves, XQTB_MAX_MOVES, &count);
  if (status == XQTB_OK) status = xqtb_move_to_iccs(moves[0].move, limit_best);
  if (status != XQTB_OK) {
    printf("%s ; error: %s: %s\n", fen, xqtb_status_string(status), xqtb_last_error());
    return 1;
  }
  printf("%s ; %s ; %s ; best %s %s ; limit %s dtc %d best %s\n", fen, wdl_name(value.wdl),
         distance, best.iccs, best.chinese, wdl_name(moves[0].value.wdl), moves[0].value.dtc,
         limit_best);
  return 0;
}

int main(int argc, char** argv) {
  if (argc < 2) {
    fprintf(stderr, "usage: %s TABLE_DIR [FEN...]\n", argv[0]);
    return 2;
  }
  const char* dirs[] = {argv[1]};
  xqtb_tablebase* tb = NULL;
  size_t tables = 0;
  if (xqtb_open(dirs, 1, 16u << 20, &tb) != XQTB_OK || xqtb_table_count(tb, &tables) != XQTB_OK) {
    fprintf(stderr, "%s: %s\n", argv[0], xqtb_last_error());
    xqtb_close(tb);
    return 3;
  }
  fprintf(stderr, "%s: %zu tables, up to %d pieces\n", argv[0], tables, xqtb_largest(tb));
  int failures = 0;
  if (argc > 2) {
    for (int i = 2; i < argc; ++i) failures += probe_one(tb, argv[i]);
  } else {
    char line[256];
    while (fgets(line, sizeof line, stdin)) {
      line[strcspn(line, "\r\n")] = '\0';
      if (line[0] != '\0') failures += probe_one(tb, line);
    }
  }
  xqtb_close(tb);
  return failures ? 1 : 0;
}
