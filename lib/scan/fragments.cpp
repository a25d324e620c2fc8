#include "lib/scan/fragments.hpp"

#include "catalog/error.hpp"
#include "lib/jobs/job_spec.hpp"

#include <filesystem>
#include <system_error>

namespace lib::scan {

namespace fs = std::filesystem;

namespace {

// The fragment's file: from the script's folder, then from each root (a folder, or a file's folder);
// `dir` the folder it was found from.
std::optional<fs::path> find_fragment(const std::string& name, const std::string& script, const std::vector<std::string>& roots,
                                      std::string& dir) {
  std::error_code ec;
  fs::path p(name);
  if (p.is_absolute()) {
    return fs::is_regular_file(p, ec) ? std::optional<fs::path>(p) : std::nullopt;
  }
  std::vector<fs::path> bases{fs::path(script).parent_path()};
  for (const auto& root : roots) {
    bases.push_back(fs::is_directory(root, ec) ? fs::path(root) : fs::path(root).parent_path());
  }
  for (const auto& base : bases) {
    fs::path candidate = base / p;
    if (fs::is_regular_file(candidate, ec)) {
      dir = base.string();
      return candidate;
    }
  }
  return std::nullopt;
}

} // namespace

std::string fragment_key(const std::string& path) {
  std::error_code ec;
  fs::path p = fs::weakly_canonical(fs::path(path), ec);
  return ec ? path : p.string();
}

std::optional<FragmentUse> merge_fragment(Reference& r, const std::string& script, const std::vector<std::string>& roots) {
  std::optional<fs::path> file = find_fragment(r.config->text, script, roots, r.config_dir);
  std::optional<jobs::JobSpec> spec;
  if (file) {
    try {
      spec = jobs::read_job_file(file->string());
    } catch (const catalog::InvalidInput&) {
      // Malformed: reported on the fragment itself (validate); the command is not judged on it.
    }
  }
  if (!spec) {
    r.config_unread = true;
    return std::nullopt;
  }
  FragmentUse use{fragment_key(file->string()), !r.runtime.text.empty() || r.expr_kind != ExprKind::none, r.python_written};
  Value at{"", r.config->offset, r.config->length};
  if (!use.gives_runtime && spec->runtime_version) {
    r.runtime = at;
    r.runtime.text = *spec->runtime_version;
    r.merged_from = r.config->text;
  }
  if (!use.gives_python && spec->python_version) {
    r.python = at;
    r.python->text = *spec->python_version;
    r.python_written = true;
    r.merged_from = r.config->text;
  }
  r.has_image = r.has_image || spec->custom_container();
  return use;
}

} // namespace lib::scan
