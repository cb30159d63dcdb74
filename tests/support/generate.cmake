# generate(DIR ARGS...): runs `xqtb gen ARGS --dir DIR` (XQTB: the binary) and fails the test
# when it fails. Shared by the CLI test scripts (include() it).
function(generate dir)
  execute_process(COMMAND "${XQTB}" gen ${ARGN} --dir "${dir}" RESULT_VARIABLE rc OUTPUT_QUIET
                  ERROR_VARIABLE err)
  if(NOT rc EQUAL 0)
    message(FATAL_ERROR "xqtb gen ${ARGN} --dir ${dir} failed: exit ${rc}\n${err}")
  endif()
endfunction()
