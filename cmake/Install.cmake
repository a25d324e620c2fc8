# What `cmake --install` puts under the prefix (GNUInstallDirs layout), and the Debian package.
#   component "runtime":     bin/rtcat, lib/rtcat/librtcat-json.so (simdjson, loaded by rtcat on demand: util/json_fast.cpp),
#                            the manual page, the shell completions, the Debian docs
#   component "development": the static libraries, include/rtcat/, the CMake package, rtcat.pc
# The .deb (cpack -G DEB) holds the runtime component only.
include(GNUInstallDirs)
include(CMakePackageConfigHelpers)

# --- the manual page and the completions, generated from the command table by the binary --------
set(RTCAT_GENERATED ${PROJECT_BINARY_DIR}/share)
add_custom_command(
  OUTPUT ${RTCAT_GENERATED}/rtcat.1 ${RTCAT_GENERATED}/rtcat.1.gz
  COMMAND ${CMAKE_COMMAND} -E make_directory ${RTCAT_GENERATED}
  COMMAND ${CMAKE_COMMAND} -E env --unset=RTCAT_CATALOG $<TARGET_FILE:rtcat> man > ${RTCAT_GENERATED}/rtcat.1
  COMMAND gzip -9nc ${RTCAT_GENERATED}/rtcat.1 > ${RTCAT_GENERATED}/rtcat.1.gz
  DEPENDS rtcat
  COMMENT "Generating the manual page rtcat(1) from the command table"
  VERBATIM)
set(RTCAT_COMPLETIONS "")
foreach(shell bash zsh fish)
  add_custom_command(
    OUTPUT ${RTCAT_GENERATED}/completion.${shell}
    COMMAND ${CMAKE_COMMAND} -E make_directory ${RTCAT_GENERATED}
    COMMAND ${CMAKE_COMMAND} -E env --unset=RTCAT_CATALOG $<TARGET_FILE:rtcat> completion ${shell}
            > ${RTCAT_GENERATED}/completion.${shell}
    DEPENDS rtcat
    COMMENT "Generating the ${shell} completion from the command table"
    VERBATIM)
  list(APPEND RTCAT_COMPLETIONS ${RTCAT_GENERATED}/completion.${shell})
endforeach()
# The Debian changelog, compressed as Debian policy wants it (reproducibly: gzip -n). The package
# is native (version without a Debian revision), so it is changelog.gz.
add_custom_command(
  OUTPUT ${RTCAT_GENERATED}/changelog.gz
  COMMAND gzip -9nc ${PROJECT_SOURCE_DIR}/cmake/debian/changelog > ${RTCAT_GENERATED}/changelog.gz
  DEPENDS ${PROJECT_SOURCE_DIR}/cmake/debian/changelog
  VERBATIM)
add_custom_target(rtcat_docs ALL DEPENDS ${RTCAT_GENERATED}/rtcat.1.gz ${RTCAT_COMPLETIONS}
                                         ${RTCAT_GENERATED}/changelog.gz)

# --- runtime -------------------------------------------------------------------------------
install(TARGETS rtcat RUNTIME DESTINATION ${CMAKE_INSTALL_BINDIR} COMPONENT runtime)
# Where util/json_fast.cpp looks for it from the installed binary (RTCAT_JSON_MODULE_RELDIR).
install(TARGETS rtcat_json LIBRARY DESTINATION ${CMAKE_INSTALL_LIBDIR}/rtcat COMPONENT runtime)
install(FILES ${RTCAT_GENERATED}/rtcat.1.gz DESTINATION ${CMAKE_INSTALL_MANDIR}/man1 COMPONENT runtime)
install(FILES ${RTCAT_GENERATED}/completion.bash DESTINATION ${CMAKE_INSTALL_DATADIR}/bash-completion/completions
        RENAME rtcat COMPONENT runtime)
# zsh looks in share/zsh/vendor-completions under /usr (Debian's packages) and in
# share/zsh/site-functions elsewhere (/usr/local): chosen when installing, so that the .deb (whose
# prefix is /usr) and `cmake --install --prefix ...` each put it where zsh looks.
install(CODE [[
  if(CMAKE_INSTALL_PREFIX STREQUAL "/usr")
    set(RTCAT_ZSH_DIR vendor-completions)
  else()
    set(RTCAT_ZSH_DIR site-functions)
  endif()]] COMPONENT runtime)
install(FILES ${RTCAT_GENERATED}/completion.zsh DESTINATION "${CMAKE_INSTALL_DATADIR}/zsh/\${RTCAT_ZSH_DIR}" RENAME _rtcat
        COMPONENT runtime)
install(FILES ${RTCAT_GENERATED}/completion.fish DESTINATION ${CMAKE_INSTALL_DATADIR}/fish/vendor_completions.d
        RENAME rtcat.fish COMPONENT runtime)
install(FILES ${PROJECT_SOURCE_DIR}/cmake/debian/copyright ${RTCAT_GENERATED}/changelog.gz
        DESTINATION ${CMAKE_INSTALL_DOCDIR} COMPONENT runtime)

# --- development: rtcat::rtcat and the static libraries it is made of ------------------------
set(RTCAT_COMPONENTS fleet migrate scan cluster jobs core catalog util) # highest first, as a linker reads them
foreach(component IN LISTS RTCAT_COMPONENTS)
  set_target_properties(rtcat_${component} PROPERTIES EXPORT_NAME ${component})
endforeach()
set_target_properties(rtcat_lib PROPERTIES EXPORT_NAME lib)
set_target_properties(rtcat_yaml_cpp PROPERTIES EXPORT_NAME yaml_cpp)
list(TRANSFORM RTCAT_COMPONENTS PREPEND rtcat_ OUTPUT_VARIABLE RTCAT_COMPONENT_TARGETS)
list(TRANSFORM RTCAT_COMPONENTS PREPEND -lrtcat_ OUTPUT_VARIABLE RTCAT_PC_LIBS)
list(JOIN RTCAT_PC_LIBS " " RTCAT_PC_LIBS)
install(TARGETS rtcat_api rtcat_lib ${RTCAT_COMPONENT_TARGETS} rtcat_yaml_cpp EXPORT rtcatTargets
        ARCHIVE DESTINATION ${CMAKE_INSTALL_LIBDIR} COMPONENT development)
install(DIRECTORY ${PROJECT_SOURCE_DIR}/include/rtcat ${PROJECT_BINARY_DIR}/include/rtcat
        DESTINATION ${CMAKE_INSTALL_INCLUDEDIR} COMPONENT development FILES_MATCHING PATTERN "*.hpp")
set(RTCAT_CMAKE_DIR ${CMAKE_INSTALL_LIBDIR}/cmake/rtcat)
install(EXPORT rtcatTargets NAMESPACE rtcat:: DESTINATION ${RTCAT_CMAKE_DIR} COMPONENT development)
configure_package_config_file(cmake/rtcatConfig.cmake.in ${PROJECT_BINARY_DIR}/rtcatConfig.cmake
                              INSTALL_DESTINATION ${RTCAT_CMAKE_DIR})
write_basic_package_version_file(${PROJECT_BINARY_DIR}/rtcatConfigVersion.cmake COMPATIBILITY SameMinorVersion)
install(FILES ${PROJECT_BINARY_DIR}/rtcatConfig.cmake ${PROJECT_BINARY_DIR}/rtcatConfigVersion.cmake
        DESTINATION ${RTCAT_CMAKE_DIR} COMPONENT development)
# rtcat.pc finds the prefix from its own place, so that `cmake --install --prefix DIR` works too.
file(RELATIVE_PATH RTCAT_PC_TO_PREFIX /${CMAKE_INSTALL_LIBDIR}/pkgconfig /)
string(REGEX REPLACE "/$" "" RTCAT_PC_TO_PREFIX "${RTCAT_PC_TO_PREFIX}")
configure_file(cmake/rtcat.pc.in ${PROJECT_BINARY_DIR}/rtcat.pc @ONLY)
install(FILES ${PROJECT_BINARY_DIR}/rtcat.pc DESTINATION ${CMAKE_INSTALL_LIBDIR}/pkgconfig COMPONENT development)

# --- the Debian package: cpack -G DEB -> rtcat_<version>_<arch>.deb ---------------------------
set(CPACK_PACKAGE_NAME rtcat)
set(CPACK_PACKAGE_VENDOR "rtcat")
set(CPACK_PACKAGE_DESCRIPTION_SUMMARY "ML runtime-version catalog and lifecycle engine")
set(CPACK_PACKAGE_DESCRIPTION
    "rtcat knows which machine-learning runtime versions (AI Platform runtimes,
Vertex AI prebuilt training and prediction images) exist, what each ships,
when each expires and what to move to. It checks jobs, inventories and source
trees against its catalogs: as a command, a pre-commit hook or a CI step.")
set(CPACK_PACKAGE_CONTACT "rtcat maintainers <maintainers@rtcat.invalid>" CACHE STRING "Debian Maintainer field")
set(CPACK_GENERATOR DEB)
set(CPACK_COMPONENTS_ALL runtime)
set(CPACK_DEB_COMPONENT_INSTALL ON)
set(CPACK_COMPONENTS_GROUPING ALL_COMPONENTS_IN_ONE)
set(CPACK_PACKAGING_INSTALL_PREFIX /usr)
set(CPACK_DEBIAN_FILE_NAME DEB-DEFAULT)
set(CPACK_DEBIAN_PACKAGE_SECTION utils)
set(CPACK_DEBIAN_PACKAGE_PRIORITY optional)
set(CPACK_DEBIAN_PACKAGE_SHLIBDEPS ON) # dpkg-shlibdeps: libc6 (rtcat: the C++ runtime, SQLiteCpp and yaml-cpp are static),
                                       # libsimdjson14 and the shared C++ runtime (librtcat-json.so)
if(RTCAT_SQLITE_ON_DEMAND)
  # rtcat loads SQLite with dlopen when the store first needs it (cli/sqlite_on_demand.cpp),
  # which dpkg-shlibdeps cannot see; 3.14 has every function SQLiteCpp calls (sqlite3_expanded_sql).
  set(CPACK_DEBIAN_PACKAGE_DEPENDS "libsqlite3-0 (>= 3.14)")
endif()
set(CPACK_STRIP_FILES ON)
set(CPACK_DEBIAN_PACKAGE_GENERATE_SHLIBS OFF)
include(CPack)
