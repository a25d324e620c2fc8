#include "catalog/error.hpp"
#include "lib/jobs/parsers.hpp"

#include <doctest/doctest.h>

#include <filesystem>
#include <fstream>
#include <string>
#include <unistd.h>

using lib::jobs::parse_gcloud;

TEST_CASE("gcloud_cmdline maps flags onto trainingInput") {
  auto spec = parse_gcloud("gcloud ai-platform jobs submit training j1 --runtime-version 2.1 --python-version=3.7 "
                           "--scale-tier custom --master-machine-type n1-standard-8 --worker-count=3 "
                           "--worker-machine-type n1-standard-4 --master-image-uri gcr.io/p/i:1 --use-chief-in-tf-config "
                           "-- --epochs 3",
                           "--gcloud", "");
  CHECK(spec.job_id == "j1");
  CHECK(spec.form == "gcloud");
  CHECK(*spec.runtime_version == "2.1");
  CHECK(*spec.python_version == "3.7");
  CHECK(*spec.scale_tier == "CUSTOM");
  CHECK(spec.role("worker").count == 3);
  CHECK(*spec.role("master").image_uri == "gcr.io/p/i:1");
  CHECK(spec.use_chief_in_tf_config);
  CHECK(spec.training_input_json.find("\"args\":[\"--epochs\",\"3\"]") != std::string::npos);
  SUBCASE("columns point at the flag") {
    CHECK(spec.pos("pythonVersion").column == 66);
  }
}

TEST_CASE("gcloud_cmdline handles continuations, quotes, ml-engine and beta") {
  auto spec = parse_gcloud("# submit\ngcloud beta ml-engine jobs submit training \"j 2\" \\\n  --module-name 'trainer.task' \\\n"
                           "  --packages=gs://b/a.tar.gz,dist/b.whl\n",
                           "submit.sh", "");
  CHECK(spec.job_id == "j 2");
  CHECK(*spec.python_module == "trainer.task");
  REQUIRE(spec.package_uris.size() == 2);
  CHECK(spec.local_packages);
  CHECK(spec.pos("pythonModule").line == 3);
  CHECK(spec.pos("packageUris[1]").column == 30);
}

TEST_CASE("gcloud_cmdline notes unknown flags and rejects broken command lines") {
  auto spec = parse_gcloud("gcloud ai-platform jobs submit training j --machine-type n1 --region us-central1", "--gcloud", "");
  REQUIRE(spec.notes.size() == 1);
  CHECK(spec.notes[0].rule == "gcloud-unknown-flag");
  CHECK(spec.notes[0].column == 43);
  CHECK_THROWS_WITH_AS(parse_gcloud("gcloud ai-platform jobs submit training j --module-name 'x", "--gcloud", ""),
                       "--gcloud:1:57: unterminated single quote in the gcloud command line", catalog::InvalidInput);
  CHECK_THROWS_WITH_AS(parse_gcloud("gcloud ai-platform jobs submit training j --worker-count many", "--gcloud", ""),
                       doctest::Contains("--worker-count must be a whole number"), catalog::InvalidInput);
  CHECK_THROWS_WITH_AS(parse_gcloud("gcloud ai-platform jobs submit training j --region", "--gcloud", ""),
                       doctest::Contains("--region needs a value"), catalog::InvalidInput);
  CHECK_THROWS_WITH_AS(parse_gcloud("gcloud ai-platform models list", "--gcloud", ""),
                       doctest::Contains("expected 'gcloud ai-platform jobs submit training"), catalog::InvalidInput);
  CHECK_THROWS_WITH_AS(parse_gcloud("echo hi", "x.sh", ""), doctest::Contains("no gcloud command found"), catalog::InvalidInput);
  CHECK_THROWS_WITH_AS(parse_gcloud("gcloud ai-platform jobs submit training --region r", "--gcloud", ""),
                       doctest::Contains("names no job id"), catalog::InvalidInput);
}

TEST_CASE("gcloud_cmdline reads --config and lets flags win") {
  std::string dir = RTCAT_SOURCE_DIR "/data/examples/jobs";
  auto spec =
      parse_gcloud("gcloud ai-platform jobs submit training j --config valid-config.yaml --worker-count 5", "--gcloud", dir);
  CHECK(spec.role("worker").count == 5);
  CHECK(spec.role("ps").count == 1);
  CHECK(spec.pos("workerCount").file.empty());
  CHECK(spec.pos("parameterServerCount").file.find("valid-config.yaml") != std::string::npos);
}

TEST_CASE("gcloud_cmdline accepts global flags before the command group") {
  auto spec =
      parse_gcloud("gcloud --project my-proj --quiet ai-platform jobs submit training j --region=us-central1", "--gcloud", "");
  CHECK(spec.job_id == "j");
  CHECK(spec.notes.empty());
}

TEST_CASE("gcloud_cmdline: --labels KEY=VALUE,... are the job's labels; a pair without '=' is an input error") {
  auto spec =
      parse_gcloud("gcloud ai-platform jobs submit training j --labels team=ml,env=prod --scale-tier basic", "--gcloud", "");
  REQUIRE(spec.labels.size() == 2);
  CHECK(spec.labels[0] == std::make_pair(std::string("team"), std::string("ml")));
  CHECK(spec.labels[1] == std::make_pair(std::string("env"), std::string("prod")));
  CHECK(spec.notes.empty()); // a flag gcloud has, not an unknown one
  CHECK_THROWS_WITH_AS(parse_gcloud("gcloud ai-platform jobs submit training j --labels=team=ml,env", "--gcloud", ""),
                       "--gcloud:1:60: --labels takes KEY=VALUE pairs separated by commas, not 'env'", catalog::InvalidInput);
}

TEST_CASE("gcloud_cmdline: --master/--worker/--parameter-server-accelerator become each role's acceleratorConfig") {
  auto spec = parse_gcloud("gcloud ai-platform jobs submit training j --scale-tier custom --master-machine-type n1-standard-8 "
                           "--master-accelerator type=nvidia-tesla-v100,count=2 --worker-accelerator=type=nvidia-tesla-t4 "
                           "--parameter-server-accelerator count=4,type=nvidia-tesla-p100",
                           "--gcloud", "");
  const std::string& ti = spec.training_input_json;
  CHECK(ti.find(R"("masterConfig":{"acceleratorConfig":{"count":2,"type":"NVIDIA_TESLA_V100"}})") != std::string::npos);
  CHECK(ti.find(R"("workerConfig":{"acceleratorConfig":{"count":1,"type":"NVIDIA_TESLA_T4"}})") != std::string::npos);
  CHECK(ti.find(R"("parameterServerConfig":{"acceleratorConfig":{"count":4,"type":"NVIDIA_TESLA_P100"}})") != std::string::npos);
  CHECK(spec.pos("masterConfig.acceleratorConfig").column == 99);
  CHECK(spec.notes.empty());
  CHECK_THROWS_WITH_AS(parse_gcloud("gcloud ai-platform jobs submit training j --master-accelerator count=2", "--gcloud", ""),
                       "--gcloud:1:64: --master-accelerator needs type=TYPE (for example type=nvidia-tesla-t4,count=1)",
                       catalog::InvalidInput);
  CHECK_THROWS_WITH_AS(
      parse_gcloud("gcloud ai-platform jobs submit training j --master-accelerator type=nvidia-tesla-t4,count=two", "--gcloud",
                   ""),
      "--gcloud:1:64: --master-accelerator count must be a whole number, not 'two'", catalog::InvalidInput);
  CHECK_THROWS_WITH_AS(
      parse_gcloud("gcloud ai-platform jobs submit training j --master-accelerator type=nvidia-tesla-t4,size=2", "--gcloud", ""),
      "--gcloud:1:64: --master-accelerator takes type=TYPE and count=COUNT, not 'size'", catalog::InvalidInput);
}

TEST_CASE("gcloud_cmdline: --labels replace the --config file's labels; without it the file's are kept") {
  const std::string dir =
      (std::filesystem::temp_directory_path() / ("rtcat-gcloud-labels-" + std::to_string(::getpid()))).string();
  std::filesystem::create_directories(dir);
  { std::ofstream(dir + "/c.yaml") << "labels:\n  team: ml\ntrainingInput:\n  scaleTier: BASIC\n"; }
  auto kept = parse_gcloud("gcloud ai-platform jobs submit training j --config c.yaml", "--gcloud", dir);
  REQUIRE(kept.labels.size() == 1);
  CHECK(kept.labels[0].first == "team");
  auto replaced = parse_gcloud("gcloud ai-platform jobs submit training j --config c.yaml --labels env=prod", "--gcloud", dir);
  REQUIRE(replaced.labels.size() == 1);
  CHECK(replaced.labels[0].first == "env");
  std::filesystem::remove_all(dir);
}

TEST_CASE("gcloud_cmdline: --kms-key, full or with its keyring, location and project, is encryptionConfig.kmsKeyName") {
  const std::string full = R"("encryptionConfig":{"kmsKeyName":"projects/p/locations/l/keyRings/r/cryptoKeys/k"})";
  CHECK(parse_gcloud("gcloud ai-platform jobs submit training j --kms-key projects/p/locations/l/keyRings/r/cryptoKeys/k",
                     "--gcloud", "")
            .training_input_json.find(full) != std::string::npos);
  auto parts = parse_gcloud(
      "gcloud ai-platform jobs submit training j --kms-key k --kms-keyring r --kms-location l --kms-project p", "--gcloud", "");
  CHECK(parts.training_input_json.find(full) != std::string::npos);
  CHECK(parts.pos("encryptionConfig").column == 43);
  // A short name gcloud completes from its own configuration: not known here, so not written.
  CHECK(parse_gcloud("gcloud ai-platform jobs submit training j --kms-key k", "--gcloud", "")
            .training_input_json.find("encryptionConfig") == std::string::npos);
}
