# CLI test of what a new user reads (issue 12): info's legal counts from the table or counted
# on request, gen --plan's costs, list on a damaged DTM file, stalemate said as stalemate in
# English and Chinese, and how material names are read. Each check runs xqtb and asserts its
# exit code and a line of its standard output, exactly.
# Run by CTest as: cmake -DXQTB=path/to/xqtb -DVERSION=x.y.z -DWORK=scratch/dir -P test_cli_output.cmake
cmake_minimum_required(VERSION 3.25)
include(${CMAKE_CURRENT_LIST_DIR}/support/damage_byte.cmake)
include(${CMAKE_CURRENT_LIST_DIR}/support/generate.cmake)

file(REMOVE_RECURSE "${WORK}")
generate("${WORK}/tables" KRKA)
set(T --dir "${WORK}/tables")

# expect_line(code line args...): runs xqtb args; the exit code must be code and one line of
# standard output must equal line.
function(expect_line code line)
  execute_process(COMMAND "${XQTB}" ${ARGN} RESULT_VARIABLE rc OUTPUT_VARIABLE out
                  ERROR_VARIABLE err)
  string(FIND "\n${out}" "\n${line}\n" found)  # not a list: lines may hold semicolons
  if(NOT rc STREQUAL "${code}" OR found EQUAL -1)
    message(SEND_ERROR "xqtb ${ARGN}\n  exit ${rc} (expected ${code}), stdout:\n${out}"
                       "stderr:\n${err}\n  (expected the line '${line}')")
  endif()
endfunction()

# --version says the project's version (the C API's xqtb_version, checked against the header).
expect_line(0 "xqtb ${VERSION}" --version)

# info: the counts of tests/data/reference-counts.tsv, from the table's statistics without
# --count, counted with it; a material without a table is reported, not counted, exit 0.
expect_line(0 "  Red to move: 9264 legal slots, 18507 legal positions (mirror images counted separately; from the table's statistics)"
            info KRKA ${T})
expect_line(0 "  Black to move: 11421 legal slots, 22806 legal positions (mirror images counted separately; from the table's statistics)"
            info KRKA ${T})
expect_line(0 "  Black to move: 11421 legal slots, 22806 legal positions (mirror images counted separately; counted)"
            info KRKA ${T} --count)
# Without --count, info says how long counting would take, table or not (README "Usage").
expect_line(0 "  --count recounts them by decoding every slot: about < 1 s per side on 2 threads"
            info KRKA ${T})
expect_line(0 "  Red to move: legal positions not counted (no table; --count counts them, about < 1 s per side on 2 threads)"
            info KRKC ${T})
expect_line(0 "  ${WORK}/tables/KRKC.xqw: not generated" info KRKC ${T})
expect_line(0 "  Red to move: 174105 legal slots, 348021 legal positions (mirror images counted separately; counted)"
            info KRKC ${T} --count)
# Letter case and surrounding spaces are not part of a name (docs/material.md).
expect_line(0 "KRKA (单车对单士)" info " krka " ${T})

# gen --plan: per table slots, memory (memory_estimate: the check rule's stage, 27,864 × 2 ×
# (3 + 49/8) bytes, above the other stages' 27,864 × 10 + (15,921 + 324) × 6), disk (three
# files) and time (the DTC stage included) from the cost model, and whether it is present;
# columns as wide as their widest cell.
expect_line(0 "material  slots/side     memory     disk   time  status"
            gen KRKAA --plan ${T})
expect_line(0 "KRKA           15921  283.7 KiB  5.0 KiB  < 1 s  present"
            gen KRKAA --plan ${T})
expect_line(0 "KRKAA          27864  496.6 KiB  8.7 KiB  < 1 s  to build"
            gen KRKAA --plan ${T})
expect_line(0 "6 tables, 2 to build in ${WORK}/tables: peak memory 496.6 KiB, disk about 8.8 KiB, time < 1 s (rough: rates of a 2-vCPU machine, docs/generation.md)"
            gen KRKAA --plan ${T})
# Under asian the register product, under chinese the chase game, is known only when its stage
# starts: the plan names it.
expect_line(0 "not counted: the Asian register product, about 1100 bytes per cornered position, checked when each table's Asian stage starts (docs/generation.md)"
            gen KRKAA --plan --rules asian --dir "${WORK}/asian-plan")
expect_line(0 "not counted: the chase game, about 256 bytes per cornered position, checked when each table's chase stage starts (docs/generation.md)"
            gen KRKAA --plan --rules chinese --dir "${WORK}/chinese-plan")
# The 55 GiB ending of the issue (61.9 GiB with the rule stage bounded): its needs show
# before anything runs.
expect_line(0 "KRNKRAABB  3642897888   61.9 GiB    1.1 GiB  57 min 27 s  to build"
            gen 车马对车士象全 --plan ${T})

# list: a changed byte in the last block of the DTM file is found by the file checksum.
file(COPY "${WORK}/tables/" DESTINATION "${WORK}/damaged")
damage_byte("${WORK}/damaged/KRKA.xqd" 20)
expect_line(3 "KRKA       单车对单士        3.0 KiB    check   damaged: ${WORK}/damaged/KRKA.xqd: file checksum mismatch"
            list --dir "${WORK}/damaged")

# Stalemate (困毙) is not checkmate (将死), though both lose. Red wins in 1 ply by stalemate:
# the king takes the e-file, the rook holds rank 8. Both 1-ply wins of the second position
# show their own ending.
set(stalemate_in_1 "3k5/R8/9/9/9/9/9/9/9/5K3 w")
expect_line(0 "Red to move wins: stalemate in 1 ply (1 move)" probe ${T} --fen "${stalemate_in_1}")
expect_line(0 "红先胜，1 步困毙（1 回合）" probe ${T} --lang zh --fen "${stalemate_in_1}")
expect_line(0 "  a8e8  车九平五  win, stalemate in 1 ply; under the limit: win, conversion in 1 ply (rank 999)" probe ${T} --moves --fen "${stalemate_in_1}")
expect_line(0 "  a5d5  车九平六  win, mate in 1 ply; under the limit: win, conversion in 1 ply (rank 999)" probe ${T} --moves --fen "3k5/9/9/9/R8/9/9/9/9/4K4 w")
expect_line(0 "  a5d5  车九平六  胜 1 步杀; 限着下胜，1 步转换（序 999）" probe ${T} --moves --lang zh --fen "3k5/9/9/9/R8/9/9/9/9/4K4 w")
expect_line(0 "  a5a8  车九进三  胜 1 步困毙; 限着下胜，1 步转换（序 999）" probe ${T} --moves --lang zh --fen "3k5/9/9/9/R8/9/9/9/9/4K4 w")
# Without the KRK table its captures lead to, the line to the end cannot be played out: the
# ending is not known, and the text names both rather than guess (a new user's finding).
file(MAKE_DIRECTORY "${WORK}/no-krk")
foreach(ext xqw xqd xqc)
  file(COPY_FILE "${WORK}/tables/KRKA.${ext}" "${WORK}/no-krk/KRKA.${ext}")
endforeach()
expect_line(0 "Red to move wins: mate or stalemate in 5 plies (3 moves)"
            probe --dir "${WORK}/no-krk" --fen "3k5/4a4/9/9/9/9/9/9/9/R3K4 w")
expect_line(0 "红先胜，5 步杀或困毙（3 回合）"
            probe --dir "${WORK}/no-krk" --lang zh --fen "3k5/4a4/9/9/9/9/9/9/9/R3K4 w")
set(stalemated "3k5/4R4/9/9/9/9/9/9/9/5K3 b")
expect_line(0 "Black to move loses: stalemated (no legal move, not in check)" probe ${T} --fen "${stalemated}")
expect_line(0 "黑先负，已被困毙（无着可走，未被将军）" probe ${T} --lang zh --fen "${stalemated}")
set(checkmated "3k5/9/9/9/3R5/9/9/9/9/4K4 b")
expect_line(0 "Black to move loses: checkmated" probe ${T} --fen "${checkmated}")
expect_line(0 "黑先负，已被将死" probe ${T} --lang zh --fen "${checkmated}")
file(WRITE "${WORK}/ends.epd" "${stalemated}\n${checkmated}\n")
expect_line(0 "${stalemated} ; loss, stalemated in 0 plies" probe ${T} --epd "${WORK}/ends.epd")
expect_line(0 "${checkmated} ; loss, mated in 0 plies" probe ${T} --epd "${WORK}/ends.epd")

# Two rule sets of one material in one directory: list shows a row per rule set, info the files
# of each.
foreach(rules check none)
  generate("${WORK}/both" KK --rules ${rules})
endforeach()
set(kk_row "单将对单将        1.3 KiB")
set(kk_verdict "例和 draw (fortress (best formation holds 100.0%); Red to move wins 0.0% of typical positions)")
expect_line(0 "KK         ${kk_row}    none    ${kk_verdict}" list --dir "${WORK}/both")
expect_line(0 "KK         ${kk_row}    check   ${kk_verdict}" list --dir "${WORK}/both")
expect_line(0 "2 tables in ${WORK}/both, 2.5 KiB" list --dir "${WORK}/both")
expect_line(0 "  ${WORK}/both/KK.none.xqd: 184 bytes, 16.3556 bits per slot, rules none, Black to move's forced distances one ply away"
            info KK --dir "${WORK}/both")
expect_line(0 "  ${WORK}/both/KK.xqd: 184 bytes, 16.3556 bits per slot, rules check, Black to move's forced distances one ply away"
            info KK --dir "${WORK}/both" --rules check)
expect_line(0 "Rules: none (every repetition is a draw)"
            probe --fen "3k5/9/9/9/9/9/9/9/9/4K4 w" --dir "${WORK}/both" --rules none)

# Issue 41. A rule win's line stops where it would repeat, and the text says so as the JSON's
# pv_end does; --board draws the board above the value (KRKN: the C API test's rule win).
generate("${WORK}/krkn" KRKN)
set(N --dir "${WORK}/krkn")
set(rule_win "9/9/4k4/9/9/6R2/9/9/1n7/3K5 w - - 0 1")
expect_line(0 "      (the line ends here: the next position repeats, and the check rules decide the repetition)"
            probe ${N} --pv --fen "${rule_win}")
expect_line(0 "（变例至此形成循环，按长将规则判定，不再续走）" probe ${N} --pv --lang zh --fen "${rule_win}")
expect_line(0 " 7  . . . . k . . . ." probe ${N} --board --fen "${rule_win}")
expect_line(0 " 4  . . . . . . R . ." probe ${N} --board --fen "${rule_win}")
expect_line(0 "7 ．．．．将．．．．" probe ${N} --board --lang zh --fen "${rule_win}")

# --lang zh is Chinese inside its sentences: no ASCII letter outside the fields that are
# notation of their own (a FEN line, ICCS moves, the material signature beside its Chinese
# name). zh_only(args...) fails on any other letter of the output.
function(zh_only)
  execute_process(COMMAND "${XQTB}" ${ARGN} --lang zh RESULT_VARIABLE rc OUTPUT_VARIABLE out
                  ERROR_VARIABLE err)
  if(NOT rc EQUAL 0)
    message(SEND_ERROR "xqtb ${ARGN} --lang zh: exit ${rc}\n${err}")
  endif()
  string(REGEX REPLACE "  FEN [^\n]*" "" text "${out}")
  string(REGEX REPLACE "[a-i][0-9][a-i][0-9]" "" text "${text}")
  string(REGEX REPLACE "（[KABNRCP]+）" "" text "${text}")
  if(text MATCHES "[A-Za-z]")
    message(SEND_ERROR "xqtb ${ARGN} --lang zh: ASCII letters in Chinese text:\n${out}")
  endif()
endfunction()
zh_only(probe ${N} --pv --moves --board --fen "${rule_win}")
zh_only(probe ${N} --pv --moves --fen "3k5/9/9/9/9/4n4/9/9/9/R3K4 w - - 0 1")
zh_only(stats KRKN ${N})

# Progress (issue 41): gen ends with one summary line on stderr; verify and probe --epd write
# no progress where stderr is no terminal (here a pipe); --quiet leaves stderr empty.
# stderr_is(regex args...): the whole of stderr must match regex, exit 0.
function(stderr_is regex)
  execute_process(COMMAND "${XQTB}" ${ARGN} RESULT_VARIABLE rc OUTPUT_QUIET ERROR_VARIABLE err)
  if(NOT rc EQUAL 0 OR NOT err MATCHES "${regex}")
    message(SEND_ERROR "xqtb ${ARGN}\n  exit ${rc}, stderr:\n${err}\n  (expected: ${regex})")
  endif()
endfunction()
stderr_is("run \\[##########\\] 100%\ndone: [0-9]+ tables built in [^\n]+, [0-9.]+ (B|KiB) written, peak memory [0-9.]+ (KiB|MiB|GiB)\n$"
          gen KRKA --dir "${WORK}/progress")
stderr_is("\ndone: 0 tables built, [0-9]+ present in " gen KRKA --dir "${WORK}/progress")
stderr_is("^$" gen KRKA --dir "${WORK}/progress" --force --quiet)
stderr_is("^$" verify KRKN ${N})
stderr_is("^$" verify KRKN ${N} --quiet)
file(WRITE "${WORK}/krkn.epd" "${rule_win}\n3k5/9/9/9/9/4n4/9/9/9/R3K4 w - - 0 1\n")
stderr_is("^$" probe ${N} --epd "${WORK}/krkn.epd")
stderr_is("^$" probe ${N} --epd "${WORK}/krkn.epd" --quiet)

file(REMOVE_RECURSE "${WORK}")
