#pragma once
// A fast, validating JSON reader (simdjson's DOM parser, gigabytes per second) that reports a
// document as SAX-style events. simdjson lives in a module, librtcat-json.so (util/json_module.h),
// that this file loads the first time walk() is called - the only place that knows it is loaded
// at run time - so that commands that read no large JSON never load it (nor the shared C++
// runtime it needs). Where the module is missing, fails to load or RTCAT_JSON_MODULE=none,
// walk() declines every document.
// It never produces an error message: on any failure the caller reads the text again with its
// own (nlohmann) parser, which says what is wrong and where.

#include <cstddef>
#include <span>
#include <string>
#include <string_view>

namespace util::json_fast {

// The events of one document, in document order; a false return stops the walk.
class Events {
public:
  virtual ~Events() = default;
  virtual bool null() = 0;
  virtual bool boolean() = 0;
  virtual bool number() = 0;
  // The text of a string or a key: valid until walk() returns.
  virtual bool string(std::string_view value) = 0;
  virtual bool key(std::string_view value) = 0;
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
// event returned false: the caller then parses the text itself. `readable`: how many bytes from
// text.data() may be read; with k_padding more than the text, it is parsed where it is (no copy).
// `keys`: the keys the caller reads. When not empty, an object member whose key is none of them
// and whose value has none of them as a key at any depth is not reported (neither its key nor any
// event of its value; array elements always are): a caller whose results depend only on the
// members it reads, and on each value's own key, gets the same results with fewer events. The
// span's storage must last as long as the program (it is compared by address, call to call).
bool walk(std::string_view text, Events& events, size_t readable = 0, std::span<const std::string_view> keys = {});

// The bytes past a document's end that let walk() parse it in place (their content is never
// used): a reader that keeps this much slack after its buffer's data passes the distance to the
// end of its buffer as `readable`.
inline constexpr size_t k_padding = 64;

// The module walk() uses: its path once loaded, "" when none is (not found, failed to load, or
// RTCAT_JSON_MODULE=none). Loads it on the first call, like walk().
// Where it is looked for: $RTCAT_JSON_MODULE when set (a path, or "none" for no module), else
// next to the executable (a build folder), else in the installed layout's lib/rtcat folder
// relative to the executable (bin/../lib/rtcat; the relative path is fixed at configure time).
const std::string& module_path();

} // namespace util::json_fast
