#include "lib/scan/scan.hpp"

#include "catalog/error.hpp"
#include "lib/check.hpp"
#include "lib/scan/extract.hpp"
#include "lib/scan/fragments.hpp"
#include "lib/scan/notebook.hpp"
#include "util/position.hpp"
#include "util/text.hpp"

#include <algorithm>
#include <cstdio>
#include <cstring>
#include <map>
#include <set>

namespace lib::scan {

namespace {

struct Position {
  int line = 0;
  int column = 0;
  int end_column = 0;
  std::string line_text;
};

// What the extraction of one file hands to the (single-threaded) judging.
struct FileRefs {
  std::vector<Reference> refs;
  std::vector<Position> runtime_at; // per reference: the runtime value, or the job when it has none
  std::vector<Position> python_at;
  std::vector<int> set_line; // per reference: where a value that came through a variable was set
  std::vector<Suppression> suppressions;
  std::optional<Finding> unreadable; // a notebook whose JSON could not be read
  Position unreadable_at;
  std::vector<FragmentUse> fragments; // the --config fragments its gcloud commands merge
};

// Per fragment (fragment_key): whether every command that merges it gives the runtime, the
// Python version. What they give, the fragment's own findings about it are not reported again.
struct Resolved {
  bool runtime = true;
  bool python = true;
};

Position locate(const util::LineIndex& index, size_t offset, size_t length) {
  Position p;
  p.line = index.line(offset);
  p.column = index.column(offset);
  p.end_column = index.line(offset + length) == p.line ? index.column(offset + length) : p.column + 1;
  p.line_text = std::string(index.line_text(offset));
  return p;
}

std::string fingerprint(const Finding& f, std::string_view line_text) {
  line_text = util::trim(line_text);
  uint64_t h = 14695981039346656037ull;
  auto mix = [&](std::string_view s) {
    for (char c : s) {
      h = (h ^ static_cast<unsigned char>(c)) * 1099511628211ull;
    }
    h = (h ^ 0xff) * 1099511628211ull;
  };
  mix(f.rule);
  mix(f.path);
  mix(line_text);
  char buf[17];
  std::snprintf(buf, sizeof buf, "%016llx", static_cast<unsigned long long>(h));
  return buf;
}

// Orders the findings of one file (from `first` on) by line and column, keeping the order of
// findings at the same place.
void sort_by_position(ScanResult& r, size_t first) {
  std::vector<size_t> order(r.findings.size() - first);
  for (size_t i = 0; i < order.size(); ++i) {
    order[i] = first + i;
  }
  std::stable_sort(order.begin(), order.end(), [&](size_t a, size_t b) {
    const Finding& x = r.findings[a];
    const Finding& y = r.findings[b];
    return x.line != y.line ? x.line < y.line : x.column < y.column;
  });
  std::vector<Finding> findings;
  std::vector<Region> regions;
  for (size_t i : order) {
    findings.push_back(std::move(r.findings[i]));
    regions.push_back(std::move(r.regions[i]));
  }
  std::move(findings.begin(), findings.end(), r.findings.begin() + static_cast<long>(first));
  std::move(regions.begin(), regions.end(), r.regions.begin() + static_cast<long>(first));
}

bool suppressed(const std::vector<Suppression>& sups, const Finding& f) {
  for (const auto& s : sups) {
    if (s.line != f.line && s.line != f.line - 1) {
      continue;
    }
    for (const auto& r : s.rules) {
      if (rule_matches(r, f.rule)) {
        return true;
      }
    }
  }
  return false;
}

// Judges references with lib::check(), remembering each distinct request's answer.
class Judge {
public:
  Judge(const catalog::CatalogSet& set, const ScanOptions& o) : m_set(set), m_options(o) {
    // A job that names no runtime is judged by the first catalog that requires one
    // (ai-platform in the embedded set).
    for (const auto* c : set.all()) {
      if (c->policy.required_fields) {
        m_required_catalog = c;
        break;
      }
    }
  }

  const CheckResult* check(const Reference& r) {
    std::string id = r.catalog.empty() || !m_set.has(r.catalog) ? r.runtime.text : r.catalog + ":" + r.runtime.text;
    std::string key = id + "|" + (r.python ? r.python->text : "") + "|" + r.service;
    for (const auto& f : r.frameworks) {
      key += "|" + f;
    }
    auto it = m_cache.find(key);
    if (it != m_cache.end()) {
      return it->second ? &*it->second : nullptr;
    }
    std::optional<CheckResult> res;
    try {
      Request req;
      req.runtime = id;
      if (r.python) {
        req.python = catalog::Version::parse(r.python->text);
      }
      req.frameworks = r.frameworks;
      req.service = r.service;
      req.on = m_options.on;
      req.warn_days = m_options.warn_days;
      res = lib::check(m_set, req);
    } catch (const catalog::InvalidInput&) {
      // A value that looks like a version but is not one the catalog can read: not judged.
    }
    auto& slot = m_cache[key] = std::move(res);
    return slot ? &*slot : nullptr;
  }

  // The runtime-version-required (or -defaulted) finding for a whole job without a runtime, or
  // the python-version one for a job without a Python version.
  std::optional<Finding> required_field(const Reference& r, const CheckResult* res) const {
    if (!r.whole_job || r.form == "image") {
      return std::nullopt;
    }
    std::string field;
    const catalog::Catalog* c = nullptr;
    if (r.runtime.text.empty()) {
      if (r.has_image) {
        return std::nullopt;
      }
      field = "runtimeVersion";
      c = m_required_catalog;
    } else if (!r.python_written && res && res->target) {
      field = "pythonVersion";
      c = res->target->catalog;
    }
    if (!c || !c->policy.required_fields) {
      return std::nullopt;
    }
    const auto& fields = c->policy.required_fields->fields;
    if (std::find(fields.begin(), fields.end(), field) == fields.end()) {
      return std::nullopt;
    }
    std::optional<Finding> f = missing_field(*c->policy.required_fields, field, m_options.on);
    if (f) {
      f->catalog = c->name;
      f->runtime = r.runtime.text;
    }
    return f;
  }

private:
  const catalog::CatalogSet& m_set;
  const ScanOptions& m_options;
  const catalog::Catalog* m_required_catalog = nullptr;
  std::map<std::string, std::optional<CheckResult>> m_cache;
};

// The raw length of the code byte at raw offset `at`: an escape in a notebook's JSON string
// (\" is two bytes, \u00e9 six) or one byte.
size_t raw_width(std::string_view raw, size_t at) {
  if (at < raw.size() && raw[at] == '\\' && at + 1 < raw.size()) {
    return raw[at + 1] == 'u' ? 6 : 2;
  }
  return 1;
}

// Moves a value found in a notebook's code to where it is written in the file.
void to_raw(const CodeView& code, std::string_view raw, Value& v) {
  size_t start = code.raw_offset(v.offset);
  size_t end = v.length == 0 ? start : code.raw_offset(v.offset + v.length - 1);
  end += v.length == 0 ? 0 : raw_width(raw, end);
  v.offset = start;
  v.length = end > start ? end - start : 0;
}

// The references of one file: a notebook's cells, a Markdown file's code, any other file whole.
// Offsets are those of the file as written. Sets `bad` for a notebook that cannot be read.
std::vector<Reference> references_in(const std::string& path, std::string_view text, std::optional<NotebookError>& bad) {
  if (is_notebook_path(path)) {
    NotebookCode nb = notebook_code(text);
    if (!nb.code) {
      bad = nb.error;
      return {};
    }
    const CodeView& code = *nb.code;
    std::vector<Reference> refs = extract_all(code.text);
    for (auto& r : refs) {
      r.cell = code.cell(r.runtime.text.empty() ? r.job_offset : r.runtime.offset);
      to_raw(code, text, r.runtime);
      if (r.python) {
        to_raw(code, text, *r.python);
      }
      if (r.config) {
        to_raw(code, text, *r.config);
      }
      r.job_offset = code.raw_offset(r.job_offset);
      r.set_offset = code.raw_offset(r.set_offset);
    }
    return refs;
  }
  if (is_markdown_path(path)) {
    if (std::memchr(text.data(), '`', text.size()) == nullptr) {
      return {}; // no code block and no inline code: all prose
    }
    return extract_all(markdown_code(text));
  }
  return extract_all(text);
}

// Where the references of one file stand, with its suppressions; for a notebook that cannot be
// read, the finding that says so.
FileRefs file_refs(const std::string& path, std::string_view text, const std::vector<std::string>& roots) {
  FileRefs out;
  std::optional<NotebookError> bad;
  std::vector<Reference> refs = references_in(path, text, bad);
  for (auto& r : refs) {
    if (r.config) {
      if (auto use = merge_fragment(r, path, roots)) {
        out.fragments.push_back(*use);
      }
    }
  }
  if (bad) {
    util::LineIndex index(text);
    out.unreadable = finding_of(RuleId::notebook_unreadable, "notebook not read: invalid JSON: " + bad->reason);
    out.unreadable_at = locate(index, bad->offset, 1);
    out.suppressions = find_suppressions(text);
    return out;
  }
  if (refs.empty()) {
    return out;
  }
  util::LineIndex index(text);
  for (const auto& r : refs) {
    out.runtime_at.push_back(r.runtime.text.empty() ? locate(index, r.job_offset, 6)
                                                    : locate(index, r.runtime.offset, r.runtime.length));
    out.python_at.push_back(r.python ? locate(index, r.python->offset, r.python->length) : Position{});
    out.set_line.push_back(r.via ? index.line(r.set_offset) : 0);
  }
  out.refs = std::move(refs);
  out.suppressions = find_suppressions(text);
  return out;
}

// The (single-threaded) judging of what the files hold, file by file in order.
class Report {
public:
  Report(const catalog::CatalogSet& set, const ScanOptions& options, ScanResult& result)
      : m_options(options), m_judge(set, options), m_result(result) {}

  void file(const std::string& path, const FileRefs& fr, const Resolved* resolved) {
    size_t first = m_result.findings.size();
    if (fr.unreadable) {
      unreadable(path, fr);
    }
    for (size_t k = 0; k < fr.refs.size(); ++k) {
      reference(path, fr, k, resolved);
    }
    sort_by_position(m_result, first);
  }

private:
  // Dropped by --ignore or by a suppression comment.
  bool dropped(const FileRefs& fr, const Finding& f) const {
    return std::any_of(m_options.ignore_rules.begin(), m_options.ignore_rules.end(),
                       [&](const std::string& name) { return rule_matches(name, f.rule); }) ||
           suppressed(fr.suppressions, f);
  }

  void unreadable(const std::string& path, const FileRefs& fr) {
    Finding f = *fr.unreadable;
    f.path = path;
    f.line = fr.unreadable_at.line;
    f.column = fr.unreadable_at.column;
    if (dropped(fr, f)) {
      ++m_result.suppressed;
    } else {
      m_result.regions.push_back(Region{fr.unreadable_at.end_column, fingerprint(f, fr.unreadable_at.line_text), -1});
      m_result.findings.push_back(std::move(f));
    }
  }

  // A finding on a --config fragment that every command merging it resolves with a flag.
  static bool resolved_by_commands(const Resolved* resolved, const Reference& r, const Finding& f, bool at_python) {
    if (!resolved || r.form != "key") {
      return false;
    }
    bool about_python =
        at_python || f.rule == rule_id(RuleId::python_version_required) || f.rule == rule_id(RuleId::python_version_defaulted);
    return resolved->runtime || (about_python && resolved->python);
  }

  void reference(const std::string& path, const FileRefs& fr, size_t k, const Resolved* resolved) {
    const Reference& r = fr.refs[k];
    if (r.config_unread && r.runtime.text.empty()) {
      return; // the fragment that may give the runtime could not be read
    }
    const CheckResult* res = r.runtime.text.empty() ? nullptr : m_judge.check(r);
    std::vector<Finding> fs;
    if (res) {
      fs = res->findings;
      FoundReference ref{path,
                         fr.runtime_at[k].line,
                         fr.runtime_at[k].column,
                         r.form,
                         r.service,
                         res->target ? res->target->catalog->name : "",
                         r.runtime.text,
                         r.python ? r.python->text : "",
                         res->lifecycle ? res->lifecycle->status.name : "unknown-runtime",
                         r.cell,
                         r.via ? r.variable : "",
                         fr.set_line[k],
                         r.conditional};
      m_result.references.push_back(std::move(ref));
    } else if (!r.runtime.text.empty()) {
      return;
    }
    if (auto f = m_judge.required_field(r, res)) {
      fs.push_back(*f);
    }
    // Notes that follow from a finding go with it when it is suppressed; "nothing fits" is said
    // once a run.
    bool kept_reason = false;
    for (auto& f : fs) {
      bool at_python = r.python && (f.rule == rule_id(RuleId::python_unsupported) || f.rule == rule_id(RuleId::python_unknown));
      const Position& at = at_python ? fr.python_at[k] : fr.runtime_at[k];
      if (resolved_by_commands(resolved, r, f, at_python)) {
        continue;
      }
      f.path = path;
      f.line = at.line;
      f.column = at.column;
      if (!r.merged_from.empty() && f.rule != rule_id(RuleId::runtime_version_required)) {
        f.message += " (the job merged with --config " + r.merged_from + ")";
      }
      if (r.via && !r.variable.empty()) {
        f.message += " (through " + r.variable + ", set on line " + std::to_string(fr.set_line[k]) +
                     (r.conditional ? "; one branch of a condition" : "") + ")";
      } else if (r.conditional) {
        f.message += " (one branch of a condition)";
      }
      if (dropped(fr, f)) {
        ++m_result.suppressed;
        continue;
      }
      if (follows_a_finding(f)) {
        if (!kept_reason || m_said_once.repeated(f)) {
          continue;
        }
      } else if (f.severity >= catalog::Severity::warning) {
        kept_reason = true;
      }
      m_result.regions.push_back(Region{at.end_column, fingerprint(f, at.line_text), r.cell});
      m_result.findings.push_back(std::move(f));
    }
  }

  const ScanOptions& m_options;
  Judge m_judge;
  SaidOnce m_said_once;
  ScanResult& m_result;
};

} // namespace

ScanResult scan(const catalog::CatalogSet& set, const ScanOptions& options) {
  WalkStats stats;
  std::vector<SourceFile> files = walk(options.walk, stats);
  std::vector<FileRefs> found(files.size());
  std::vector<std::string> roots = options.walk.paths.empty() ? std::vector<std::string>{"."} : options.walk.paths;
  read_files(files, options.walk, stats,
             [&](size_t i, std::string_view text) { found[i] = file_refs(files[i].path, text, roots); });
  std::map<std::string, Resolved> fragments;
  for (const auto& fr : found) {
    for (const auto& use : fr.fragments) {
      Resolved& r = fragments[use.fragment];
      r.runtime = r.runtime && use.gives_runtime;
      r.python = r.python && use.gives_python;
    }
  }

  ScanResult result;
  result.files = stats.scanned;
  result.binary = stats.binary;
  result.too_large = stats.too_large;
  result.unreadable = stats.unreadable;
  result.ignored = stats.ignored;
  result.symlinks = stats.symlinks;
  Report report(set, options, result);
  for (size_t i = 0; i < files.size(); ++i) {
    auto it = fragments.empty() ? fragments.end() : fragments.find(fragment_key(files[i].path));
    report.file(files[i].path, found[i], it == fragments.end() ? nullptr : &it->second);
  }
  return result;
}

} // namespace lib::scan
