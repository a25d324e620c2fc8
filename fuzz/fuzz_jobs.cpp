// libFuzzer target for the job and CLUSTER_SPEC parsers: the first byte picks the parser, the
// rest is its input. Any exception other than catalog::InvalidInput, and any crash or
// sanitizer report, is a bug. Seeds: fuzz/corpus/jobs (the examples, each behind its selector).

#include "catalog/error.hpp"
#include "lib/cluster/cluster_spec.hpp"
#include "lib/cluster/framework_env.hpp"
#include "lib/jobs/parsers.hpp"
#include "lib/jobs/requirements.hpp"

#include <cstddef>
#include <cstdint>
#include <string>

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  if (size == 0) {
    return 0;
  }
  const std::string text(reinterpret_cast<const char*>(data) + 1, size - 1);
  try {
    switch (data[0] % 6) {
    case 0:
    case 1: {
      auto spec = data[0] % 6 == 0 ? lib::jobs::parse_rest_json(text, "f.json") : lib::jobs::parse_config_yaml(text, "f.yaml");
      lib::cluster::job_replicas(spec, {});
      break;
    }
    case 2:
      if (text.find("--config") != std::string::npos) {
        return 0; // would read whatever file the input names
      }
      lib::cluster::job_replicas(lib::jobs::parse_gcloud(text, "f.sh", ""), {});
      break;
    case 3:
      lib::jobs::read_requirements(text, "requirements.txt");
      break;
    case 4:
      lib::jobs::read_requirements(text, "setup.py");
      break;
    default:
      for (const auto& fw : lib::cluster::env_frameworks()) {
        try {
          // No name lookups while fuzzing: every host "resolves" to one address.
          auto resolve = [](const std::string&) { return lib::cluster::Resolved{"10.0.0.1", ""}; };
          lib::cluster::render_env(
              lib::cluster::framework_env(lib::cluster::parse_cluster_spec(text, "CLUSTER_SPEC"), fw, resolve), "dotenv");
        } catch (const catalog::InvalidInput&) {
        }
      }
    }
  } catch (const catalog::InvalidInput&) {
  }
  return 0;
}
