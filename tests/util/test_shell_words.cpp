#include "util/shell_words.hpp"

#include <doctest/doctest.h>

namespace {

std::vector<std::string> texts(const util::ShellCommand& c) {
  std::vector<std::string> out;
  for (const auto& w : c.words) {
    out.push_back(w.text);
  }
  return out;
}

} // namespace

TEST_CASE("words, quotes and continuations") {
  auto c = util::read_shell_command("gcloud  jobs \\\n  --x='a b' \"c d\" e\\ f\n next");
  CHECK(texts(c) == std::vector<std::string>{"gcloud", "jobs", "--x=a b", "c d", "e f"});
  CHECK(c.end == std::string_view("gcloud  jobs \\\n  --x='a b' \"c d\" e\\ f\n").size());
  SUBCASE("a continuation inside a word joins it, CRLF too") {
    CHECK(texts(util::read_shell_command("ab\\\ncd ef\\\r\ngh")) == std::vector<std::string>{"abcd", "efgh"});
  }
  SUBCASE("offsets: the word, and its text after an opening quote") {
    auto q = util::read_shell_command("x '1.15'");
    CHECK(q.words[1].offset == 2);
    CHECK(q.words[1].text_offset == 3);
  }
}

TEST_CASE("backslash-quote inside double quotes") {
  auto c = util::read_shell_command(R"(echo "say \"hi\" \\ \$HOME" 'it\'s)");
  REQUIRE(c.words.size() == 3);
  CHECK(c.words[1].text == R"(say "hi" \ $HOME)");
  CHECK(c.words[2].text == R"(it\s)"); // single quotes take a backslash literally
  CHECK_FALSE(c.unclosed_quote);
}

TEST_CASE("an unclosed quote is reported, with the words before it") {
  std::string_view text = "gcloud --runtime-version '1.15 --python-version 3.7";
  auto c = util::read_shell_command(text);
  CHECK(texts(c) == std::vector<std::string>{"gcloud", "--runtime-version"});
  CHECK(c.unclosed_quote == text.find('\''));
  auto all = util::shell_commands(std::string("ok\n") + "echo \"open");
  REQUIRE(all.size() == 2);
  CHECK(all[1].unclosed_quote.has_value());
}

TEST_CASE("operators and comments end a command") {
  auto all = util::shell_commands("a 1; b 2 && c|d\n# note\n(e) `f` g # h\n\n");
  std::vector<std::vector<std::string>> got;
  for (const auto& c : all) {
    got.push_back(texts(c));
  }
  CHECK(got == std::vector<std::vector<std::string>>{{"a", "1"}, {"b", "2"}, {"c"}, {"d"}, {"(e"}, {"f"}, {"g"}});
  CHECK(util::read_shell_command("a b c d", 0, 2).words.size() == 2);
}
