// librtcat-json.so: simdjson's validating DOM parser behind the C interface of util/json_module.h.
// The only file that includes simdjson (ARCHITECTURE.md); built as a module that rtcat loads
// on demand (util/json_fast.cpp), never linked into rtcat itself. Nothing but the functions of
// json_module.h is exported, and no exception leaves them.

#include "util/json_module.h"

#include "util/bytes.hpp"

#include <algorithm>
#include <array>
#include <cstring>
#include <new>
#include <simdjson.h>
#include <string>
#include <string_view>
#include <vector>

#define RTCAT_JSON_EXPORT extern "C" __attribute__((visibility("default")))

namespace {

// simdjson's DOM tape (its doc/tape.md), read word by word: a word's top byte is its type, the
// rest its payload. Walking it directly lets a writer skip a whole container in one step (its
// first word says where it ends) and costs no element object per value.
namespace tape {
using Word = uint64_t;
constexpr char type(Word w) {
  return static_cast<char>(w >> 56);
}
// '{' and '[': the index of the word after the matching '}' or ']'.
constexpr size_t after_container(Word w) {
  return static_cast<size_t>(w & 0xffffffffu);
}
// The index of the word after the value at i (containers included).
inline size_t after(const Word* t, size_t i) {
  switch (type(t[i])) {
  case '{':
  case '[':
    return after_container(t[i]);
  case 'l':
  case 'u':
  case 'd':
    return i + 2; // the number is the next word
  default:
    return i + 1;
  }
}
// A '"' word's text: a 32-bit length, then the bytes, in the string buffer.
inline std::string_view text(const uint8_t* strings, Word w) {
  const uint8_t* at = strings + (w & 0xffffffffffffffu);
  uint32_t length = 0;
  std::memcpy(&length, at, sizeof length);
  return {reinterpret_cast<const char*>(at + sizeof length), length};
}
} // namespace tape

// The keys a caller reads (rtcat_json_parser_keep). A key is looked up by its length and first
// byte (a bit per pair) before it is compared with the names of its length: most keys a caller
// does not read are told apart in a few instructions.
class KeySet {
public:
  void assign(const rtcat_json_name* names, size_t count) {
    m_names.assign(count, {});
    for (size_t i = 0; i < count; ++i) {
      m_names[i].assign(names[i].text, names[i].length);
    }
    std::sort(m_names.begin(), m_names.end(), [](const std::string& a, const std::string& b) { return a.size() < b.size(); });
    m_first.assign(m_names.empty() ? 0 : m_names.back().size() + 2, 0);
    m_starts.assign(m_first.size(), Bits{});
    for (size_t length = 0, i = 0; length + 1 < m_first.size(); ++length) {
      m_first[length] = i;
      for (; i < m_names.size() && m_names[i].size() == length; ++i) {
        unsigned char c = length > 0 ? static_cast<unsigned char>(m_names[i][0]) : 0;
        m_starts[length][c / 64] |= uint64_t{1} << (c % 64);
      }
      m_first[length + 1] = i;
    }
  }
  // Every key is read when no name is set.
  bool all() const { return m_names.empty(); }
  bool has(std::string_view key) const {
    if (key.size() + 1 >= m_first.size()) {
      return false;
    }
    unsigned char c = key.empty() ? 0 : static_cast<unsigned char>(key[0]);
    if ((m_starts[key.size()][c / 64] >> (c % 64) & 1) == 0) {
      return false;
    }
    for (size_t i = m_first[key.size()]; i < m_first[key.size() + 1]; ++i) {
      if (util::same_bytes(m_names[i].data(), key.data(), key.size())) {
        return true;
      }
    }
    return false;
  }

private:
  using Bits = std::array<uint64_t, 4>;
  std::vector<std::string> m_names; // by length
  std::vector<size_t> m_first;      // [length]: the first name of that length; [length + 1]: past the last
  std::vector<Bits> m_starts;       // [length]: the first bytes of the names of that length
};

} // namespace

struct rtcat_json_parser {
  simdjson::dom::parser parser;
  simdjson::dom::document document;
  std::vector<char> padded; // the document, followed by simdjson's padding
  KeySet keep;              // the keys the caller reads (all when empty)
};

namespace {

// Writes a document's events to a tape; false when the tape is full.
class TapeWriter {
public:
  TapeWriter(rtcat_json_tape& tape, const simdjson::dom::document& doc, const KeySet& keep)
      : m_tape(tape), m_words(doc.tape.get()), m_strings(doc.string_buf.get()), m_keep(keep) {
    m_tape.events_size = 0;
  }

  // The root word (index 0) says where the document ends; its one value is at index 1.
  bool document() { return value(1) != 0; }

private:
  rtcat_json_tape& m_tape;
  const tape::Word* m_words;
  const uint8_t* m_strings;
  const KeySet& m_keep;

  bool add(uint32_t kind, const char* text = nullptr, uint32_t length = 0) {
    if (m_tape.events_size == m_tape.events_capacity) {
      return false;
    }
    m_tape.events[m_tape.events_size++] = rtcat_json_event{kind, length, text};
    return true;
  }

  // The text stays in the parser's string buffer: simdjson keeps it until the next parse.
  bool text(uint32_t kind, tape::Word w) {
    std::string_view t = tape::text(m_strings, w);
    return add(kind, t.data(), static_cast<uint32_t>(t.size()));
  }

  // Writes the value at i; the index after it, or 0 when the tape is full.
  size_t value(size_t i) {
    tape::Word w = m_words[i];
    switch (tape::type(w)) {
    case '{':
      return container(i, true);
    case '[':
      return container(i, false);
    case '"':
      return text(RTCAT_JSON_STRING, w) ? i + 1 : 0;
    case 't':
    case 'f':
      return add(RTCAT_JSON_BOOL) ? i + 1 : 0;
    case 'n':
      return add(RTCAT_JSON_NULL) ? i + 1 : 0;
    default: // 'l', 'u', 'd'
      return add(RTCAT_JSON_NUMBER) ? i + 2 : 0;
    }
  }

  // Writes the object (keyed) or array at i, members the caller does not read left out; the
  // index after it, or 0 when the tape is full.
  size_t container(size_t i, bool keyed) {
    const size_t end = tape::after_container(m_words[i]) - 1; // the '}' or ']'
    if (!add(keyed ? RTCAT_JSON_START_OBJECT : RTCAT_JSON_START_ARRAY)) {
      return 0;
    }
    for (size_t k = i + 1; k < end;) {
      const size_t v = keyed ? k + 1 : k; // the member's value
      const size_t past = tape::after(m_words, v);
      if (keyed && !m_keep.all() && !m_keep.has(tape::text(m_strings, m_words[k])) && !holds_name(v)) {
        k = past; // nothing the caller reads: left out
        continue;
      }
      if ((keyed && !text(RTCAT_JSON_KEY, m_words[k])) || value(v) == 0) {
        return 0;
      }
      k = past;
    }
    return add(keyed ? RTCAT_JSON_END_OBJECT : RTCAT_JSON_END_ARRAY) ? end + 1 : 0;
  }

  // Whether the value at i has one of the names as a key, at any depth.
  bool holds_name(size_t i) const {
    const tape::Word w = m_words[i];
    const size_t end = tape::after_container(w) - 1;
    switch (tape::type(w)) {
    case '{':
      for (size_t k = i + 1; k < end; k = tape::after(m_words, k + 1)) {
        if (m_keep.has(tape::text(m_strings, m_words[k])) || holds_name(k + 1)) {
          return true;
        }
      }
      return false;
    case '[':
      for (size_t e = i + 1; e < end; e = tape::after(m_words, e)) {
        if (holds_name(e)) {
          return true;
        }
      }
      return false;
    default:
      return false;
    }
  }
};

} // namespace

RTCAT_JSON_EXPORT unsigned rtcat_json_abi_version(void) {
  return RTCAT_JSON_ABI_VERSION;
}

RTCAT_JSON_EXPORT rtcat_json_parser* rtcat_json_parser_new(void) {
  return new (std::nothrow) rtcat_json_parser();
}

RTCAT_JSON_EXPORT void rtcat_json_parser_free(rtcat_json_parser* parser) {
  delete parser;
}

RTCAT_JSON_EXPORT int rtcat_json_parser_keep(rtcat_json_parser* parser, const rtcat_json_name* names, size_t count) {
  if (!parser || (count > 0 && !names)) {
    return RTCAT_JSON_DECLINED;
  }
  try {
    parser->keep.assign(names, count);
    return RTCAT_JSON_OK;
  } catch (...) { // out of memory: every member is reported
    parser->keep.assign(nullptr, 0);
    return RTCAT_JSON_DECLINED;
  }
}

static_assert(RTCAT_JSON_PADDING >= simdjson::SIMDJSON_PADDING, "the padding the interface promises is simdjson's");

RTCAT_JSON_EXPORT int rtcat_json_parse(rtcat_json_parser* parser, const char* text, size_t length, size_t readable,
                                       rtcat_json_tape* tape) {
  // Lengths are 32 bits; the caller sends documents far smaller than that.
  if (!parser || !tape || length > UINT32_MAX / 2 || readable < length) {
    return RTCAT_JSON_DECLINED;
  }
  try {
    const char* input = text;
    if (readable - length < RTCAT_JSON_PADDING) { // too close to the end of the caller's memory: copy
      if (parser->padded.size() < length + simdjson::SIMDJSON_PADDING) {
        parser->padded.resize(length + simdjson::SIMDJSON_PADDING);
      }
      if (length > 0) {
        std::memcpy(parser->padded.data(), text, length);
      }
      input = parser->padded.data();
    }
    simdjson::dom::element root;
    if (parser->parser.parse_into_document(parser->document, input, length, false).get(root) != simdjson::SUCCESS) {
      return RTCAT_JSON_DECLINED;
    }
    return TapeWriter(*tape, parser->document, parser->keep).document() ? RTCAT_JSON_OK : RTCAT_JSON_DECLINED;
  } catch (...) { // out of memory: the caller's parser has its say
    return RTCAT_JSON_DECLINED;
  }
}
