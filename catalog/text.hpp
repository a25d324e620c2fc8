#pragma once

// Text an entry of a catalog holds where most of it is long prose that few commands print (its
// notes and source URLs). The embedded catalogs' text is the program's own string literals, kept
// as views: building a catalog at start-up copies none of it. Text read from a file or a store is
// owned. Either way it reads as a std::string_view.

#include <algorithm>
#include <cstddef>
#include <cstdint>
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

// Where one text lies in a larger text that lasts as long as the program: the embedded
// catalogs' one string table (catalog/embedded_tables.hpp). Numbers, not a pointer, so that a
// table of them needs no relocation at start-up.
struct TextRef {
  uint32_t offset = 0;
  uint32_t size = 0;
};

// A list of such texts: the embedded catalogs' are rows of a static table of TextRefs into their
// string table (no allocation at all); those read from a file or a store own their strings.
class Texts {
public:
  Texts() = default;
  Texts(std::vector<std::string> owned) : m_owned(std::move(owned)) {} // NOLINT(google-explicit-constructor)
  Texts(std::initializer_list<std::string> owned) : m_owned(owned) {}

  // Items that last as long as the program: `refs` into `text`, both static. Kept as views.
  static Texts table(std::string_view text, std::span<const TextRef> refs) {
    Texts t;
    t.m_text = text.data();
    t.m_refs = refs;
    t.m_is_table = true;
    return t;
  }

  size_t size() const { return m_is_table ? m_refs.size() : m_owned.size(); }
  bool empty() const { return size() == 0; }
  std::string_view operator[](size_t i) const {
    return m_is_table ? std::string_view(m_text + m_refs[i].offset, m_refs[i].size) : std::string_view(m_owned[i]);
  }

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
  const char* m_text = nullptr;
  std::span<const TextRef> m_refs;
  bool m_is_table = false;
};

} // namespace catalog
