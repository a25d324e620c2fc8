#include "lib/scan/extract.hpp"

#include "util/text.hpp"

#include <algorithm>
#include <cstring>

namespace lib::scan {

namespace {

bool contains(std::string_view text, std::string_view needle) {
  return ::memmem(text.data(), text.size(), needle.data(), needle.size()) != nullptr;
}

size_t sort_key(const Reference& r) {
  return r.runtime.text.empty() ? r.job_offset : r.runtime.offset;
}

} // namespace

bool is_version(std::string_view text) {
  if (text.empty() || text.size() > 16 || text.front() == '.' || text.back() == '.') {
    return false;
  }
  bool dot = false;
  for (size_t i = 0; i < text.size(); ++i) {
    char c = text[i];
    if (c == '.') {
      if (text[i - 1] == '.') {
        return false;
      }
      dot = true;
    } else if (c < '0' || c > '9') {
      return false;
    }
  }
  return dot;
}

std::vector<Reference> extract_all(std::string_view text) {
  std::vector<Reference> out;
  // A gcloud command without any version flag still needs its runtime-version-required finding.
  if (contains(text, "ersion") || contains(text, "gcloud")) {
    out = extract_gcloud(text);
  }
  if (contains(text, "ersion")) {
    auto keys = extract_keys(text);
    out.insert(out.end(), keys.begin(), keys.end());
    if (contains(text, "--runtime-version")) {
      // Flags that no gcloud command above took: a string of flags, an argument list.
      std::vector<size_t> taken;
      for (const auto& r : out) {
        if (r.form == "gcloud" && !r.runtime.text.empty()) {
          taken.push_back(r.runtime.offset);
        }
      }
      for (auto& r : extract_flags(text)) {
        if (std::find(taken.begin(), taken.end(), r.runtime.offset) == taken.end()) {
          out.push_back(std::move(r));
        }
      }
    }
  }
  if (contains(text, "get_prebuilt_prediction_container_uri")) {
    auto sdk = extract_sdk(text);
    out.insert(out.end(), sdk.begin(), sdk.end());
  }
  if (contains(text, "docker.pkg.dev/vertex-ai") || contains(text, "gcr.io/cloud-aiplatform")) {
    auto images = extract_images(text);
    out.insert(out.end(), images.begin(), images.end());
  }
  std::stable_sort(out.begin(), out.end(), [](const Reference& a, const Reference& b) { return sort_key(a) < sort_key(b); });
  return out;
}

std::vector<Suppression> find_suppressions(std::string_view text) {
  static constexpr std::string_view k_marker = "rtcat: ignore[";
  std::vector<Suppression> out;
  size_t from = 0;
  int line = 1;
  size_t counted = 0;
  while (const void* hit = ::memmem(text.data() + from, text.size() - from, k_marker.data(), k_marker.size())) {
    size_t at = static_cast<size_t>(static_cast<const char*>(hit) - text.data());
    line += static_cast<int>(std::count(text.begin() + static_cast<long>(counted), text.begin() + static_cast<long>(at), '\n'));
    counted = at;
    size_t start = at + k_marker.size();
    size_t end = start;
    while (end < text.size() && text[end] != ']' && text[end] != '\n') {
      ++end;
    }
    from = end;
    if (end >= text.size() || text[end] != ']') {
      continue;
    }
    Suppression s;
    s.line = line;
    for (std::string_view item : util::split(text.substr(start, end - start), ',')) {
      if (item = util::trim(item); !item.empty()) {
        s.rules.emplace_back(item);
      }
    }
    out.push_back(std::move(s));
  }
  return out;
}

} // namespace lib::scan
