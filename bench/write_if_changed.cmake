# mdb_write_if_changed(<file> <content>): writes <content> to <file> unless it holds it already,
# so that a generated source with nothing new does not rebuild or relink what uses it.
function(mdb_write_if_changed file content)
  set(old "")
  if(EXISTS "${file}")
    file(READ "${file}" old)
  endif()
  if(NOT old STREQUAL content)
    file(WRITE "${file}" "${content}")
  endif()
endfunction()
