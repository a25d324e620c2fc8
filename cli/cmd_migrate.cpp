#include "catalog/error.hpp"
#include "cli/commands.hpp"
#include "cli/context.hpp"
#include "cli/migrate_options.hpp"
#include "cli/output.hpp"
#include "lib/fleet/inventory.hpp"
#include "lib/jobs/parsers.hpp"
#include "lib/migrate/migrate.hpp"
#include "lib/migrate/prediction.hpp"
#include "lib/migrate/record.hpp"
#include "util/file.hpp"

#include <cctype>
#include <filesystem>
#include <map>

#include "render/audit.hpp"
#include "render/findings.hpp"
#include "render/vertex.hpp"

namespace cli {

// What `rtcat migrate --help` says after the options (Command::help).
const std::string_view k_migrate_help =
    R"EX(Writes the job's Vertex AI equivalent on stdout and its findings on stderr: a CustomJob, or a
HyperparameterTuningJob when the job has hyperparameters. Replicas become workerPoolSpecs in
Vertex AI's order (primary, workers, parameter servers, evaluators; an unused pool before a used
one stays as {}). Compute Engine machine types pass through; legacy names and scale tiers carry
their documented accelerators, and a finding where no machine type is documented. acceleratorConfig
and gcloud's --master-accelerator, --worker-accelerator, --parameter-server-accelerator
(type=nvidia-tesla-t4,count=2) set the pool's accelerator; a K80 becomes a T4, with a finding.
A Python package runs on the prebuilt image the target finder picks for the runtime's framework
and the job's Python on --at (--image URI chooses). jobDir becomes baseOutputDirectory (and
--job-dir stays in args); scheduling.maxRunningTime becomes scheduling.timeout. The job's labels
(beside trainingInput, or gcloud --labels) become the Vertex AI job's labels.
Batch prediction jobs become BatchPredictionJobs. Model versions become a model upload on the
prebuilt prediction image for their framework and Python (the GPU image when the version has
accelerators; a finding when the image's Python differs) and an endpoint deployment; a custom
prediction routine (predictionClass) needs a custom container, and its finding says what it holds.
Formats: json (REST body), yaml (for gcloud ai custom-jobs|hp-tuning-jobs create --config; that
file holds no labels), gcloud (a shell snippet that writes the YAML and runs gcloud, --labels too).
Rule ids: docs/reference/commands.md, "Moving a job to Vertex AI".

Examples:
  rtcat migrate job.json --at 2025-06-01
  rtcat migrate config.yaml --format yaml > vertex-config.yaml
  rtcat migrate --gcloud "gcloud ai-platform jobs submit training j1 --runtime-version 2.11 --python-version 3.7 \
      --packages gs://b/t-1.tar.gz --module-name t.task --region europe-west4" --format gcloud
  rtcat migrate job.json --image us-docker.pkg.dev/vertex-ai/training/tf-cpu.2-17.py310:latest
  rtcat migrate config.yaml --source trainer/   # also: where the code reads CLUSTER_SPEC by legacy names

Exit codes: 0 no finding at or above --fail-on, 1 findings, 2 unreadable or malformed input.)EX";

namespace {

struct MigrateArgs {
  std::vector<std::string> files;
  std::vector<std::string> gcloud;
  MigrateChoices choices;
  std::string source;
  std::vector<std::string> inventories;
  std::string output;
  bool force = false;
};

void declare_migrate(Options& sub, MigrateArgs& a) {
  sub.add_option("files", a.files,
                 "Job files, as validate reads them: REST JSON (.json), gcloud config.yaml (.yaml/.yml), or a gcloud "
                 "command line (.sh, .txt); also batch prediction jobs (predictionInput, 'jobs submit prediction') and "
                 "model versions ('versions create', 'versions list|describe --format json')")
      ->type_name("FILE");
  sub.add_option("--gcloud", a.gcloud,
                 "A 'gcloud ai-platform jobs submit training|prediction ...' or 'versions create ...' command line; repeatable")
      ->type_name("COMMAND");
  add_migrate_choices(sub, a.choices);
  sub.add_option("--source", a.source,
                 "The trainer's source folder: warn where its code reads CLUSTER_SPEC task types by their AI Platform names")
      ->type_name("DIR");
  sub.add_option("--inventory", a.inventories,
                 "An inventory as audit reads it (gcloud ai-platform jobs|versions list output): migrate each legacy job "
                 "and model version in it; repeatable")
      ->type_name("FILE");
  sub.add_option("-o,--output", a.output, "Write one file per job or model version into this folder instead of stdout")
      ->type_name("DIR");
  sub.add_flag("--force", a.force, "With -o: overwrite files that already exist");
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

// Every input migrated: each result's name (for -o DIR) and text, and the findings.
struct Migration {
  Context& ctx;
  std::string format;
  lib::migrate::Options opt;
  std::vector<std::pair<std::string, std::string>> parts;
  std::vector<lib::Finding> all;
  std::string text;
  lib::Listings listings; // the pages of the inventories' REST list responses

  // A batch prediction job or model version; false when the input is a training job.
  bool prediction(const std::string& input, const std::string& path) {
    std::string kind = lib::migrate::prediction_kind(input);
    if (kind == "version") {
      for (const auto& d : lib::migrate::migrate_versions(ctx.catalogs(), input, path, opt.on, opt.image)) {
        parts.emplace_back(d.display_name,
                           format == "gcloud" ? render::model_deployment_gcloud(d) : render::model_deployment_json(d));
        report(path, d.findings, text, all, ctx.g.quiet);
      }
      return true;
    }
    if (kind != "prediction") {
      return false;
    }
    lib::migrate::BatchPrediction b = lib::migrate::migrate_prediction(input, path);
    parts.emplace_back(b.display_name, format == "json"   ? render::batch_prediction_json(b)
                                       : format == "yaml" ? render::batch_prediction_yaml(b)
                                                          : render::batch_prediction_gcloud(b));
    report(path, b.findings, text, all, ctx.g.quiet);
    return true;
  }

  void training(const lib::jobs::JobSpec& job) {
    lib::migrate::VertexJob v = lib::migrate::migrate_job(ctx.catalogs(), job, opt);
    parts.emplace_back(v.display_name, format == "json"   ? render::vertex_json(v)
                                       : format == "yaml" ? render::vertex_yaml(v)
                                                          : render::vertex_gcloud(v));
    report(job.path, v.findings, text, all, ctx.g.quiet);
  }

  // Each legacy job and model version of an inventory; one that cannot be migrated is a finding.
  void inventory(const std::string& path) {
    std::vector<std::pair<std::string, std::string>> records; // where, JSON text
    listings.add(lib::read_inventory(
        path,
        [&](const lib::Resource& r) {
          if (r.kind == lib::ResourceKind::job || r.kind == lib::ResourceKind::model_version) {
            records.emplace_back(r.path + ":" + std::to_string(r.line) + ":" + std::to_string(r.column), std::string(r.record));
          }
        },
        [](const lib::Malformed&) {}));
    for (const auto& rec : records) {
      const std::string& where = rec.first;
      try {
        lib::migrate::MigratedRecord m = lib::migrate::migrate_record(ctx.catalogs(), rec.second, where, opt);
        for (auto& part : render::migrated_record_texts(m, format)) {
          parts.push_back(std::move(part));
        }
        report(where, m.findings(), text, all, ctx.g.quiet);
      } catch (const catalog::InvalidInput& e) {
        lib::Finding f = lib::finding_of(lib::RuleId::migrate_no_equivalent, std::string("not migrated: ") + e.what());
        f.path = where;
        report(where, {f}, text, all, ctx.g.quiet);
      }
    }
  }
};

// The file name a result gets in -o DIR: its name with what a file name cannot hold replaced,
// the format's extension, and -2, -3... when two results share a name.
std::string file_name(const std::string& name, const std::string& format, std::map<std::string, int>& used) {
  std::string base;
  for (char c : name.empty() ? std::string("migrated") : name) {
    base += std::isalnum(static_cast<unsigned char>(c)) || c == '-' || c == '_' || c == '.' ? c : '_';
  }
  int n = ++used[base];
  return base + (n > 1 ? "-" + std::to_string(n) : "") + (format == "json" ? ".json" : format == "yaml" ? ".yaml" : ".sh");
}

// Writes one file per result into dir (and says which, unless quiet); refuses (before writing any)
// when one exists and not --force.
std::string write_all(const Migration& m, const std::string& dir, bool force, bool quiet) {
  std::map<std::string, int> used;
  std::vector<std::pair<std::string, std::string>> files;
  for (const auto& part : m.parts) {
    files.emplace_back((std::filesystem::path(dir) / file_name(part.first, m.format, used)).string(), part.second);
  }
  for (const auto& file : files) {
    if (!force && std::filesystem::exists(file.first)) {
      throw catalog::InvalidInput(file.first + ": already exists; pass --force to overwrite it (nothing was written)");
    }
  }
  std::error_code ec;
  std::filesystem::create_directories(dir, ec);
  if (ec) {
    throw catalog::InvalidInput(dir + ": cannot create the folder: " + ec.message());
  }
  std::string wrote;
  for (const auto& file : files) {
    util::write_atomically(file.first, file.second);
    if (!quiet) {
      wrote += "wrote " + file.first + "\n";
    }
  }
  return wrote;
}

int run_migrate(Context& ctx, const MigrateArgs& a) {
  Migration m{ctx, ctx.format(), {}, {}, {}, {}, {}};
  if (a.files.empty() && a.gcloud.empty() && a.inventories.empty()) {
    throw catalog::InvalidInput("migrate needs a job file, --gcloud \"gcloud ai-platform jobs submit training ...\" or "
                                "--inventory FILE (see 'rtcat migrate --help')");
  }
  stdin_once({&a.files, &a.inventories});
  m.opt = migrate_options(a.choices, ctx.today(), ctx.catalogs());
  for (const auto& f : a.files) {
    if (!m.prediction(util::read_file(f), util::input_name(f))) {
      m.training(lib::jobs::read_job_file(f));
    }
  }
  for (const auto& g : a.gcloud) {
    if (!m.prediction(g, "--gcloud")) {
      m.training(lib::jobs::parse_gcloud(g, "--gcloud", ""));
    }
  }
  for (const auto& inv : a.inventories) {
    m.inventory(inv);
  }
  for (const auto& page : m.listings.incomplete()) {
    m.text += render::incomplete_listing_warning(page);
  }
  if (!a.source.empty()) {
    report(a.source, lib::migrate::legacy_cluster_names(a.source), m.text, m.all, ctx.g.quiet);
  }
  if (!a.output.empty()) {
    std::string wrote = write_all(m, a.output, a.force, ctx.g.quiet);
    print_error(m.text + wrote);
  } else {
    std::vector<std::string> texts;
    for (const auto& part : m.parts) {
      texts.push_back(part.second);
    }
    ctx.out(joined(texts, m.format));
    print_error(m.text);
  }
  return ctx.exit_for(m.all);
}

} // namespace

Action define_migrate(Options& sub, Context& ctx) {
  return define_command(sub, ctx, declare_migrate, run_migrate);
}

} // namespace cli
