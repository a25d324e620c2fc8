#pragma once

#include <string>

namespace cli {

// Writes content to path through a temporary file in the same folder and a rename, so that
// readers see the old file or the whole new one, never half of it. Throws InvalidInput.
void write_atomically(const std::string& path, const std::string& content);

} // namespace cli
