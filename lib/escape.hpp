#pragma once

#include <string>
#include <string_view>

namespace lib {

// Escapes text for HTML and XML (SVG) content and attribute values: & < > " '.
std::string xml_escape(std::string_view text);

} // namespace lib
