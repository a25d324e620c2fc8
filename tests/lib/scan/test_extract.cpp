#include "lib/scan/brackets.hpp"
#include "lib/scan/extract.hpp"
#include "tests/support/image_uris.hpp"
#include "tests/support/predicates.hpp"
#include "util/position.hpp"

#include <doctest/doctest.h>

#include <algorithm>
#include <string>
#include <tuple>
#include <vector>

using namespace lib::scan;

namespace {

// The 1-based line and column of a value in text.
std::pair<int, int> at(std::string_view text, const Value& v) {
  util::LineIndex index(text);
  return {index.line(v.offset), index.column(v.offset)};
}

// A reference's runtime as written, and where it stands (1-based line and column).
void check_runtime(std::string_view text, const Reference& r, const std::string& runtime, std::pair<int, int> where) {
  INFO(runtime);
  CHECK(r.runtime.text == runtime);
  CHECK(at(text, r.runtime) == where);
}

// No text of the list makes a reference.
template <class Extract> void check_none(Extract extract, std::initializer_list<const char*> texts) {
  for (const char* text : texts) {
    INFO(text);
    CHECK(extract(text).empty());
  }
}

} // namespace

TEST_CASE("extract_gcloud: flags across backslash continuations") {
  std::string text =
      "echo start\ngcloud ai-platform jobs submit training j1 \\\n  --region us-central1 \\\n  --runtime-version 1.15 \\\n"
      "  --python-version=3.7 --framework SCIKIT_LEARN\necho done --runtime-version 9.9\n";
  auto refs = extract_gcloud(text);
  REQUIRE(refs.size() == 1);
  CHECK(refs[0].service == lib::Service::training);
  CHECK(refs[0].whole_job);
  check_runtime(text, refs[0], "1.15", {4, 21});
  REQUIRE(refs[0].python);
  CHECK(refs[0].python->text == "3.7");
  CHECK(at(text, *refs[0].python) == std::pair{5, 20});
  CHECK(refs[0].frameworks == std::vector<std::string>{"scikit-learn"});
}

TEST_CASE("extract_gcloud: which commands count") {
  SUBCASE("ml-engine versions create is a prediction") {
    auto refs = extract_gcloud("gcloud beta ml-engine versions create v1 --model m --runtime-version='2.1'\n");
    REQUIRE(refs.size() == 1);
    CHECK(refs[0].service == lib::Service::prediction);
    CHECK(refs[0].runtime.text == "2.1");
    CHECK(refs[0].runtime.offset == 70);
  }
  SUBCASE("other gcloud commands are not references") {
    check_none(extract_gcloud, {"gcloud compute instances create x --runtime-version 1.0\n", "gcloud ai-platform models list\n",
                                "mygcloud ai-platform jobs submit training x --runtime-version 1.0\n"});
  }
  SUBCASE("a variable is left for extract_all to evaluate; a command's output cannot be judged") {
    auto refs = extract_gcloud("gcloud ai-platform jobs submit training x --runtime-version $(RT)\n");
    REQUIRE(refs.size() == 1);
    CHECK(refs[0].expr == "$(RT)");
    CHECK(refs[0].expr_kind == ExprKind::shell);
    CHECK(extract_gcloud("gcloud ai-platform jobs submit training x --runtime-version $(cat v)\n").empty());
    CHECK(extract_all("RT := 1.15\ntrain:\n\tgcloud ai-platform jobs submit training x --runtime-version $(RT)\n")
              .front()
              .runtime.text == "1.15");
    // --config FILE is kept for scan() to merge; a --config that is a variable may set the runtime.
    auto merged = extract_gcloud("gcloud ai-platform jobs submit training x --config config.yaml\n");
    REQUIRE(merged.size() == 1);
    REQUIRE(merged[0].config);
    CHECK(merged[0].config->text == "config.yaml");
    CHECK(merged[0].config->offset == 51);
    CHECK(extract_gcloud("gcloud ai-platform jobs submit training x --config $CONFIG\n").empty());
  }
  SUBCASE("a substitution in a word does not end the command (Makefile $(shell ...), shell $(...))") {
    for (const char* text : {"\tgcloud ml-engine jobs submit training tune_$(shell date +%s) \\\n\t  --runtime-version 1.15\n",
                             "gcloud ai-platform jobs submit training job_$(date +%s) --runtime-version 1.15\n"}) {
      CAPTURE(text);
      auto refs = extract_gcloud(text);
      REQUIRE(refs.size() == 1);
      CHECK(refs[0].runtime.text == "1.15");
    }
  }
  SUBCASE("a job without a runtime is reported for the required field, unless it names an image") {
    auto refs = extract_gcloud("gcloud ai-platform jobs submit training x --region r\n");
    REQUIRE(refs.size() == 1);
    CHECK(refs[0].runtime.text.empty());
    CHECK_FALSE(refs[0].has_image);
    refs = extract_gcloud("gcloud ai-platform jobs submit training x --master-image-uri gcr.io/p/i:1\n");
    REQUIRE(refs.size() == 1);
    CHECK(refs[0].has_image);
  }
  SUBCASE("a command ends at a shell operator") {
    auto refs = extract_gcloud("gcloud ai-platform jobs submit training x; echo --runtime-version 1.0\n");
    REQUIRE(refs.size() == 1);
    CHECK(refs[0].runtime.text.empty());
  }
}

TEST_CASE("extract_keys: YAML, JSON and Python forms") {
  SUBCASE("YAML with a Python version nearby") {
    std::string text = "trainingInput:\n  runtimeVersion: '2.1'\n  pythonVersion: \"3.7\"\n";
    auto refs = extract_keys(text);
    REQUIRE(refs.size() == 1);
    check_runtime(text, refs[0], "2.1", {2, 20});
    REQUIRE(refs[0].python);
    CHECK(at(text, *refs[0].python) == std::pair{3, 19});
    CHECK(refs[0].whole_job);
  }
  SUBCASE("JSON, unquoted number") {
    auto refs = extract_keys("{\"runtimeVersion\": 2.11, \"x\": 1}");
    REQUIRE(refs.size() == 1);
    CHECK(refs[0].runtime.text == "2.11");
    CHECK_FALSE(refs[0].whole_job);
  }
  SUBCASE("Python keyword arguments, each Python to its nearest runtime") {
    std::string text = "a(runtime_version='2.8', python_version=\"3.7\")\n\n\n\nb(runtime_version='1.15')\n";
    auto refs = extract_keys(text);
    REQUIRE(refs.size() == 2);
    REQUIRE(refs[0].python);
    CHECK(refs[0].python->text == "3.7");
    CHECK_FALSE(refs[1].python);
  }
  SUBCASE("not references") {
    check_none([](std::string_view text) { return extract_keys(text); },
               {"my_runtime_version = '2.8'", "runtime_version == '2.8'", "runtimeVersion: ${RUNTIME}", "runtimeVersions: '2.8'",
                "--runtime-version 2.8"});
  }
  SUBCASE("a model version is a prediction") {
    auto refs = extract_keys("{\"deploymentUri\": \"gs://x\", \"runtimeVersion\": \"2.1\"}");
    REQUIRE(refs.size() == 1);
    CHECK(refs[0].service == lib::Service::prediction);
  }
}

TEST_CASE("extract_images: prebuilt image URIs of every region") {
  std::string text = fixtures::prebuilt_image_lines() + "gcr.io/other/training/tf-cpu.2-11\n";
  auto refs = extract_images(text);
  REQUIRE(refs.size() == 3);
  CHECK(refs[0].catalog == "vertex-training");
  check_runtime(text, refs[0], "tf-cpu.2-11.py310", {1, 6});
  CHECK(refs[0].runtime.length == 61);
  CHECK(refs[1].catalog == "vertex-prediction");
  CHECK(refs[1].service == lib::Service::prediction);
  check_runtime(text, refs[1], "sklearn-cpu.1-0", {2, 6});
  CHECK(refs[2].runtime.text == "tf_opt-cpu.nightly");
}

TEST_CASE("extract_all: a quick check skips text without references") {
  CHECK(extract_all("nothing to see here\n").empty());
  auto refs = extract_all("image: us-docker.pkg.dev/vertex-ai/training/pytorch-xla.2-4.py310:latest\nruntimeVersion: '2.11'\n");
  REQUIRE(refs.size() == 2);
  CHECK(refs[0].form == Form::image);
  CHECK(refs[1].form == Form::key);
}

TEST_CASE("find_suppressions: rules on each comment line") {
  auto s = find_suppressions("a\n# rtcat: ignore[submission-end, expiring]\nb # rtcat: ignore[*]\nrtcat: ignore[unclosed\n");
  REQUIRE(s.size() == 2);
  CHECK(s[0].line == 2);
  CHECK(s[0].rules == std::vector<std::string>{"submission-end", "expiring"});
  CHECK(s[1].line == 3);
  CHECK(s[1].rules == std::vector<std::string>{"*"});
}

TEST_CASE("util::LineIndex: columns count code points, malformed bytes count one each") {
  std::string text = "ab\ncaf\xc3\xa9 x\n\xff\xfe y\n";
  util::LineIndex index(text);
  CHECK(index.line(0) == 1);
  CHECK(index.line(3) == 2);
  CHECK(index.column(text.find(" x") + 1) == 6);
  CHECK(index.column(text.find(" y") + 1) == 4);
  CHECK(index.line_text(4) == "caf\xc3\xa9 x");
}

TEST_CASE("is_version") {
  fixtures::check_predicate(is_version, {"2.11", "3.7"}, {"2", "2..1", "2.1a", ".2"});
}

TEST_CASE("extract_gcloud: batch prediction and flags hidden in a variable") {
  auto refs = extract_gcloud("gcloud ai-platform jobs submit prediction j --model m --runtime-version 1.13\n");
  REQUIRE(refs.size() == 1);
  CHECK(refs[0].service == lib::Service::prediction);
  CHECK_FALSE(refs[0].whole_job);
  // The flags are in $FLAGS: no runtime-version-required for this command.
  CHECK(extract_gcloud("gcloud ai-platform jobs submit training $JOB $FLAGS\n").empty());
  CHECK(extract_gcloud("gcloud ai-platform jobs submit training j --region $REGION\n").size() == 1);
}

TEST_CASE("extract_flags: a string of flags and a Python argument list") {
  std::string text = "FLAGS=\"--runtime-version 1.10 --python-version 2.7\"\n"
                     "cmd = [\"gcloud\", \"ai-platform\", \"versions\", \"create\", \"v1\",\n"
                     "       \"--runtime-version\", \"2.1\", \"--framework\", \"SCIKIT_LEARN\"]\n"
                     "opts = ['--runtime-version', RUNTIME]\n";
  auto refs = extract_flags(text);
  REQUIRE(refs.size() == 3);
  // A variable is left for extract_all to evaluate, where it is written.
  CHECK(refs[2].runtime.text.empty());
  CHECK(refs[2].expr == "RUNTIME");
  CHECK(refs[2].expr_kind == ExprKind::python);
  CHECK(at(text, refs[2].runtime) == std::pair{4, 30});
  check_runtime(text, refs[0], "1.10", {1, 26});
  REQUIRE(refs[0].python);
  CHECK(refs[0].python->text == "2.7");
  CHECK(refs[0].service == lib::Service::training);
  check_runtime(text, refs[1], "2.1", {3, 30});
  CHECK(refs[1].service == lib::Service::prediction);
  CHECK(refs[1].frameworks == std::vector<std::string>{"scikit-learn"});
  // extract_all does not report a gcloud command's flag twice.
  CHECK(extract_all("gcloud ai-platform jobs submit training j --runtime-version 1.15\n").size() == 1);
}

TEST_CASE("extract_sdk: get_prebuilt_prediction_container_uri names an image") {
  std::string text =
      "uri = aiplatform.helpers.get_prebuilt_prediction_container_uri(framework=\"sklearn\", framework_version=\"0.24\")\n"
      "u2 = get_prebuilt_prediction_container_uri('tensorflow', '2.8', accelerator='gpu')\n"
      "u3 = get_prebuilt_prediction_container_uri(framework=FW, framework_version='1.0')\n";
  auto refs = extract_sdk(text);
  REQUIRE(refs.size() == 3);
  CHECK(refs[2].expr_kind == ExprKind::sdk);
  CHECK(refs[2].expr == "FW\x1f'1.0'\x1f");
  CHECK(refs[0].runtime.text == "sklearn-cpu.0-24");
  CHECK(refs[0].catalog == "vertex-prediction");
  CHECK(at(text, refs[0].runtime) == std::pair{1, 104});
  CHECK(refs[1].runtime.text == "tf2-gpu.2-8");
  CHECK(prebuilt_prediction_image("tensorflow", "1.15", "") == "tf-cpu.1-15");
  CHECK(prebuilt_prediction_image("xgboost", "1.4.2", "cpu") == "xgboost-cpu.1-4");
  CHECK(prebuilt_prediction_image("pytorch", "1.11", "GPU") == "pytorch-gpu.1-11");
  CHECK(prebuilt_prediction_image("jax", "0.4", "").empty());
}

TEST_CASE("expression_at: a string left open by a backslash at the very end stays inside the text") {
  // Every way a text can end inside a Python expression: in a string, on an escape, in brackets.
  for (std::string_view tail : {"\"abc\\", "'x\\", "f(\"a\\", "a + \"\\", "\"\\", "x\\"}) {
    std::string text = std::string("runtime = ") + std::string(tail);
    ExprKind kind = ExprKind::none;
    auto v = expression_at(text, 10, kind);
    if (v) {
      std::string got = v->text;
      CHECK(v->offset + v->length <= text.size());
      CHECK(std::string_view(text).substr(v->offset, v->length) == got);
    }
  }
  Brackets b;
  std::string_view s = "'a\\";
  size_t i = 0;
  for (; i < s.size(); ++i) {
    b.code(s, i);
  }
  CHECK(i == s.size()); // the last backslash escapes nothing and is not stepped over
}

TEST_CASE("extract_images: ECR images in a Dockerfile, YAML and JSON, by repository and tag") {
  const std::string text =
      "FROM 763104351884.dkr.ecr.us-west-2.amazonaws.com/pytorch-training:2.6-gpu-py312-ec2\n"
      "    image: 871362719292.dkr.ecr.ap-northeast-1.amazonaws.com/pytorch-inference:2.6-cpu-py312\n"
      "{\"TrainingImage\": \"727897471807.dkr.ecr.cn-north-1.amazonaws.com.cn/pytorch-training:2.9-gpu-py312\"}\n";
  auto refs = extract_images(text);
  REQUIRE(refs.size() == 3);
  for (const auto& r : refs) {
    CHECK(r.form == Form::image);
    CHECK(r.ecr);
    CHECK(r.catalog.empty()); // scan matches it with the catalogs' entries
  }
  check_runtime(text, refs[0], "pytorch-training:2.6-gpu-py312-ec2", {1, 6});
  check_runtime(text, refs[1], "pytorch-inference:2.6-cpu-py312", {2, 12});
  CHECK(refs[1].service == lib::Service::prediction);
  check_runtime(text, refs[2], "pytorch-training:2.9-gpu-py312", {3, 20});
}

TEST_CASE("extract_image_args: the SageMaker SDK's image_uri= through a variable, a template or a string") {
  const std::string text =
      "IMAGE = \"763104351884.dkr.ecr.us-west-2.amazonaws.com/pytorch-training:2.6-gpu-py312-ec2\"\n"
      "TAG = \"2.6-cpu-py312\"\n"
      "a = sagemaker.estimator.Estimator(image_uri=IMAGE, role=r)\n"
      "b = PyTorch(entry_point=\"t.py\",\n"
      "            image_uri = IMAGE)\n"
      "c = Model(image_uri=f\"{ACCOUNT}.dkr.ecr.{REGION}.amazonaws.com/pytorch-inference:{TAG}\")\n"
      "d = Model(image_uri=\"763104351884.dkr.ecr.us-west-2.amazonaws.com/pytorch-training:2.9-gpu-py312\")\n"
      "image_uri = IMAGE\n"
      "e = Model(my_image_uri=IMAGE, image_uri == IMAGE)\n";
  auto args = extract_image_args(text);
  REQUIRE(args.size() == 2); // strings are extract_images' (d, and c's template); the rest is no argument
  CHECK(args[0].expr == "IMAGE");
  CHECK(args[0].expr_kind == ExprKind::python_image);
  CHECK(at(text, args[0].runtime) == std::pair{3, 45});
  CHECK(at(text, args[1].runtime) == std::pair{5, 25});

  // Evaluated: each use through IMAGE where it is used (the assignment then makes none), the
  // template through TAG, the string as it is.
  auto refs = extract_all(text);
  std::vector<std::tuple<std::string, int, int, std::string>> got;
  for (const auto& r : refs) {
    util::LineIndex index(text);
    got.emplace_back(r.runtime.text, index.line(r.runtime.offset), index.column(r.runtime.offset), r.variable);
    CHECK(r.ecr);
  }
  std::vector<std::tuple<std::string, int, int, std::string>> want = {
      {"pytorch-training:2.6-gpu-py312-ec2", 3, 45, "IMAGE"},
      {"pytorch-training:2.6-gpu-py312-ec2", 5, 25, "IMAGE"},
      {"pytorch-inference:2.6-cpu-py312", 6, 23, "TAG"},
      {"pytorch-training:2.9-gpu-py312", 7, 22, ""},
  };
  CHECK(got.size() == want.size());
  CHECK(got == want);
}

TEST_CASE("extract_all: what a docstring documents is no reference") {
  const std::string text = "\"\"\"Serves with us-docker.pkg.dev/vertex-ai/prediction/tf2-cpu.2-8:latest.\"\"\"\n"
                           "def f(image):\n"
                           "    r'''Supported images:\n"
                           "      us-docker.pkg.dev/vertex-ai/prediction/tf2-gpu.2-8:latest\n"
                           "    runtimeVersion: '2.1'\n"
                           "    gcloud ai-platform versions create v --model m --runtime-version 1.15\n"
                           "    '''\n"
                           "    x = \"\"\"us-docker.pkg.dev/vertex-ai/prediction/tf2-cpu.2-3:latest\"\"\"\n"
                           "    call(\n"
                           "        \"\"\"us-docker.pkg.dev/vertex-ai/prediction/tf2-cpu.2-4:latest\"\"\")\n"
                           "    \"\"\"us-docker.pkg.dev/vertex-ai/prediction/tf2-cpu.2-5:latest\"\"\".strip()\n";
  // Kept: the gcloud usage line, an assigned string, an argument, a string that is operated on.
  std::vector<std::string> found;
  for (const auto& r : extract_all(text)) {
    found.push_back(r.runtime.text);
  }
  CHECK(found == std::vector<std::string>{"1.15", "tf2-cpu.2-3", "tf2-cpu.2-4", "tf2-cpu.2-5"});
}

TEST_CASE("extract_keys: prefixed keyword names and subscript assignments") {
  const std::string text = "op(model_runtime_version=\"1.13\", model_python_version=\"3.5\")\n"
                           "body['runtimeVersion'] = '1.14'\n"
                           "body[\"trainingInput\"][\"pythonVersion\"] = \"3.7\"\n"
                           "MIN_RUNTIME_VERSION = '1.0'\n"
                           "check(min_runtime_version='1.0', supported_runtime_version='1.1', latest_runtime_version='2.11')\n"
                           "if body['runtimeVersion'] == '1.15': pass\n"
                           "print(body['runtimeVersion'])\n"
                           "cloudml_train('t.R', runtime_version = \"1.12\")\n";
  auto refs = extract_keys(text);
  REQUIRE(refs.size() == 3);
  check_runtime(text, refs[0], "1.13", {1, 27});
  REQUIRE(refs[0].python);
  CHECK(refs[0].python->text == "3.5");
  check_runtime(text, refs[1], "1.14", {2, 27});
  REQUIRE(refs[1].python);
  CHECK(refs[1].python->text == "3.7");
  check_runtime(text, refs[2], "1.12", {8, 41});
}

TEST_CASE("extract_all: a Python version beside a runtime that cannot be evaluated is reported alone") {
  const std::string text =
      "runtime=$(cat RUNTIME)\n"
      "gcloud ai-platform versions create v --model m --runtime-version {runtime_version} --python-version 2.7\n"
      "gcloud ai-platform versions create v --model m --runtime-version \"$runtime\" --python-version 3.5\n"
      "gcloud ai-platform versions create v --model m --runtime-version \"$runtime\"\n";
  auto refs = extract_all(text);
  REQUIRE(refs.size() == 2);
  for (const auto& r : refs) {
    CHECK(r.python_only);
    CHECK(r.runtime.text.empty());
    REQUIRE(r.python);
  }
  CHECK(refs[0].python->text == "2.7");
  CHECK(at(text, *refs[0].python) == std::pair<int, int>{2, 101});
  CHECK(refs[1].python->text == "3.5");
}
