# INTERFACE target with the project's warning flags, linked PRIVATE by every target.
add_library(rtcat_warnings INTERFACE)
target_compile_options(rtcat_warnings INTERFACE -Wall -Wextra -Wpedantic -Wshadow)
if(CMAKE_CXX_COMPILER_ID STREQUAL "GNU")
  # GCC 12 reports -Wrestrict false positives inside libstdc++'s string concatenation (GCC bug 105329).
  target_compile_options(rtcat_warnings INTERFACE -Wno-restrict)
endif()
if(RTCAT_WARNINGS_AS_ERRORS)
  target_compile_options(rtcat_warnings INTERFACE -Werror)
endif()
if(RTCAT_SANITIZE)
  add_compile_options(-fsanitize=address,undefined -fno-omit-frame-pointer -fno-sanitize-recover=all)
  add_link_options(-fsanitize=address,undefined)
endif()
