# Fails when a source file includes from a component above its own, or includes a third-party
# library (or spells its namespace) outside the module that wraps it (ARCHITECTURE.md). Run by the build before any
# component is compiled: cmake -DSOURCE_DIR=<repo> -P cmake/CheckLayers.cmake
#
# Components, lowest first; each may include only from itself and the ones before it. A
# component is a folder: lib/ is split into its own (lib/core, lib/jobs, ...), each a layer.
cmake_minimum_required(VERSION 3.21)
set(layers util catalog lib/core lib/jobs lib/cluster lib/scan lib/migrate lib/fleet render cli)
# Third-party headers -> the only files (regular expressions over the repo path) that may include them.
set(wrapped_CLI "^cli/(options|app)\\.cpp$")
set(wrapped_SQLiteCpp "^catalog/store\\.cpp$")
set(wrapped_yaml-cpp "^util/yaml\\.cpp$")
set(wrapped_simdjson.h "^util/json_module\\.cpp$")
set(wrapped_dlfcn.h "^(util/json_fast|cli/sqlite_on_demand)\\.cpp$")
set(wrapped_date "^catalog/calendar\\.(hpp|cpp)$")
set(wrapped_nlohmann "^(util|catalog|lib|render)/")
# Third-party header -> the namespace its library declares, which only the same files may spell
# ("date::days" outside catalog/calendar is refused as the include would be). Code only: comments
# and string literals may name it. CLI11 and SQLiteCpp have none here: their modules' headers
# declare members of the library's types (cli/options.hpp, catalog/store.hpp).
set(namespace_yaml-cpp "YAML")
set(namespace_date "date")
set(namespace_simdjson.h "simdjson")
set(namespace_nlohmann "nlohmann")
set(namespaced yaml-cpp date simdjson.h nlohmann)

# Appends to `errors` each wrapped namespace that `file` spells in code outside its module. Only
# a file with a line naming one is read whole; its string and character literals and comments
# are dropped before the code is searched.
function(check_namespaces file)
  set(refused "")
  foreach(top IN LISTS namespaced)
    if(NOT file MATCHES "${wrapped_${top}}")
      list(APPEND refused "${namespace_${top}}")
    endif()
  endforeach()
  if(NOT refused)
    return()
  endif()
  list(JOIN refused "|" refused)
  set(spelling "(^|[^A-Za-z0-9_])(${refused})::")
  file(STRINGS ${SOURCE_DIR}/${file} lines REGEX "(${refused})::") # cheap; the code search below is exact
  if(NOT lines)
    return()
  endif()
  file(READ ${SOURCE_DIR}/${file} code)
  string(REGEX REPLACE "'([^'\\\n]|\\\\.)'" "' '" code "${code}")
  string(REGEX REPLACE "\"([^\"\\\n]|\\\\.)*\"" "\"\"" code "${code}")
  string(REGEX REPLACE "/\\*([^*]|\\*+[^*/])*\\*+/" " " code "${code}")
  string(REGEX REPLACE "//[^\n]*" "" code "${code}")
  string(REGEX MATCHALL "${spelling}[A-Za-z0-9_]*" uses "${code}")
  foreach(use IN LISTS uses)
    string(REGEX REPLACE "^[^A-Za-z0-9_]" "" use "${use}")
    foreach(top IN LISTS namespaced)
      if(use MATCHES "^${namespace_${top}}::" AND NOT file MATCHES "${wrapped_${top}}")
        string(APPEND errors "  ${file}: spells ${use}: only ${wrapped_${top}} may use ${namespace_${top}}:: (${top}); use what that module offers\n")
      endif()
    endforeach()
  endforeach()
  set(errors "${errors}" PARENT_SCOPE)
endfunction()

# The component of a repo path or include ("lib/scan/vars.hpp" -> lib/scan), "" for none.
function(component_of path out)
  set(found "")
  foreach(layer IN LISTS layers)
    string(LENGTH "${layer}/" n)
    string(SUBSTRING "${path}" 0 ${n} head)
    if(head STREQUAL "${layer}/")
      set(found ${layer})
    endif()
  endforeach()
  if(found STREQUAL "" AND path MATCHES "^lib/")
    set(found "lib/?") # a file loose in lib/, outside every component
  endif()
  set(${out} "${found}" PARENT_SCOPE)
endfunction()

set(errors "")
set(allowed "")
foreach(layer IN LISTS layers)
  list(APPEND allowed ${layer})
  list(JOIN allowed ", " allowed_text)
  file(GLOB_RECURSE files RELATIVE ${SOURCE_DIR} ${SOURCE_DIR}/${layer}/*.cpp ${SOURCE_DIR}/${layer}/*.hpp ${SOURCE_DIR}/${layer}/*.h)
  foreach(file IN LISTS files)
    file(STRINGS ${SOURCE_DIR}/${file} includes REGEX "^[ \t]*#[ \t]*include[ \t]*[\"<][^\">]+[\">]")
    foreach(line IN LISTS includes)
      string(REGEX REPLACE "^[ \t]*#[ \t]*include[ \t]*[\"<]([^\">]+)[\">].*" "\\1" header "${line}")
      string(REGEX MATCH "^[^/]+" top "${header}")
      component_of("${header}" component)
      if(line MATCHES "\"" AND NOT component STREQUAL "" AND NOT component IN_LIST allowed)
        string(APPEND errors "  ${file}: includes \"${header}\": ${layer}/ may include only from ${allowed_text}\n")
      elseif(line MATCHES "<" AND DEFINED wrapped_${top} AND NOT file MATCHES "${wrapped_${top}}")
        string(APPEND errors "  ${file}: includes <${header}>, which only ${wrapped_${top}} may include\n")
      endif()
    endforeach()
    check_namespaces(${file})
  endforeach()
endforeach()
# Every source of lib/ is in one of its components.
file(GLOB loose RELATIVE ${SOURCE_DIR} ${SOURCE_DIR}/lib/*.cpp ${SOURCE_DIR}/lib/*.hpp ${SOURCE_DIR}/lib/*.h)
foreach(file IN LISTS loose)
  string(APPEND errors "  ${file}: lies loose in lib/; put it in the component it belongs to (lib/core, lib/jobs, ...)\n")
endforeach()
# api/ (the public library, rtcat::rtcat) sits beside render/ and cli/: it may include util, catalog,
# lib and its own public headers (rtcat/), and no third-party header (include/rtcat/ neither).
file(GLOB_RECURSE files RELATIVE ${SOURCE_DIR} ${SOURCE_DIR}/api/*.cpp ${SOURCE_DIR}/api/*.hpp ${SOURCE_DIR}/include/rtcat/*.hpp)
foreach(file IN LISTS files)
  file(STRINGS ${SOURCE_DIR}/${file} includes REGEX "^[ \t]*#[ \t]*include[ \t]*[\"<][^\">]+[\">]")
  foreach(line IN LISTS includes)
    string(REGEX REPLACE "^[ \t]*#[ \t]*include[ \t]*[\"<]([^\">]+)[\">].*" "\\1" header "${line}")
    string(REGEX MATCH "^[^/]+" top "${header}")
    if((top MATCHES "^(render|cli)$") OR DEFINED wrapped_${top}
       OR (file MATCHES "^include/" AND top MATCHES "^(util|catalog|lib|render|cli)$"))
      string(APPEND errors "  ${file}: includes ${header}: the public API may include only util, catalog, lib and rtcat/\n")
    endif()
  endforeach()
  check_namespaces(${file})
endforeach()
if(errors)
  message(FATAL_ERROR "Layering broken (see ARCHITECTURE.md):\n${errors}")
endif()
