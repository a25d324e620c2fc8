#pragma once
/* The C interface of librtcat-json.so, the loadable module that holds simdjson (util/json_module.cpp).
 * rtcat links its C++ runtime statically and Debian ships simdjson only as a shared library
 * (which brings the shared libstdc++ with it): linking it would make every rtcat process load
 * both at start-up. util/json_fast.cpp loads this module the first time a command reads a large
 * JSON input instead, and only through this interface: plain C types, no C++ object and no
 * exception crosses it. Events go into a buffer the caller owns; the text of strings and keys
 * stays in the parser's own buffer (no copy), readable until the parser's next parse or free.
 */

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/* Bumped on any change below; the loader declines a module of another version. */
#define RTCAT_JSON_ABI_VERSION 4u

/* Bytes simdjson may read past a document's end (their content does not matter). */
#define RTCAT_JSON_PADDING 64u

/* One event of a document, in document order (what a SAX parser reports). */
enum rtcat_json_kind {
  RTCAT_JSON_NULL = 0,
  RTCAT_JSON_BOOL = 1,
  RTCAT_JSON_NUMBER = 2,
  RTCAT_JSON_STRING = 3, /* text: [text, text + length), unescaped UTF-8 */
  RTCAT_JSON_KEY = 4,    /* text: as for a string */
  RTCAT_JSON_START_OBJECT = 5,
  RTCAT_JSON_END_OBJECT = 6,
  RTCAT_JSON_START_ARRAY = 7,
  RTCAT_JSON_END_ARRAY = 8
};

typedef struct rtcat_json_event {
  uint32_t kind;    /* enum rtcat_json_kind */
  uint32_t length;  /* STRING and KEY: the text's length in bytes */
  const char* text; /* STRING and KEY: the text, in the parser's buffer (valid until its next
                       parse or free); NULL for the other kinds */
} rtcat_json_event;

/* Where a document's events go: the buffer is the caller's. A document of N bytes has at most
 * N + 1 events, so a capacity of N + 1 always suffices. The module sets the size. */
typedef struct rtcat_json_tape {
  rtcat_json_event* events;
  size_t events_capacity;
  size_t events_size;
} rtcat_json_tape;

/* A parser: its buffers are reused document after document. One per thread. */
typedef struct rtcat_json_parser rtcat_json_parser;

/* A key name, for rtcat_json_parser_keep. */
typedef struct rtcat_json_name {
  const char* text;
  size_t length;
} rtcat_json_name;

/* Results of rtcat_json_parse and rtcat_json_parser_keep. */
#define RTCAT_JSON_OK 0
#define RTCAT_JSON_DECLINED 1 /* not valid JSON, or valid JSON it does not take: the caller parses it itself */

unsigned rtcat_json_abi_version(void);
rtcat_json_parser* rtcat_json_parser_new(void); /* NULL when out of memory */
void rtcat_json_parser_free(rtcat_json_parser* parser);
/* The keys the caller reads, for the parses that follow: an object member whose key is none of
 * `names` and whose value has none of them as a key at any depth is left out of the events (its
 * key and every event of its value). Array elements are never left out. With count 0 (the
 * default) every member is reported. The names are copied. RTCAT_JSON_DECLINED when out of memory
 * (the parser then reports every member). */
int rtcat_json_parser_keep(rtcat_json_parser* parser, const rtcat_json_name* names, size_t count);
/* Validates `text` (one whole JSON document, nothing after it but whitespace) and writes its
 * events to `tape`. `readable` (at least `length`) is how many bytes from `text` may be read:
 * with RTCAT_JSON_PADDING more than the document, it is parsed where it is; otherwise it is first
 * copied into the parser's own padded buffer. RTCAT_JSON_DECLINED for anything the caller should
 * parse itself: invalid JSON, valid JSON simdjson declines (an integer beyond 64 bits, nesting
 * deeper than 1024), or a tape too small. */
int rtcat_json_parse(rtcat_json_parser* parser, const char* text, size_t length, size_t readable, rtcat_json_tape* tape);

#ifdef __cplusplus
}
#endif
