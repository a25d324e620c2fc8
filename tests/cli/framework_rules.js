// Holds what `rtcat cluster-env` prints on every replica of a job to the rules of the framework's
// own code, as that code reads the variables (each rule names the file and the function):
//   node framework_rules.js RTCAT FRAMEWORK REPLICAS.json [--master-host HOST]
// REPLICAS.json is `rtcat cluster-spec --format json` (one object per replica, with its
// CLUSTER_SPEC); --master-host puts HOST in place of the master's host name in every replica's
// CLUSTER_SPEC (the port is kept), so that the test needs no name but `localhost`. Prints one line
// per replica ("worker:1 ok", or each broken rule), and exits 1 when a rule is broken or
// cluster-env failed on a replica (its message is printed).
"use strict";
const fs = require("fs");
const net = require("net");
const { spawnSync } = require("child_process");

const [rtcat, framework, file, ...rest] = process.argv.slice(2);
const masterHost = rest[0] === "--master-host" ? rest[1] : null;
const replicas = JSON.parse(fs.readFileSync(file, "utf8"));

// Each replica's CLUSTER_SPEC (the master's host replaced), and what cluster-env prints there.
let failed = false;
const runs = replicas.map((r) => {
  const spec = JSON.parse(r.CLUSTER_SPEC);
  const primary = spec.cluster.master ? "master" : "workerpool0";
  if (masterHost) {
    spec.cluster[primary] = spec.cluster[primary].map((a) => masterHost + a.slice(a.lastIndexOf(":")));
  }
  const name = `${r.type}:${r.index}`;
  const out = spawnSync(rtcat, ["cluster-env", "--framework", framework, "--format", "json"], {
    env: { ...process.env, CLUSTER_SPEC: JSON.stringify(spec) },
    encoding: "utf8",
  });
  if (out.status !== 0) {
    console.log(`${name}: cluster-env exited ${out.status}: ${out.stderr.trim()}`);
    failed = true;
    return null;
  }
  // The role this replica plays, by its legacy name (Vertex AI's pools are the same roles in order).
  const role = { workerpool0: "master", workerpool1: "worker", workerpool2: "ps", workerpool3: "evaluator" }[r.type] || r.type;
  return { name, role, index: r.index, spec, env: JSON.parse(out.stdout), broken: [] };
});
if (failed) {
  process.exit(1);
}

const same = (values) => values.every((v) => JSON.stringify(v) === JSON.stringify(values[0]));
const count = (pred) => runs.filter(pred).length;
// A rule of the whole job: broken on every replica.
const jobRule = (ok, what) => ok || runs.forEach((r) => r.broken.push(what));

if (framework === "mxnet") {
  const ranked = runs.filter((r) => "DMLC_ROLE" in r.env);
  for (const r of runs) {
    const e = r.env;
    if (!("DMLC_ROLE" in e)) {
      // include/mxnet/kvstore.h, KVStore::IsWorkerNode: without DMLC_ROLE a process is a worker;
      // a replica MXNet gives no role must get no DMLC_ variable that would make it join.
      if (Object.keys(e).some((k) => k.startsWith("DMLC_"))) r.broken.push("DMLC_ variables without DMLC_ROLE");
      if (!e.CLUSTER_ROLE) r.broken.push("neither DMLC_ROLE nor CLUSTER_ROLE");
      continue;
    }
    // ps-lite src/postoffice.cc, Postoffice::InitEnvironment: DMLC_NUM_WORKER, DMLC_NUM_SERVER
    // and DMLC_ROLE must be set, the role one of worker, server, scheduler.
    for (const k of ["DMLC_NUM_WORKER", "DMLC_NUM_SERVER", "DMLC_PS_ROOT_URI", "DMLC_PS_ROOT_PORT"]) {
      if (!(k in e)) r.broken.push(`${k} is not set`);
    }
    if (!["worker", "server", "scheduler"].includes(e.DMLC_ROLE)) r.broken.push(`DMLC_ROLE ${e.DMLC_ROLE}`);
    // ps-lite src/van.cc, Van::Start makes the scheduler's node of DMLC_PS_ROOT_URI, and
    // src/zmq_van.h, ZMQVan::Bind binds "tcp://" + that + ":" + port; ZeroMQ binds an IP address
    // or an interface, never a host name, and IPv4 only without ZMQ_IPV6, which ps-lite does not set.
    if (!net.isIPv4(e.DMLC_PS_ROOT_URI || "")) r.broken.push(`DMLC_PS_ROOT_URI ${e.DMLC_PS_ROOT_URI} is not an IPv4 address`);
    // Van::Start: atoi(DMLC_PS_ROOT_PORT), the port the scheduler binds.
    const port = Number(e.DMLC_PS_ROOT_PORT);
    if (!/^[0-9]+$/.test(e.DMLC_PS_ROOT_PORT || "") || port < 1 || port > 65535) r.broken.push(`DMLC_PS_ROOT_PORT ${e.DMLC_PS_ROOT_PORT}`);
    // The scheduler is the master, whose address DMLC_PS_ROOT_URI/PORT are: the port is its own.
    const primary = r.spec.cluster.master || r.spec.cluster.workerpool0;
    if (e.DMLC_PS_ROOT_PORT !== primary[0].slice(primary[0].lastIndexOf(":") + 1)) r.broken.push("DMLC_PS_ROOT_PORT is not the master's port");
    if ((e.DMLC_ROLE === "scheduler") !== (r.role === "master")) r.broken.push(`the ${r.role} is DMLC_ROLE ${e.DMLC_ROLE}`);
  }
  // dmlc-core tracker/dmlc_tracker/tracker.py, PSTracker.slave_envs and submit: every node gets
  // the same DMLC_PS_ROOT_URI, DMLC_PS_ROOT_PORT, DMLC_NUM_WORKER and DMLC_NUM_SERVER.
  for (const k of ["DMLC_PS_ROOT_URI", "DMLC_PS_ROOT_PORT", "DMLC_NUM_WORKER", "DMLC_NUM_SERVER"]) {
    jobRule(same(ranked.map((r) => r.env[k])), `the replicas disagree on ${k}`);
  }
  const first = ranked[0] ? ranked[0].env : {};
  // tracker.py, PSTracker: one scheduler; src/van.cc, Van::ProcessAddNodeCommandAtScheduler
  // waits until DMLC_NUM_WORKER + DMLC_NUM_SERVER nodes have registered: the counts must be the
  // replicas that come.
  jobRule(count((r) => r.env.DMLC_ROLE === "scheduler") === 1, "not exactly one scheduler");
  jobRule(count((r) => r.env.DMLC_ROLE === "worker") === Number(first.DMLC_NUM_WORKER), "DMLC_NUM_WORKER is not the number of workers");
  jobRule(count((r) => r.env.DMLC_ROLE === "server") === Number(first.DMLC_NUM_SERVER), "DMLC_NUM_SERVER is not the number of servers");
  // tracker.py, submit: no servers, no ps-lite scheduler (pscmd = None); MXNet's
  // src/kvstore/kvstore_dist.h, KVStoreDist::EncodeKey: CHECK_GT(num_servers, 0).
  jobRule(Number(first.DMLC_NUM_SERVER) > 0, "DMLC_NUM_SERVER is 0");
} else if (framework === "tensorflow") {
  const configs = runs.map((r) => JSON.parse(r.env.TF_CONFIG));
  runs.forEach((r, i) => {
    const c = configs[i];
    const cluster = c.cluster || {};
    const type = c.task && c.task.type;
    const index = c.task && c.task.index;
    const jobs = Object.keys(cluster);
    // tensorflow/python/distribute/cluster_resolver/tfconfig_cluster_resolver.py,
    // TFConfigClusterResolver: task_type is str(task["type"]), task_id int(task["index"]),
    // cluster_spec() ClusterSpec(cluster).
    if (typeof type !== "string" || !Number.isInteger(index)) r.broken.push("task has no type and whole index");
    // tensorflow/python/distribute/multi_worker_util.py, _validate_cluster_spec: only chief,
    // worker, evaluator and ps; at most one chief and one evaluator.
    if (jobs.some((j) => !["chief", "worker", "evaluator", "ps"].includes(j))) r.broken.push(`cluster jobs ${jobs}`);
    // tensorflow_estimator/python/estimator/run_config.py, _validate_task_type_and_task_id:
    // exactly one chief; RunConfig._init_distributed_setting_from_environment_var: the evaluator
    // is not part of the training cluster (its cluster_spec is emptied).
    if ((cluster.chief || []).length !== 1) r.broken.push("not exactly one chief");
    if ("evaluator" in cluster) r.broken.push("an evaluator in cluster");
    for (const [job, addresses] of Object.entries(cluster)) {
      if (!Array.isArray(addresses) || addresses.some((a) => !/^[^:]+:[0-9]{1,5}$/.test(a))) r.broken.push(`cluster.${job} is not host:port`);
    }
    const expected = { master: "chief", worker: "worker", ps: "ps", evaluator: "evaluator" }[r.role];
    if (type !== expected || index !== r.index) r.broken.push(`task ${type}:${index} on the ${r.role} ${r.index}`);
    if (type === "evaluator") {
      // tensorflow_estimator/python/estimator/training.py, train_and_evaluate: "there can only
      // be one `evaluator` task (with task id 0)".
      if (index !== 0) r.broken.push(`evaluator index ${index}`);
    } else {
      // _validate_task_type_and_task_id: the type is a job of the cluster, 0 <= index < its size;
      // and the address there is this replica's own (its server listens on it).
      const own = (r.spec.cluster[r.spec.cluster.master ? r.role : "workerpool" + ["master", "worker", "ps"].indexOf(r.role)] || [])[r.index];
      if (!(type in cluster) || !(index >= 0 && index < cluster[type].length)) r.broken.push(`task ${type}:${index} is not in cluster`);
      else if (cluster[type][index] !== own) r.broken.push(`cluster.${type}[${index}] is ${cluster[type][index]}, not ${own}`);
    }
  });
  // One training cluster: every replica sees the same one, and each of its tasks is a replica.
  jobRule(same(configs.map((c) => c.cluster)), "the replicas disagree on cluster");
  const slots = Object.entries(configs[0].cluster).flatMap(([job, a]) => a.map((_, i) => `${job}:${i}`)).sort();
  const tasks = configs.filter((c) => c.task.type !== "evaluator").map((c) => `${c.task.type}:${c.task.index}`).sort();
  jobRule(same([slots, tasks]), `cluster tasks ${slots} are not the replicas' ${tasks}`);
} else {
  console.log(`no rules for ${framework}`);
  process.exit(2);
}

for (const r of runs) {
  console.log(r.broken.length ? `${r.name}: ${r.broken.join("; ")}` : `${r.name} ok`);
}
process.exit(runs.some((r) => r.broken.length) ? 1 : 0);
