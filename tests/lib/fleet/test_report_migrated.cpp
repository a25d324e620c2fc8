#include "lib/fleet/report.hpp"
#include "tests/support/migration_fixtures.hpp"

#include <doctest/doctest.h>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <string>
#include <unistd.h>

#include "render/report.hpp"

namespace {

struct TempFile {
  std::string path;
  TempFile(const std::string& name, const std::string& content) {
    path =
        (std::filesystem::temp_directory_path() / ("rtcat-report-migrated-" + std::to_string(::getpid()) + "-" + name)).string();
    std::ofstream(path, std::ios::binary) << content;
  }
  ~TempFile() { std::filesystem::remove(path); }
};

std::string job(const std::string& id, const std::string& runtime, const std::string& extra = "") {
  return R"({"jobId":")" + id + R"(","trainingInput":{"runtimeVersion":")" + runtime + R"(","pythonVersion":"3.7")" + extra +
         "}}\n";
}

std::string version(const std::string& name, const std::string& runtime) {
  return R"({"name":"projects/p/models/m/versions/)" + name + R"(","runtimeVersion":")" + runtime +
         R"(","framework":"TENSORFLOW","pythonVersion":"3.7","deploymentUri":"gs://b/m/"})" + "\n";
}

std::string batch(const std::string& id, const std::string& runtime) {
  return R"({"jobId":")" + id + R"(","predictionInput":{"runtimeVersion":")" + runtime +
         R"(","dataFormat":"JSON","inputPaths":["gs://b/in"],"outputPath":"gs://b/out","modelName":"projects/p/models/m"}})" +
         "\n";
}

lib::Report chosen_only(const catalog::CatalogSet& set, const std::string& path, const char* on) {
  lib::ReportOptions o;
  o.on = test::day(on);
  o.migrate = false;
  return lib::build_report(set, {path}, o);
}

const lib::ReportGroup* group(const lib::Report& rep, const std::string& runtime, const std::string& service) {
  auto it = std::find_if(rep.groups.begin(), rep.groups.end(), [&](const lib::ReportGroup& g) {
    return g.entry && g.entry->id == runtime && lib::service_name(g.service) == service;
  });
  return it == rep.groups.end() ? nullptr : &*it;
}

std::string chosen_name(const lib::ReportGroup* g) {
  return g && g->representative ? g->representative->row.resource.name : std::string("(none)");
}

} // namespace

TEST_CASE("report: one representative per runtime, the most urgent affected training job, else a model version") {
  auto set = test::migration_set();
  // On 2021-08-01 runtime 1.0 is closed to new jobs (2021-01-01), 1.1 closes 2021-06-01 (past
  // too) and 1.3 is still open: its resources are not affected.
  std::string lines = job("zeta_10", "1.0") + job("alpha_10", "1.0") + job("b_11", "1.1") + version("v9", "1.0") +
                      batch("a_batch_10", "1.0") + version("v1", "1.0") + job("open_13", "1.3") + version("v_13", "1.3");
  TempFile inv("mixed.jsonl", lines);
  auto rep = chosen_only(set, inv.path, "2021-08-01");
  // Same deadline: by name; a model version before a batch prediction job of the same runtime.
  CHECK(chosen_name(group(rep, "1.0", "training")) == "alpha_10");
  CHECK(chosen_name(group(rep, "1.0", "prediction")) == "projects/p/models/m/versions/v1");
  CHECK(chosen_name(group(rep, "1.1", "training")) == "b_11");
  // A runtime with nothing affected still has one, marked as not affected.
  const auto* open = group(rep, "1.3", "training");
  REQUIRE(open);
  REQUIRE(open->representative);
  CHECK(open->representative->row.resource.name == "open_13");
  CHECK_FALSE(open->representative->affected);
  CHECK(open->representative->where == inv.path + ":7:1");
  for (const auto& g : rep.groups) {
    CHECK(g.candidates.empty()); // dropped once chosen
    CHECK_FALSE(g.representative->migrated);
  }

  SUBCASE("the same whatever the order of the records") {
    std::string reversed = version("v_13", "1.3") + job("open_13", "1.3") + version("v1", "1.0") + batch("a_batch_10", "1.0") +
                           version("v9", "1.0") + job("b_11", "1.1") + job("alpha_10", "1.0") + job("zeta_10", "1.0");
    TempFile inv2("reversed.jsonl", reversed);
    auto again = chosen_only(set, inv2.path, "2021-08-01");
    for (const auto& g : rep.groups) {
      CHECK(chosen_name(group(again, g.entry->id, lib::service_name(g.service))) == chosen_name(&g));
    }
  }
  SUBCASE("a batch prediction job stands for a runtime only without a model version") {
    TempFile inv3("batch.jsonl", batch("only_batch", "1.0"));
    CHECK(chosen_name(group(chosen_only(set, inv3.path, "2021-08-01"), "1.0", "prediction")) == "only_batch");
  }
  SUBCASE("an affected resource before one that is not") {
    // On 2021-03-01 runtime 1.0 is closed and 1.1 closes in 92 days (not yet affected at 90).
    TempFile inv4("two.jsonl", job("a_11", "1.1") + job("z_10", "1.0"));
    auto early = chosen_only(set, inv4.path, "2021-03-01");
    CHECK(chosen_name(group(early, "1.0", "training")) == "z_10");
    REQUIRE(group(early, "1.1", "training"));
    CHECK_FALSE(group(early, "1.1", "training")->representative->affected);
  }
}

TEST_CASE("report: the representatives stay one per runtime whatever the number of resources") {
  auto set = test::migration_set();
  std::string lines;
  for (int i = 0; i < 300; ++i) {
    lines += job("job_" + std::to_string(1000 + i), i % 3 ? "1.0" : "1.1");
    lines += version("v" + std::to_string(1000 + i), "1.0");
  }
  TempFile inv("many.jsonl", lines);
  auto rep = chosen_only(set, inv.path, "2021-08-01");
  REQUIRE(rep.groups.size() == 3);
  for (const auto& g : rep.groups) {
    CHECK(g.candidates.empty());
    CHECK(g.representative.has_value());
  }
  CHECK(chosen_name(group(rep, "1.0", "training")) == "job_1001");
  CHECK(chosen_name(group(rep, "1.1", "training")) == "job_1000");
  CHECK(chosen_name(group(rep, "1.0", "prediction")) == "projects/p/models/m/versions/v1000");
}

TEST_CASE("report: Vertex AI records have no representative, legacy ones are migrated on the report's date") {
  auto set = catalog::CatalogSet::embedded();
  std::string lines =
      // no training code: passed over for the next most urgent job of the runtime
      job("a_no_code", "2.1") + job("b_package", "2.1", R"(,"packageUris":["gs://b/t.tar.gz"],"pythonModule":"t.task")") +
      R"({"name":"projects/1/locations/us-central1/customJobs/7","displayName":"vx","jobSpec":{"workerPoolSpecs":[{"machineSpec":{"machineType":"n1-standard-4"},"replicaCount":"1","containerSpec":{"imageUri":"us-docker.pkg.dev/vertex-ai/training/tf-cpu.2-17.py310:latest"}}]}})"
      "\n";
  TempFile inv("vertex.jsonl", lines);
  lib::ReportOptions o;
  o.on = test::day("2024-12-01");
  auto rep = lib::build_report(set, {inv.path}, o);
  size_t with = 0;
  for (const auto& g : rep.groups) {
    if (g.catalog->name != "ai-platform") {
      CHECK_FALSE(g.representative);
    }
    with += g.representative ? 1 : 0;
  }
  CHECK(with == 1);
  const auto* g = group(rep, "2.1", "training");
  REQUIRE(g);
  REQUIRE(g->representative);
  const auto& r = *g->representative;
  CHECK(r.row.resource.name == "b_package");
  CHECK(r.passed_over == 1);
  REQUIRE(r.migrated);
  REQUIRE(r.migrated->training);
  std::string image = r.migrated->training->pools.at(0).executor_image_uri;
  CHECK(image.find("vertex-ai/training/") != std::string::npos);
  auto findings = r.migrated->findings();
  bool dated = std::any_of(findings.begin(), findings.end(),
                           [](const lib::Finding& f) { return f.message.find("2024-12-01") != std::string::npos; });
  CHECK(dated);

  SUBCASE("the section renders in Markdown and JSON") {
    std::string md = render::report_markdown(rep);
    CHECK(md.find("## Migrated spec per runtime") != std::string::npos);
    CHECK(md.find("gcloud ai custom-jobs create") != std::string::npos);
    render::ReportListWriter writer(render::ReportListFormat::json);
    std::string json = writer.begin(rep.on, rep.inputs) + writer.end(rep);
    CHECK(json.find("\"migrated\": [") != std::string::npos);
    CHECK(json.find("\"kind\": \"CustomJob\"") != std::string::npos);
  }
}

TEST_CASE("report: a snippet holding backticks or markup stays one code block, escaped in HTML") {
  auto set = catalog::CatalogSet::embedded();
  TempFile inv("ticks.jsonl",
               job("ticks", "2.1", R"(,"packageUris":["gs://b/t.tar.gz"],"pythonModule":"t.task","args":["```", "<b>x</b>"])"));
  lib::ReportOptions o;
  o.on = test::day("2024-12-01");
  auto rep = lib::build_report(set, {inv.path}, o);
  std::string md = render::report_markdown(rep);
  CHECK(md.find("\n````sh\n") != std::string::npos); // longer than any run of backticks inside
  CHECK(md.find("\n````\n") != std::string::npos);
  std::string html = render::report_html(rep);
  CHECK(html.find("&lt;b&gt;x&lt;/b&gt;") != std::string::npos);
  CHECK(html.find("<b>x</b>") == std::string::npos);
}
