#include "lib/jobs/requirements.hpp"

#include "catalog/error.hpp"

#include <cctype>
#include <regex>

namespace lib::jobs {

namespace {

LocatedRequirement parse_one(const std::string& text, const std::string& path, Pos pos) {
  pos.file = path;
  try {
    return LocatedRequirement{catalog::pep440::Requirement::parse(text), text, pos};
  } catch (const catalog::InvalidInput& e) {
    throw catalog::InvalidInput(where(path, pos) + e.what());
  }
}

std::vector<LocatedRequirement> from_requirements_txt(std::string_view text, const std::string& path) {
  std::vector<LocatedRequirement> out;
  int line_no = 0;
  size_t start = 0;
  while (start < text.size()) {
    size_t nl = text.find('\n', start);
    std::string line(text.substr(start, nl == std::string_view::npos ? std::string_view::npos : nl - start));
    start = nl == std::string_view::npos ? text.size() : nl + 1;
    ++line_no;
    if (auto hash = line.find(" #"); hash != std::string::npos) {
      line.resize(hash);
    }
    if (!line.empty() && line[0] == '#') {
      continue;
    }
    size_t first = line.find_first_not_of(" \t");
    size_t last = line.find_last_not_of(" \t\r");
    if (first == std::string::npos) {
      continue;
    }
    std::string req = line.substr(first, last - first + 1);
    if (req[0] == '-' || req.find("://") != std::string::npos || req[0] == '.' || req[0] == '/') {
      continue; // pip options, URLs and local paths are not version requirements
    }
    out.push_back(parse_one(req, path, Pos{"", line_no, static_cast<int>(first) + 1}));
  }
  return out;
}

std::vector<LocatedRequirement> from_setup_py(std::string_view text, const std::string& path) {
  const std::string s(text);
  std::smatch m;
  static const std::regex k_list("(REQUIRED_PACKAGES|install_requires)\\s*=\\s*\\[");
  size_t open = std::string::npos;
  for (auto it = std::sregex_iterator(s.begin(), s.end(), k_list); it != std::sregex_iterator(); ++it) {
    open = static_cast<size_t>(it->position(0) + it->length(0));
    if ((*it)[1] == "REQUIRED_PACKAGES") {
      break; // the named list is the one install_requires points at
    }
  }
  if (open == std::string::npos) {
    throw catalog::InvalidInput(path + ": no literal REQUIRED_PACKAGES = [...] or install_requires=[...] list of strings found");
  }
  std::vector<LocatedRequirement> out;
  size_t i = open;
  while (i < s.size()) {
    char c = s[i];
    if (std::isspace(static_cast<unsigned char>(c)) || c == ',') {
      ++i;
    } else if (c == '#') {
      while (i < s.size() && s[i] != '\n') {
        ++i;
      }
    } else if (c == ']') {
      return out;
    } else if (c == '\'' || c == '"') {
      size_t close = s.find(c, i + 1);
      if (close == std::string::npos || s.find('\n', i) < close) {
        throw catalog::InvalidInput(where(path, pos_at(s, i)) + "unterminated string in the requirements list");
      }
      out.push_back(parse_one(s.substr(i + 1, close - i - 1), path, pos_at(s, i + 1)));
      i = close + 1;
    } else {
      throw catalog::InvalidInput(
          where(path, pos_at(s, i)) +
          "the requirements list holds something other than string literals; rtcat reads only literal lists "
          "(pass a requirements.txt instead)");
    }
  }
  throw catalog::InvalidInput(where(path, pos_at(s, open)) + "the requirements list is not closed with ]");
}

} // namespace

std::vector<LocatedRequirement> read_requirements(std::string_view text, const std::string& path) {
  check_utf8(text, path);
  bool setup = path == "setup.py" || path.ends_with("/setup.py");
  return setup ? from_setup_py(text, path) : from_requirements_txt(text, path);
}

} // namespace lib::jobs
