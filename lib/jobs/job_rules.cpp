#include "lib/jobs/job_rules.hpp"

#include "catalog/error.hpp"
#include "lib/core/check.hpp"
#include "lib/core/compatibility.hpp"
#include "lib/core/frameworks.hpp"
#include "lib/jobs/job_tree.hpp"
#include "util/text.hpp"

#include <algorithm>

namespace lib::jobs {

namespace {

using catalog::Severity;

std::string plural(long n, const std::string& role) {
  static const std::pair<const char*, const char*> k_names[] = {
      {"worker", "worker"}, {"ps", "parameter server"}, {"evaluator", "evaluator"}, {"master", "master"}};
  std::string noun = role;
  for (const auto& [r, name] : k_names) {
    if (role == r) {
      noun = name;
    }
  }
  return std::to_string(n) + " " + noun + (n == 1 ? "" : "s");
}

// Whether a value is written as a shell expression ($TIER, ${PKG}, $(cmd)) that is expanded only
// when the command runs: what it becomes is not judged.
bool unexpanded(const std::string& value) {
  return value.find('$') != std::string::npos;
}

Finding at(const Pos& p, const std::string& path, Finding f) {
  f.path = p.file.empty() ? path : p.file;
  f.line = p.line;
  f.column = p.column;
  return f;
}

class Validator {
public:
  Validator(const catalog::CatalogSet& set, const JobSpec& spec, const RuleOptions& opt) : m_set(set), m_spec(spec), m_opt(opt) {}

  std::vector<Finding> run() {
    m_out = m_spec.notes;
    required_fields();
    runtime();
    scale_tier();
    packages();
    images();
    std::stable_sort(m_out.begin(), m_out.end(), [](const Finding& a, const Finding& b) {
      return std::tie(a.path, a.line, a.column) < std::tie(b.path, b.line, b.column);
    });
    return std::move(m_out);
  }

private:
  const catalog::CatalogSet& m_set;
  const JobSpec& m_spec;
  const RuleOptions& m_opt;
  std::vector<Finding> m_out;
  std::optional<std::string> m_runtime; // given or defaulted
  std::optional<std::string> m_python;
  bool m_defaulted = false;

  void add(const std::string& field, RuleId rule, const std::string& message, const std::string& suggestion = "") {
    Finding f = job_finding(m_spec, field, finding_of(rule, message));
    f.suggestion = suggestion;
    m_out.push_back(f);
  }

  void add(const std::string& field, Finding f) { m_out.push_back(job_finding(m_spec, field, std::move(f))); }

  const catalog::Catalog* platform() const { return m_set.get(m_opt.platform); }

  // A fragment lacks what the gcloud command line usually gives: at most a note naming the flag.
  void from_command_line(const std::string& what, RuleId rule, const std::string& flag) {
    Finding f = finding_of(rule, what + " is not in this --config fragment: the gcloud command that submits it must give " +
                                     flag + " (flags win over the file)");
    f.severity = Severity::note;
    add("", f);
  }

  void required_fields() {
    m_runtime = m_spec.runtime_version;
    m_python = m_spec.python_version;
    const catalog::Catalog* c = platform();
    if (m_spec.custom_container() || !c || !c->policy.required_fields) {
      return;
    }
    const catalog::RequiredFields& rf = *c->policy.required_fields;
    for (const auto& field : rf.fields) {
      std::optional<std::string>* value = field == "runtimeVersion" ? &m_runtime : field == "pythonVersion" ? &m_python : nullptr;
      if (!value || *value) {
        continue;
      }
      if (m_spec.fragment) {
        from_command_line(field, field == "runtimeVersion" ? RuleId::runtime_version_required : RuleId::python_version_required,
                          field == "runtimeVersion" ? "--runtime-version" : "--python-version");
        continue;
      }
      std::optional<Finding> f = missing_field(rf, field, m_opt.on);
      if (!f) {
        continue;
      }
      if (f->severity == Severity::error) {
        f->message += "; set it, or set masterConfig.imageUri for a custom container";
        if (field == "runtimeVersion") {
          lib::TargetQuery q;
          q.on = m_opt.on;
          q.warn_days = m_opt.warn_days;
          q.max = 1;
          auto s = lib::find_targets(m_set, *c, nullptr, q);
          f->suggestion = s.targets.empty() || s.handoff ? "" : s.targets.front().entry->id;
        }
      } else {
        for (const auto& [name, v] : rf.defaults) {
          if (name == field) {
            *value = v; // the default, which is then checked
          }
        }
        m_defaulted = m_defaulted || field == "runtimeVersion";
      }
      add("", *f);
    }
  }

  // The field a finding from lib::check is about.
  std::string field_of(const Finding& f, const std::vector<std::pair<std::string, std::string>>& framework_fields) const {
    if (f.rule == rule_id(RuleId::python_unsupported) || f.rule == rule_id(RuleId::python_unknown)) {
      return m_spec.python_version ? "pythonVersion" : "";
    }
    const catalog::Catalog* cat = platform();
    bool framework_rule =
        f.rule == rule_id(RuleId::framework_mismatch) || f.rule == rule_id(RuleId::framework_not_included) ||
        (cat && std::any_of(cat->rules.begin(), cat->rules.end(), [&](const catalog::Rule& r) { return r.id == f.rule; }));
    std::string message = f.message;
    std::transform(message.begin(), message.end(), message.begin(),
                   [](unsigned char c) { return static_cast<char>(std::tolower(c)); });
    for (const auto& [fw, field] : framework_fields) {
      if (framework_rule && message.find(fw) != std::string::npos) {
        return field;
      }
    }
    return m_spec.runtime_version ? "runtimeVersion" : "";
  }

  void runtime() {
    if (m_spec.custom_container() && m_spec.runtime_version) {
      add("runtimeVersion", RuleId::runtime_with_custom_container,
          "set either runtimeVersion or masterConfig.imageUri: a custom container brings its own runtime, and runtimeVersion "
          "only changes TF_CONFIG (chief on 2.1 and later)");
    }
    if (!m_runtime || (!m_opt.judge_given_runtime && !m_defaulted)) {
      return;
    }
    lib::Request req;
    req.runtime = *m_runtime;
    req.service = Service::training;
    req.on = m_opt.on;
    req.warn_days = m_opt.warn_days;
    req.platform = m_opt.platform;
    if (m_python) {
      auto v = catalog::Version::try_parse(*m_python);
      if (!v) {
        throw catalog::InvalidInput(where(m_spec.path, m_spec.pos("pythonVersion")) + "pythonVersion '" + *m_python +
                                    "' is not a version (expected X.Y, like 3.7)");
      }
      req.python = v;
    }
    // Frameworks with per-service rules (scikit-learn, XGBoost): from --framework or the requirements.
    std::vector<std::pair<std::string, std::string>> framework_fields; // key -> where it was named
    for (const auto& fw : m_opt.frameworks) {
      framework_fields.emplace_back(fw, m_spec.runtime_version ? "runtimeVersion" : "");
    }
    const catalog::Catalog* cat = platform();
    for (const auto& r : m_opt.requirements) {
      std::string key = lib::framework_key(r.requirement.name);
      bool ruled = cat && std::any_of(cat->rules.begin(), cat->rules.end(),
                                      [&](const catalog::Rule& rule) { return rule.framework == key; });
      if (ruled &&
          std::none_of(framework_fields.begin(), framework_fields.end(), [&](const auto& p) { return p.first == key; })) {
        framework_fields.emplace_back(key, "@" + std::to_string(&r - m_opt.requirements.data()));
      }
    }
    for (const auto& [fw, field] : framework_fields) {
      req.frameworks.push_back(fw);
    }
    lib::CheckResult res;
    try {
      res = lib::check(m_set, req);
    } catch (const catalog::InvalidInput& e) {
      throw catalog::InvalidInput(where(m_spec.path, m_spec.pos("runtimeVersion")) + "runtimeVersion: " + e.what());
    }
    for (auto f : res.findings) {
      std::string field = field_of(f, framework_fields);
      if (m_defaulted) {
        f.message = "(default runtime " + *m_runtime + ") " + f.message;
      }
      if (field.starts_with("@")) {
        m_out.push_back(at(m_opt.requirements[std::stoul(field.substr(1))].pos, m_spec.path, f));
      } else {
        m_out.push_back(at(m_spec.pos(field), m_spec.path, f));
      }
    }
    if (!res.target) {
      return;
    }
    // Each requirement against the runtime's pins, at the line that asks for it.
    for (const auto& r : m_opt.requirements) {
      lib::Request one = req;
      one.frameworks.clear();
      one.python.reset();
      one.requires_ = {r.requirement};
      for (auto f : lib::compatibility(*res.target->catalog, *res.target->entry, one)) {
        f.python = m_python.value_or("");
        m_out.push_back(at(r.pos, m_spec.path, f));
      }
    }
  }

  void scale_tier() {
    const auto& tiers = scale_tiers();
    std::string tier = m_spec.scale_tier.value_or("BASIC");
    if (unexpanded(tier)) {
      return; // the tier, and so what it allows, is known only when the command runs
    }
    if (std::find(tiers.begin(), tiers.end(), tier) == tiers.end()) {
      std::string fixed = tier;
      std::transform(fixed.begin(), fixed.end(), fixed.begin(),
                     [](unsigned char c) { return c == '-' ? '_' : static_cast<char>(std::toupper(c)); });
      bool near = std::find(tiers.begin(), tiers.end(), fixed) != tiers.end();
      add("scaleTier", RuleId::unknown_scale_tier,
          "scaleTier '" + tier + "' is not a scale tier" + (near ? " (did you mean " + fixed + "?)" : "") +
              " (valid: " + util::join(tiers) + ")",
          near ? fixed : "");
      return;
    }
    if (tier != "CUSTOM") {
      for (const auto& r : m_spec.roles) {
        if (r.machine_type) {
          add(r.field + "Type", RuleId::not_custom_tier,
              r.field + "Type is used only with scaleTier CUSTOM (this job's tier is " + tier +
                  "); set scaleTier: CUSTOM or remove it");
        }
        if (r.count_set && r.count > 0) {
          add(r.field + "Count", RuleId::not_custom_tier,
              r.field + "Count is used only with scaleTier CUSTOM (this job's tier is " + tier +
                  "); set scaleTier: CUSTOM or remove it");
        }
      }
      return;
    }
    for (const auto& r : m_spec.roles) {
      if (r.name == "master") {
        if (!r.machine_type && m_spec.fragment) {
          // gcloud's --master-machine-type gives it, as --runtime-version gives the runtime.
          from_command_line("masterType (scaleTier CUSTOM needs the master's machine type)", RuleId::master_type_required,
                            "--master-machine-type");
        } else if (!r.machine_type) {
          add("scaleTier", RuleId::master_type_required,
              "scaleTier CUSTOM needs masterType (the master's machine type, like n1-standard-8)");
        }
        continue;
      }
      if (r.count < 0) {
        add(r.field + "Count", RuleId::invalid_replica_count,
            r.field + "Count is " + std::to_string(r.count) + "; it must be 0 or more");
      } else if (r.count > 0 && !r.machine_type) {
        add(r.field + "Count", RuleId::replica_type_missing,
            r.field + "Count is " + std::to_string(r.count) + " but " + r.field +
                "Type is not set; set the machine type of the " +
                plural(r.count, r.name).substr(std::to_string(r.count).size() + 1));
      } else if (r.count == 0 && r.machine_type) {
        add(r.field + "Type", RuleId::replica_count_missing,
            r.field + "Type is set but " + r.field + "Count is " + (r.count_set ? "0" : "not") +
                "; set how many to run, or remove " + r.field + "Type");
      }
    }
  }

  void packages() {
    bool gcloud_uploads = m_spec.form == "gcloud";
    for (size_t i = 0; i < m_spec.package_uris.size(); ++i) {
      const std::string& uri = m_spec.package_uris[i];
      const std::string field = "packageUris[" + std::to_string(i) + "]";
      if (unexpanded(uri)) {
        continue;
      }
      bool gcs = uri.starts_with("gs://");
      if (!gcs && !gcloud_uploads) {
        add(field, RuleId::package_not_gcs,
            "package '" + uri + "' is not on Cloud Storage; upload it and give its gs://BUCKET/PATH URI");
      }
      if (!uri.ends_with(".tar.gz") && !uri.ends_with(".whl")) {
        add(field, RuleId::package_not_pip,
            "package '" + uri +
                "' is not a pip package; build a source distribution (.tar.gz, python setup.py sdist) or a wheel (.whl)");
      }
    }
    bool has_packages = !m_spec.package_uris.empty() || m_spec.local_packages;
    if (m_spec.fragment && !m_spec.custom_container()) {
      if (!has_packages) {
        from_command_line("the training code (packageUris, or masterConfig.imageUri)", RuleId::no_training_code,
                          std::string("--package-path (or --packages)") + (m_spec.python_module ? "" : " with --module-name") +
                              ", or --master-image-uri");
      } else if (!m_spec.python_module) {
        from_command_line("pythonModule", RuleId::python_module_missing, "--module-name");
      }
      return;
    }
    if (has_packages && !m_spec.python_module) {
      add("packageUris", RuleId::python_module_missing,
          "packages are given but pythonModule is not; set the module to run, like trainer.task" +
              std::string(gcloud_uploads ? " (--module-name)" : ""));
    }
    if (!has_packages && !m_spec.custom_container()) {
      add("", RuleId::no_training_code,
          "the job has neither packageUris nor masterConfig.imageUri: give the trainer package (with pythonModule) or a custom "
          "container image");
    }
  }

  bool uses_tensorflow() const {
    if (!m_spec.custom_container()) {
      return true; // the runtime versions are TensorFlow runtimes
    }
    if (m_spec.runtime_version) {
      return true;
    }
    auto named = [](const std::string& s) { return s == "tensorflow" || s == "tensorflow-gpu" || s == "tf"; };
    if (std::any_of(m_opt.frameworks.begin(), m_opt.frameworks.end(), named)) {
      return true;
    }
    for (const auto& r : m_opt.requirements) {
      if (named(r.requirement.name)) {
        return true;
      }
    }
    for (const auto& role : m_spec.roles) {
      auto img = m_spec.image_for(role.name);
      if (img && (img->find("tensorflow") != std::string::npos || img->find("/tf-") != std::string::npos ||
                  img->find("/tf2-") != std::string::npos)) {
        return true;
      }
    }
    return false;
  }

  void images() {
    const Role& master = m_spec.role("master");
    for (const auto& r : m_spec.roles) {
      if (r.name == "master") {
        continue;
      }
      if (r.image_uri && !master.image_uri) {
        add(r.field + "Config.imageUri", RuleId::replica_image_without_master,
            r.field + "Config.imageUri is set but masterConfig.imageUri is not; custom containers start from the master's image");
      } else if (master.image_uri && !r.image_uri && r.count > 0) {
        add(r.field + "Count", RuleId::image_defaults_to_master,
            r.field + "Config.imageUri is not set: the " + plural(r.count, r.name) + (r.count == 1 ? " runs" : " run") +
                " the master's image " + *master.image_uri);
      }
    }
    const Role& ev = m_spec.role("evaluator");
    if (ev.count > 1 && uses_tensorflow()) {
      // tensorflow_estimator/python/estimator/training.py, train_and_evaluate: "For distributed
      // training, there can only be one `evaluator` task (with task id 0)" (a ValueError).
      const std::string extra = ev.count == 2 ? "evaluator 1" : "evaluators 1 to " + std::to_string(ev.count - 1);
      add("evaluatorCount", RuleId::multiple_evaluators,
          "TensorFlow expects at most one evaluator; evaluatorCount is " + std::to_string(ev.count) +
              " (tf.estimator.train_and_evaluate accepts only evaluator index 0 and raises ValueError on " + extra + ")");
    }
    if (m_spec.use_chief_in_tf_config && !m_spec.custom_container()) {
      add("useChiefInTfConfig", RuleId::use_chief_no_effect,
          "useChiefInTfConfig has an effect only on custom-container jobs; runtime versions 2.1 and later name the master chief "
          "anyway");
    }
  }
};

} // namespace

std::vector<Finding> validate_job(const catalog::CatalogSet& set, const JobSpec& spec, const RuleOptions& options) {
  return Validator(set, spec, options).run();
}

} // namespace lib::jobs
