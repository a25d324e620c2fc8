#include "lib/scan/extract.hpp"
#include "lib/scan/markdown.hpp"
#include "util/text.hpp"

#include <doctest/doctest.h>

#include <string>
#include <vector>

using namespace lib::scan;

namespace {

// The fenced blocks code_blocks keeps, as their text.
std::vector<std::string> kept(std::string_view md, const MarkdownRules& rules = {}) {
  std::vector<std::string> out;
  for (const Span& s : code_blocks(md, rules)) {
    out.emplace_back(md.substr(s.from, s.to - s.from));
  }
  return out;
}

} // namespace

TEST_CASE("is_example_output: every label with every lead-in and body") {
  // Sweep: labels of output, of commands and of data; lead-ins into output and neutral ones;
  // a body with and without a gcloud line. The rule: an output label is output; a command label
  // or a gcloud line is code; otherwise the lead-in decides.
  const std::vector<std::string> output_labels{"output", "OUT", "text", "txt", "plaintext", "plain", "stdout", "log", "logs"};
  const std::vector<std::string> command_labels{"bash", "sh", "shell", "console", "python", "py", "ipython3", "r", "dockerfile"};
  const std::vector<std::string> data_labels{"", "json", "yaml", "yml", "toml", "javascript"};
  const std::vector<std::string> output_lead_ins{"Example output:",
                                                 "*Example output*:",
                                                 "**The response looks like:**",
                                                 "Sample output:",
                                                 "The output should look like this:",
                                                 "You should see output similar to the following:",
                                                 "Output:",
                                                 "## Response",
                                                 "### Example output",
                                                 "> Expected output:"};
  const std::vector<std::string> neutral_lead_ins{"",
                                                  "Create the file config.yaml:",
                                                  "Submit the job:",
                                                  "Example output follows the command below",
                                                  "To write output to a bucket, submit:",
                                                  "## Training",
                                                  "The output"};
  const std::vector<std::string> bodies{"runtimeVersion: '2.1'\n",
                                        "$ gcloud ai-platform versions create v1 --runtime-version 2.1\n"};
  int cases = 0;
  for (const auto& label : output_labels) {
    for (const auto& lead : output_lead_ins) {
      for (const auto& body : bodies) {
        CHECK_MESSAGE(is_example_output(util::lower(label), lead, body, {}), label << " / " << lead);
        ++cases;
      }
    }
  }
  for (const auto& lead : output_lead_ins) {
    for (const auto& body : bodies) {
      for (const auto& label : command_labels) {
        CHECK_FALSE_MESSAGE(is_example_output(label, lead, body, {}), label << " / " << lead);
        ++cases;
      }
      for (const auto& label : data_labels) {
        bool gcloud = body.find("gcloud") != std::string::npos;
        CHECK_MESSAGE(is_example_output(label, lead, body, {}) == !gcloud, label << " / " << lead << " / " << body);
        ++cases;
      }
    }
  }
  for (const auto& lead : neutral_lead_ins) {
    for (const auto& body : bodies) {
      for (const auto& label : data_labels) {
        CHECK_FALSE_MESSAGE(is_example_output(label, lead, body, {}), label << " / " << lead);
        ++cases;
      }
    }
  }
  CHECK(cases == 9 * 10 * 2 + 10 * 2 * (9 + 6) + 7 * 2 * 6);
}

TEST_CASE("is_example_output: the config's labels and lead-ins add to the built-in ones") {
  MarkdownRules rules{{"console-log"}, {"the server replies"}};
  CHECK(is_example_output("console-log", "", "runtimeVersion: '2.1'\n", rules));
  CHECK(is_example_output("json", "The server replies with:", "{}\n", rules));
  CHECK(is_example_output("json", "## The server replies", "{}\n", rules));
  CHECK_FALSE(is_example_output("json", "The server replies with", "{}\n", rules)); // no colon, no heading
  CHECK_FALSE(is_example_output("console-log", "", "runtimeVersion: '2.1'\n", {}));
}

TEST_CASE("code_blocks: the lead-in is the last line of prose before the fence") {
  std::string md = "Example output:\n\n```json\n{\"runtimeVersion\": \"2.1\"}\n```\n```yaml\nruntimeVersion: '2.2'\n```\n"
                   "Example output:\nthen a config:\n~~~\nruntimeVersion: '2.3'\n~~~\n```text\nrest\n```\n```\nopen: 2.4\n";
  // The second block follows the first with no prose between: no lead-in. The third's lead-in
  // is the line just before it. A block left open runs to the end.
  CHECK(kept(md) == std::vector<std::string>{"runtimeVersion: '2.2'\n", "runtimeVersion: '2.3'\n", "open: 2.4\n"});
  CHECK(markdown_code(md).size() == md.size());
  auto refs = extract_all(markdown_code(md));
  REQUIRE(refs.size() == 2);
  CHECK(refs[0].runtime.text == "2.2");
  CHECK(refs[1].runtime.text == "2.3");
}
