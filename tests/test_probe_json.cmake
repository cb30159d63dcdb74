# CLI test of `xqtb probe --json` (docs/probe-json.md): generates KRK into WORK, probes a win,
# a loss and a draw, and asserts the required fields and their values.
# Run by CTest as: cmake -DXQTB=path/to/xqtb -DWORK=scratch/dir -P test_probe_json.cmake
cmake_minimum_required(VERSION 3.25)

include(${CMAKE_CURRENT_LIST_DIR}/support/generate.cmake)
include(${CMAKE_CURRENT_LIST_DIR}/support/json_fields.cmake)

file(REMOVE_RECURSE "${WORK}")
generate("${WORK}" KRK)

# Probes FEN with --json and the extra flags; the output JSON goes to the variable `json`.
function(probe fen)
  execute_process(COMMAND "${XQTB}" probe --dir "${WORK}" --json ${ARGN} --fen "${fen}"
                  RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE err)
  if(NOT rc EQUAL 0)
    message(FATAL_ERROR "probe ${fen}: exit ${rc}: ${err}")
  endif()
  set(json "${out}" PARENT_SCOPE)
endfunction()

# Red wins in 3 plies: the rook goes to the back rank, the king steps aside, the rook takes
# rank 8: stalemate (困毙, not checkmate: the king on e9 is not in check; it loses all the same).
probe("5k3/9/9/9/9/9/9/9/9/R2K5 w - - 0 1" --pv)
expect(win wdl)
expect(3 dtm)
expect(stalemate ending)
expect_type(BOOLEAN rule_decided)
expect(OFF rule_decided)
expect(check rules)  # the untagged KRK.xqw: the check rule's table
expect(mate decided_by)
expect(a0a8 best_move)
expect("车九进八" best_move_zh)
expect(red side_to_move)
expect_length(3 pv)
expect(a0a8 pv 0)
expect(f9e9 pv 1)
expect(a8f8 pv 2)
expect(no_legal_move pv_end)
string(JSON has_potential ERROR_VARIABLE missing GET "${json}" rule_potential)
if(NOT missing)
  message(FATAL_ERROR "rule_potential present for a plain win\n${json}")
endif()

# The same line one ply on: Black loses in 2 plies; with --moves every move is listed.
probe("5k3/R8/9/9/9/9/9/9/9/3K5 b - - 0 1" --moves)
expect(loss wdl)
expect(2 dtm)
expect(black side_to_move)
expect_type(ARRAY moves)
expect(loss moves 0 wdl)
expect(mate moves 0 decided_by)
expect(2 moves 0 dtm)
expect(stalemate moves 0 ending)
string(JSON has_pv ERROR_VARIABLE no_pv GET "${json}" pv)
if(NOT no_pv)
  message(FATAL_ERROR "pv present without --pv\n${json}")
endif()

# A draw: Black takes the undefended rook. dtm is null, the line empty.
probe("4k4/4R4/9/9/9/9/9/9/9/3K5 b - - 0 1" --pv)
expect(draw wdl)
expect_type(NULL dtm)
expect(OFF rule_decided)
expect(e9e8 best_move)
string(JSON has_ending ERROR_VARIABLE no_ending GET "${json}" ending)
if(NOT no_ending)
  message(FATAL_ERROR "ending present for a draw\n${json}")
endif()
expect("将5进1" best_move_zh)
expect_length(0 pv)
expect_type(NULL pv_end)

# Stalemated (the end of the first line): no best move, an empty line.
probe("4k4/5R3/9/9/9/9/9/9/9/3K5 b - - 0 1" --pv)
expect(loss wdl)
expect(0 dtm)
expect(stalemate ending)
expect_type(NULL best_move)
expect_type(NULL best_move_zh)
expect_length(0 pv)

# Checkmated: the rook checks on the d-file, e9 faces the red king.
probe("3k5/9/9/9/3R5/9/9/9/9/4K4 b - - 0 1")
expect(loss wdl)
expect(0 dtm)
expect(checkmate ending)

# Two wins in 1 ply, one by stalemate, one by checkmate: each move names its own ending.
probe("3k5/9/9/9/R8/9/9/9/9/4K4 w - - 0 1" --moves)
expect(1 dtm)
expect(a5a8 moves 0 move)
expect(stalemate moves 0 ending)
expect(a5d5 moves 1 move)
expect(checkmate moves 1 ending)

# The same ending under --rules none beside it (KRK.none.xqw): chosen by --rules, reported.
generate("${WORK}" KRK --rules none)
if(NOT EXISTS "${WORK}/KRK.none.xqw")
  message(FATAL_ERROR "xqtb gen KRK --rules none wrote no KRK.none.xqw")
endif()
foreach(rules none check)
  probe("5k3/9/9/9/9/9/9/9/9/R2K5 w - - 0 1" --rules ${rules})
  expect(${rules} rules)
  expect(3 dtm)
endforeach()

file(REMOVE_RECURSE "${WORK}")
