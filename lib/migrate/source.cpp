#include "lib/cluster/cluster_spec.hpp"
#include "lib/migrate/migrate.hpp"
#include "util/walker.hpp"

namespace lib::migrate {

namespace {

// The findings for one file that reads CLUSTER_SPEC (names it in quotes, as an environment lookup
// does): each quoted legacy task type on a line that does not speak of TF_CONFIG (whose task types
// Vertex AI keeps).
void scan_file(const std::string& path, std::string_view text, std::vector<Finding>& out) {
  if (text.find("\"CLUSTER_SPEC\"") == std::string_view::npos && text.find("'CLUSTER_SPEC'") == std::string_view::npos) {
    return;
  }
  size_t line_start = 0;
  while (line_start < text.size()) {
    size_t end = text.find('\n', line_start);
    std::string_view line = text.substr(line_start, end == std::string_view::npos ? std::string_view::npos : end - line_start);
    if (line.find("TF_CONFIG") == std::string_view::npos) {
      for (std::string_view role : cluster::k_roles) {
        for (char quote : {'\'', '"'}) {
          std::string word = quote + std::string(role) + quote;
          for (size_t at = line.find(word); at != std::string_view::npos; at = line.find(word, at + 1)) {
            jobs::Pos pos = jobs::pos_at(text, line_start + at);
            Finding f = finding_of(RuleId::migrate_no_equivalent,
                                   "the trainer reads CLUSTER_SPEC task type '" + std::string(role) +
                                       "', which Vertex AI names '" + cluster::vertex_pool(role) +
                                       "': accept both names so the same code runs before and after the move");
            f.path = path;
            f.line = pos.line;
            f.column = pos.column;
            out.push_back(std::move(f));
          }
        }
      }
    }
    line_start = end == std::string_view::npos ? text.size() : end + 1;
  }
}

} // namespace

std::vector<Finding> legacy_cluster_names(const std::string& dir) {
  util::WalkOptions opt;
  opt.paths = {dir};
  opt.threads = 1; // findings in walk order
  util::WalkStats stats;
  std::vector<util::SourceFile> files = util::walk(opt, stats);
  std::erase_if(files, [](const util::SourceFile& f) { return !f.path.ends_with(".py"); });
  std::vector<Finding> out;
  util::read_files(files, opt, stats,
                   [&](size_t, const util::SourceFile& file, std::string_view text) { scan_file(file.path, text, out); });
  std::stable_sort(out.begin(), out.end(), [](const Finding& a, const Finding& b) {
    return a.path != b.path ? a.path < b.path : a.line != b.line ? a.line < b.line : a.column < b.column;
  });
  return out;
}

} // namespace lib::migrate
