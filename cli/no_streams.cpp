// The C++ runtime's standard streams, left out of the static executable (cli/CMakeLists.txt).
//
// Each object file that includes <iostream> (CLI11's headers, several of yaml-cpp's objects,
// one of SQLiteCpp's) holds a std::ios_base::Init built before main, and the first one builds
// std::cin, std::cout, std::cerr, std::clog and their wide twins, with the locale they need: a
// seventh of a short command's instructions, at every run. rtcat writes through stdio only
// (cli::print, cli::print_error), so the static link sends those constructions and their
// destructions here, where they do nothing (the linker's --wrap), and sends every reference to a
// standard stream object to a symbol nothing defines: code that used one would not link.
//
// String streams need none of this: they build their locale on first use.

extern "C" {
// NOLINTBEGIN(bugprone-reserved-identifier,cert-dcl37-c,cert-dcl51-cpp,readability-identifier-naming)
void __wrap__ZNSt8ios_base4InitC1Ev(void* /*self*/) {}
void __wrap__ZNSt8ios_base4InitD1Ev(void* /*self*/) {}
// NOLINTEND(bugprone-reserved-identifier,cert-dcl37-c,cert-dcl51-cpp,readability-identifier-naming)
}
