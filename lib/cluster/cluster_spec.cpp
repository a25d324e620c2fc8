#include "lib/cluster/cluster_spec.hpp"

#include "catalog/error.hpp"
#include "catalog/version.hpp"
#include "lib/cluster/platform_job.hpp"
#include "lib/cluster/tf_config.hpp"
#include "util/text.hpp"

#include <algorithm>
#include <cctype>
#include <regex>

namespace lib::cluster {

namespace {

constexpr long k_max_replicas = 1000;

std::string replace_all(std::string s, const std::string& from, const std::string& to) {
  for (size_t at = s.find(from); at != std::string::npos; at = s.find(from, at + to.size())) {
    s.replace(at, from.size(), to);
  }
  return s;
}

void check_pattern(const std::string& pattern) {
  std::string rest = replace_all(replace_all(replace_all(pattern, "{type}", ""), "{index}", ""), "{job}", "");
  static const std::regex k_port(".*:[0-9]{1,5}");
  if (pattern.find("{type}") == std::string::npos || pattern.find("{index}") == std::string::npos ||
      rest.find_first_of("{}") != std::string::npos || !std::regex_match(pattern, k_port)) {
    throw catalog::InvalidInput("--host-pattern '" + pattern +
                                "': give a host:port with {type} and {index} (and optionally {job}), like the default " +
                                k_default_host_pattern);
  }
}

// The cluster with legacy role names (workerpool1 -> worker), as TF_CONFIG is keyed on both platforms.
Cluster legacy_keyed(const Cluster& c) {
  Cluster out;
  for (const auto& [name, list] : c.roles) {
    out.roles.emplace_back(legacy_role(name), list);
  }
  return out;
}

} // namespace

std::string vertex_pool(std::string_view role) {
  for (size_t i = 0; i < std::size(k_roles); ++i) {
    if (role == k_roles[i]) {
      return k_vertex_pools[i];
    }
  }
  return std::string(role);
}

std::string legacy_role(std::string_view name) {
  for (size_t i = 0; i < std::size(k_vertex_pools); ++i) {
    if (name == k_vertex_pools[i]) {
      return k_roles[i];
    }
  }
  return std::string(name);
}

const std::vector<std::string>* Cluster::hosts(std::string_view role) const {
  for (const auto& [name, list] : roles) {
    if (name == role) {
      return &list;
    }
  }
  return nullptr;
}

size_t Cluster::count(std::string_view role) const {
  const auto* h = hosts(role);
  return h ? h->size() : 0;
}

bool chief_in_tf_config(const jobs::JobSpec& spec) {
  if (spec.use_chief_in_tf_config || spec.role("evaluator").count > 0) {
    return true;
  }
  auto v = spec.runtime_version ? catalog::Version::try_parse(*spec.runtime_version) : std::nullopt;
  return v && *v >= catalog::Version::parse("2.1");
}

Cluster job_cluster(const jobs::JobSpec& spec, const std::string& host_pattern, bool vertex) {
  check_pattern(host_pattern);
  std::string tier = spec.scale_tier.value_or("BASIC");
  const auto& tiers = jobs::scale_tiers();
  if (std::find(tiers.begin(), tiers.end(), tier) == tiers.end()) {
    throw catalog::InvalidInput(jobs::where(spec.path, spec.pos("scaleTier")) + "scaleTier '" + tier + "' is not a scale tier " +
                                util::choices(tier, tiers));
  }
  if (tier == "STANDARD_1" || tier == "PREMIUM_1") {
    throw catalog::InvalidInput(jobs::where(spec.path, spec.pos("scaleTier")) + "scaleTier " + tier +
                                " lets the service choose how many workers and parameter servers run; use scaleTier CUSTOM with "
                                "workerCount and parameterServerCount to know each replica's CLUSTER_SPEC");
  }
  Cluster c;
  long total = 0;
  for (const char* name : k_roles) {
    const jobs::Role& r = spec.role(name);
    long n = tier == "CUSTOM" || r.name == "master" ? r.count : 0;
    if (n < 0 || n > k_max_replicas) {
      throw catalog::InvalidInput(jobs::where(spec.path, spec.pos(r.field + "Count")) + r.field + "Count " + std::to_string(n) +
                                  " is out of range (0 to " + std::to_string(k_max_replicas) + ")");
    }
    total += n;
    if (n == 0) {
      continue;
    }
    const std::string type = vertex ? vertex_pool(r.name) : r.name;
    std::vector<std::string> hosts;
    for (long i = 0; i < n; ++i) {
      std::string h = replace_all(host_pattern, "{type}", type);
      h = replace_all(h, "{index}", std::to_string(i));
      hosts.push_back(replace_all(h, "{job}", spec.job_id.empty() ? "job" : spec.job_id));
    }
    c.roles.emplace_back(type, hosts);
  }
  if (total > k_max_replicas) {
    throw catalog::InvalidInput(spec.path + ": the job has " + std::to_string(total) + " replicas; cluster-spec prints at most " +
                                std::to_string(k_max_replicas));
  }
  return c;
}

std::vector<Replica> job_replicas(const jobs::JobSpec& spec, const ReplicaOptions& options) {
  Cluster c = job_cluster(spec, options.host_pattern, options.vertex);
  std::optional<std::string> trial;
  if (options.trial) {
    if (*options.trial < 1) {
      throw catalog::InvalidInput("--trial " + std::to_string(*options.trial) + ": trial ids start at 1");
    }
    trial = std::to_string(*options.trial);
  } else if (spec.hyperparameters) {
    trial = "1";
  }
  std::optional<std::pair<std::string, long>> only;
  if (options.replica) {
    static const std::regex k_ref("(master|worker|ps|evaluator|workerpool[0-3]):([0-9]{1,6})");
    std::smatch m;
    if (!std::regex_match(*options.replica, m, k_ref)) {
      throw catalog::InvalidInput("--replica '" + *options.replica +
                                  "': expected TYPE:INDEX with TYPE one of master, worker, ps, evaluator or workerpool0 to "
                                  "workerpool3 (like worker:0)");
    }
    only = std::make_pair(options.vertex ? vertex_pool(legacy_role(m[1].str())) : legacy_role(m[1].str()), std::stol(m[2].str()));
    long n = static_cast<long>(c.count(only->first));
    if (only->second >= n) {
      throw catalog::InvalidInput(
          "--replica " + *options.replica + ": the job has " + std::to_string(n) + " " + only->first + " replica" +
          (n == 1 ? "" : "s") + (n == 0 ? "" : " (" + only->first + ":0 to " + only->first + ":" + std::to_string(n - 1) + ")"));
    }
  }
  // Vertex AI's TF_CONFIG always names workerpool0 "chief"; its `job` is the migrated CustomJobSpec.
  bool chief = options.vertex || chief_in_tf_config(spec);
  const std::string job =
      options.vertex ? options.vertex_job : platform_job_json(spec.training_input_json); // one form, whatever the input
  const Cluster tf_cluster = legacy_keyed(c);
  std::vector<Replica> out;
  for (const auto& [role, hosts] : c.roles) {
    for (long i = 0; i < static_cast<long>(hosts.size()); ++i) {
      if (only && (only->first != role || only->second != i)) {
        continue;
      }
      Task task{role, i, trial};
      Replica r;
      r.type = role;
      r.index = i;
      r.image_uri = spec.image_for(legacy_role(role));
      r.cluster_spec = cluster_spec_json(c, task, job);
      r.tf_config = tf_config_json(tf_cluster, Task{legacy_role(role), i, trial}, job, chief);
      out.push_back(std::move(r));
    }
  }
  return out;
}

} // namespace lib::cluster
