// gcloud config.yaml -> JobSpec. The YAML document, loaded within the limits of
// util/input_limits.hpp by util/yaml.hpp, is turned into the same tree the JSON reader produces,
// with each key's line and column.

#include "catalog/error.hpp"
#include "lib/jobs/job_tree.hpp"
#include "lib/jobs/parsers.hpp"
#include "util/input_limits.hpp"
#include "util/json.hpp"
#include "util/yaml.hpp"

#include <cctype>
#include <cmath>
#include <cstdlib>

namespace lib::jobs {

namespace {

using util::yaml::Node;

Pos pos_of(const Node& n) {
  return Pos{"", n.line, n.column};
}

// [-+]?[0-9]+ and [-+]?([0-9]+\.[0-9]*|\.[0-9]+)([eE][-+]?[0-9]+)?, matched by hand: std::regex
// recurses once per character and overflows the stack on a scalar of a million digits.
size_t digits(const std::string& s, size_t i) {
  size_t start = i;
  while (i < s.size() && s[i] >= '0' && s[i] <= '9') {
    ++i;
  }
  return i - start;
}

size_t sign(const std::string& s) {
  return !s.empty() && (s[0] == '-' || s[0] == '+') ? 1 : 0;
}

bool is_int(const std::string& s) {
  size_t n = digits(s, sign(s));
  return n > 0 && sign(s) + n == s.size();
}

bool is_float(const std::string& s) {
  size_t i = sign(s);
  size_t whole = digits(s, i);
  i += whole;
  if (i >= s.size() || s[i] != '.') {
    return false;
  }
  size_t fraction = digits(s, ++i);
  i += fraction;
  if (whole == 0 && fraction == 0) {
    return false;
  }
  if (i < s.size() && (s[i] == 'e' || s[i] == 'E')) {
    ++i;
    i += i < s.size() && (s[i] == '-' || s[i] == '+') ? 1 : 0;
    size_t exponent = digits(s, i);
    if (exponent == 0) {
      return false;
    }
    i += exponent;
  }
  return i == s.size();
}

struct Converter {
  const std::string& path;
  Positions& positions;
  std::vector<Finding>& notes;

  // A plain (unquoted) scalar the way a YAML 1.1 reader such as gcloud's types it.
  Tree scalar(const Node& n, const std::string& field) {
    const std::string& s = n.text;
    if (n.style != Node::Style::plain) { // quoted or explicitly tagged: a string
      return s;
    }
    if (s == "~" || s == "null" || s == "Null" || s == "NULL" || s.empty()) {
      return nullptr;
    }
    if (s == "true" || s == "True" || s == "TRUE") {
      return true;
    }
    if (s == "false" || s == "False" || s == "FALSE") {
      return false;
    }
    if (s.size() < 10 && is_int(s)) {
      return std::stol(s);
    }
    if (is_float(s)) {
      // A version written as a number: 2.10 reads as the float 2.1, and gcloud submits 2.1. The
      // job is judged as submitted, and a warning says so. strtod, not stod: 1.0e999 is a YAML
      // number too (infinite), not an error; it is kept as written.
      double value = std::strtod(s.c_str(), nullptr);
      std::string as_read = !std::isfinite(value) ? (value > 0 ? ".inf" : "-.inf") : util::json::dump(Tree(value));
      if (as_read != s) {
        Pos p = positions[field];
        Finding f = finding_of(
            RuleId::yaml_unquoted_version,
            field.substr(field.rfind('.') + 1) + ": " + s + " is a YAML number, which a YAML reader takes as " + as_read +
                (std::isfinite(value) ? " (gcloud submits " + as_read + ", judged here)" : "") + "; quote it ('" + s + "')");
        f.path = path;
        f.line = p.line;
        f.column = p.column;
        notes.push_back(f);
        if (std::isfinite(value)) {
          return as_read;
        }
      }
      return s;
    }
    return s;
  }

  Tree convert(const Node& n, const std::string& field) {
    switch (n.kind) {
    case Node::Kind::mapping: {
      Tree obj = Tree::object();
      for (const auto& [key_node, value] : n.entries) {
        if (key_node.kind != Node::Kind::scalar) {
          throw catalog::InvalidInput(where(path, pos_of(key_node)) + "invalid YAML: a key must be a plain name");
        }
        const std::string& key = key_node.text;
        std::string child = field.empty() ? key : field + "." + key;
        positions[child] = pos_of(key_node);
        obj[key] = convert(value, child);
      }
      return obj;
    }
    case Node::Kind::sequence: {
      Tree arr = Tree::array();
      size_t i = 0;
      for (const Node& item : n.items) {
        std::string child = field + "[" + std::to_string(i++) + "]";
        positions[child] = pos_of(item);
        arr.push_back(convert(item, child));
      }
      return arr;
    }
    case Node::Kind::scalar:
      return scalar(n, field);
    default:
      return nullptr;
    }
  }
};

} // namespace

std::optional<YamlJson> yaml_document_json(std::string_view text, const std::string& origin, YamlError& error) {
  Positions positions;
  std::vector<Finding> notes;
  auto fail = [&](const Pos& p, std::string message) {
    error = YamlError{std::move(message), p.line, p.column};
    return std::optional<YamlJson>();
  };
  try {
    check_utf8(text, origin);
    Node root = util::yaml::load(std::string(text), origin);
    if (root.kind != Node::Kind::mapping) {
      return fail(Pos{"", 1, 1},
                  root.kind == Node::Kind::null ? "an empty document" : "expected a mapping (a job or model version)");
    }
    Converter conv{origin, positions, notes};
    std::string json = util::json::dump(conv.convert(root, ""));
    return YamlJson{std::move(json), std::move(positions)};
  } catch (const util::yaml::SyntaxError& e) {
    return fail(Pos{"", e.line(), e.column()}, "invalid YAML: " + e.message());
  } catch (const catalog::InvalidInput& e) {
    // "origin:line:col: message" (a limit, a key that is not a name, invalid UTF-8).
    std::string message = e.what();
    Pos p;
    if (message.starts_with(origin + ":")) {
      message = message.substr(origin.size() + 1);
      size_t colon = message.find(':');
      size_t next = colon == std::string::npos ? colon : message.find(':', colon + 1);
      if (next != std::string::npos && std::isdigit(static_cast<unsigned char>(message[0])) &&
          std::isdigit(static_cast<unsigned char>(message[colon + 1]))) {
        p = Pos{"", std::atoi(message.c_str()), std::atoi(message.c_str() + colon + 1)};
        message = message.substr(next + 1);
      }
      message = message.substr(message.find_first_not_of(' '));
    }
    return fail(p, message);
  }
}

JobSpec parse_config_yaml(std::string_view text, const std::string& path) {
  check_utf8(text, path);
  // Malformed YAML leaves as util::yaml::SyntaxError, an InvalidInput "path:line:col: invalid YAML: ...".
  Node root = util::yaml::load(std::string(text), path);
  if (root.kind != Node::Kind::mapping) {
    throw catalog::InvalidInput(where(path, Pos{"", 1, 1}) +
                                (root.kind == Node::Kind::null
                                     ? std::string("the file is empty")
                                     : std::string("expected a mapping with trainingInput:, like gcloud's --config file")));
  }
  Positions positions;
  std::vector<Finding> notes;
  Converter conv{path, positions, notes};
  Tree doc = conv.convert(root, "");
  JobSpec spec = job_from_tree(doc, positions, path, "config-yaml");
  spec.notes.insert(spec.notes.begin(), notes.begin(), notes.end());
  return spec;
}

} // namespace lib::jobs
