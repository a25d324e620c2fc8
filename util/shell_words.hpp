#pragma once

#include <cstddef>
#include <limits>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace util {

// One word of a shell command line.
struct ShellWord {
  std::string text;       // as the command receives it: quotes and backslashes removed
  size_t offset = 0;      // byte offset of the word as written (an opening quote included)
  size_t text_offset = 0; // byte offset of text's first character (after an opening quote)
};

struct ShellCommand {
  std::vector<ShellWord> words;
  size_t end = 0; // byte offset just past the command and the operator that ended it
  // The byte offset of a quote that is never closed; words then holds the words before it.
  std::optional<size_t> unclosed_quote;
};

// Reads one command from `start`, splitting words the way a POSIX shell does:
// - spaces, tabs and CR separate words; a newline, ';', '&', '|', ')' or '`' ends the command
//   (a run of '&' and '|' is one operator); '#' at the start of a word comments out the rest
//   of the line;
// - backslash-newline (LF or CRLF) continues the line, between words, inside a word and inside
//   double quotes; elsewhere a backslash takes the next character literally;
// - single quotes keep everything up to the next single quote; double quotes too, except that
//   \" \\ \$ \` stand for the second character; quotes may span lines.
// At most max_words words are read (the rest of the command is then left unread).
ShellCommand read_shell_command(std::string_view text, size_t start = 0, size_t max_words = std::numeric_limits<size_t>::max());

// Every command of text that has words, in order. Reading stops at a quote that is never
// closed: the last command then has unclosed_quote set.
std::vector<ShellCommand> shell_commands(std::string_view text);

} // namespace util
