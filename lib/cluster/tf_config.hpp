#pragma once

#include "lib/cluster/cluster_spec.hpp"

#include <string>

namespace lib::cluster {

// The two JSON strings a replica receives (written with nlohmann, the only place here that does).

// The CLUSTER_SPEC string a replica receives: {"cluster", "environment": "cloud", "task", "job"}
// with every role of the cluster; `job_json` is the job's trainingInput as JSON ("": no "job").
std::string cluster_spec_json(const Cluster& cluster, const Task& task, const std::string& job_json);

// The TF_CONFIG string for a task: the same cluster in TensorFlow's format, without evaluators
// (they are not part of the training cluster), the master named "chief" when `chief` is set
// (in the cluster and in the task), plus the task, the job and "environment": "cloud".
std::string tf_config_json(const Cluster& cluster, const Task& task, const std::string& job_json, bool chief);

// The cluster-spec --format json document: a list of replicas with type, index, image_uri
// (null on a runtime version), CLUSTER_SPEC and TF_CONFIG.
std::string replicas_json(const std::vector<Replica>& replicas);

} // namespace lib::cluster
