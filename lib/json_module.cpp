// librtcat-json.so: simdjson's validating DOM parser behind the C interface of lib/json_module.h.
// The only file that includes simdjson (ARCHITECTURE.md); built as a module that rtcat loads
// on demand (lib/json_fast.cpp), never linked into rtcat itself. Nothing but the functions of
// json_module.h is exported, and no exception leaves them.

#include "lib/json_module.h"

#include <cstring>
#include <new>
#include <simdjson.h>
#include <vector>

#define RTCAT_JSON_EXPORT extern "C" __attribute__((visibility("default")))

struct rtcat_json_parser {
  simdjson::dom::parser parser;
  std::vector<char> padded; // the document, followed by simdjson's padding
};

namespace {

// Writes a document's events to a tape; false when the tape is full.
class TapeWriter {
public:
  explicit TapeWriter(rtcat_json_tape& tape) : m_tape(tape) { m_tape.events_size = 0; }

  bool element(simdjson::dom::element e) {
    switch (e.type()) {
    case simdjson::dom::element_type::OBJECT:
      return object(e.get_object().value_unsafe());
    case simdjson::dom::element_type::ARRAY:
      return array(e.get_array().value_unsafe());
    case simdjson::dom::element_type::STRING:
      return text(RTCAT_JSON_STRING, e.get_string().value_unsafe());
    case simdjson::dom::element_type::BOOL:
      return add(RTCAT_JSON_BOOL);
    case simdjson::dom::element_type::NULL_VALUE:
      return add(RTCAT_JSON_NULL);
    default:
      return add(RTCAT_JSON_NUMBER);
    }
  }

private:
  rtcat_json_tape& m_tape;

  bool add(uint32_t kind, const char* text = nullptr, uint32_t length = 0) {
    if (m_tape.events_size == m_tape.events_capacity) {
      return false;
    }
    m_tape.events[m_tape.events_size++] = rtcat_json_event{kind, length, text};
    return true;
  }

  // The text stays in the parser's string buffer: simdjson keeps it until the next parse.
  bool text(uint32_t kind, std::string_view value) { return add(kind, value.data(), static_cast<uint32_t>(value.size())); }

  bool object(simdjson::dom::object o) {
    if (!add(RTCAT_JSON_START_OBJECT)) {
      return false;
    }
    for (simdjson::dom::key_value_pair field : o) {
      if (!text(RTCAT_JSON_KEY, field.key) || !element(field.value)) {
        return false;
      }
    }
    return add(RTCAT_JSON_END_OBJECT);
  }

  bool array(simdjson::dom::array a) {
    if (!add(RTCAT_JSON_START_ARRAY)) {
      return false;
    }
    for (simdjson::dom::element e : a) {
      if (!element(e)) {
        return false;
      }
    }
    return add(RTCAT_JSON_END_ARRAY);
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
    if (parser->parser.parse(input, length, false).get(root) != simdjson::SUCCESS) {
      return RTCAT_JSON_DECLINED;
    }
    return TapeWriter(*tape).element(root) ? RTCAT_JSON_OK : RTCAT_JSON_DECLINED;
  } catch (...) { // out of memory: the caller's parser has its say
    return RTCAT_JSON_DECLINED;
  }
}
