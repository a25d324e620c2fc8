#pragma once

// Text an entry of a catalog holds where most of it is long prose that few commands print (its
// notes and source URLs). The embedded catalogs' text is the program's own string literals, kept
// as views: building a catalog at start-up copies none of it. Text read from a file or a store is
// owned. Either way it reads as a std::string_view.

#include <algorithm>
#include <cstddef>
#include <initializer_list>
#include <iterator>
#include <span>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace catalog {

class Text {
public:
  Text() = default;
  Text(std::string text) : m_owned(std::move(text)) {} // NOLINT(google-explicit-constructor): text as any string
  Text(const char* text) : m_owned(text) {}            // NOLINT(google-explicit-constructor)

  // Text that lasts as long as the program (a string literal): kept as a view, never copied.
  static Text literal(std::string_view text) {
    Text t;
    t.m_literal = text;
    t.m_is_literal = true;
    return t;
  }

  std::string_view view() const { return m_is_literal ? m_literal : std::string_view(m_owned); }
  operator std::string_view() const { return view(); } // NOLINT(google-explicit-constructor)
  bool empty() const { return view().empty(); }

  friend bool operator==(const Text& a, const Text& b) { return a.view() == b.view(); }
  friend bool operator==(const Text& a, std::string_view b) { return a.view() == b; }
  friend std::string operator+(const std::string& a, const Text& b) { return a + std::string(b.view()); }

private:
  std::string m_owned;
  std::string_view m_literal;
  bool m_is_literal = false;
};

// A list of such texts: the embedded catalogs' point at a static array of string literals (no
// allocation at all); those read from a file or a store own their strings.
class Texts {
public:
  Texts() = default;
  Texts(std::vector<std::string> owned) : m_owned(std::move(owned)) {} // NOLINT(google-explicit-constructor)
  Texts(std::initializer_list<std::string> owned) : m_owned(owned) {}

  // Items that last as long as the program (a static array of string literals): kept as a view.
  static Texts literal(std::span<const std::string_view> items) {
    Texts t;
    t.m_literal = items;
    t.m_is_literal = true;
    return t;
  }

  size_t size() const { return m_is_literal ? m_literal.size() : m_owned.size(); }
  bool empty() const { return size() == 0; }
  std::string_view operator[](size_t i) const { return m_is_literal ? m_literal[i] : std::string_view(m_owned[i]); }

  class iterator {
  public:
    using value_type = std::string_view;
    using difference_type = std::ptrdiff_t;
    iterator() = default;
    iterator(const Texts* texts, size_t at) : m_texts(texts), m_at(at) {}
    std::string_view operator*() const { return (*m_texts)[m_at]; }
    iterator& operator++() {
      ++m_at;
      return *this;
    }
    iterator operator++(int) {
      iterator before = *this;
      ++m_at;
      return before;
    }
    bool operator==(const iterator& other) const { return m_at == other.m_at; }

  private:
    const Texts* m_texts = nullptr;
    size_t m_at = 0;
  };
  iterator begin() const { return {this, 0}; }
  iterator end() const { return {this, size()}; }

  // The items as views, for output.
  std::vector<std::string_view> views() const { return {begin(), end()}; }

  // The same items in the same order, literal or owned.
  friend bool operator==(const Texts& a, const Texts& b) {
    return a.size() == b.size() && std::equal(a.begin(), a.end(), b.begin());
  }

private:
  std::vector<std::string> m_owned;
  std::span<const std::string_view> m_literal;
  bool m_is_literal = false;
};

} // namespace catalog
