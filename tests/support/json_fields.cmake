# Assertions on the JSON document in the variable `json` (set by the including script), each
# failing the test with the document shown. A field is a path of keys and indices, as
# string(JSON) takes it. Shared by the CLI test scripts (include() it).

# The field has the expected value, as string(JSON GET) gives it: true and false as ON and OFF
# (null: use expect_type).
function(expect want)
  string(JSON got ERROR_VARIABLE error GET "${json}" ${ARGN})
  if(error OR NOT got STREQUAL want)
    message(FATAL_ERROR "field ${ARGN}: got '${got}' ${error}, expected '${want}'\n${json}")
  endif()
endfunction()

# The field's JSON type (NULL, NUMBER, STRING, BOOLEAN, ARRAY, OBJECT).
function(expect_type want)
  string(JSON got ERROR_VARIABLE error TYPE "${json}" ${ARGN})
  if(error OR NOT got STREQUAL want)
    message(FATAL_ERROR "field ${ARGN}: type '${got}' ${error}, expected ${want}\n${json}")
  endif()
endfunction()

# The number of elements of an array field.
function(expect_length want)
  string(JSON got ERROR_VARIABLE error LENGTH "${json}" ${ARGN})
  if(error OR NOT got EQUAL want)
    message(FATAL_ERROR "field ${ARGN}: length '${got}' ${error}, expected ${want}\n${json}")
  endif()
endfunction()
