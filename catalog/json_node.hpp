#pragma once

// The catalog readers' view of a JSON value: the value with the JSON pointer that leads to it, so
// that every error names the input and the place. Inside the catalog module only (it exposes
// nlohmann's type); catalog/json_io.cpp and catalog/endoflife.cpp read through it.

#include "catalog/error.hpp"
#include "catalog/model.hpp"
#include "util/text.hpp"

#include <nlohmann/json.hpp>

#include <initializer_list>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace catalog::detail {

using json = nlohmann::json;

// A JSON value with the path that leads to it, so that every error names its place.
class Node {
public:
  Node(const json& j, std::string origin, std::string path) : m_j(j), m_origin(std::move(origin)), m_path(std::move(path)) {}

  [[noreturn]] void fail(const std::string& why) const {
    throw InvalidInput(m_origin + ": " + (m_path.empty() ? "/" : m_path) + ": " + why);
  }
  const json& raw() const { return m_j; }
  const std::string& origin() const { return m_origin; }
  const std::string& path() const { return m_path; }
  bool is_null() const { return m_j.is_null(); }

  void expect_object() const {
    if (!m_j.is_object()) {
      fail("expected an object");
    }
  }
  void expect_object(std::initializer_list<std::string_view> required, std::initializer_list<std::string_view> optional) const {
    if (!m_j.is_object()) {
      fail("expected an object");
    }
    for (auto key : required) {
      if (!m_j.contains(key)) {
        fail("missing key \"" + std::string(key) + "\"");
      }
    }
    for (const auto& [key, value] : m_j.items()) {
      bool known = false;
      for (auto k : required) {
        known = known || k == key;
      }
      for (auto k : optional) {
        known = known || k == key;
      }
      if (!known) {
        std::vector<std::string_view> valid(required);
        valid.insert(valid.end(), optional.begin(), optional.end());
        fail("unknown key \"" + key + "\" (valid: " + util::join(valid, ", ", [](std::string_view k) { return std::string(k); }) +
             ")");
      }
    }
  }
  bool has(std::string_view key) const { return m_j.contains(key); }
  Node at(std::string_view key) const {
    static const json null_value;
    auto it = m_j.find(key);
    return Node(it == m_j.end() ? null_value : *it, m_origin, m_path + "/" + std::string(key));
  }
  std::vector<Node> elements() const {
    if (!m_j.is_array()) {
      fail("expected an array");
    }
    std::vector<Node> out;
    for (size_t i = 0; i < m_j.size(); ++i) {
      out.emplace_back(m_j[i], m_origin, m_path + "/" + std::to_string(i));
    }
    return out;
  }
  std::vector<std::pair<std::string, Node>> members() const {
    if (!m_j.is_object()) {
      fail("expected an object");
    }
    std::vector<std::pair<std::string, Node>> out;
    for (const auto& [key, value] : m_j.items()) {
      out.emplace_back(key, Node(value, m_origin, m_path + "/" + key));
    }
    return out;
  }
  std::string str() const {
    if (!m_j.is_string()) {
      fail("expected a string");
    }
    return m_j.get<std::string>();
  }
  std::string str_or(std::string fallback) const { return m_j.is_null() ? fallback : str(); }
  std::optional<std::string> opt_str() const {
    if (m_j.is_null()) {
      return std::nullopt;
    }
    return str();
  }
  std::optional<bool> opt_bool() const {
    if (m_j.is_null()) {
      return std::nullopt;
    }
    if (!m_j.is_boolean()) {
      fail("expected true, false or null");
    }
    return m_j.get<bool>();
  }
  int integer(int lo, int hi) const {
    if (!m_j.is_number_integer() || m_j.get<long long>() < lo || m_j.get<long long>() > hi) {
      fail("expected a whole number from " + std::to_string(lo) + " to " + std::to_string(hi));
    }
    return static_cast<int>(m_j.get<long long>());
  }
  std::optional<Date> opt_date() const {
    if (m_j.is_null()) {
      return std::nullopt;
    }
    auto d = try_parse_date(str());
    if (!d) {
      fail("invalid date \"" + str() + "\" (expected YYYY-MM-DD)");
    }
    return d;
  }
  Date date() const {
    auto d = opt_date();
    if (!d) {
      fail("expected a date YYYY-MM-DD");
    }
    return *d;
  }
  Version version() const {
    auto v = Version::try_parse(str());
    if (!v) {
      fail("invalid version \"" + str() + "\" (expected numbers separated by dots, like 2.11)");
    }
    return *v;
  }
  std::vector<std::string> strings() const {
    std::vector<std::string> out;
    for (const auto& e : elements()) {
      out.push_back(e.str());
    }
    return out;
  }
  Severity severity() const {
    auto s = parse_severity(str());
    if (!s) {
      fail("invalid severity \"" + str() + "\" (valid: error, warning, note)");
    }
    return *s;
  }

private:
  const json& m_j;
  std::string m_origin;
  std::string m_path;
};

} // namespace catalog::detail
