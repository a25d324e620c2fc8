#include "catalog/calendar.hpp"
#include "catalog/error.hpp"
#include "lib/core/frameworks.hpp"
#include "lib/core/lookup.hpp"
#include "lib/core/targets.hpp"
#include "lib/migrate/migrate.hpp"
#include "lib/migrate/prediction.hpp"

#include <algorithm>

namespace lib::migrate {

namespace {

// The catalog prebuilt training images come from: the successor of the job's platform for training.
const catalog::Catalog* image_catalog(const catalog::CatalogSet& set, Service service = Service::training) {
  for (const catalog::Catalog* c : set.all()) {
    if (std::string next = c->successor_for(service_name(service)); !next.empty() && set.get(next)) {
      return set.get(next);
    }
  }
  return nullptr;
}

// The framework the job trains with: --framework, else the first one its runtime carries.
// `from_version`: the version of it the runtime pins ("" when unknown or given by --framework);
// `line_only`: the runtime documents only the framework's line, so the pick is a default.
std::string framework_of(const catalog::CatalogSet& set, const jobs::JobSpec& job, const Options& opt, std::string& why,
                         std::string& from_version, bool& line_only) {
  if (opt.framework) {
    why = "--framework";
    return framework_key(*opt.framework);
  }
  if (!job.runtime_version) {
    return "";
  }
  auto ref = find_entry(set, *job.runtime_version, Scope{"", Service::training});
  if (!ref) {
    return "";
  }
  auto carried = frameworks_carried(*ref->entry);
  why = "runtime " + *job.runtime_version;
  if (carried.empty()) {
    return "";
  }
  const auto& pinned = ref->entry->packages;
  line_only = std::none_of(pinned.begin(), pinned.end(), [&](const catalog::Package& p) { return p.name == carried.front(); });
  if (auto v = package_version(*ref->entry, carried.front())) {
    from_version = v->version;
  }
  return carried.front();
}

// The target's twin for the job: the GPU one for a GPU job (when there is one), else the CPU one
// (a TPU build has no twin).
const catalog::RuntimeEntry* twin_for(const Target& t, bool gpu) {
  const catalog::RuntimeEntry* e = t.entry;
  for (const catalog::RuntimeEntry* twin : t.twins) {
    if ((twin->accelerator == "gpu") == gpu && (e->accelerator == "gpu") != gpu) {
      e = twin;
    }
  }
  return e;
}

// The image's URI in the job's region's registry (us, europe, asia), GPU twin for a GPU job.
std::string uri_for(const Target& t, bool gpu, const std::string& region) {
  const catalog::RuntimeEntry* e = twin_for(t, gpu);
  std::string prefix = region.starts_with("europe") ? "europe-" : region.starts_with("asia") ? "asia-" : "us-";
  for (const auto& u : e->uris) {
    if (u.starts_with(prefix)) {
      return u;
    }
  }
  return e->uris.empty() ? e->id : e->uris.front();
}

// The query for the one image that runs `framework` for `service` on `on`, with the job's Python
// when it states one, on the job's accelerator ("gpu", "tpu" or "" for CPU).
TargetQuery one_image(std::string framework, Service service, catalog::Date on, const std::optional<std::string>& python,
                      std::string accelerator) {
  TargetQuery q;
  q.frameworks = {std::move(framework)};
  q.service = service;
  q.on = on;
  if (python) {
    q.python = catalog::Version::try_parse(*python);
  }
  q.accelerator = std::move(accelerator);
  q.max = 1;
  return q;
}

// The search for that image: from the job's legacy runtime when the catalogs know it, so that the
// target order is the one check and upgrade give (anchored on the framework version the job ran),
// else straight in the image catalog.
TargetSearch image_search(const catalog::CatalogSet& set, const catalog::Catalog& images,
                          const std::optional<std::string>& runtime, TargetQuery q) {
  if (runtime) {
    if (auto ref = find_entry(set, *runtime, Scope{"", q.service});
        ref && ref->catalog->successor_for(service_name(q.service)) == images.name) {
      q.successor_only = true;
      return find_targets(set, *ref->catalog, ref->entry, q);
    }
  }
  return find_targets(set, images, nullptr, q);
}

} // namespace

ExecutorImage executor_image(const catalog::CatalogSet& set, const jobs::JobSpec& job, const Options& opt,
                             const std::string& accelerator, const std::string& region, std::vector<Finding>& findings) {
  auto add = [&](RuleId rule, const std::string& field, std::string message) {
    findings.push_back(jobs::job_finding(job, field, finding_of(rule, std::move(message))));
  };
  if (opt.image) {
    add(RuleId::migrate_image_chosen, "runtimeVersion", "executorImageUri is " + *opt.image + " (--image)");
    return {*opt.image, true};
  }
  std::string why;
  std::string from_version;
  bool line_only = false;
  std::string framework = framework_of(set, job, opt, why, from_version, line_only);
  const catalog::Catalog* images = image_catalog(set);
  if (framework.empty() || !images) {
    throw catalog::InvalidInput(job.path + ": cannot tell which framework the job trains with (runtimeVersion " +
                                job.runtime_version.value_or("not set") +
                                "): pass --framework NAME, or --image URI for the prebuilt image to run it on");
  }
  TargetSearch s = image_search(set, *images, opt.framework ? std::nullopt : job.runtime_version,
                                one_image(framework, Service::training, opt.on, job.python_version, accelerator));
  const bool open = !s.targets.empty();
  if (!open && s.last_known.empty()) {
    throw catalog::InvalidInput(job.path + ": the " + images->name + " data knows no training image for " + framework +
                                ": pass --image URI");
  }
  const bool gpu = accelerator == "gpu";
  const Target& t = open ? s.targets.front() : s.last_known.front();
  std::string uri = uri_for(t, gpu, region);
  std::string image = t.entry->framework + " " + t.entry->framework_version + " (Python " + t.python + ")";
  std::string from =
      line_only ? why + ", which documents only its " + framework + " line: rtcat's default, --framework NAME trains with another"
                : why;
  if (open) {
    add(RuleId::migrate_image_chosen, "runtimeVersion",
        "executorImageUri is " + uri + ": the " + describe_pick(t) + " " + images->name + " image of " + framework + " (from " +
            from + ") for new jobs on " + catalog::format_date(opt.on) + ", " + image + "; --image URI chooses another");
  } else {
    std::string as_of = images->as_of ? catalog::format_date(*images->as_of) : "unknown";
    add(RuleId::migrate_image_not_open, "runtimeVersion",
        "no " + images->name + " image of " + framework + " (from " + from + ") is open for new jobs on " +
            catalog::format_date(opt.on) + " in the data as of " + as_of + ": the newest one it knows is " + uri + " (" + image +
            "), so the job runs in a custom container built from it; check Google's list of prebuilt containers "
            "and pass --image URI if one is open");
  }
  auto major = [](const std::string& v) { return v.substr(0, v.find('.')); };
  if (!from_version.empty() && major(from_version) != major(t.entry->framework_version)) {
    add(RuleId::migrate_no_equivalent, "runtimeVersion",
        why + " ran " + framework + " " + from_version + "; the image runs " + t.entry->framework + " " +
            t.entry->framework_version +
            ", a new major version: port the trainer (and test it) before the move, or pass "
            "--image URI with an image of the version it was written for");
  }
  if (t.python_changes) {
    add(RuleId::migrate_python_differs, "pythonVersion",
        "the image runs Python " + t.python + ", not " + job.python_version.value_or("") +
            " as the job asked: test the trainer on Python " + t.python + ", or pass --image URI");
  }
  return {uri, open};
}

std::string prediction_image(const catalog::CatalogSet& set, const PredictionImageQuery& q, const std::string& path,
                             std::vector<Finding>& findings) {
  const catalog::Catalog* images = image_catalog(set, Service::prediction);
  if (!images) {
    return "";
  }
  TargetSearch s = image_search(set, *images, q.runtime,
                                one_image(framework_key(q.framework), Service::prediction, q.on, q.python, q.gpu ? "gpu" : ""));
  if (s.targets.empty() && s.last_known.empty()) {
    return "";
  }
  auto add = [&](RuleId rule, std::string message) {
    Finding f = finding_of(rule, std::move(message));
    f.path = path;
    findings.push_back(std::move(f));
  };
  const bool open = !s.targets.empty();
  const Target& t = open ? s.targets.front() : s.last_known.front();
  std::string uri = uri_for(t, q.gpu, q.region);
  const bool gpu_image = twin_for(t, q.gpu)->accelerator == "gpu";
  add(open ? RuleId::migrate_image_chosen : RuleId::migrate_image_not_open,
      open ? "container image " + uri + ": the " + describe_pick(t) + " " + images->name + " image of " + q.framework + " on " +
                 catalog::format_date(q.on) + ", " + t.entry->framework + " " + t.entry->framework_version + " for " +
                 (gpu_image ? "GPU" : "CPU") + (t.python.empty() ? "" : ", Python " + t.python) + "; --image URI chooses another"
           : "no " + images->name + " image of " + q.framework + " is open on " + catalog::format_date(q.on) +
                 ": wrote the newest one the data knows, " + uri +
                 "; check Google's list of prebuilt containers and pass --image URI");
  if (q.gpu && !gpu_image) {
    add(RuleId::migrate_no_equivalent, "the version asks for accelerators, but the data knows no GPU prediction image of " +
                                           q.framework + ": wrote the CPU one, " + uri +
                                           "; deploy without --accelerator, or serve the model from a custom container "
                                           "with GPU support (--image URI)");
  }
  if (t.python_changes) {
    add(RuleId::migrate_python_differs, "the image runs Python " + t.python + ", not " + q.python.value_or("") +
                                            " as the version asked (pythonVersion): load the model on Python " + t.python +
                                            " and check its predictions before the move, or pass --image URI with an "
                                            "image that runs the Python it was saved with");
  }
  return uri;
}

} // namespace lib::migrate
