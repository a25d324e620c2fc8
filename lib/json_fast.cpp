#include "lib/json_fast.hpp"

#include <cstring>
#include <simdjson.h>
#include <vector>

namespace lib::json_fast {

namespace {

class Walker {
public:
  explicit Walker(Events& events) : m_events(events) {}

  bool element(simdjson::dom::element e) {
    switch (e.type()) {
    case simdjson::dom::element_type::OBJECT:
      return object(e.get_object().value_unsafe());
    case simdjson::dom::element_type::ARRAY:
      return array(e.get_array().value_unsafe());
    case simdjson::dom::element_type::STRING:
      m_scratch.assign(e.get_string().value_unsafe());
      return m_events.string(m_scratch);
    case simdjson::dom::element_type::BOOL:
      return m_events.boolean();
    case simdjson::dom::element_type::NULL_VALUE:
      return m_events.null();
    default:
      return m_events.number();
    }
  }

private:
  Events& m_events;
  std::string m_scratch;

  bool object(simdjson::dom::object o) {
    if (!m_events.start_object()) {
      return false;
    }
    for (simdjson::dom::key_value_pair field : o) {
      m_scratch.assign(field.key);
      if (!m_events.key(m_scratch) || !element(field.value)) {
        return false;
      }
    }
    return m_events.end_object();
  }

  bool array(simdjson::dom::array a) {
    if (!m_events.start_array()) {
      return false;
    }
    for (simdjson::dom::element e : a) {
      if (!element(e)) {
        return false;
      }
    }
    return m_events.end_array();
  }
};

} // namespace

bool walk(std::string_view text, Events& events) {
  if (text.size() > k_max_document) {
    return false;
  }
  // One parser and one padded copy of the text per thread, reused record after record.
  thread_local simdjson::dom::parser parser;
  thread_local std::vector<char> padded;
  if (padded.size() < text.size() + simdjson::SIMDJSON_PADDING) {
    padded.resize(text.size() + simdjson::SIMDJSON_PADDING);
  }
  std::memcpy(padded.data(), text.data(), text.size());
  simdjson::dom::element root;
  if (parser.parse(padded.data(), text.size(), false).get(root) != simdjson::SUCCESS) {
    return false;
  }
  return Walker(events).element(root);
}

} // namespace lib::json_fast
