# CLI test of bad input: each command below must fail with the documented exit code (1 memory
# limit, 2 bad input, 3 tables missing, corrupt or unwritable) and exactly one stderr line
# "xqtb: reason" containing the given words (for gen: after its progress lines); never a crash.
# Run by CTest as: cmake -DXQTB=path/to/xqtb -DWORK=scratch/dir -P test_cli_errors.cmake
cmake_minimum_required(VERSION 3.25)
include(${CMAKE_CURRENT_LIST_DIR}/support/damage_byte.cmake)
include(${CMAKE_CURRENT_LIST_DIR}/support/generate.cmake)

file(REMOVE_RECURSE "${WORK}")
generate("${WORK}/tables" KRKA)
file(WRITE "${WORK}/mixed.epd"
     "3k5/4a4/9/9/9/9/9/9/9/R3K4 w\r\nnot a fen\n3k5/4a4/9/9/9/9/9/9/9/R3K4 w - - 130 1\n")
# A damaged copy: one byte near the end of the DTM file (in its last block) changed.
file(COPY "${WORK}/tables/" DESTINATION "${WORK}/damaged")
damage_byte("${WORK}/damaged/KRKA.xqd" 20)

# expect(code words... -- args...): runs xqtb args, checks the exit code and the message.
function(expect code words)
  execute_process(COMMAND "${XQTB}" ${ARGN} RESULT_VARIABLE rc OUTPUT_QUIET ERROR_VARIABLE err)
  string(STRIP "${err}" err)
  if(ARGV2 STREQUAL "gen")  # gen's progress lines come first: the reason is the last line
    string(REGEX REPLACE "^.*\n" "" err "${err}")
  endif()
  string(FIND "${err}" "\n" newline)
  string(FIND "${err}" "${words}" found)
  if(NOT rc STREQUAL "${code}" OR NOT err MATCHES "^xqtb: " OR NOT newline EQUAL -1
     OR found EQUAL -1)
    message(SEND_ERROR "xqtb ${ARGN}\n  exit ${rc} (expected ${code}), stderr:\n${err}\n"
                       "  (expected one line 'xqtb: ...' containing '${words}')")
  endif()
endfunction()

# A truncated copy of the WDL file, and a copy without a DTM file.
file(COPY "${WORK}/tables/" DESTINATION "${WORK}/truncated")
execute_process(COMMAND truncate -s 1000 "${WORK}/truncated/KRKA.xqw")
file(COPY "${WORK}/tables/" DESTINATION "${WORK}/no-dtm")
file(REMOVE "${WORK}/no-dtm/KRKA.xqd")
# KRKA without its sub-tables: a capture's table is missing, and the message names it.
file(COPY "${WORK}/tables/KRKA.xqw" "${WORK}/tables/KRKA.xqd" "${WORK}/tables/KRKA.xqc"
     DESTINATION "${WORK}/alone")

set(T --dir "${WORK}/tables")
# The damaged copy fails its checksums: a mutant accepting it would fail the last two.
expect(2 "unknown piece letter" probe ${T} --fen "4k4/9/9/9/9/9/9/9/9/4KQ3 w")
expect(2 "missing side to move" probe ${T} --fen "4k4/9/9/9/9/9/9/9/9/4K4")
expect(2 "two digits in a row" probe ${T} --fen "3k5/9/9/9/9/9/9/9/9/R2K41 w")
# A FEN holding a line break still gives one line of error (the break shown as \n).
expect(2 "bad FEN" probe ${T} --fen "3k5/9/9/9/9/9/9/9/9/R3K4\nw")
expect(2 "face each other" probe ${T} --fen "4k4/9/9/9/9/9/9/9/9/4K4 w")
expect(2 "more than 2 advisors" probe ${T} --fen "3aka3/4a4/9/9/9/9/9/9/9/3K5 w")
expect(3 "no table" probe ${T} --fen "3k5/9/9/9/9/9/9/9/9/2C1K4 w")
expect(3 "KRK: no table for this material, which a capture leads to"
       probe --dir "${WORK}/alone" --fen "3k5/R3a4/9/9/9/9/9/9/9/4K4 w")
expect(3 "cannot read the directory" probe --dir "${WORK}/none" --fen "3k5/9/9/9/9/9/9/9/9/R3K4 w")
expect(2 "cannot read" probe ${T} --epd "${WORK}")
expect(2 "unknown piece letter" stats KQK ${T})
expect(2 "more than 2 rooks" info 车对车车车)
# Legal piece counts whose index cannot fit 64 bits: impossible, not merely missing.
set(huge KRRNNCCAABBPPPPPKRRNNCCAABBPPPPP)
set(impossible "KRRNNCCPPPPPAABBKRRNNCCPPPPPAABB: impossible to tabulate: its index would not fit")
expect(2 "${impossible}" stats ${huge} ${T})
expect(2 "${impossible}" verify ${huge} ${T})
expect(2 "${impossible}" info ${huge} ${T})
expect(2 "${impossible}" gen ${huge} --plan)
# info reports sizes without a table, but a --dir that does not exist is an error.
expect(3 "${WORK}/none: no such directory (--dir names the table directory)"
       info KRKA --dir "${WORK}/none")
# Tables of several rule sets share a directory (docs/format.md): none tables are built beside
# the check ones; a probe must then be told which rule set to answer under.
execute_process(COMMAND "${XQTB}" gen KRK --rules none ${T} RESULT_VARIABLE rc OUTPUT_QUIET
                ERROR_QUIET)
if(NOT rc EQUAL 0 OR NOT EXISTS "${WORK}/tables/KRK.none.xqw" OR NOT EXISTS "${WORK}/tables/KRK.xqw")
  message(SEND_ERROR "gen KRK --rules none beside check tables: exit ${rc}")
endif()
expect(3 "KRK: tables of several rule sets (none, check): choose one (--rules"
       probe --fen "3k5/9/9/9/9/9/9/9/9/R3K4 w" ${T})
expect(3 "KRK: tables of several rule sets in ${WORK}/tables (none, check): choose one (--rules)"
       verify KRK ${T})
expect(2 "--rules" probe --fen "3k5/9/9/9/9/9/9/9/9/R3K4 w" --rules xiangqi ${T})
# bench probe too asks for the choice, and measures the rule set chosen.
expect(3 "KRK: tables of several rule sets (none, check): choose one (--rules"
       bench probe KRK --positions 10 ${T})
expect(3 "no table for KRKA under --rules asian" bench probe KRKA --rules asian --positions 10 ${T})
execute_process(COMMAND "${XQTB}" bench probe KRK --rules none --positions 10 ${T}
                RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_QUIET)
if(NOT rc EQUAL 0 OR NOT out MATCHES "^KRK \\(none\\): 10 random legal positions")
  message(SEND_ERROR "bench probe KRK --rules none: exit ${rc}\n${out}")
endif()
expect(2 "notes.xqw is not a table file's name (MATERIAL[.RULES].xqw)" verify "${WORK}/notes.xqw")
expect(2 "is a table of --rules none, not check" verify "${WORK}/tables/KRK.none.xqd" --rules check)
expect(2 "a file's sub-tables are read from its own directory"
       verify "${WORK}/tables/KRKA.xqw" --dir "${WORK}/damaged")
# A rule set the directory lacks: which ones it holds, and how to build the one asked for.
expect(3 "KRKA: no table for this material under --rules none in ${WORK}/tables (it holds --rules check); build it: xqtb gen KRKA --rules none --dir ${WORK}/tables"
       probe --fen "3k5/4a4/9/9/9/9/9/9/9/R3K4 w" --rules none ${T})
expect(3 "KRKA: no table for this material under --rules asian in ${WORK}/tables (it holds --rules check); build it: xqtb gen KRKA --rules asian"
       probe --fen "3k5/4a4/9/9/9/9/9/9/9/R3K4 w" --rules asian ${T})
# An old tree's none table under the untagged name: refused with the name it should have.
file(MAKE_DIRECTORY "${WORK}/renamed")
foreach(ext xqw xqd xqc)
  file(COPY_FILE "${WORK}/tables/KK.none.${ext}" "${WORK}/renamed/KK.${ext}" ONLY_IF_DIFFERENT)
endforeach()
expect(3 "built under the rule set none, but its name says check: rename it to KK.none.xqw"
       probe --fen "3k5/9/9/9/9/9/9/9/9/4K4 w" --dir "${WORK}/renamed")
expect(3 "KK.xqw holds a table built under the rule set none, but its name says check: rename it to KK.none.xqw or delete it"
       gen KRK --dir "${WORK}/renamed")
expect(2 "unknown command" frobnicate)
expect(2 "--lang" stats KRKA ${T} --lang fr)
expect(2 "--all needs --max-pieces" gen --all)
expect(2 "go with --all" gen KRK --max-pieces 2)
expect(3 "cannot create the directory" gen KRK --dir /proc/xqtb-test)
expect(3 "checksum" verify KRKA --dir "${WORK}/damaged")
expect(3 "checksum" gen KRKA --dir "${WORK}/damaged")
# A FIFO in a table's place is refused at once, not waited on.
file(MAKE_DIRECTORY "${WORK}/fifo")
file(COPY_FILE "${WORK}/tables/KRK.xqw" "${WORK}/fifo/KRK.xqw")
execute_process(COMMAND mkfifo "${WORK}/fifo/KK.xqw")
expect(3 "KK.xqw: not a regular file" probe --fen "4k4/9/9/9/9/9/9/9/9/3K5 w" --dir "${WORK}/fifo")
expect(3 "KK.xqw: not a regular file" gen KRK --dir "${WORK}/fifo")
# A Slurm script cannot quote a newline for sh: such a --dir is refused.
expect(2 "control character" gen KK --plan --format slurm --dir "${WORK}/a\nb")
# Past a file-size limit the write fails with its reason, not a silent SIGXFSZ.
execute_process(COMMAND sh -c "ulimit -f 20 && exec \"$0\" gen KRKN --dir \"$1\" --threads 1"
                        "${XQTB}" "${WORK}/small" RESULT_VARIABLE rc OUTPUT_QUIET ERROR_VARIABLE err)
if(NOT rc EQUAL 3 OR NOT err MATCHES "xqtb: [^\n]*\\.tmp: write failed: File too large\n$")
  message(SEND_ERROR "gen past ulimit -f: exit ${rc}, stderr:\n${err}")
endif()
expect(3 "truncated" probe --dir "${WORK}/truncated" --fen "3k5/4a4/9/9/9/9/9/9/9/R3K4 w")
expect(3 "1 of 4 tables damaged or unreadable" list --dir "${WORK}/truncated")
expect(3 "1 of 4 tables damaged or unreadable" list --dir "${WORK}/no-dtm")
# A block of the DTM file damaged: list reads the whole-file checksum (verify decodes blocks).
expect(3 "1 of 4 tables damaged or unreadable (xqtb verify MATERIAL checks one in full)"
       list --dir "${WORK}/damaged")
expect(3 "missing DTM file" probe --dir "${WORK}/no-dtm" --fen "3k5/4a4/9/9/9/9/9/9/9/R3K4 w")
expect(3 "the table is incomplete" info KRKA --dir "${WORK}/no-dtm")
# Numbers in plain digits only: no hexadecimal, exponent, NaN or empty text read as a number.
expect(2 "'nan' is not a decimal number" gen KRKA --dir "${WORK}/limit" --memory-limit nan)
expect(2 "'nan' is not a decimal number" gen KRKA --plan --memory-limit nan)
expect(2 "'nan' is not a decimal number" bench probe KRKA ${T} --cache-mib nan)
expect(2 "'0x10' is not a whole number" probe ${T} --fen "3k5/9/9/9/9/9/9/9/9/R3K4 w" --counter 0x10)
expect(2 "--counter: 1 required INT missing" probe ${T} --fen "3k5/9/9/9/9/9/9/9/9/R3K4 w" --counter "")
expect(2 "'1e3' is not a whole number" gen KRK ${T} --threads 1e3)
expect(1 "KRKCAABB needs about 774 MiB" gen KRKCAABB --dir "${WORK}/limit" --memory-limit 0.0001)
# Without --memory-limit the limit is what the machine (or the job's cgroup) can give: a table
# of 76 TB is refused before anything is built, not killed by the kernel hours later.
expect(1 "KRRNKRRN needs about 72.9 TiB, more than the " gen KRRNKRRN --dir "${WORK}/huge")
if(EXISTS "${WORK}/huge")
  message(SEND_ERROR "gen KRRNKRRN, refused, made its directory")
endif()
# An EPD file with a bad line: every line answered, the failure counted, exit 2.
execute_process(COMMAND "${XQTB}" probe ${T} --epd "${WORK}/mixed.epd" RESULT_VARIABLE rc
                OUTPUT_VARIABLE out ERROR_QUIET)
if(NOT rc EQUAL 2 OR NOT out MATCHES "win, stalemate in 5 plies" OR NOT out MATCHES "2 failed"
   OR NOT out MATCHES "130 1 ; error: the halfmove counter 130 is above 120")
  message(SEND_ERROR "probe --epd mixed.epd: exit ${rc}\n${out}")
endif()
