# CLI test of `xqtb adjudicate` (docs/adjudicate.md): the JSON fields and the text ruling of a
# perpetual check at its second and third occurrence, a game file with comments and move
# numbers, no cycle, and bad input (one line "xqtb: reason", exit 2, nothing on stdout).
# Run by CTest as: cmake -DXQTB=path/to/xqtb -DWORK=scratch/dir -P test_adjudicate_cli.cmake
cmake_minimum_required(VERSION 3.25)
include(${CMAKE_CURRENT_LIST_DIR}/support/json_fields.cmake)

file(REMOVE_RECURSE "${WORK}")
file(MAKE_DIRECTORY "${WORK}")
# T01 of rule-cycles.tsv: a lone rook checks along ranks 9/8, the king steps f9-f8.
set(T01 "c2a1k3/2c1a2R1/b6P1/8p/9/9/9/9/4K4/9 w - - 0 1")

# Runs xqtb adjudicate with the arguments; stdout goes to `out` (and to `json`, which the
# assertions of json_fields.cmake read); the exit code must be 0.
function(adjudicate)
  execute_process(COMMAND "${XQTB}" adjudicate ${ARGN} RESULT_VARIABLE rc OUTPUT_VARIABLE o
                  ERROR_VARIABLE err)
  if(NOT rc EQUAL 0)
    message(FATAL_ERROR "adjudicate ${ARGN}: exit ${rc}: ${err}")
  endif()
  set(out "${o}" PARENT_SCOPE)
  set(json "${o}" PARENT_SCOPE)
endfunction()

# Second occurrence: Red must change.
adjudicate(--fen "${T01}" --moves "h8h9 f9f8 h9h8 f8f9" --rules asian --json)
expect(asian rules)
expect(red_loses verdict)
expect(red offender)
expect(OFF final)
expect(2 occurrences)
expect(4 plies)
expect("Red checks perpetually; Red must change" reason)
expect("红方长将，红方须变着" reason_zh)
expect(1 cycle first_ply)
expect(4 cycle last_ply)
expect(4 cycle followed_to_ply)
expect_type(NULL cycle left_at_ply)
expect("${T01}" cycle repeated_fen)
expect(h8h9 cycle plies 0 move)
expect("车二进一" cycle plies 0 move_zh)
expect(check cycle plies 0 class)
expect("将" cycle plies 0 class_zh)
expect(red cycle plies 0 side)
expect(ON cycle plies 0 check)
expect(chase cycle plies 1 class)
expect(black cycle plies 1 side)
expect(check cycle red violation)
expect("长将" cycle red violation_zh)
expect(2 cycle red moves)
expect(2 cycle red classes check)
expect(0 cycle red classes idle)
# Black's king steps discover a cannon's attack on the rook each time: a perpetual chase of the
# rook (h8 at the cycle's start), outranked by the perpetual check.
expect(chase cycle black violation)
expect(2 cycle black classes chase)
expect(h8 cycle black chased_always 0 point)
expect(R cycle black chased_always 0 piece)
expect(h9 cycle plies 1 chased 0 point)
expect_type(ARRAY cycle red chased_always)

# Third occurrence, from a game file (comments, move numbers, Chinese and WXF notation), then
# one more move that leaves the cycle: final, Red loses.
file(WRITE "${WORK}/t01.txt" "# T01, played twice round\n1. h8h9 f9f8 2. R2-1 将6退1\n"
                             "3. h8h9 f9f8 # again\n4.h9h8 f8f9\n5. h8g8\n")
adjudicate(--fen "${T01}" --file "${WORK}/t01.txt" --json)
expect(asian rules)  # the default rule set
expect(ON final)
expect(3 occurrences)
expect(9 plies)
expect(8 cycle followed_to_ply)
expect(9 cycle left_at_ply)
expect("Red checks perpetually; Red loses" reason)
expect("红方长将，红方判负" reason_zh)

# Under check and chinese the same; the text output carries the ruling.
adjudicate(--fen "${T01}" --moves "h8h9 f9f8 h9h8 f8f9" --rules chinese --lang zh)
if(NOT out MATCHES "红方长将，红方须变着" OR NOT out MATCHES "车二进一")
  message(FATAL_ERROR "adjudicate --lang zh:\n${out}")
endif()
# Chased pieces are named in the report's language: the elephant on g9 as 象 on Black's file 7
# and its own first line, not "b" nor "g9".
adjudicate(--fen "3ak1b2/4a4/4b4/r3C2R1/p8/9/P8/4p4/4p4/5K3 w - - 0 1"
           --moves "h6g6 g9i7 g6h6 i7g9" --rules asian --lang zh)
if(NOT out MATCHES "车二平三  红  捉  被捉 象7路1线")
  message(FATAL_ERROR "adjudicate --lang zh names chased pieces in Chinese:\n${out}")
endif()
adjudicate(--fen "${T01}" --moves "h8h9 f9f8 h9h8 f8f9" --rules check)
if(NOT out MATCHES "Red checks perpetually; Red must change" OR NOT out MATCHES "plies 1-4")
  message(FATAL_ERROR "adjudicate --rules check:\n${out}")
endif()

# No repeated position (the initial position is the default start).
adjudicate(--moves "h2e2 h9g7 h0g2" --json)
expect(no_cycle verdict)
expect_type(NULL offender)
expect_type(NULL cycle)
expect(1 occurrences)
expect(OFF final)
expect("No position recurs: no cycle" reason)

# Bad input: exit 2, one line on stderr naming the cause, nothing on stdout.
function(expect_error words)
  execute_process(COMMAND "${XQTB}" adjudicate ${ARGN} RESULT_VARIABLE rc OUTPUT_VARIABLE o
                  ERROR_VARIABLE err)
  string(STRIP "${err}" err)
  string(FIND "${err}" "\n" newline)
  string(FIND "${err}" "${words}" found)
  if(NOT rc EQUAL 2 OR NOT err MATCHES "^xqtb: " OR NOT newline EQUAL -1 OR found EQUAL -1
     OR NOT o STREQUAL "")
    message(SEND_ERROR "xqtb adjudicate ${ARGN}\n  exit ${rc} (expected 2), stdout '${o}', "
                       "stderr:\n${err}\n  (expected one line 'xqtb: ...' with '${words}')")
  endif()
endfunction()

file(WRITE "${WORK}/empty.txt" "# no moves here\n\n")
expect_error("unknown piece letter" --fen "c2a1k3/2c1a2Q1/b6P1/8p/9/9/9/9/4K4/9 w" --moves h8h9)
expect_error("missing side to move" --fen "c2a1k3/2c1a2R1/b6P1/8p/9/9/9/9/4K4/9" --moves h8h9)
expect_error("ply 3 (Red to move): illegal move 'h9h7'" --fen "${T01}" --moves "h8h9 f9f8 h9h7")
expect_error("ply 2 (Black to move): malformed" --fen "${T01}" --moves "h8h9 f9f")
expect_error("empty history" --fen "${T01}" --moves " ")
expect_error("empty history" --fen "${T01}" --file "${WORK}/empty.txt")
expect_error("cannot read" --fen "${T01}" --file "${WORK}/no-such-game.txt")
expect_error("--rules" --fen "${T01}" --moves h8h9 --rules fide)
expect_error("--moves or --file" --fen "${T01}")
expect_error("excludes" --fen "${T01}" --moves h8h9 --file "${WORK}/t01.txt")
