#include "lib/scan/baseline.hpp"

#include "catalog/error.hpp"
#include "util/file.hpp"
#include "util/json.hpp"

#include <nlohmann/json.hpp>

#include <filesystem>

namespace lib::scan {

namespace {

constexpr std::string_view k_format = "rtcat-baseline/1";

[[noreturn]] void invalid(const std::string& origin, const std::string& what) {
  throw catalog::InvalidInput(origin + ": not an rtcat baseline: " + what + " (write one with rtcat scan --write-baseline FILE)");
}

} // namespace

size_t Baseline::size() const {
  size_t n = 0;
  for (const auto& [fp, count] : counts) {
    n += count;
  }
  return n;
}

Baseline parse_baseline(std::string_view text, const std::string& origin) {
  nlohmann::json j = util::json::parse(text, origin);
  if (!j.is_object() || !j.contains("format") || j["format"] != k_format) {
    invalid(origin, "expected an object with \"format\": \"" + std::string(k_format) + "\"");
  }
  if (!j.contains("findings") || !j["findings"].is_array()) {
    invalid(origin, "expected \"findings\": an array");
  }
  Baseline b;
  size_t i = 0;
  for (const auto& f : j["findings"]) {
    if (!f.is_object() || !f.contains("fingerprint") || !f["fingerprint"].is_string() ||
        f["fingerprint"].get_ref<const std::string&>().empty()) {
      invalid(origin, "findings[" + std::to_string(i) + "] has no \"fingerprint\" string");
    }
    ++b.counts[f["fingerprint"].get<std::string>()];
    ++i;
  }
  return b;
}

Baseline read_baseline(const std::string& path) {
  // Far above a real baseline (a million findings), far below what would exhaust memory.
  constexpr std::uintmax_t k_max_bytes = std::uintmax_t{256} << 20;
  std::error_code ec;
  std::uintmax_t size = std::filesystem::file_size(path, ec);
  if (!ec && size > k_max_bytes) {
    throw catalog::InvalidInput(path + ": a baseline larger than 256 MiB; refusing");
  }
  return parse_baseline(util::read_file(path), util::input_name(path));
}

BaselineMatch apply_baseline(ScanResult& result, const Baseline& baseline) {
  BaselineMatch m;
  std::map<std::string, size_t> left = baseline.counts;
  std::vector<Finding> findings;
  std::vector<Region> regions;
  for (size_t i = 0; i < result.findings.size(); ++i) {
    const std::string& fp = result.regions[i].fingerprint;
    auto it = left.find(fp);
    if (it != left.end() && it->second > 0) {
      --it->second;
      m.findings.push_back(std::move(result.findings[i]));
      m.regions.push_back(std::move(result.regions[i]));
      continue;
    }
    findings.push_back(std::move(result.findings[i]));
    regions.push_back(std::move(result.regions[i]));
  }
  for (const auto& [fp, n] : left) {
    m.gone += n;
  }
  result.findings = std::move(findings);
  result.regions = std::move(regions);
  result.baselined = m.findings.size();
  result.baseline_gone = m.gone;
  return m;
}

} // namespace lib::scan
