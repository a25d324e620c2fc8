# Fails when a source file includes from a component above its own, or includes a third-party
# library outside the module that wraps it (ARCHITECTURE.md). Run by the build before any
# component is compiled: cmake -DSOURCE_DIR=<repo> -P cmake/CheckLayers.cmake
#
# Components, lowest first; each may include only from itself and the ones before it. A
# component is a folder: lib/ is split into its own (lib/core, lib/jobs, ...), each a layer.
cmake_minimum_required(VERSION 3.21)
set(layers util catalog lib/core lib/jobs lib/cluster lib/scan lib/migrate lib/fleet render cli)
# Third-party headers -> the only files (regular expressions over the repo path) that may include them.
set(wrapped_CLI "^cli/(options|app)\\.cpp$")
set(wrapped_SQLiteCpp "^catalog/store\\.cpp$")
set(wrapped_yaml-cpp "^util/input_limits\\.cpp$|^lib/jobs/config_yaml\\.cpp$|^lib/scan/config\\.cpp$")
set(wrapped_simdjson.h "^util/json_module\\.cpp$")
set(wrapped_dlfcn.h "^util/json_fast\\.cpp$")
set(wrapped_date "^catalog/calendar\\.hpp$")
set(wrapped_nlohmann "^(util|catalog|lib|render)/")

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
endforeach()
if(errors)
  message(FATAL_ERROR "Layering broken (see ARCHITECTURE.md):\n${errors}")
endif()
