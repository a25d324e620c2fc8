#pragma once

// The shell completion scripts (bash, zsh, fish), generated from the command table: commands,
// options, and the values of options where they are known.

#include "cli/reference.hpp"

#include <string>
#include <string_view>

namespace cli {

// The shells completion_script knows.
inline constexpr std::string_view k_completion_shells[] = {"bash", "zsh", "fish"};

// The script for `shell` (one of k_completion_shells); "" for another.
std::string completion_script(const Reference& ref, std::string_view shell);

} // namespace cli
