# The CI match set (docs/engine.md "Matches"): `xqtb engine` against Fairy-Stockfish from won,
# drawn and entering positions of the KRKN, KRKC and KRKP tables the test generates (the small
# materials keep it within CI's budget; their draws are Black to move, mostly a capture away); the runner exits 1 when a game does not end
# as the tables say. Run by CTest as: cmake -DXQTB=... -DFAIRY=... -DRUNNER=... -DWORK=...
# -P match.cmake
cmake_minimum_required(VERSION 3.25)

include(${CMAKE_CURRENT_LIST_DIR}/../support/generate.cmake)

file(REMOVE_RECURSE "${WORK}")
file(MAKE_DIRECTORY "${WORK}")
foreach(material KRKN KRKC KRKP)
  generate("${WORK}" ${material})
endforeach()
execute_process(COMMAND /usr/bin/python3 "${RUNNER}" --xqtb "${XQTB}" --fsf "${FAIRY}" --dir "${WORK}"
                        --materials KRKN,KRKC,KRKP --drawn-materials KRKC,KRKP --won 9 --drawn 8
                        --entering 3 --seed 35 --candidates 3000 --go "go nodes 3000"
                        --games "${WORK}/games.txt"
                RESULT_VARIABLE rc)
if(NOT rc EQUAL 0)
  message(FATAL_ERROR "engine match: a game did not end as the tables say, or the runner failed "
                      "(exit ${rc}); the games are in ${WORK}/games.txt")
endif()
