# CLI test of `xqtb probe` under the natural limit (docs/probe-json.md, "The natural limit and
# the counter"): the counter from the FEN's halfmove field or --counter, the limit fields of the
# JSON and the text, bad counters, and a missing DTC file. KRK's captures all lead to the drawn
# KK, so its DTC is its DTM: the win below converts (mates) in 3 plies.
# Run by CTest as: cmake -DXQTB=path/to/xqtb -DWORK=scratch/dir -P test_probe_limit.cmake
cmake_minimum_required(VERSION 3.25)

include(${CMAKE_CURRENT_LIST_DIR}/support/generate.cmake)
include(${CMAKE_CURRENT_LIST_DIR}/support/json_fields.cmake)

file(REMOVE_RECURSE "${WORK}")
generate("${WORK}" KRK)

set(win "5k3/9/9/9/9/9/9/9/9/R2K5 w")

# Runs xqtb probe with the arguments; sets rc, out and err in the caller.
function(run)
  execute_process(COMMAND "${XQTB}" probe --dir "${WORK}" ${ARGN} RESULT_VARIABLE code
                  OUTPUT_VARIABLE o ERROR_VARIABLE e)
  set(rc "${code}" PARENT_SCOPE)
  set(out "${o}" PARENT_SCOPE)
  set(err "${e}" PARENT_SCOPE)
endfunction()

# Probes with --json; the JSON goes to `json`.
function(probe)
  run(--json ${ARGN})
  if(NOT rc EQUAL 0)
    message(FATAL_ERROR "probe ${ARGN}: exit ${rc}: ${err}")
  endif()
  set(json "${out}" PARENT_SCOPE)
endfunction()

# Expects exit code `code` and a one-line error containing `text`.
function(expect_error code text)
  run(${ARGN})
  string(REGEX MATCHALL "\n" lines "${err}")
  list(LENGTH lines n)
  string(FIND "${err}" "${text}" at)
  if(NOT rc EQUAL code OR NOT n EQUAL 1 OR at EQUAL -1 OR NOT out STREQUAL "")
    message(FATAL_ERROR "probe ${ARGN}: exit ${rc}, stderr '${err}', stdout '${out}'; "
                        "expected exit ${code} and one line with '${text}'")
  endif()
endfunction()

function(expect_text text)
  string(FIND "${out}" "${text}" at)
  if(at EQUAL -1)
    message(FATAL_ERROR "expected '${text}' in:\n${out}")
  endif()
endfunction()

# Counter 0 (the FEN's halfmove field): a win within the limit, converting in 3 plies.
probe(--moves --fen "${win} - - 0 1")
expect(0 counter)
expect(win class)
expect(3 dtc)
expect(3 dtm)
expect(win limit_wdl)
expect(converts limit_reason)
expect(a0a8 best_move_limit)
expect("车九进八" best_move_limit_zh)
expect(win wdl)
# The move list keeps its unlimited order and shows each move's value under the limit.
expect(a0a8 moves 0 move)
expect(3 moves 0 dtc)
expect(997 moves 0 rank)
expect(win moves 0 limit_wdl)

# 117 plies since the last capture: 3 plies left, still a win; 118: a draw, the mate too far.
probe(--fen "${win} - - 117 1")
expect(117 counter)
expect(win limit_wdl)
probe(--moves --fen "${win} - - 118 1")
expect(118 counter)
expect(win wdl)
expect(draw limit_wdl)
expect(too_far limit_reason)
expect(3 dtc)
expect(1 moves 0 rank)
expect(too_far moves 0 limit_reason)
# --counter overrides the FEN's field.
probe(--counter 118 --fen "${win} - - 0 1")
expect(118 counter)
expect(draw limit_wdl)
probe(--counter 0 --fen "${win} - - 118 1")
expect(win limit_wdl)

# Mated with the counter at 120: the mate on the 120th ply counts.
probe(--fen "3k5/4R4/9/9/9/9/9/9/9/4K4 b - - 120 61")
expect(loss limit_wdl)
expect(converts limit_reason)
expect(0 dtc)

# A draw with or without the limit: no DTC.
probe(--fen "4k4/4R4/9/9/9/9/9/9/9/3K5 b - - 7 1")
expect(draw limit_wdl)
expect(draw limit_reason)
expect(draw class)
string(JSON dtc_type TYPE "${json}" dtc)
if(NOT dtc_type STREQUAL "NULL")
  message(FATAL_ERROR "a draw's dtc must be null: ${json}")
endif()

# The text, in both languages.
run(--fen "${win} - - 118 1")
expect_text("Red to move wins: stalemate in 3 plies (2 moves)")
expect_text(
  "Under the natural limit (counter 118: 2 plies left): draw: the conversion needs 3 plies, only 2 left")
expect_text("Best move under the limit: ")
run(--lang zh --fen "${win} - - 37 1")
expect_text("自然限着下（已 37 步未吃子，余 83 步）：胜，3 步转换")
expect_text("限着下最佳着法：车九进八（a0a8）")
run(--moves --fen "${win}")
expect_text("under the limit: win, conversion in 3 plies (rank 997)")

# Bad counters: one line, exit 2, before any table is read.
expect_error(2 "121 is above 120" --fen "${win} - - 121 1")
expect_error(2 "--counter 121 is not 0..120" --counter 121 --fen "${win}")
expect_error(2 "--counter: '-1' is not a whole number" --counter -1 --fen "${win}")
expect_error(2 "counter" --counter x --fen "${win}")

# Without the DTC file the limit cannot be answered: exit 3, the file named.
file(REMOVE "${WORK}/KRK.xqc")
expect_error(3 "KRK.xqc: missing DTC file" --fen "${win}")
