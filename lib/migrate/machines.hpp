#pragma once

// What Google documents about AI Platform's scale tiers and legacy machine names, and the
// accelerators Vertex AI no longer offers (data/vertex-machines.json, embedded at build time).

#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace lib::migrate {

// What migrate writes for a legacy name the sources map to no Compute Engine machine type:
// rtcat's choice, never a documented mapping (findings say so, with the basis).
struct MachineChoice {
  std::string machine_type;
  std::string accelerator_type; // "" : the legacy name's own accelerators
  long accelerator_count = 0;
  std::string basis; // why this one
};

// A legacy machine name (standard, complex_model_m_gpu, cloud_tpu, ...).
struct LegacyMachine {
  std::string name;
  std::optional<std::string> machine_type; // the documented Compute Engine type; nullopt: none documented
  std::string like;                        // the legacy name it is documented as equivalent to ("" when none)
  std::string accelerator_type;            // Vertex AI AcceleratorType name ("" when none)
  long accelerator_count = 0;
  bool tpu = false;
  std::string documented;              // what the source says, in a few words
  std::string source;                  // URL
  std::optional<MachineChoice> choice; // its own; see MachineData::choice_for
};

// A scale tier other than CUSTOM.
struct ScaleTier {
  std::string name;
  std::optional<long> workers; // nullopt: the documentation gives no count
  std::optional<long> parameter_servers;
  std::string accelerator_type;
  long accelerator_count = 0;
  bool tpu = false;
  std::string documented;
  std::string source;
  std::string machine; // the legacy machine name its primary replica gets (rtcat's choice)
};

// An accelerator Vertex AI no longer offers, and what migrate writes instead.
struct RetiredAccelerator {
  std::string name;
  std::string replacement;
  std::string documented;
  std::string source;
  std::string replacement_basis; // why that one (rtcat's choice when Google names none)
  std::optional<long> max_count; // the most of the replacement one machine takes
  std::string max_count_source;
};

struct MachineData {
  std::string as_of;
  std::vector<std::string> compute_engine_types; // accepted by AI Platform; pass through unchanged
  std::vector<LegacyMachine> legacy;
  std::vector<ScaleTier> tiers;
  std::vector<RetiredAccelerator> retired;

  const LegacyMachine* legacy_machine(std::string_view name) const;
  const ScaleTier* tier(std::string_view name) const; // case-insensitive
  const RetiredAccelerator* retired_accelerator(std::string_view name) const;
  // The choice for a legacy name: its own, else that of the name it is documented as like.
  const MachineChoice* choice_for(const LegacyMachine& m) const;
};

// Parses the data file's JSON; `origin` names it in messages. Throws InvalidInput for malformed
// JSON, a row without a source, a legacy name without a machine type choice (own or like's), or a
// tier whose machine is not a legacy name.
MachineData parse_machine_data(std::string_view json, const std::string& origin);

// The embedded data/vertex-machines.json, parsed once.
const MachineData& machine_data();

} // namespace lib::migrate
