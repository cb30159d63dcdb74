# The layout rules of docs/architecture.md ("Layers"): which folder's sources may include
# which project headers. A project include names its module first ("core/position.hpp",
# <xqtb/xqtb.h>); a folder may include the modules of its rule only. Every folder under src/
# needs a rule, so a new library cannot go unchecked. Third-party and system headers are not
# checked.
# Usage: cmake -DROOT=source/dir -P check_layout.cmake   (fails listing every violation)
cmake_minimum_required(VERSION 3.25)

# folder:modules it may include (comma-separated; empty: none of the project's).
set(rules
    "src/core:core"
    "src/rules:core,rules"
    "probe:core,rules,probe,xqtb"
    "generator:core,rules,generator"
    "src/verdict:core,probe,verdict"
    "src/report:core,rules,probe,verdict,report"
    "src/serve:core,rules,probe,verdict,report,serve"
    "src/export:core,probe,export"
    "src/engine:core,rules,probe,verdict,engine"
    "src/catalogue:core,probe,verdict,catalogue"
    "src/cli:core,rules,probe,generator,verdict,report,serve,export,engine,catalogue,cli"
    "python:core,rules,probe,verdict,export,python"
    "include/xqtb:"
    "examples:xqtb"
    "fuzz:core,rules,serve,engine,fuzz")

set(modules core rules probe generator verdict report serve export engine catalogue cli xqtb python fuzz)
set(ruled "")
foreach(rule IN LISTS rules)
  string(REGEX REPLACE ":.*" "" folder "${rule}")
  list(APPEND ruled ${folder})
endforeach()
file(GLOB libraries LIST_DIRECTORIES true RELATIVE ${ROOT}/src ${ROOT}/src/*)
set(problems "")
foreach(lib IN LISTS libraries)
  if(IS_DIRECTORY ${ROOT}/src/${lib})
    list(APPEND modules ${lib})
    if(NOT "src/${lib}" IN_LIST ruled)
      string(APPEND problems "\n  src/${lib}/ has no layout rule (tests/check_layout.cmake)")
    endif()
  endif()
endforeach()
list(REMOVE_DUPLICATES modules)

set(checked 0)
foreach(rule IN LISTS rules)
  string(REGEX REPLACE ":.*" "" folder "${rule}")
  string(REGEX REPLACE "^[^:]*:" "" allowed "${rule}")
  string(REPLACE "," ";" allowed "${allowed}")
  file(GLOB_RECURSE sources RELATIVE ${ROOT} ${ROOT}/${folder}/*.cpp ${ROOT}/${folder}/*.hpp
       ${ROOT}/${folder}/*.c ${ROOT}/${folder}/*.h)
  foreach(source IN LISTS sources)
    math(EXPR checked "${checked} + 1")
    file(STRINGS ${ROOT}/${source} includes REGEX "^[ \t]*#[ \t]*include[ \t]*[<\"]")
    foreach(line IN LISTS includes)
      string(REGEX REPLACE "^[ \t]*#[ \t]*include[ \t]*[<\"]([^>\"]*)[>\"].*" "\\1" header "${line}")
      if(NOT header MATCHES "/")
        continue()  # a system or third-party header
      endif()
      string(REGEX REPLACE "/.*" "" module "${header}")
      if(module IN_LIST modules AND NOT module IN_LIST allowed)
        string(REPLACE ";" "/, " may "${allowed}")
        if(may STREQUAL "")
          set(may "no project header")
        else()
          set(may "${may}/")
        endif()
        string(APPEND problems "\n  ${source} includes ${header}: ${folder}/ may include ${may}")
      endif()
    endforeach()
  endforeach()
endforeach()

if(problems)
  message(FATAL_ERROR "layout rules broken (docs/architecture.md, Layers):${problems}")
endif()
message(STATUS "layout rules hold in ${checked} files")
