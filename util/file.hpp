#pragma once

#include <string>

namespace util {

// Reads a whole file as bytes. Throws InvalidInput "path: cannot read: reason" (a directory
// included).
std::string read_file(const std::string& path);

// Writes content to path through a temporary file in the same folder and a rename, so that
// readers see the old file or the whole new one, never half of it. Throws InvalidInput
// "path: cannot write: reason".
void write_atomically(const std::string& path, const std::string& content);

} // namespace util
