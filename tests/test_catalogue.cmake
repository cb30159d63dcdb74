# CLI test of `xqtb catalogue` (docs/endings.md): on a small generated set (KRKNA and KCKA with
# their sub-tables, KRKN also under the chinese rules) every value the catalogue gives equals
# what `xqtb stats --json` gives for that material and rule set; Markdown, JSON and HTML are
# written (atomically, over an older file); the groups come in the players' order; a published
# verdict is set beside the tables'; bad input gets one line and the documented exit code.
# Run by CTest as: cmake -DXQTB=path/to/xqtb -DWORK=scratch/dir -P test_catalogue.cmake
cmake_minimum_required(VERSION 3.25)
include(${CMAKE_CURRENT_LIST_DIR}/support/generate.cmake)

file(REMOVE_RECURSE "${WORK}")
set(T "${WORK}/tables")
generate("${T}" KRKNA KCKA)
generate("${T}" KRKN --rules chinese)
# A small budget keeps the verdicts quick; both commands get the same one.
set(SAMPLE --sample 20000)
file(WRITE "${WORK}/books.tsv"
     "# material\tverdict\tsource\tnote\n"
     "KRKN\tdraw\ta made-up source\ta note\n"
     "车对马单士\twin\tanother source\n"
     "KRKAABB\tdraw\tnot in this set\n")

function(run)
  execute_process(COMMAND "${XQTB}" ${ARGN} RESULT_VARIABLE rc OUTPUT_VARIABLE out
                  ERROR_VARIABLE err)
  if(NOT rc EQUAL 0)
    message(FATAL_ERROR "xqtb ${ARGN}: exit ${rc}: ${err}")
  endif()
  set(out "${out}" PARENT_SCOPE)
endfunction()

# An older file at the output path is replaced whole.
file(WRITE "${WORK}/catalogue.json" "old contents")
run(catalogue --dir "${T}" --format json --out "${WORK}/catalogue.json" --books
    "${WORK}/books.tsv" --quiet ${SAMPLE})
file(READ "${WORK}/catalogue.json" catalogue)
if(EXISTS "${WORK}/catalogue.json.tmp")
  message(FATAL_ERROR "the temporary file was left behind")
endif()

# same(a b what): two JSON values are equal.
function(same a b what)
  string(JSON equal ERROR_VARIABLE error EQUAL "${a}" "${b}")
  if(error OR NOT equal)
    message(FATAL_ERROR "${what}: catalogue\n${a}\nstats\n${b}\n${error}")
  endif()
endfunction()

# The stats JSON of a material under a rule set, into `stats`.
function(stats_json material rules)
  run(stats ${material} --dir "${T}" --rules ${rules} --json ${SAMPLE})
  set(stats "${out}" PARENT_SCOPE)
endfunction()

string(JSON groups LENGTH "${catalogue}" groups)
set(order "")
set(materials "")
math(EXPR last_group "${groups} - 1")
foreach(g RANGE ${last_group})
  string(JSON attackers GET "${catalogue}" groups ${g} attackers)
  list(APPEND order "[${attackers}]")
  string(JSON n LENGTH "${catalogue}" groups ${g} endings)
  math(EXPR last "${n} - 1")
  foreach(i RANGE ${last})
    string(JSON e GET "${catalogue}" groups ${g} endings ${i})
    string(JSON material GET "${e}" material)
    list(APPEND materials ${material})
    string(JSON rule_sets GET "${e}" by_rules)
    string(JSON count LENGTH "${rule_sets}")
    math(EXPR last_rules "${count} - 1")
    foreach(r RANGE ${last_rules})
      string(JSON rules MEMBER "${rule_sets}" ${r})
      string(JSON c GET "${rule_sets}" ${rules})
      stats_json(${material} ${rules})
      set(w "${material} ${rules}")
      foreach(side red_to_move black_to_move)
        string(JSON a GET "${c}" ${side} positions)
        string(JSON b GET "${stats}" ${side} positions)
        same("${a}" "${b}" "${w} ${side} positions")
        string(JSON a TYPE "${c}" ${side} longest_dtc)
        string(JSON b TYPE "${stats}" ${side} longest_dtc)
        same("\"${a}\"" "\"${b}\"" "${w} ${side} longest_dtc type")
        if(a STREQUAL "OBJECT")
          string(JSON a GET "${c}" ${side} longest_dtc)
          string(JSON b GET "${stats}" ${side} longest_dtc)
          same("${a}" "${b}" "${w} ${side} longest_dtc")
        endif()
        foreach(field plies fen)  # stats adds the line; the catalogue keeps these two
          string(JSON type TYPE "${stats}" ${side} longest_win)
          if(type STREQUAL "NULL")
            string(JSON a TYPE "${c}" ${side} longest_win)
            same("\"${a}\"" "\"NULL\"" "${w} ${side} longest_win")
            continue()
          endif()
          string(JSON a GET "${c}" ${side} longest_win ${field})
          string(JSON b GET "${stats}" ${side} longest_win ${field})
          same("\"${a}\"" "\"${b}\"" "${w} ${side} longest_win ${field}")
        endforeach()
      endforeach()
      foreach(field typical verdict verdict_zh verdict_under_limit explanation explanation_zh
                    rules)
        string(JSON a GET "${c}" ${field})
        string(JSON b GET "${stats}" ${field})
        if(NOT field STREQUAL typical)
          set(a "\"${a}\"")
          set(b "\"${b}\"")
        endif()
        same("${a}" "${b}" "${w} ${field}")
      endforeach()
    endforeach()
  endforeach()
endforeach()

# Every table is listed once, grouped by Red's attackers: rook, horse, cannon, then none.
list(SORT materials)
set(want KAK KCK KCKA KK KNAK KNK KRK KRKA KRKN KRKNA)
if(NOT materials STREQUAL want)
  message(FATAL_ERROR "materials: ${materials}, expected ${want}")
endif()
if(NOT order STREQUAL "[R];[N];[C];[]")
  message(FATAL_ERROR "group order: ${order}")
endif()

# What chinese changes in KRKN against check: the differences of the two tables' counts.
string(JSON change GET "${catalogue}" groups 0 endings 2 changes_against_check chinese)
string(JSON name GET "${catalogue}" groups 0 endings 2 material)
if(NOT name STREQUAL KRKN)
  message(FATAL_ERROR "third rook ending: ${name}, expected KRKN")
endif()
stats_json(KRKN check)
set(check "${stats}")
stats_json(KRKN chinese)
foreach(side red_to_move black_to_move)
  foreach(field win draw loss)
    string(JSON a GET "${change}" ${side} ${field})
    string(JSON x GET "${stats}" ${side} positions ${field})
    string(JSON y GET "${check}" ${side} positions ${field})
    math(EXPR d "${x} - ${y}")
    same("${a}" "${d}" "KRKN chinese - check ${side} ${field}")
  endforeach()
  string(JSON a GET "${change}" ${side} chase_win)
  string(JSON b GET "${stats}" ${side} positions chase_win)
  same("${a}" "${b}" "KRKN chinese ${side} chase_win")
endforeach()

# The published verdicts: KRKN's (a draw, against the tables' win), KRKNA's by its Chinese
# name, and one on a material without a table.
string(JSON p GET "${catalogue}" groups 0 endings 2 published 0)
same("${p}" [[{"verdict": "draw", "verdict_zh": "例和", "source": "a made-up source",
             "note": "a note"}]] "KRKN published")
string(JSON p GET "${catalogue}" groups 0 endings 3 published 0 source)
same("\"${p}\"" "\"another source\"" "KRKNA published")
string(JSON p GET "${catalogue}" published_without_table 0 material)
same("\"${p}\"" "\"KRKAABB\"" "published without a table")

# Markdown and HTML: a table row per material, the comparison marked.
run(catalogue --dir "${T}" --format md --books "${WORK}/books.tsv" --quiet ${SAMPLE})
set(md "${out}")
run(catalogue --dir "${T}" --format html --out "${WORK}/catalogue.html" --books
    "${WORK}/books.tsv" --quiet ${SAMPLE})
file(READ "${WORK}/catalogue.html" html)
foreach(row "| KRKN 车对马 |" "| KCKA 单炮对单士 |" "| KK 单将对单将 |" "## R 车 (4 endings)"
            "| KRKN 车对马 | 例和 | a made-up source | 例胜 (check) | NO | a note |"
            "4 pairs of tables" "Statements on endings without a table here (not compared): KRKAABB.")
  string(FIND "${md}" "${row}" at)
  if(at EQUAL -1)
    message(FATAL_ERROR "Markdown lacks '${row}':\n${md}")
  endif()
endforeach()
foreach(cell "<!DOCTYPE html>" "<td>KRKN 车对马</td>" "<h2>C 炮 (2 endings)</h2>" "<td>NO</td>")
  string(FIND "${html}" "${cell}" at)
  if(at EQUAL -1)
    message(FATAL_ERROR "HTML lacks '${cell}':\n${html}")
  endif()
endforeach()

# Bad input: one line "xqtb: reason" and the exit code.
function(expect_error code words)
  execute_process(COMMAND "${XQTB}" catalogue --quiet ${ARGN} RESULT_VARIABLE rc OUTPUT_QUIET
                  ERROR_VARIABLE err)
  string(STRIP "${err}" err)
  string(FIND "${err}" "\n" newline)
  string(FIND "${err}" "${words}" found)
  if(NOT rc STREQUAL "${code}" OR NOT err MATCHES "^xqtb: " OR NOT newline EQUAL -1
     OR found EQUAL -1)
    message(FATAL_ERROR "xqtb catalogue ${ARGN}\n  exit ${rc} (expected ${code}), stderr:\n"
                        "${err}\n  (expected one line 'xqtb: ...' containing '${words}')")
  endif()
endfunction()
file(MAKE_DIRECTORY "${WORK}/empty")
file(WRITE "${WORK}/bad.tsv" "KRKN\tdraw\tsource\n车对马\tmaybe\tsource\n")
file(WRITE "${WORK}/short.tsv" "KRKN\tdraw\n")
file(WRITE "${WORK}/material.tsv" "KQK\tdraw\tsource\n")
expect_error(2 "pdf not in {md,json,html}" --dir "${T}" --format pdf)
expect_error(2 "no table in" --dir "${WORK}/empty")
expect_error(3 "cannot read the directory" --dir "${WORK}/none")
expect_error(2 "cannot read the book verdicts" --dir "${T}" --books "${WORK}/none.tsv")
expect_error(2 "bad.tsv:2: verdict 'maybe' is not win, draw or depends" --dir "${T}" --books
             "${WORK}/bad.tsv")
expect_error(2 "short.tsv:1: expected MATERIAL" --dir "${T}" --books "${WORK}/short.tsv")
expect_error(2 "material.tsv:1:" --dir "${T}" --books "${WORK}/material.tsv")
expect_error(1 "cannot create" --dir "${T}" --out "${WORK}/none/catalogue.md")
