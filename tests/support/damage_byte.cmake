# damage_byte(FILE FROM_END): changes the byte FROM_END bytes before the end of FILE (in its
# last block, for a table file), so that its checksums must catch it; fails the test when the
# byte cannot be changed. Shared by the CLI test scripts (include() it).
function(damage_byte file from_end)
  file(SIZE "${file}" size)
  math(EXPR at "${size} - ${from_end}")
  file(READ "${file}" byte OFFSET ${at} LIMIT 1 HEX)
  if(byte STREQUAL "00")
    set(other "\\001")
  else()
    set(other "\\000")
  endif()
  execute_process(COMMAND printf "${other}"
                  COMMAND dd "of=${file}" bs=1 seek=${at} conv=notrunc ERROR_QUIET)
  file(READ "${file}" changed OFFSET ${at} LIMIT 1 HEX)
  if(changed STREQUAL byte)
    message(FATAL_ERROR "could not damage ${file} (byte ${byte} at ${at})")
  endif()
endfunction()
