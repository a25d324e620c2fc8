#pragma once
// A fast, validating JSON reader (simdjson's DOM parser, gigabytes per second) that reports a
// document as SAX-style events. The only module that includes simdjson (ARCHITECTURE.md).
// It never produces an error message: on any failure the caller reads the text again with its
// own (nlohmann) parser, which says what is wrong and where.

#include <cstddef>
#include <string>
#include <string_view>

namespace lib::json_fast {

// The events of one document, in document order; a false return stops the walk.
class Events {
public:
  virtual ~Events() = default;
  virtual bool null() = 0;
  virtual bool boolean() = 0;
  virtual bool number() = 0;
  virtual bool string(std::string& value) = 0; // value may be moved from
  virtual bool key(std::string& value) = 0;
  virtual bool start_object() = 0;
  virtual bool end_object() = 0;
  virtual bool start_array() = 0;
  virtual bool end_array() = 0;
};

// Documents larger than this are left to the caller's parser: the parser's buffers grow with
// the largest document read, and stay allocated for the next one.
inline constexpr size_t k_max_document = 256u << 10;

// Parses `text` (one whole JSON document, nothing after it but whitespace) and reports it to
// `events`. False when the text is larger than k_max_document, is not valid JSON (or is valid
// JSON simdjson declines, such as an integer beyond 64 bits or nesting deeper than 1024), or an
// event returned false: the caller then parses the text itself.
bool walk(std::string_view text, Events& events);

} // namespace lib::json_fast
