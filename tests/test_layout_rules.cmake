# The layout check (check_layout.cmake) can fail: on a made-up tree that breaks each kind of
# rule it must fail and name every offending include, and on the same tree repaired it must pass.
# Usage: cmake -DCHECK=check_layout.cmake -DWORK=scratch/dir -P test_layout_rules.cmake
cmake_minimum_required(VERSION 3.25)

file(REMOVE_RECURSE "${WORK}")
file(WRITE "${WORK}/src/core/board.hpp" "#include <array>\n#include \"core/types.hpp\"\n")
file(WRITE "${WORK}/src/core/bad.hpp" "#include \"probe/tablebase.hpp\"\n")
file(WRITE "${WORK}/probe/bad.cpp" "#include <zstd.h>\n  #  include \"generator/generate.hpp\"\n")
file(WRITE "${WORK}/generator/bad.cpp" "#include \"verdict/verdict.hpp\"\n")
file(WRITE "${WORK}/src/verdict/bad.cpp" "#include <nlohmann/json.hpp>\n#include \"cli/commands.hpp\"\n")
file(WRITE "${WORK}/include/xqtb/xqtb.h" "#include <stdint.h>\n#include \"core/types.hpp\"\n")
file(WRITE "${WORK}/examples/e/e.c" "#include <xqtb/xqtb.h>\n#include \"probe/tablebase.hpp\"\n")
file(WRITE "${WORK}/src/cli/ok.cpp" "#include \"generator/generate.hpp\"\n#include \"verdict/x.hpp\"\n")
file(MAKE_DIRECTORY "${WORK}/src/newlib")

function(run out_rc out_text)
  execute_process(COMMAND ${CMAKE_COMMAND} -DROOT=${WORK} -P ${CHECK} RESULT_VARIABLE rc
                  OUTPUT_VARIABLE out ERROR_VARIABLE err)
  set(${out_rc} ${rc} PARENT_SCOPE)
  set(${out_text} "${out}${err}" PARENT_SCOPE)
endfunction()

run(rc text)
if(rc EQUAL 0)
  message(FATAL_ERROR "the layout check passed a tree that breaks its rules:\n${text}")
endif()
foreach(expected
        "src/core/bad.hpp includes probe/tablebase.hpp"
        "probe/bad.cpp includes generator/generate.hpp"
        "generator/bad.cpp includes verdict/verdict.hpp"
        "src/verdict/bad.cpp includes cli/commands.hpp"
        "include/xqtb/xqtb.h includes core/types.hpp: include/xqtb/ may include no project header"
        "examples/e/e.c includes probe/tablebase.hpp"
        "src/newlib/ has no layout rule")
  string(FIND "${text}" "${expected}" at)
  if(at EQUAL -1)
    message(SEND_ERROR "the layout check did not report '${expected}':\n${text}")
  endif()
endforeach()
foreach(allowed "board.hpp" "ok.cpp" "zstd.h" "nlohmann" "stdint.h" "e.c includes xqtb/xqtb.h")
  string(FIND "${text}" "${allowed}" at)
  if(NOT at EQUAL -1)
    message(SEND_ERROR "the layout check reported an allowed include ('${allowed}'):\n${text}")
  endif()
endforeach()

# Repaired: the bad files removed and the new library dropped, it passes.
file(REMOVE "${WORK}/src/core/bad.hpp" "${WORK}/probe/bad.cpp" "${WORK}/generator/bad.cpp"
     "${WORK}/src/verdict/bad.cpp" "${WORK}/examples/e/e.c")
file(WRITE "${WORK}/include/xqtb/xqtb.h" "#include <stdint.h>\n")
file(REMOVE_RECURSE "${WORK}/src/newlib")
run(rc text)
if(NOT rc EQUAL 0)
  message(FATAL_ERROR "the layout check failed a tree that keeps its rules:\n${text}")
endif()
