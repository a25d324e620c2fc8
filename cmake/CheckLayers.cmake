# Fails when a source file includes from a component above its own, or includes a third-party
# library outside the module that wraps it (ARCHITECTURE.md). Run by the build before any
# component is compiled: cmake -DSOURCE_DIR=<repo> -P cmake/CheckLayers.cmake
#
# Components, lowest first; each may include only from itself and the ones before it.
cmake_minimum_required(VERSION 3.21)
set(layers util catalog lib render cli)
# Third-party headers -> the only files (regular expressions over the repo path) that may include them.
set(wrapped_CLI "^cli/(options|main|reference)\\.cpp$")
set(wrapped_SQLiteCpp "^catalog/store\\.cpp$")
set(wrapped_yaml-cpp "^lib/input_limits\\.cpp$|^lib/jobs/config_yaml\\.cpp$|^lib/scan/config\\.cpp$")
set(wrapped_simdjson.h "^lib/json_module\\.cpp$")
set(wrapped_dlfcn.h "^lib/json_fast\\.cpp$")
set(wrapped_date "^catalog/calendar\\.hpp$")
set(wrapped_nlohmann "^(util|catalog|lib|render)/")

set(errors "")
set(allowed "")
foreach(layer IN LISTS layers)
  list(APPEND allowed ${layer})
  file(GLOB_RECURSE files RELATIVE ${SOURCE_DIR} ${SOURCE_DIR}/${layer}/*.cpp ${SOURCE_DIR}/${layer}/*.hpp)
  foreach(file IN LISTS files)
    file(STRINGS ${SOURCE_DIR}/${file} includes REGEX "^[ \t]*#[ \t]*include[ \t]*[\"<][^\">]+[\">]")
    foreach(line IN LISTS includes)
      string(REGEX REPLACE "^[ \t]*#[ \t]*include[ \t]*[\"<]([^\">]+)[\">].*" "\\1" header "${line}")
      string(REGEX MATCH "^[^/]+" top "${header}")
      if(line MATCHES "\"" AND top IN_LIST layers AND NOT top IN_LIST allowed)
        string(APPEND errors "  ${file}: includes \"${header}\": ${layer}/ may include only from ${allowed}\n")
      elseif(line MATCHES "<" AND DEFINED wrapped_${top} AND NOT file MATCHES "${wrapped_${top}}")
        string(APPEND errors "  ${file}: includes <${header}>, which only ${wrapped_${top}} may include\n")
      endif()
    endforeach()
  endforeach()
endforeach()
# api/ (the public library, rtcat::rtcat) sits beside render/ and cli/: it may include util, catalog,
# lib and its own public headers (rtcat/), and no third-party header (include/rtcat/ neither).
file(GLOB_RECURSE files RELATIVE ${SOURCE_DIR} ${SOURCE_DIR}/api/*.cpp ${SOURCE_DIR}/api/*.hpp ${SOURCE_DIR}/include/rtcat/*.hpp)
foreach(file IN LISTS files)
  file(STRINGS ${SOURCE_DIR}/${file} includes REGEX "^[ \t]*#[ \t]*include[ \t]*[\"<][^\">]+[\">]")
  foreach(line IN LISTS includes)
    string(REGEX REPLACE "^[ \t]*#[ \t]*include[ \t]*[\"<]([^\">]+)[\">].*" "\\1" header "${line}")
    string(REGEX MATCH "^[^/]+" top "${header}")
    if((top IN_LIST layers AND NOT top MATCHES "^(util|catalog|lib)$") OR DEFINED wrapped_${top}
       OR (file MATCHES "^include/" AND top IN_LIST layers))
      string(APPEND errors "  ${file}: includes ${header}: the public API may include only util, catalog, lib and rtcat/\n")
    endif()
  endforeach()
endforeach()
if(errors)
  message(FATAL_ERROR "Layering broken (see ARCHITECTURE.md):\n${errors}")
endif()
