# `xqtb engine` sessions (docs/engine.md): UCI and UCCI piped into the binary, checked against
# the probe's own answers on KRKN tables the test generates; bad input answered with
# `info string error: ...` and a clean state; Fairy-Stockfish as the child outside the tables,
# its moves in ICCS (ranks 0-9); a child that dies, and one that hangs, never hang the engine.
# Run by CTest as: cmake -DXQTB=path/to/xqtb -DFAIRY=path/to/fairy-stockfish -DWORK=scratch/dir
#                  -P test_engine_session.cmake
cmake_minimum_required(VERSION 3.25)

include(${CMAKE_CURRENT_LIST_DIR}/../support/generate.cmake)

file(REMOVE_RECURSE "${WORK}")
file(MAKE_DIRECTORY "${WORK}")
generate("${WORK}" KRKN)

# A KRKN position Red to move wins, converting in 9 plies (the probe says so below).
set(won "5k3/9/4n4/9/9/9/9/9/9/R2K5 w - - 0 1")

# Runs `xqtb engine ARGS` on the session text; sets `out` in the caller. Fails on a non-zero exit
# or a session that does not end within `seconds`.
function(session text seconds)
  file(WRITE "${WORK}/session.txt" "${text}")
  execute_process(COMMAND "${XQTB}" engine --dir "${WORK}" ${ARGN} INPUT_FILE "${WORK}/session.txt"
                  RESULT_VARIABLE rc OUTPUT_VARIABLE o ERROR_VARIABLE e TIMEOUT ${seconds})
  if(NOT rc EQUAL 0)
    message(FATAL_ERROR "engine ${ARGN}: exit ${rc} (a timeout means a hang): ${e}\n${o}")
  endif()
  set(out "${o}" PARENT_SCOPE)
endfunction()

function(expect text)
  string(FIND "${out}" "${text}" at)
  if(at EQUAL -1)
    message(FATAL_ERROR "expected '${text}' in:\n${out}")
  endif()
endfunction()

function(expect_not text)
  string(FIND "${out}" "${text}" at)
  if(NOT at EQUAL -1)
    message(FATAL_ERROR "did not expect '${text}' in:\n${out}")
  endif()
endfunction()

# The probe's move under the limit and its value, for the engine's answers to be compared with.
function(probe fen var)
  execute_process(COMMAND "${XQTB}" probe --dir "${WORK}" --json --fen "${fen}" RESULT_VARIABLE rc
                  OUTPUT_VARIABLE json)
  if(NOT rc EQUAL 0)
    message(FATAL_ERROR "probe ${fen}: exit ${rc}")
  endif()
  string(JSON move GET "${json}" best_move_limit)
  string(JSON wdl GET "${json}" limit_wdl)
  set(${var} "${move}" PARENT_SCOPE)
  set(${var}_wdl "${wdl}" PARENT_SCOPE)
endfunction()

# The moves a session answered with, in order.
function(bestmoves var)
  string(REGEX MATCHALL "\nbestmove [^ \n]+" found "${out}")
  list(TRANSFORM found REPLACE "\nbestmove " "")
  set(${var} "${found}" PARENT_SCOPE)
endfunction()

# Whether the moves are legal from the FEN: `xqtb adjudicate` plays them (exit 2 otherwise).
function(expect_legal fen moves)
  execute_process(COMMAND "${XQTB}" adjudicate --fen "${fen}" --moves "${moves}" --rules check
                  RESULT_VARIABLE rc OUTPUT_QUIET ERROR_VARIABLE e)
  if(NOT rc EQUAL 0)
    message(FATAL_ERROR "'${moves}' from ${fen} is not legal: ${e}\n${out}")
  endif()
endfunction()

probe("${won}" best)
if(NOT best_wdl STREQUAL "win")
  message(FATAL_ERROR "the test position should be won under the limit: ${best_wdl}")
endif()

# UCI: identification, the table move, a mate score, the value in words and the verdict.
session("uci\nisready\nposition fen ${won}\ngo movetime 1000\nquit\n" 30)
expect("id name xqtb engine")
expect("option name TablePath type string default ${WORK}")
expect("option name NaturalLimit type check default true")
expect("uciok")
expect("readyok")
expect("bestmove ${best}")
expect("score mate ")
expect("info string tables (check): win under the natural limit")
expect("KRKN (车对马) is 例")

# Bad input: one error line each, and a clean state after it: the same position then answers.
session("uci\nposition fen 3k5/9/9 w\ngo\nposition startpos moves h2e2 h2e2\ngo movetime 10\n\
setoption name NoSuchOption value 1\nsetoption name Rules value sometimes\n\
setoption name NaturalLimit value maybe\nfrobnicate\ngo nodes x\n\
position fen ${won}\nbanmoves z9z9\ngo\nquit\n" 30)
expect("info string error: ")
expect("info string error: go: no position set")
expect("info string error: ply 2")
expect("bestmove (none)")
expect("info string error: unknown option 'NoSuchOption'")
expect("info string error: Rules: 'sometimes'")
expect("info string error: NaturalLimit: 'maybe'")
expect("info string error: unknown command 'frobnicate'")
expect("info string error: go nodes: 'x' is not a whole number")
expect("info string error: ")
bestmoves(moves)
list(GET moves -1 last)
if(NOT last STREQUAL best)
  message(FATAL_ERROR "after the errors the won position should answer ${best}, not ${last}:\n${out}")
endif()

# UCCI: identification, banmoves honoured (the move played is another legal one), UCCI's scores,
# the probe command.
session("ucci\nposition fen ${won}\nbanmoves ${best}\ngo time 1000\nprobe\nquit\n" 30)
expect("ucciok")
expect("option TablePath type string")
expect("pophash bestmove ${best}")
expect_not("score mate")
bestmoves(moves)
list(GET moves 0 banned_answer)
if(banned_answer STREQUAL best)
  message(FATAL_ERROR "banmoves ${best} was not honoured:\n${out}")
endif()
expect_legal("${won}" "${banned_answer}")

# Without the natural limit: the unlimited best move (the probe's best_move).
session("uci\nsetoption name NaturalLimit value false\nposition fen ${won}\ngo\nquit\n" 30)
expect("win without the natural limit")

# Outside the tables with Fairy-Stockfish as the child: its info lines and move in ICCS.
set(start "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1")
session("uci\nposition startpos moves h2e2\ngo nodes 3000\nposition startpos moves h2e2 h9g7 h0g2\n\
go nodes 3000\nquit\n" 60 --child "${FAIRY}")
expect("info string outside the tables: no table for")
expect(" pv ")
bestmoves(moves)
list(LENGTH moves n)
if(NOT n EQUAL 2)
  message(FATAL_ERROR "expected two moves from the child:\n${out}")
endif()
list(GET moves 0 first)
list(GET moves 1 second)
expect_legal("${start}" "h2e2 ${first}")
expect_legal("${start}" "h2e2 h9g7 h0g2 ${second}")

# A child that dies at once: restarted once, then reported; the move is then unguided (legal).
session("uci\nposition startpos\ngo movetime 50\nquit\n" 30 --child /bin/false)
expect("info string restarting the child engine")
expect("info string error: child engine: failed again after a restart")
expect("info string unguided")
bestmoves(moves)
expect_legal("${start}" "${moves}")

# A child that answers the handshake but never a move: stopped, ended, restarted, reported.
file(WRITE "${WORK}/hung.sh"
     "while read l; do case $l in uci) echo uciok;; isready) echo readyok;; esac; done\n")
session("uci\nposition startpos\ngo movetime 10\nquit\n" 60 --child sh "${WORK}/hung.sh")
expect("info string error: child engine: no bestmove within 5 s of 'stop'")
expect("info string error: child engine: failed again after a restart")
bestmoves(moves)
expect_legal("${start}" "${moves}")
