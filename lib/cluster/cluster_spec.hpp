#pragma once

#include "lib/jobs/job_spec.hpp"

#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace lib::cluster {

// The replica roles, in the order CLUSTER_SPEC lists them.
inline constexpr const char* k_roles[] = {"master", "worker", "ps", "evaluator"};

// Vertex AI's names for the same roles, in the same order: CLUSTER_SPEC names each replica by its
// worker pool, workerPoolSpecs[0] the primary replica, [1] workers, [2] parameter servers,
// [3] evaluators (the order lib/migrate writes workerPoolSpecs in).
inline constexpr const char* k_vertex_pools[] = {"workerpool0", "workerpool1", "workerpool2", "workerpool3"};

// "worker" -> "workerpool1"; any other name as given.
std::string vertex_pool(std::string_view role);
// "workerpool1" -> "worker"; any other name as given.
std::string legacy_role(std::string_view name);

// Role -> "host:port" addresses, in k_roles order; roles without replicas are absent.
struct Cluster {
  std::vector<std::pair<std::string, std::vector<std::string>>> roles;

  // The addresses of a role; nullptr when the cluster has none.
  const std::vector<std::string>* hosts(std::string_view role) const;
  size_t count(std::string_view role) const;
};

// What one replica is: its role, zero-based index and, when tuning, the trial id ("1", "2", ...).
struct Task {
  std::string type;
  long index = 0;
  std::optional<std::string> trial;
};

inline constexpr const char* k_default_host_pattern = "cmle-training-{type}-{index}:2222";

struct ReplicaOptions {
  std::string host_pattern = k_default_host_pattern; // {type}, {index}, {job}
  std::optional<long> trial;                         // --trial: this trial id (from 1)
  std::optional<std::string> replica;                // --replica TYPE:INDEX: only that replica
  bool vertex = false;                               // --as vertex: the names Vertex AI gives the migrated job
  std::string vertex_job; // with `vertex`: the migrated CustomJobSpec as JSON, Vertex AI's `job` ("": left out)
};

// One replica of a job with the exact strings it receives.
struct Replica {
  std::string type; // master, worker, ps, evaluator; workerpool0..3 with ReplicaOptions::vertex
  long index = 0;
  std::optional<std::string> image_uri; // after defaulting to the master's; nullopt on a runtime version
  std::string cluster_spec;
  std::string tf_config;
};

// Whether TF_CONFIG names the master "chief": useChiefInTfConfig, evaluators in the job, or
// runtimeVersion 2.1 and later.
bool chief_in_tf_config(const jobs::JobSpec& spec);

// The cluster of a job: replica counts from scaleTier (BASIC, BASIC_GPU, BASIC_TPU: the master
// alone; CUSTOM: the counts) and addresses from the host pattern. Throws catalog::InvalidInput
// for STANDARD_1 / PREMIUM_1 (the service picks the counts), an unknown tier, negative or huge
// counts, or a pattern without {type}, {index} and a trailing :PORT.
// With `vertex`, roles and the {type} of addresses are the pool names (workerpool0..3).
Cluster job_cluster(const jobs::JobSpec& spec, const std::string& host_pattern, bool vertex = false);

// Every replica (or only options.replica) with its CLUSTER_SPEC and TF_CONFIG, whose `job` is
// the trainingInput in the form the platform writes it (platform_job.hpp). The trial is
// options.trial, else "1" for a tuning job, else absent. Throws catalog::InvalidInput for a
// malformed or absent --replica (listing the valid ones) and as job_cluster does.
// With options.vertex, CLUSTER_SPEC and TF_CONFIG are the ones Vertex AI sets on the migrated
// job: CLUSTER_SPEC names pools workerpool0..3 (task.type too), TF_CONFIG names them chief,
// worker, ps (evaluators outside `cluster`, task.type evaluator), and both carry
// options.vertex_job as `job` (Vertex AI's is the CustomJobSpec the job was created with, which
// `migrate` writes; left out when empty). --replica takes either name.
std::vector<Replica> job_replicas(const jobs::JobSpec& spec, const ReplicaOptions& options);

} // namespace lib::cluster
