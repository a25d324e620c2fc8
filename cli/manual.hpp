#pragma once

// rtcat(1): the manual page, in roff (man(7) macros), and its options as Markdown, generated from
// the command table.

#include "cli/reference.hpp"

#include <string>

namespace cli {

std::string manual_page(const Reference& ref, const std::string& version);

// The same options as a Markdown reference (docs/reference/options.md): a table of arguments and
// options per command, the global options first.
std::string options_markdown(const Reference& ref);

} // namespace cli
