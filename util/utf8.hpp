#pragma once

#include <cstddef>
#include <string>
#include <string_view>
#include <vector>

namespace util::utf8 {

// Whether c is a continuation byte (10xxxxxx): counting the bytes that are not gives the number
// of code points of valid UTF-8, even when a sequence is cut across two buffers.
inline bool is_continuation(char c) {
  return (static_cast<unsigned char>(c) & 0xC0) == 0x80;
}

// The length in bytes of the well-formed UTF-8 sequence at text[at] (1 to 4), or 0 when the
// bytes there are not UTF-8 (a stray continuation byte, a truncated or overlong sequence, a
// surrogate, a value above U+10FFFF). at must be < text.size().
size_t sequence_length(std::string_view text, size_t at);

// The byte offset of the first sequence that is not UTF-8, or npos when all of text is UTF-8.
size_t first_invalid(std::string_view text);

// The number of code points in text, each byte that is not UTF-8 counting as one.
size_t length(std::string_view text);

// Text with every byte that is not UTF-8 replaced by U+FFFD.
std::string replace_invalid(std::string_view text);

// One printable line for a message: newlines and tabs become spaces, control characters and
// bytes that are not UTF-8 are shown as \xNN, trailing spaces are dropped.
std::string one_line(std::string_view text);

// The byte offset just after the first `count` code points of text (text.size() when it has
// fewer); each byte that is not UTF-8 counts as one, as in length().
size_t offset_of(std::string_view text, size_t count);

// Text as lines of at most `width` code points (width 0 reads as 1): broken at spaces (the
// space at a break is dropped), and a word longer than the width cut every `width` code points.
// wrap("use tf-cpu.2-17 now", 8) == {"use", "tf-cpu.2", "-17 now"}; "" gives {""}.
std::vector<std::string> wrap(std::string_view text, size_t width);

} // namespace util::utf8
