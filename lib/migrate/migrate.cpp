#include "lib/migrate/migrate.hpp"

#include "catalog/calendar.hpp"
#include "catalog/error.hpp"
#include "lib/migrate/machines.hpp"
#include "util/json.hpp"
#include "util/text.hpp"

#include <nlohmann/json.hpp>

#include <algorithm>
#include <cctype>
#include <charconv>
#include <filesystem>

namespace lib::migrate {

namespace {

using nlohmann::ordered_json;

using util::upper;

// " with 4 NVIDIA_TESLA_T4", or "" for a machine without accelerators.
std::string with_accelerators(const MachineSpec& m) {
  return m.accelerator_type.empty() ? "" : " with " + std::to_string(m.accelerator_count) + " " + m.accelerator_type;
}

std::string text_at(const ordered_json& obj, const char* key) {
  auto it = obj.find(key);
  return it != obj.end() && it->is_string() ? it->get<std::string>() : "";
}

class Migrator {
public:
  Migrator(const catalog::CatalogSet& set, const jobs::JobSpec& job, const Options& opt)
      : m_set(set), m_job(job), m_opt(opt), m_ti(util::json::parse_ordered(job.training_input_json, job.path)) {}

  VertexJob run() {
    m_out.display_name = !m_job.job_id.empty() ? m_job.job_id : std::filesystem::path(m_job.path).stem().string();
    plain_fields();
    pools();
    code();
    if (m_job.hyperparameters) {
      m_out.study = study_of(m_job, util::json::dump(m_ti["hyperparameters"]), m_out.findings);
    }
    // Every field of jobs::known_training_input_fields() is carried over above or noted as having
    // no equivalent; fields it does not know are validate's "unknown field" notes.
    return std::move(m_out);
  }

private:
  const catalog::CatalogSet& m_set;
  const jobs::JobSpec& m_job;
  const Options& m_opt;
  ordered_json m_ti;
  VertexJob m_out;

  void note(RuleId rule, const std::string& field, std::string message) {
    m_out.findings.push_back(jobs::job_finding(m_job, field, finding_of(rule, std::move(message))));
  }

  void plain_fields() {
    m_out.region = text_at(m_ti, "region");
    m_out.labels = m_job.labels;
    m_out.service_account = text_at(m_ti, "serviceAccount");
    m_out.network = text_at(m_ti, "network");
    m_out.output_uri_prefix = text_at(m_ti, "jobDir");
    if (auto it = m_ti.find("encryptionConfig"); it != m_ti.end() && it->is_object()) {
      m_out.kms_key_name = text_at(*it, "kmsKeyName");
    }
    if (auto it = m_ti.find("enableWebAccess"); it != m_ti.end()) {
      m_out.enable_web_access = *it == true || *it == "true";
    }
    if (auto it = m_ti.find("scheduling"); it != m_ti.end() && it->is_object()) {
      m_out.timeout = text_at(*it, "maxRunningTime");
      if (it->contains("maxWaitTime")) {
        note(RuleId::migrate_no_equivalent, "scheduling.maxWaitTime",
             "scheduling.maxWaitTime has no Vertex AI equivalent for an on-demand CustomJob (it waits for resources "
             "without a limit; scheduling.maxWaitDuration applies only with scheduling.strategy FLEX_START); it is "
             "dropped: cancel the job yourself if it waits too long, or set strategy FLEX_START and maxWaitDuration");
      }
      if (it->contains("priority")) {
        note(RuleId::migrate_no_equivalent, "scheduling.priority",
             "scheduling.priority has no Vertex AI equivalent: CustomJobs that ask for the same accelerators are not "
             "ordered by priority; it is dropped: to get scarce GPUs sooner, reserve them (a Compute Engine "
             "reservation) or set scheduling.strategy FLEX_START, which waits for them (maxWaitDuration)");
      }
    }
    if (m_job.use_chief_in_tf_config) {
      note(RuleId::migrate_no_equivalent, "useChiefInTfConfig",
           "useChiefInTfConfig has no Vertex AI field: Vertex AI writes TF_CONFIG itself, with the primary replica "
           "(workerpool0) as 'chief'; drop the flag and check that the trainer accepts 'chief'");
    }
  }

  // --machine-type for the pool at `index` (its own, else the one for every pool).
  std::optional<std::string> chosen_type(size_t index) const {
    const auto& names = pool_names()[index];
    std::optional<std::string> all;
    for (const auto& [pool, type] : m_opt.machine_types) {
      if (pool.empty()) {
        all = type;
      } else if (std::find(names.begin(), names.end(), pool) != names.end()) {
        return type;
      }
    }
    return all;
  }

  // The machine of a role: Compute Engine types pass through, legacy names map to what is
  // documented (and rtcat's choice of machine type), acceleratorConfig adds (or replaces) the
  // accelerator, --machine-type wins.
  MachineSpec machine_for(const jobs::Role& role, size_t index) {
    MachineSpec m;
    const std::string field = role.field + "Type";
    const std::string type = role.machine_type.value_or("");
    const std::optional<std::string> chosen = chosen_type(index);
    if (const LegacyMachine* legacy = machine_data().legacy_machine(type)) {
      legacy_machine(*legacy, field, "workerpool" + std::to_string(index), chosen, m);
    } else {
      m.machine_type = chosen.value_or(type);
    }
    if (auto it = m_ti.find(role.field + "Config"); it != m_ti.end() && it->is_object()) {
      accelerator_config(*it, role.field + "Config", m);
    }
    retire(m, field);
    return m;
  }

  // A legacy name's machine: its accelerators, and the machine type documented for it, else the
  // one --machine-type gives, else rtcat's choice (a finding says which, and that it is one).
  void legacy_machine(const LegacyMachine& legacy, const std::string& field, const std::string& pool,
                      const std::optional<std::string>& chosen, MachineSpec& m) {
    m.accelerator_type = legacy.accelerator_type;
    m.accelerator_count = legacy.accelerator_count;
    const MachineChoice& choice = *machine_data().choice_for(legacy); // the data gives every name one
    if (!choice.accelerator_type.empty()) {
      m.accelerator_type = choice.accelerator_type;
      m.accelerator_count = choice.accelerator_count;
    }
    if (chosen || legacy.machine_type) {
      m.machine_type = chosen.value_or(legacy.machine_type.value_or(""));
      return;
    }
    m.machine_type = choice.machine_type;
    note(RuleId::migrate_machine_unmapped, field,
         "legacy machine type " + legacy.name + " has no documented " +
             (legacy.tpu ? std::string("Vertex AI machine type") : std::string("Compute Engine machine type")) +
             " (documented: " + legacy.documented + "; " + legacy.source + "): wrote " + m.machine_type + with_accelerators(m) +
             ", " + (legacy.choice ? "" : "as for " + legacy.like + ", ") + choice.basis +
             ", not a documented mapping; --machine-type " + pool + "=TYPE chooses another");
  }

  void accelerator_config(const ordered_json& config, const std::string& field, MachineSpec& m) {
    auto acc = config.find("acceleratorConfig");
    if (acc == config.end() || !acc->is_object()) {
      return;
    }
    std::string type = text_at(*acc, "type");
    m.accelerator_type = type; // TPU_V2 and TPU_V3 too: Vertex AI's cloud-tpu machines take them
    m.accelerator_count = accelerator_count(*acc, field + ".acceleratorConfig.count");
    if (config.contains("tpuTfVersion")) {
      note(RuleId::migrate_no_equivalent, field + ".tpuTfVersion",
           "tpuTfVersion has no Vertex AI equivalent: the TPU software comes with the training image");
    }
  }

  // acceleratorConfig.count: 1 when not set.
  long accelerator_count(const ordered_json& acc, const std::string& field) const {
    auto it = acc.find("count");
    return it == acc.end() || it->is_null() ? 1 : whole_number(*it, field);
  }

  // A number or a numeric string (proto3 JSON writes 64-bit integers as strings).
  long whole_number(const ordered_json& v, const std::string& field) const {
    if (v.is_number_integer()) {
      return v.get<long>();
    }
    if (v.is_string()) {
      const std::string& text = v.get_ref<const std::string&>();
      long value = 0;
      auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), value);
      if (ec == std::errc() && end == text.data() + text.size()) {
        return value;
      }
    }
    throw catalog::InvalidInput(jobs::where(m_job.path, m_job.pos(field)) + field + " must be a whole number, not " +
                                util::json::dump(v));
  }

  void retire(MachineSpec& m, const std::string& field) {
    const RetiredAccelerator* r = machine_data().retired_accelerator(m.accelerator_type);
    if (!r) {
      return;
    }
    std::string capped;
    if (r->max_count && m.accelerator_count > *r->max_count) {
      capped = "; one machine takes at most " + std::to_string(*r->max_count) + " " + r->replacement + " (" +
               r->max_count_source + "), so it gets " + std::to_string(*r->max_count) + " instead of " +
               std::to_string(m.accelerator_count) + ": add replicas if the job needs more GPUs";
      m.accelerator_count = *r->max_count;
    }
    note(RuleId::migrate_accelerator_retired, field,
         r->name + " is no longer offered by Vertex AI (" + r->documented + "; " + r->source + "): migrated to " +
             r->replacement + " (" + r->replacement_basis + ")" + capped);
    m.accelerator_type = r->replacement;
  }

  void tier_pool(WorkerPool& primary) {
    const std::string tier = m_job.scale_tier.value_or("BASIC");
    const ScaleTier* t = machine_data().tier(tier);
    if (!t) {
      return; // CUSTOM, or not a tier (validate reports it)
    }
    const LegacyMachine& legacy = *machine_data().legacy_machine(t->machine); // checked when the data is read
    const MachineChoice& choice = *machine_data().choice_for(legacy);
    const std::optional<std::string> chosen = chosen_type(0);
    MachineSpec& m = primary.machine;
    m.accelerator_type = t->accelerator_type;
    m.accelerator_count = t->accelerator_count;
    if (!choice.accelerator_type.empty()) {
      m.accelerator_type = choice.accelerator_type;
      m.accelerator_count = choice.accelerator_count;
    }
    m.machine_type = chosen.value_or(choice.machine_type);
    retire(m, "scaleTier");
    std::string counts = t->workers && t->parameter_servers
                             ? ""
                             : "; its replica counts are not documented either, so only the primary pool is written "
                               "(add the pools you need)";
    std::string what = "scale tier " + t->name + " (" + t->documented + "; " + t->source + ") names no machine type";
    if (chosen) {
      if (!counts.empty()) {
        note(RuleId::migrate_machine_unmapped, "scaleTier", what + ": wrote " + *chosen + " (--machine-type)" + counts);
      }
      return;
    }
    note(RuleId::migrate_machine_unmapped, "scaleTier",
         what + ": wrote " + m.machine_type + with_accelerators(m) + " for its replica, a " + legacy.name + " machine (" +
             choice.basis + "), not a documented mapping; --machine-type TYPE chooses another" + counts);
  }

  void pools() {
    bool custom = upper(m_job.scale_tier.value_or("")) == "CUSTOM";
    for (size_t i = 0; i < m_job.roles.size(); ++i) {
      const jobs::Role& role = m_job.roles[i];
      WorkerPool p;
      p.replica_count = role.name == "master" ? 1 : role.count;
      p.used = p.replica_count > 0;
      if (p.used && (custom || role.machine_type)) {
        p.machine = machine_for(role, i);
      }
      if (p.used) {
        disk(role, p);
      }
      m_out.pools.push_back(std::move(p));
    }
    if (!custom) {
      tier_pool(m_out.pools.front());
    }
    for (size_t i = 0; i < m_out.pools.size(); ++i) {
      WorkerPool& p = m_out.pools[i];
      if (p.used && p.machine.machine_type.empty()) {
        unset_machine(i, p);
      }
    }
    while (!m_out.pools.empty() && !m_out.pools.back().used) {
      m_out.pools.pop_back();
    }
  }

  // A pool the job gives no machine type (a config fragment that leaves masterType to the
  // command line, a workerCount without workerType): --machine-type, else the primary's, else a
  // placeholder.
  void unset_machine(size_t index, WorkerPool& p) {
    const std::string field = m_job.roles[index].field + "Type";
    const std::string pool = "workerpool" + std::to_string(index);
    if (auto chosen = chosen_type(index)) {
      p.machine.machine_type = *chosen;
    } else if (index > 0 && !m_out.pools.front().machine.machine_type.empty()) {
      p.machine.machine_type = m_out.pools.front().machine.machine_type;
      note(RuleId::migrate_machine_unmapped, field,
           field + " is not set: " + pool + " gets the primary pool's machine type, " + p.machine.machine_type +
               " (rtcat's choice: the job names none for it); --machine-type " + pool + "=TYPE chooses another");
    } else {
      p.machine.machine_type = std::string(k_machine_placeholder);
      note(RuleId::migrate_placeholder, field,
           field + " is not set: machineSpec.machineType is a placeholder, " + std::string(k_machine_placeholder) +
               ": pass --machine-type " + pool + "=TYPE");
    }
  }

  // A replica config's diskConfig -> the pool's diskSpec.
  void disk(const jobs::Role& role, WorkerPool& p) {
    auto config = m_ti.find(role.field + "Config");
    if (config == m_ti.end() || !config->is_object()) {
      return;
    }
    auto d = config->find("diskConfig");
    if (d == config->end() || !d->is_object()) {
      return;
    }
    p.boot_disk_type = text_at(*d, "bootDiskType");
    if (auto size = d->find("bootDiskSizeGb"); size != d->end() && !size->is_null()) {
      p.boot_disk_size_gb = whole_number(*size, role.field + "Config.diskConfig.bootDiskSizeGb");
    }
  }

  std::vector<std::string> args_with_job_dir() {
    std::vector<std::string> args;
    if (auto it = m_ti.find("args"); it != m_ti.end() && it->is_array()) {
      for (const auto& a : *it) {
        args.push_back(a.is_string() ? a.get<std::string>() : util::json::dump(a));
      }
    }
    if (!m_out.output_uri_prefix.empty()) {
      args.push_back("--job-dir=" + m_out.output_uri_prefix);
      note(RuleId::migrate_no_equivalent, "jobDir",
           "jobDir becomes baseOutputDirectory, but Vertex AI does not pass --job-dir to the trainer (it sets "
           "AIP_MODEL_DIR to " +
               m_out.output_uri_prefix + "/model instead): --job-dir=" + m_out.output_uri_prefix +
               " is added to the args so the trainer runs unchanged");
    }
    return args;
  }

  // A replica config's list of strings (containerCommand, containerArgs); nullopt when not set.
  std::optional<std::vector<std::string>> strings_at(const jobs::Role& role, const char* key) const {
    auto config = m_ti.find(role.field + "Config");
    if (config == m_ti.end() || !config->is_object()) {
      return std::nullopt;
    }
    auto it = config->find(key);
    if (it == config->end() || !it->is_array()) {
      return std::nullopt;
    }
    std::vector<std::string> out;
    for (const auto& e : *it) {
      out.push_back(e.is_string() ? e.get<std::string>() : util::json::dump(e));
    }
    return out;
  }

  void code() {
    std::vector<std::string> args = args_with_job_dir();
    if (m_job.custom_container()) {
      for (size_t i = 0; i < m_out.pools.size(); ++i) {
        WorkerPool& p = m_out.pools[i];
        if (p.used) {
          const jobs::Role& role = m_job.roles[i];
          p.container_image_uri = m_job.image_for(role.name).value_or("");
          // A replica's own command and args (the legacy containerCommand, containerArgs) win.
          p.command = strings_at(role, "containerCommand").value_or(std::vector<std::string>{});
          p.args = strings_at(role, "containerArgs").value_or(args);
        }
      }
      return;
    }
    if (m_job.package_uris.empty() && !m_job.local_packages) {
      throw catalog::InvalidInput(m_job.path +
                                  ": the job has no training code to migrate (no packageUris and no "
                                  "masterConfig.imageUri); see 'rtcat validate " +
                                  m_job.path + "'");
    }
    std::vector<std::string> packages = m_job.package_uris;
    if (m_job.local_packages) {
      packages = {std::string(k_package_placeholder)};
    }
    ExecutorImage image = executor_image(m_set, m_job, m_opt, accelerator(), m_out.region, m_out.findings);
    if (!image.open) {
      custom_container(image.uri, packages, args);
      return;
    }
    if (m_job.local_packages) {
      note(RuleId::migrate_placeholder, "packageUris",
           "the job's package is built from a local --package-path, which gcloud uploaded: pythonPackageSpec.packageUris "
           "is a placeholder, " +
               std::string(k_package_placeholder) +
               ": build the package (python setup.py sdist), copy it to Cloud Storage and write its gs:// URI there");
    }
    for (auto& p : m_out.pools) {
      if (p.used) {
        p.executor_image_uri = image.uri;
        p.package_uris = packages;
        p.python_module = m_job.python_module.value_or("");
        p.args = args;
      }
    }
  }

  // The accelerator the image must serve: "gpu", "tpu" or "" (CPU).
  std::string accelerator() const {
    for (const auto& p : m_out.pools) {
      if (p.machine.accelerator_type.starts_with("NVIDIA")) {
        return "gpu";
      }
      if (p.machine.accelerator_type.starts_with("TPU")) {
        return "tpu";
      }
    }
    return "";
  }

  // No prebuilt image is open on the date: the job runs its package in a container built from the
  // last known prebuilt image, whose URI the user fills in.
  void custom_container(const std::string& from, const std::vector<std::string>& packages, const std::vector<std::string>& args) {
    ImageToBuild b;
    b.from = from;
    b.package_uris = packages;
    b.dockerfile.push_back("FROM " + from);
    std::string install = "RUN pip install --no-cache-dir";
    for (const auto& uri : packages) {
      std::string file = uri.substr(uri.rfind('/') + 1);
      b.dockerfile.push_back("COPY " + file + " /trainer/" + file);
      install += " /trainer/" + file;
    }
    b.dockerfile.push_back(install);
    const std::string module = m_job.python_module.value_or("");
    for (auto& p : m_out.pools) {
      if (p.used) {
        p.container_image_uri = std::string(k_image_placeholder);
        p.command = {"python", "-m", module};
        p.args = args;
      }
    }
    std::string copy;
    for (const auto& uri : packages) {
      copy += (copy.empty() ? "" : ", ") + uri;
    }
    std::string lines;
    for (const auto& l : b.dockerfile) {
      lines += (lines.empty() ? "" : " | ") + l;
    }
    note(RuleId::migrate_placeholder, "runtimeVersion",
         "no prebuilt image runs the job on " + catalog::format_date(m_opt.on) +
             ", so it is written as a custom-container job: containerSpec.imageUri is a placeholder, " +
             std::string(k_image_placeholder) + ": build the image from the last known prebuilt one (Dockerfile: " + lines +
             "; copy " + copy + " next to it" + (m_job.local_packages ? ", built with python setup.py sdist" : "") +
             "), push it to Artifact Registry and write its URI there; the gcloud form (--format gcloud) prints these steps");
    m_out.build = std::move(b);
  }
};

} // namespace

const std::vector<std::vector<std::string>>& pool_names() {
  static const std::vector<std::vector<std::string>> k{{"workerpool0", "master"},
                                                       {"workerpool1", "worker"},
                                                       {"workerpool2", "parameterServer", "ps"},
                                                       {"workerpool3", "evaluator"}};
  return k;
}

VertexJob migrate_job(const catalog::CatalogSet& set, const jobs::JobSpec& job, const Options& opt) {
  return Migrator(set, job, opt).run();
}

} // namespace lib::migrate
