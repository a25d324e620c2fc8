#include "lib/migrate/machines.hpp"

#include "catalog/error.hpp"
#include "util/json.hpp"

#include <nlohmann/json.hpp>

#include <algorithm>
#include <cctype>

namespace lib::migrate {

extern const std::string_view k_machine_data_json;

namespace {

using nlohmann::json;

std::string text_or_empty(const json& row, const char* key) {
  auto it = row.find(key);
  return it == row.end() || it->is_null() ? "" : it->get<std::string>();
}

std::optional<long> count_or_null(const json& row, const char* key) {
  auto it = row.find(key);
  return it == row.end() || it->is_null() ? std::nullopt : std::optional<long>(it->get<long>());
}

// The URL of a row's source (`field` holds a key of "sources"); throws when the row names none.
std::string source_of(const json& doc, const json& row, const std::string& origin, const char* field = "source") {
  std::string key = text_or_empty(row, field);
  auto it = doc.at("sources").find(key);
  if (it == doc.at("sources").end()) {
    throw catalog::InvalidInput(origin + ": " + text_or_empty(row, "name") + " names no known source ('" + key + "')");
  }
  return it->get<std::string>();
}

bool same_name(std::string_view a, std::string_view b) {
  return a.size() == b.size() && std::equal(a.begin(), a.end(), b.begin(), [](char x, char y) {
           return std::tolower(static_cast<unsigned char>(x)) == std::tolower(static_cast<unsigned char>(y));
         });
}

template <class Row> const Row* by_name(const std::vector<Row>& rows, std::string_view name, bool any_case) {
  for (const auto& r : rows) {
    if (any_case ? same_name(r.name, name) : r.name == name) {
      return &r;
    }
  }
  return nullptr;
}

std::optional<MachineChoice> choice_of(const json& row) {
  auto it = row.find("choice");
  if (it == row.end() || it->is_null()) {
    return std::nullopt;
  }
  return MachineChoice{it->at("machine_type").get<std::string>(), text_or_empty(*it, "accelerator_type"),
                       count_or_null(*it, "accelerator_count").value_or(0), it->at("basis").get<std::string>()};
}

} // namespace

const MachineChoice* MachineData::choice_for(const LegacyMachine& m) const {
  if (m.choice) {
    return &*m.choice;
  }
  const LegacyMachine* like = m.like.empty() ? nullptr : legacy_machine(m.like);
  return like && like->choice ? &*like->choice : nullptr;
}

const LegacyMachine* MachineData::legacy_machine(std::string_view name) const {
  return by_name(legacy, name, false);
}

const ScaleTier* MachineData::tier(std::string_view name) const {
  return by_name(tiers, name, true);
}

const RetiredAccelerator* MachineData::retired_accelerator(std::string_view name) const {
  return by_name(retired, name, false);
}

MachineData parse_machine_data(std::string_view text, const std::string& origin) {
  json doc = util::json::parse(text, origin);
  MachineData d;
  try {
    d.as_of = doc.at("as_of").get<std::string>();
    d.compute_engine_types = doc.at("compute_engine_types").at("names").get<std::vector<std::string>>();
    for (const auto& row : doc.at("legacy_machines")) {
      d.legacy.push_back(
          {row.at("name").get<std::string>(),
           row.at("machine_type").is_null() ? std::nullopt : std::optional<std::string>(row["machine_type"].get<std::string>()),
           text_or_empty(row, "like"), text_or_empty(row, "accelerator_type"),
           count_or_null(row, "accelerator_count").value_or(0), row.at("tpu").get<bool>(), text_or_empty(row, "documented"),
           source_of(doc, row, origin), choice_of(row)});
    }
    for (const auto& row : doc.at("scale_tiers")) {
      d.tiers.push_back({row.at("name").get<std::string>(), count_or_null(row, "workers"),
                         count_or_null(row, "parameter_servers"), text_or_empty(row, "accelerator_type"),
                         count_or_null(row, "accelerator_count").value_or(0), row.at("tpu").get<bool>(),
                         text_or_empty(row, "documented"), source_of(doc, row, origin), text_or_empty(row, "machine")});
    }
    for (const auto& row : doc.at("retired_accelerators")) {
      d.retired.push_back({row.at("name").get<std::string>(), row.at("replacement").get<std::string>(),
                           text_or_empty(row, "documented"), source_of(doc, row, origin), text_or_empty(row, "replacement_basis"),
                           count_or_null(row, "max_count"),
                           row.contains("max_count") ? source_of(doc, row, origin, "max_count_source") : ""});
    }
  } catch (const json::exception& e) {
    throw catalog::InvalidInput(origin + ": " + e.what());
  }
  // Vertex AI requires a machine type in every pool: every legacy name has one to give (its own
  // choice or that of the name it is like), and every tier names the legacy machine it runs.
  for (const auto& m : d.legacy) {
    if (!d.choice_for(m)) {
      throw catalog::InvalidInput(origin + ": " + m.name + " has no machine type choice, of its own or of the name it is like");
    }
  }
  for (const auto& t : d.tiers) {
    if (!d.legacy_machine(t.machine)) {
      throw catalog::InvalidInput(origin + ": scale tier " + t.name + " names no known legacy machine ('" + t.machine + "')");
    }
  }
  return d;
}

const MachineData& machine_data() {
  static const MachineData data = parse_machine_data(k_machine_data_json, "data/vertex-machines.json");
  return data;
}

} // namespace lib::migrate
