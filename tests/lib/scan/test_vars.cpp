#include "lib/scan/extract.hpp"
#include "lib/scan/vars.hpp"
#include "util/position.hpp"

#include <doctest/doctest.h>

#include <algorithm>

using namespace lib::scan;

namespace {

// The known values of an expression at the end of the code, as "text" or "text?" (conditional).
// At `at`, or the end of the code.
std::vector<std::string> values(std::string_view code, std::string_view expr, bool shell = false,
                                size_t at = std::string_view::npos) {
  Vars vars(code);
  at = std::min(at, code.size());
  Alts alts = shell ? vars.shell(expr, at) : vars.python(expr, at);
  std::vector<std::string> out;
  for (const auto& a : alts) {
    out.push_back(a.known ? a.text + (a.conditional ? "?" : "") : std::string("<unknown>"));
  }
  return out;
}

using V = std::vector<std::string>;

} // namespace

TEST_CASE("vars: Python constants, formatting and string methods") {
  std::string code = "import os\n"
                     "REGION = os.getenv('REGION', 'us-central1')\n"
                     "PROJECT = os.getenv('PROJECT')\n"
                     "TF = '2-1'\n"
                     "A, B = 'x', \"y\"\n"
                     "IMG = 'tf-cpu.{}'.format(TF)\n"
                     "PCT = 'tf-%s.%s' % ('gpu', TF)\n"
                     "CAT = 'tf' + '-cpu.' + TF.replace('-', '_')\n"
                     "F = f\"{REGION.split('-')[0]}-docker/{IMG}:{A}{B}\"\n"
                     "N = 1.15\n"
                     "KW = '{v}-{w}'.format(v=TF, w=N)\n";
  CHECK(values(code, "REGION") == V{"us-central1"});
  CHECK(values(code, "PROJECT") == V{"<unknown>"});
  CHECK(values(code, "IMG") == V{"tf-cpu.2-1"});
  CHECK(values(code, "PCT") == V{"tf-gpu.2-1"});
  CHECK(values(code, "CAT") == V{"tf-cpu.2_1"});
  CHECK(values(code, "F") == V{"us-docker/tf-cpu.2-1:xy"});
  CHECK(values(code, "N") == V{"1.15"});
  CHECK(values(code, "KW") == V{"2-1-1.15"});
  CHECK(values(code, "TF[0]") == V{"2"});
  CHECK(values(code, "UNSET") == V{"<unknown>"});
  CHECK(values(code, "compute()") == V{"<unknown>"});
}

TEST_CASE("vars: if/elif/else evaluated as the code runs, undecided branches all kept") {
  std::string code = "import os\n"
                     "if os.getenv('IS_TESTING'):\n"
                     "    TF = os.getenv('IS_TESTING')\n"
                     "else:\n"
                     "    TF = '2-1'\n"
                     "if TF[0] == '2':\n"
                     "    if TRAIN_GPU:\n"
                     "        V = 'tf-gpu.' + TF\n"
                     "    else:\n"
                     "        V = 'tf-cpu.' + TF\n"
                     "elif TF == '1-15':\n"
                     "    V = 'never'\n"
                     "else:\n"
                     "    V = 'tf-cpu.1-15'\n"
                     "def f():\n"
                     "    V = 'inside'\n";
  CHECK(values(code, "TF") == V{"2-1"});
  CHECK(values(code, "V") == V{"tf-gpu.2-1?", "tf-cpu.2-1?"});
}

TEST_CASE("vars: shell assignments and expansions") {
  std::string code = "export RUNTIME_VERSION=1.15\n"
                     "PY=\"3.7\"\n"
                     "REGION=us-central1\n"
                     "OUT=$(gcloud config get-value project)\n"
                     "ALIAS=$RUNTIME_VERSION\n";
  CHECK(values(code, "$RUNTIME_VERSION", true) == V{"1.15"});
  CHECK(values(code, "${PY}", true) == V{"3.7"});
  CHECK(values(code, "${RT:-2.1}", true) == V{"2.1"});
  CHECK(values(code, "${PY:-2.7}", true) == V{"3.7"});
  CHECK(values(code, "$REGION-docker", true) == V{"us-central1-docker"});
  CHECK(values(code, "$OUT", true) == V{"<unknown>"});
  CHECK(values(code, "$ALIAS", true) == V{"1.15"});
  CHECK(values(code, "$NOT_SET", true) == V{"<unknown>"});
  // IPython's {expr} in "!" lines is Python.
  CHECK(values("RT = '2.1'\n", "{RT}", true) == V{"2.1"});
}

TEST_CASE("vars: a value is the one set before its use, with where it was set") {
  std::string code = "RT = '1.14'\nuse1\nRT = '1.15'\nuse2\nCOPY = RT\n";
  Vars vars(code);
  auto first = vars.python("RT", code.find("use1"));
  REQUIRE(first.size() == 1);
  CHECK(first[0].text == "1.14");
  CHECK(first[0].via);
  CHECK(first[0].variable == "RT");
  CHECK(first[0].set_offset == 5);
  auto second = vars.python("COPY", code.size());
  REQUIRE(second.size() == 1);
  CHECK(second[0].text == "1.15");
  CHECK(second[0].variable == "COPY");
  CHECK(second[0].set_offset == code.find("'1.15'")); // an alias keeps where the value was set
  CHECK(vars.python("RT", 0).front().known == false);
}

TEST_CASE("extract_all: references through variables, reported where used") {
  std::string code = "RUNTIME_VERSION = '1.15'\n"
                     "PYTHON_VERSION = '3.7'\n"
                     "TRAIN_VERSION = 'tf-cpu.2-1'\n"
                     "job = {'trainingInput': {'runtimeVersion': RUNTIME_VERSION, 'pythonVersion': PYTHON_VERSION}}\n"
                     "IMAGE = '{}-docker.pkg.dev/vertex-ai/training/{}:latest'.format(REGION, TRAIN_VERSION)\n"
                     "!gcloud ai-platform jobs submit training j --runtime-version={RUNTIME_VERSION}\n";
  auto refs = extract_all(code);
  REQUIRE(refs.size() == 3);
  util::LineIndex index(code);
  CHECK(refs[0].runtime.text == "1.15");
  CHECK(refs[0].via);
  CHECK(refs[0].variable == "RUNTIME_VERSION");
  CHECK(index.line(refs[0].set_offset) == 1);
  CHECK(index.line(refs[0].runtime.offset) == 4);
  CHECK(index.column(refs[0].runtime.offset) == 44);
  REQUIRE(refs[0].python);
  CHECK(refs[0].python->text == "3.7");
  CHECK(refs[1].runtime.text == "tf-cpu.2-1");
  CHECK(refs[1].catalog == "vertex-training");
  CHECK(refs[1].variable == "TRAIN_VERSION");
  CHECK(index.line(refs[1].runtime.offset) == 5);
  CHECK(refs[2].form == Form::gcloud);
  CHECK(refs[2].runtime.text == "1.15");
  CHECK(index.line(refs[2].runtime.offset) == 6);
}

TEST_CASE("extract_all: a keyed literal that reaches a use is reported at the use only") {
  std::string code = "runtime_version = '2.8'\nclient.submit(runtime_version=runtime_version)\n";
  auto refs = extract_all(code);
  REQUIRE(refs.size() == 1);
  CHECK(refs[0].via);
  CHECK(refs[0].runtime.offset == code.find("runtime_version)"));
}

TEST_CASE("vars: unreadable code never loops or throws") {
  for (std::string_view code : {"if (:\n  x = '\n", "A = (((((\n", "'''\nX = 1\n", "if x:\nelse:\nelif:\n", "X = {}[\n",
                                "A, B = 1\n", "X = 'a' % \n", "X = ''.format(\n", "X = f'{'\n", "X = f'{A'\n"}) {
    Vars vars(code);
    CHECK_NOTHROW((void)vars.python("X", code.size()));
    CHECK_NOTHROW((void)vars.shell("${X:-1}", code.size()));
  }
}

TEST_CASE("vars: generated code stays bounded (adjacent literals, thousands of conditions)") {
  std::string literals = "X = " + std::string();
  for (int i = 0; i < 200000; ++i) {
    literals += "'a' ";
  }
  literals += "\n";
  Vars a(literals);
  CHECK(a.python("X", literals.size()).size() == 1);
  std::string ifs;
  for (int i = 0; i < 5000; ++i) {
    ifs += "V" + std::to_string(i) + " = '1.15'\nif f():\n    RT = '" + std::to_string(i % 3) + ".1'\nelse:\n    RT = '2.1'\n";
  }
  Vars b(ifs);
  Alts rt = b.python("RT", ifs.size());
  CHECK_FALSE(rt.empty());
  CHECK(rt.size() <= 8);
}

TEST_CASE("extract_all: an image name completed by a template") {
  std::string code = "TF = '2.1'\n"
                     "A = f\"gcr.io/cloud-aiplatform/training/tf-cpu.{TF.replace('.', '-')}:latest\"\n"
                     "B = 'us-docker.pkg.dev/vertex-ai/training/tf-gpu.%s:latest' % TF.replace('.', '-')\n";
  auto refs = extract_all(code);
  REQUIRE(refs.size() == 2);
  CHECK(refs[0].runtime.text == "tf-cpu.2-1");
  CHECK(refs[1].runtime.text == "tf-gpu.2-1");
  CHECK(refs[1].variable == "TF");
}

TEST_CASE("extract_all: a command built by concatenation") {
  std::string code = "RUNTIME_VERSION = '1.15'\n"
                     "cmd = 'gcloud ai-platform jobs submit training ' + job + ' --runtime-version ' + RUNTIME_VERSION\n";
  auto refs = extract_all(code);
  REQUIRE(refs.size() == 1);
  CHECK(refs[0].runtime.text == "1.15");
  CHECK(refs[0].variable == "RUNTIME_VERSION");
  CHECK(refs[0].runtime.offset == code.rfind("RUNTIME_VERSION"));
}

TEST_CASE("vars: environment variables the code sets reach os.getenv") {
  std::string code = "export RUNTIME=1.15\n"
                     "import os\n"
                     "os.environ[\"IMAGE\"] = 'tf-cpu.' + '2-1'\n"
                     "os.environ['LATER'] = '1'\n"
                     "PLAIN = '2.1'\n";
  CHECK(values(code, "os.getenv('RUNTIME')") == V{"1.15"});
  CHECK(values(code, "os.environ.get(\"IMAGE\", 'x')") == V{"tf-cpu.2-1"});
  // Before the assignment, and a variable of the code that is not in the environment: unset.
  CHECK(values(code, "os.getenv('LATER', 'd')", false, code.find("os.environ['LATER']")) == V{"d"});
  CHECK(values(code, "os.getenv('PLAIN')") == V{"<unknown>"});
  Vars vars(code);
  Alts via = vars.python("os.getenv('RUNTIME')", code.size());
  REQUIRE(via.size() == 1);
  CHECK(via[0].via);
  CHECK(via[0].variable == "RUNTIME");
}

TEST_CASE("vars: a or b, and R's <-") {
  std::string code = "def f(version=None):\n"
                     "    pass\n"
                     "A = None or '1.4'\n"
                     "B = '2.1' or '1.4'\n"
                     "C = '' or '1.5'\n"
                     "runtime <- \"1.13\"\n";
  CHECK(values(code, "A") == V{"1.4"});
  CHECK(values(code, "B") == V{"2.1"});
  CHECK(values(code, "C") == V{"1.5"});
  // A name that cannot be known (an argument): its default, as one branch.
  CHECK(values(code, "version or '1.4'") == V{"1.4?"});
  CHECK(values(code, "runtime") == V{"1.13"});
}
