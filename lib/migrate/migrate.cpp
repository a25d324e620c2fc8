#include "lib/migrate/migrate.hpp"

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

// The fields migrate carries over (or reports) itself; any other field of trainingInput is
// reported as having no equivalent.
const std::vector<std::string>& handled_fields() {
  static const std::vector<std::string> k{"scaleTier",
                                          "masterType",
                                          "masterConfig",
                                          "workerType",
                                          "workerConfig",
                                          "workerCount",
                                          "parameterServerType",
                                          "parameterServerConfig",
                                          "parameterServerCount",
                                          "evaluatorType",
                                          "evaluatorConfig",
                                          "evaluatorCount",
                                          "packageUris",
                                          "pythonModule",
                                          "args",
                                          "region",
                                          "jobDir",
                                          "runtimeVersion",
                                          "pythonVersion",
                                          "serviceAccount",
                                          "network",
                                          "scheduling",
                                          "hyperparameters",
                                          "useChiefInTfConfig",
                                          "enableWebAccess",
                                          "encryptionConfig"};
  return k;
}

std::string upper(std::string s) {
  std::transform(s.begin(), s.end(), s.begin(), [](unsigned char c) { return static_cast<char>(std::toupper(c)); });
  return s;
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
    leftovers();
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
             "scheduling.maxWaitTime has no Vertex AI equivalent (a CustomJob waits for resources without a limit); it is "
             "dropped: cancel the job yourself if it waits too long");
      }
    }
    if (m_job.use_chief_in_tf_config) {
      note(RuleId::migrate_no_equivalent, "useChiefInTfConfig",
           "useChiefInTfConfig has no Vertex AI field: Vertex AI writes TF_CONFIG itself, with the primary replica "
           "(workerpool0) as 'chief'; drop the flag and check that the trainer accepts 'chief'");
    }
  }

  // The machine of a role: Compute Engine types pass through, legacy names map to what is
  // documented, acceleratorConfig adds (or replaces) the accelerator.
  MachineSpec machine_for(const jobs::Role& role) {
    MachineSpec m;
    const std::string field = role.field + "Type";
    const std::string type = role.machine_type.value_or("");
    if (const LegacyMachine* legacy = machine_data().legacy_machine(type)) {
      legacy_machine(*legacy, field, m);
    } else {
      m.machine_type = type;
    }
    if (auto it = m_ti.find(role.field + "Config"); it != m_ti.end() && it->is_object()) {
      accelerator_config(*it, role.field + "Config", m);
    }
    retire(m, field);
    return m;
  }

  void legacy_machine(const LegacyMachine& legacy, const std::string& field, MachineSpec& m) {
    m.accelerator_type = legacy.accelerator_type;
    m.accelerator_count = legacy.accelerator_count;
    if (legacy.tpu) {
      note(RuleId::migrate_no_equivalent, field,
           legacy.name + " (" + legacy.documented +
               ") has no Vertex AI equivalent in a CustomJob worker pool: Vertex AI "
               "trains on TPU VMs (a cloud-tpu machine type with TPU_V2/TPU_V3 accelerators); choose one and a "
               "TPU image for this pool");
      return;
    }
    if (legacy.machine_type) {
      m.machine_type = *legacy.machine_type;
      return;
    }
    note(RuleId::migrate_machine_unmapped, field,
         "legacy machine type " + legacy.name + " has no documented Compute Engine machine type (documented: " +
             legacy.documented + "; " + legacy.source + "): set machineSpec.machineType to one you choose, e.g. one of " +
             util::join(machine_data().compute_engine_types) + " that AI Platform also accepted");
  }

  void accelerator_config(const ordered_json& config, const std::string& field, MachineSpec& m) {
    auto acc = config.find("acceleratorConfig");
    if (acc == config.end() || !acc->is_object()) {
      return;
    }
    std::string type = text_at(*acc, "type");
    if (type.rfind("TPU_", 0) == 0) {
      note(RuleId::migrate_no_equivalent, field + ".acceleratorConfig",
           "a " + type +
               " accelerator in a legacy replica config has no Vertex AI equivalent: Vertex AI trains on TPU VMs "
               "(a cloud-tpu machine type); choose one for this pool");
      return;
    }
    m.accelerator_type = type;
    m.accelerator_count = accelerator_count(*acc, field + ".acceleratorConfig.count");
    if (config.contains("tpuTfVersion")) {
      note(RuleId::migrate_no_equivalent, field + ".tpuTfVersion",
           "tpuTfVersion has no Vertex AI equivalent: the TPU software comes with the training image");
    }
  }

  // acceleratorConfig.count: a number or a numeric string (proto3 JSON); 1 when not set.
  long accelerator_count(const ordered_json& acc, const std::string& field) const {
    auto it = acc.find("count");
    if (it == acc.end() || it->is_null()) {
      return 1;
    }
    if (it->is_number_integer()) {
      return it->get<long>();
    }
    if (it->is_string()) {
      const std::string& text = it->get_ref<const std::string&>();
      long value = 0;
      auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), value);
      if (ec == std::errc() && end == text.data() + text.size()) {
        return value;
      }
    }
    throw catalog::InvalidInput(jobs::where(m_job.path, m_job.pos(field)) + field + " must be a whole number, not " +
                                util::json::dump(*it));
  }

  void retire(MachineSpec& m, const std::string& field) {
    const RetiredAccelerator* r = machine_data().retired_accelerator(m.accelerator_type);
    if (!r) {
      return;
    }
    note(RuleId::migrate_accelerator_retired, field,
         r->name + " is no longer offered by Vertex AI (" + r->documented + "; " + r->source + "): migrated to " +
             r->replacement + " (" + r->replacement_basis + ")");
    m.accelerator_type = r->replacement;
  }

  void tier_pool(WorkerPool& primary) {
    const std::string tier = m_job.scale_tier.value_or("BASIC");
    const ScaleTier* t = machine_data().tier(tier);
    if (!t) {
      return; // CUSTOM, or not a tier (validate reports it)
    }
    primary.machine.accelerator_type = t->accelerator_type;
    primary.machine.accelerator_count = t->accelerator_count;
    retire(primary.machine, "scaleTier");
    std::string counts = t->workers && t->parameter_servers
                             ? ""
                             : "; the replica counts are not documented either, so only the primary pool is written";
    note(t->tpu ? RuleId::migrate_no_equivalent : RuleId::migrate_machine_unmapped, "scaleTier",
         "scale tier " + t->name + " (" + t->documented + "; " + t->source + ") has no documented Compute Engine machine type" +
             counts +
             ": set machineSpec.machineType (and the pools you need) yourself, or migrate the job with scaleTier CUSTOM "
             "and Compute Engine machine types");
  }

  void pools() {
    bool custom = upper(m_job.scale_tier.value_or("")) == "CUSTOM";
    for (const auto& role : m_job.roles) {
      WorkerPool p;
      p.replica_count = role.name == "master" ? 1 : role.count;
      p.used = p.replica_count > 0;
      if (p.used && (custom || role.machine_type)) {
        p.machine = machine_for(role);
      }
      m_out.pools.push_back(std::move(p));
    }
    if (!custom) {
      tier_pool(m_out.pools.front());
    }
    while (!m_out.pools.empty() && !m_out.pools.back().used) {
      m_out.pools.pop_back();
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

  void code() {
    std::vector<std::string> args = args_with_job_dir();
    if (m_job.custom_container()) {
      for (size_t i = 0; i < m_out.pools.size(); ++i) {
        if (m_out.pools[i].used) {
          m_out.pools[i].container_image_uri = m_job.image_for(m_job.roles[i].name).value_or("");
          m_out.pools[i].args = args;
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
    if (m_job.local_packages) {
      note(RuleId::migrate_no_equivalent, "packageUris",
           "the job's package is built from a local --package-path, which gcloud uploaded: build it (python setup.py "
           "sdist), copy it to Cloud Storage and add its gs:// URI to pythonPackageSpec.packageUris");
    }
    bool gpu = std::any_of(m_out.pools.begin(), m_out.pools.end(),
                           [](const WorkerPool& p) { return p.machine.accelerator_type.rfind("NVIDIA", 0) == 0; });
    std::string image = executor_image(m_set, m_job, m_opt, gpu, m_out.region, m_out.findings);
    for (auto& p : m_out.pools) {
      if (p.used) {
        p.executor_image_uri = image;
        p.package_uris = m_job.package_uris;
        p.python_module = m_job.python_module.value_or("");
        p.args = args;
      }
    }
  }

  void leftovers() {
    const auto& handled = handled_fields();
    const auto& known = jobs::known_training_input_fields();
    for (const auto& [key, value] : m_ti.items()) {
      if (std::find(handled.begin(), handled.end(), key) == handled.end() &&
          std::find(known.begin(), known.end(), key) != known.end()) {
        note(RuleId::migrate_no_equivalent, key, key + " has no Vertex AI CustomJob equivalent; it is dropped");
      }
    }
  }
};

} // namespace

VertexJob migrate_job(const catalog::CatalogSet& set, const jobs::JobSpec& job, const Options& opt) {
  return Migrator(set, job, opt).run();
}

} // namespace lib::migrate
