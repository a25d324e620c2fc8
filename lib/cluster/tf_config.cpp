#include "lib/cluster/tf_config.hpp"

#include "util/json.hpp"

#include <nlohmann/json.hpp>

namespace lib::cluster {

using Tree = nlohmann::ordered_json;

namespace {

Tree task_json(const Task& task, const std::string& type) {
  Tree t = Tree::object();
  t["type"] = type;
  t["index"] = task.index;
  if (task.trial) {
    t["trial"] = *task.trial;
  }
  return t;
}

Tree job_tree(const std::string& job_json) {
  return job_json.empty() ? Tree::object() : Tree::parse(job_json);
}

} // namespace

std::string cluster_spec_json(const Cluster& cluster, const Task& task, const std::string& job_json) {
  Tree c = Tree::object();
  for (const auto& [name, list] : cluster.roles) {
    c[name] = list;
  }
  Tree j = Tree::object();
  j["cluster"] = c;
  j["environment"] = "cloud";
  j["task"] = task_json(task, task.type);
  if (!job_json.empty()) {
    j["job"] = job_tree(job_json);
  }
  return util::json::dump(j);
}

std::string tf_config_json(const Cluster& cluster, const Task& task, const std::string& job_json, bool chief) {
  Tree c = Tree::object();
  for (const auto& [name, list] : cluster.roles) {
    if (name == "evaluator") {
      continue;
    }
    c[name == "master" && chief ? "chief" : name] = list;
  }
  Tree j = Tree::object();
  j["cluster"] = c;
  j["environment"] = "cloud";
  j["task"] = task_json(task, task.type == "master" && chief ? "chief" : task.type);
  if (!job_json.empty()) {
    j["job"] = job_tree(job_json);
  }
  return util::json::dump(j);
}

std::string replicas_json(const std::vector<Replica>& replicas) {
  Tree a = Tree::array();
  for (const auto& r : replicas) {
    Tree j = Tree::object();
    j["type"] = r.type;
    j["index"] = r.index;
    j["image_uri"] = r.image_uri ? Tree(*r.image_uri) : Tree(nullptr);
    j["CLUSTER_SPEC"] = r.cluster_spec;
    j["TF_CONFIG"] = r.tf_config;
    a.push_back(j);
  }
  return util::json::dump_pretty(a);
}

} // namespace lib::cluster
