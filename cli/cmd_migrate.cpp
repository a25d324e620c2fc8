#include "catalog/error.hpp"
#include "cli/commands.hpp"
#include "cli/context.hpp"
#include "lib/jobs/parsers.hpp"
#include "lib/migrate/migrate.hpp"
#include "lib/migrate/prediction.hpp"
#include "util/file.hpp"

#include <CLI/CLI.hpp>

#include <iostream>

#include "render/findings.hpp"
#include "render/vertex.hpp"

namespace cli {

namespace {

struct MigrateArgs {
  std::vector<std::string> files;
  std::vector<std::string> gcloud;
  std::string image;
  std::string framework;
  std::string source;
};

void declare_migrate(CLI::App& sub, MigrateArgs& a) {
  sub.add_option("files", a.files,
                 "Job files, as validate reads them: REST JSON (.json), gcloud config.yaml (.yaml/.yml), or a gcloud "
                 "command line (.sh, .txt); also batch prediction jobs (predictionInput, 'jobs submit prediction') and "
                 "model versions ('versions create', 'versions list|describe --format json')")
      ->type_name("FILE");
  sub.add_option("--gcloud", a.gcloud,
                 "A 'gcloud ai-platform jobs submit training|prediction ...' or 'versions create ...' command line; repeatable")
      ->type_name("COMMAND");
  sub.add_option("--image", a.image,
                 "The prebuilt (or own) image a Python package job or a model version runs on, instead of the one picked")
      ->type_name("URI");
  sub.add_option("--framework", a.framework,
                 "The framework the job trains with (tensorflow, scikit-learn, xgboost, pytorch), instead of its runtime's")
      ->type_name("NAME");
  sub.add_option("--source", a.source,
                 "The trainer's source folder: warn where its code reads CLUSTER_SPEC task types by their AI Platform names")
      ->type_name("DIR");
}

// Several jobs: a JSON array, YAML documents separated by ---, or one snippet after another.
std::string joined(const std::vector<std::string>& parts, const std::string& format) {
  if (parts.size() == 1) {
    return parts.front();
  }
  std::string out = format == "json" ? "[\n" : "";
  for (size_t i = 0; i < parts.size(); ++i) {
    if (format == "json") {
      out += parts[i].substr(0, parts[i].size() - 1) + (i + 1 < parts.size() ? ",\n" : "\n");
    } else {
      out += (format == "yaml" ? "---\n" : (i ? "\n" : "")) + parts[i];
    }
  }
  return format == "json" ? out + "]\n" : out;
}

// One input's findings and their count line (stderr text), added to all findings.
void report(const std::string& path, const std::vector<lib::Finding>& found, std::string& text, std::vector<lib::Finding>& all,
            bool quiet) {
  text += render::findings_text(found, false);
  if (!quiet) {
    text += path + ": " + render::counts_text(found) + "\n";
  }
  all.insert(all.end(), found.begin(), found.end());
}

int run_migrate(Context& ctx, const MigrateArgs& a) {
  std::string format = ctx.format("migrate", {"json", "yaml", "gcloud"});
  if (a.files.empty() && a.gcloud.empty()) {
    throw catalog::InvalidInput(
        "migrate needs a job file or --gcloud \"gcloud ai-platform jobs submit training ...\" (see 'rtcat migrate --help')");
  }
  std::optional<std::string> image;
  if (!a.image.empty()) {
    image = a.image;
  }
  std::vector<lib::jobs::JobSpec> jobs;
  std::vector<std::string> parts;
  std::vector<lib::Finding> all;
  std::string text;
  auto other = [&](const std::string& input, const std::string& path) {
    std::string kind = lib::migrate::prediction_kind(input);
    if (kind == "version") {
      for (const auto& d : lib::migrate::migrate_versions(ctx.catalogs(), input, path, ctx.today(), image)) {
        parts.push_back(format == "gcloud" ? render::model_deployment_gcloud(d) : render::model_deployment_json(d));
        report(path, d.findings, text, all, ctx.g.quiet);
      }
      return true;
    }
    if (kind != "prediction") {
      return false;
    }
    lib::migrate::BatchPrediction b = lib::migrate::migrate_prediction(input, path);
    parts.push_back(format == "json"   ? render::batch_prediction_json(b)
                    : format == "yaml" ? render::batch_prediction_yaml(b)
                                       : render::batch_prediction_gcloud(b));
    report(path, b.findings, text, all, ctx.g.quiet);
    return true;
  };
  for (const auto& f : a.files) {
    if (!other(util::read_file(f), f)) {
      jobs.push_back(lib::jobs::read_job_file(f));
    }
  }
  for (const auto& g : a.gcloud) {
    if (!other(g, "--gcloud")) {
      jobs.push_back(lib::jobs::parse_gcloud(g, "--gcloud", ""));
    }
  }
  lib::migrate::Options opt;
  opt.on = ctx.today();
  if (!a.image.empty()) {
    opt.image = a.image;
  }
  if (!a.framework.empty()) {
    opt.framework = a.framework;
  }
  for (const auto& job : jobs) {
    lib::migrate::VertexJob v = lib::migrate::migrate_job(ctx.catalogs(), job, opt);
    parts.push_back(format == "json"   ? render::vertex_json(v)
                    : format == "yaml" ? render::vertex_yaml(v)
                                       : render::vertex_gcloud(v));
    report(job.path, v.findings, text, all, ctx.g.quiet);
  }
  if (!a.source.empty()) {
    report(a.source, lib::migrate::legacy_cluster_names(a.source), text, all, ctx.g.quiet);
  }
  ctx.out(joined(parts, format));
  std::cerr << text;
  return ctx.exit_for(all);
}

} // namespace

Action define_migrate(CLI::App& sub, Context& ctx) {
  return define_command(sub, ctx, declare_migrate, run_migrate);
}

} // namespace cli
