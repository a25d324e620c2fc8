#pragma once

// rtcat(1): the manual page, in roff (man(7) macros), generated from the command table.

#include "cli/reference.hpp"

#include <string>

namespace cli {

std::string manual_page(const Reference& ref, const std::string& version);

} // namespace cli
