#include "lib/scan/scan.hpp"

#include "catalog/error.hpp"
#include "lib/core/check.hpp"
#include "lib/core/image_ref.hpp"
#include "lib/jobs/job_rules.hpp"
#include "lib/jobs/parsers.hpp"
#include "lib/scan/extract.hpp"
#include "lib/scan/fragments.hpp"
#include "lib/scan/markdown.hpp"
#include "lib/scan/notebook.hpp"
#include "util/find.hpp"
#include "util/position.hpp"
#include "util/text.hpp"

#include <algorithm>
#include <cstdio>
#include <cstring>
#include <filesystem>
#include <map>
#include <mutex>
#include <set>

namespace lib::scan {

namespace {

struct Position {
  int line = 0;
  int column = 0;
  int end_column = 0;
  std::string line_text;
};

// A training job a file holds, which validate's job rules judge: a JSON or YAML job spec (a
// trainingInput at its top level), or a gcloud `jobs submit training` command.
struct FoundJob {
  jobs::JobSpec spec;
  std::vector<size_t> refs; // the file's references that are this job's runtime (or its lack)
  int line = 0;             // where the job is (the trainingInput key, the gcloud word)
  int column = 0;
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
  std::vector<FoundJob> jobs;
  std::string text; // the file's text when it holds jobs (the line texts of their findings)

  // Whether the judging has anything to do with the file.
  bool empty() const { return refs.empty() && jobs.empty() && !unreadable && fragments.empty(); }
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
  Judge(const catalog::CatalogSet& set, const ScanOptions& o) : m_set(set), m_options(o), m_images(set) {
    // A job that names no runtime is judged by the first catalog that requires one
    // (ai-platform in the embedded set).
    for (const auto* c : set.all()) {
      if (c->policy.required_fields) {
        m_required_catalog = c;
        break;
      }
    }
  }

  // nullptr for a reference that is not judged: a value the catalog cannot read, an ECR image of
  // a repository no catalog lists (a custom image).
  const CheckResult* check(const Reference& r) {
    std::string id = r.catalog.empty() || !m_set.has(r.catalog) ? r.runtime.text : r.catalog + ":" + r.runtime.text;
    Service service = r.service;
    if (r.ecr) {
      ImageRef img;
      img.ecr = true;
      img.image = r.runtime.text;
      auto match = m_images.match(img);
      if (!match) {
        return nullptr;
      }
      id = match->catalog + ":" + match->image;
      service = match->service.value_or(r.service);
    }
    const std::string python = r.python ? r.python->text : defaulted_python(r);
    std::string key = id + "|" + python + "|" + service_name(service);
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
      if (!python.empty()) {
        req.python = catalog::Version::parse(python);
      }
      req.frameworks = r.frameworks;
      req.service = service;
      req.on = m_options.on;
      req.warn_days = m_options.warn_days;
      res = lib::check(m_set, req);
    } catch (const catalog::InvalidInput&) {
      // A value that looks like a version but is not one the catalog can read: not judged.
    }
    auto& slot = m_cache[key] = std::move(res);
    return slot ? &*slot : nullptr;
  }

  // The first catalog that requires a runtime (nullptr when none does).
  const catalog::Catalog* required_catalog() const { return m_required_catalog; }

  // The runtime-version-required (or -defaulted) finding for a whole job without a runtime, or
  // the python-version one for a job without a Python version.
  std::optional<Finding> required_field(const Reference& r, const CheckResult* res) const {
    if (!r.whole_job || r.form == Form::image) {
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
  // The Python version a whole job that names none runs with before the policy requires one
  // (2.7 before 2020-01-13, as validate judges it); "" otherwise.
  std::string defaulted_python(const Reference& r) const {
    const catalog::Catalog* c = m_required_catalog;
    if (!r.whole_job || r.python_written || r.form == Form::image || !r.catalog.empty() || !c || !c->policy.required_fields ||
        m_options.on >= c->policy.required_fields->from) {
      return "";
    }
    for (const auto& [name, value] : c->policy.required_fields->defaults) {
      if (name == "pythonVersion") {
        return value;
      }
    }
    return "";
  }

  const catalog::CatalogSet& m_set;
  const ScanOptions& m_options;
  const catalog::Catalog* m_required_catalog = nullptr;
  ImageIndex m_images;
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
std::vector<Reference> references_in(const std::string& path, std::string_view text, const MarkdownRules& markdown,
                                     std::optional<NotebookError>& bad) {
  if (is_notebook_path(path)) {
    NotebookCode nb = notebook_code(text, markdown);
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
    return extract_all(markdown_code(text, markdown));
  }
  return extract_all(text);
}

bool ends_with_any(std::string_view path, std::initializer_list<std::string_view> suffixes) {
  return std::any_of(suffixes.begin(), suffixes.end(), [&](std::string_view s) { return path.ends_with(s); });
}

// Whether a file's jobs are judged by validate's job rules: a job spec or a script, not the
// code of a notebook, a Markdown file's examples or a Python program (which build jobs, or
// show them, rather than submit them as written).
bool job_rules_apply(std::string_view path) {
  return !is_notebook_path(path) && !is_markdown_path(path) && !ends_with_any(path, {".py", ".pyw"});
}

// The end of the expansion that starts at s[i] ("$(", "${" or a backquote), or npos.
size_t expansion_end(std::string_view s, size_t i) {
  if (s[i] == '`') {
    size_t close = s.find('`', i + 1);
    return close == std::string_view::npos ? close : close + 1;
  }
  const char open = s[i + 1];
  const char close = open == '(' ? ')' : '}';
  int depth = 0;
  for (size_t k = i + 1; k < s.size(); ++k) {
    if (s[k] == open) {
      ++depth;
    } else if (s[k] == close && --depth == 0) {
      return k + 1;
    }
  }
  return std::string_view::npos;
}

// The gcloud command at [from, to) alone, in its place: every character before it blanked (one
// space per code point, line breaks kept, so that lines and columns stay), and each expansion in
// it ($(date +%s), ${{ env.X }}, `cmd`) one word starting with '$', as scan reads it (the job
// rules judge no value written as an expression).
std::string command_alone(std::string_view text, size_t from, size_t to) {
  std::string out;
  out.reserve(to);
  for (size_t i = 0; i < from; ++i) {
    const auto c = static_cast<unsigned char>(text[i]);
    if (c == '\n') {
      out += '\n';
    } else if ((c & 0xC0) != 0x80) {
      out += ' ';
    }
  }
  std::string cmd(text.substr(from, to - from));
  for (size_t i = 0; i < cmd.size(); ++i) {
    const bool dollar = cmd[i] == '$' && i + 1 < cmd.size() && (cmd[i + 1] == '(' || cmd[i + 1] == '{');
    if (!dollar && cmd[i] != '`') {
      continue;
    }
    const size_t end = expansion_end(cmd, i);
    if (end == std::string::npos) {
      break;
    }
    cmd[i] = '$';
    for (size_t k = i + 1; k < end; ++k) {
      if (cmd[k] != '\n' && !(cmd[k] == '\\' && k + 1 < end && cmd[k + 1] == '\n')) {
        cmd[k] = 'x';
      }
    }
    i = end - 1;
  }
  return out + cmd;
}

// The training jobs of a file whose references are found: its own job spec, and each gcloud
// `jobs submit training` command that nothing expands into more flags. What cannot be read as a
// job (a template, a command cut short) is not judged as one.
std::vector<FoundJob> find_jobs(const std::string& path, std::string_view text, const std::vector<Reference>& refs) {
  std::vector<FoundJob> out;
  if (!job_rules_apply(path)) {
    return out;
  }
  if (ends_with_any(path, {".json", ".yaml", ".yml"}) && util::contains(text, "trainingInput")) {
    try {
      FoundJob job;
      job.spec = path.ends_with(".json") ? jobs::parse_rest_json(text, path) : jobs::parse_config_yaml(text, path);
      if (auto top = job.spec.positions.find(""); top != job.spec.positions.end()) { // a trainingInput at the top
        job.line = top->second.line;
        job.column = top->second.column;
        for (size_t k = 0; k < refs.size(); ++k) {
          if (refs[k].form == Form::key) {
            job.refs.push_back(k);
          }
        }
        out.push_back(std::move(job));
      }
    } catch (const catalog::InvalidInput&) {
      // Not a job spec rtcat can read: its references are still judged.
    }
  }
  for (size_t k = 0; k < refs.size(); ++k) {
    const Reference& r = refs[k];
    if (r.form != Form::gcloud || r.service != Service::training || !r.whole_job || r.opaque || r.config_unread ||
        r.job_end <= r.job_offset) {
      continue;
    }
    try {
      const std::string dir = r.config_dir.empty() ? std::filesystem::path(path).parent_path().string() : r.config_dir;
      FoundJob job;
      job.spec = jobs::parse_gcloud(command_alone(text, r.job_offset, r.job_end), path, dir);
      job.refs = {k};
      util::Position at = util::position_at(text, r.job_offset);
      job.line = at.line;
      job.column = at.column;
      out.push_back(std::move(job));
    } catch (const catalog::InvalidInput&) {
      // A command rtcat cannot read as gcloud would (an unclosed quote, a flag without its value).
    }
  }
  return out;
}

// Where the references of one file stand, with its suppressions; for a notebook that cannot be
// read, the finding that says so.
FileRefs file_refs(const std::string& path, std::string_view text, const std::vector<std::string>& roots,
                   const MarkdownRules& markdown) {
  FileRefs out;
  std::optional<NotebookError> bad;
  std::vector<Reference> refs = references_in(path, text, markdown, bad);
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
  out.jobs = find_jobs(path, text, refs);
  // A YAML job's unquoted runtimeVersion: 2.10 is the number 2.1, which gcloud submits: its
  // reference is judged as the job is (the job's own warning says so).
  for (const auto& job : out.jobs) {
    for (size_t k : job.refs) {
      Reference& r = refs[k];
      if (r.form != Form::key || path.ends_with(".json")) {
        continue;
      }
      auto as_read = [&](Value& v, const std::optional<std::string>& read) {
        bool quoted = v.offset > 0 && (text[v.offset - 1] == '"' || text[v.offset - 1] == '\'');
        if (read && !v.text.empty() && !quoted && *read != v.text) {
          v.text = *read;
        }
      };
      as_read(r.runtime, job.spec.runtime_version);
      if (r.python) {
        as_read(*r.python, job.spec.python_version);
      }
    }
  }
  if (refs.empty() && out.jobs.empty()) {
    return out;
  }
  if (!out.jobs.empty()) {
    out.text = std::string(text);
  }
  util::LineIndex index(text);
  for (const auto& r : refs) {
    out.runtime_at.push_back(r.python_only            ? locate(index, r.python->offset, r.python->length)
                             : r.runtime.text.empty() ? locate(index, r.job_offset, 6)
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
      : m_set(set), m_options(options), m_judge(set, options), m_result(result) {}

  void file(const std::string& path, const FileRefs& fr, const Resolved* resolved) {
    size_t first = m_result.findings.size();
    if (fr.unreadable) {
      unreadable(path, fr);
    }
    std::vector<std::set<std::string>> rules(fr.refs.size()); // what each reference was found to break
    for (size_t k = 0; k < fr.refs.size(); ++k) {
      reference(path, fr, k, resolved, rules[k]);
    }
    for (const auto& job : fr.jobs) {
      job_rules(path, fr, job, rules);
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
    if (!resolved || r.form != Form::key) {
      return false;
    }
    bool about_python =
        at_python || f.rule == rule_id(RuleId::python_version_required) || f.rule == rule_id(RuleId::python_version_defaulted);
    return resolved->runtime || (about_python && resolved->python);
  }

  // A --config fragment's note that the command submitting it must give a field: scan judges
  // each command it finds as the job gcloud sends, the fragment merged.
  static bool left_to_commands(const jobs::JobSpec& spec, const Finding& f) {
    return spec.fragment && f.severity == catalog::Severity::note &&
           (f.rule == rule_id(RuleId::runtime_version_required) || f.rule == rule_id(RuleId::python_version_required) ||
            f.rule == rule_id(RuleId::no_training_code) || f.rule == rule_id(RuleId::python_module_missing) ||
            f.rule == rule_id(RuleId::master_type_required));
  }

  // validate's job rules on a job the file holds: what its runtime references did not already
  // find (the runtime and Python are judged with them, through variables too), at the job's
  // fields, in this file (a merged --config fragment's own fields are judged where it is).
  void job_rules(const std::string& path, const FileRefs& fr, const FoundJob& job,
                 const std::vector<std::set<std::string>>& rules) {
    jobs::RuleOptions o;
    o.on = m_options.on;
    o.warn_days = m_options.warn_days;
    o.platform = m_judge.required_catalog() ? m_judge.required_catalog()->name : "ai-platform";
    o.judge_given_runtime = false;
    std::vector<Finding> fs;
    try {
      fs = jobs::validate_job(m_set, job.spec, o);
    } catch (const catalog::InvalidInput&) {
      return; // a defaulted runtime with a Python version that is not one: not judged
    }
    std::set<std::string> found;
    for (size_t k : job.refs) {
      found.insert(rules[k].begin(), rules[k].end());
    }
    // The job's runtime and Python, as its references read them (through variables too).
    const Reference* ref = job.refs.empty() ? nullptr : &fr.refs[job.refs.front()];
    auto literal = [](const std::optional<std::string>& v) {
      return v && v->find('$') == std::string::npos ? *v : std::string();
    };
    const std::string runtime = ref && !ref->runtime.text.empty() ? ref->runtime.text : literal(job.spec.runtime_version);
    const std::string python = ref && ref->python ? ref->python->text : literal(job.spec.python_version);
    util::LineIndex index(fr.text);
    for (auto& f : fs) {
      if (f.path != path && job.spec.form == "gcloud" && f.rule == rule_id(RuleId::master_type_required)) {
        // The fragment's CUSTOM tier, and no --master-machine-type: the command lacks it.
        const std::string fragment = ref && ref->config ? ref->config->text : f.path;
        f.message += " (the job merged with --config " + fragment + "; give --master-machine-type)";
        f.path = path;
        f.line = 0;
      }
      if (f.path != path || found.count(f.rule) || left_to_commands(job.spec, f)) {
        continue;
      }
      f.catalog = f.catalog.empty() && m_set.has(o.platform) ? o.platform : f.catalog;
      f.runtime = f.runtime.empty() ? runtime : f.runtime;
      f.python = f.python.empty() ? python : f.python;
      if (f.line <= 0) {
        f.line = job.line;
        f.column = job.column;
      }
      if (dropped(fr, f)) {
        ++m_result.suppressed;
        continue;
      }
      if (follows_a_finding(f) && m_said_once.repeated(f)) {
        continue;
      }
      const size_t offset = line_offset(fr.text, f.line);
      m_result.regions.push_back(Region{f.column + 1, fingerprint(f, index.line_text(std::min(offset, fr.text.size()))), -1});
      m_result.findings.push_back(std::move(f));
    }
  }

  // The byte offset where a 1-based line starts (the text's size past its end).
  static size_t line_offset(std::string_view text, int line) {
    size_t at = 0;
    for (int l = 1; l < line && at < text.size(); ++l) {
      size_t nl = text.find('\n', at);
      at = nl == std::string_view::npos ? text.size() : nl + 1;
    }
    return at;
  }

  void reference(const std::string& path, const FileRefs& fr, size_t k, const Resolved* resolved, std::set<std::string>& rules) {
    if (fr.refs[k].python_only && !m_set.has(std::string(catalog::k_python_catalog))) {
      return; // a Python version alone is judged by the Python catalog
    }
    // A Python version alone is judged as the Python line it names.
    const std::optional<Reference> alone = fr.refs[k].python_only ? std::optional(python_alone(fr.refs[k])) : std::nullopt;
    const Reference& r = alone ? *alone : fr.refs[k];
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
                         r.python_only          ? std::string()
                         : r.ecr && res->target ? res->target->entry->id
                                                : r.runtime.text,
                         r.python_only ? r.runtime.text
                         : r.python    ? r.python->text
                                       : "",
                         res->lifecycle ? res->lifecycle->status.name : "unknown-runtime",
                         r.cell,
                         r.via ? r.variable : "",
                         fr.set_line[k],
                         r.conditional};
      m_result.references.push_back(std::move(ref));
    } else if (!r.runtime.text.empty()) {
      return;
    }
    if (auto f = r.python_only ? std::nullopt : m_judge.required_field(r, res)) {
      fs.push_back(*f);
    }
    // Notes that follow from a finding go with it when it is suppressed; "nothing fits" is said
    // once a run.
    bool kept_reason = false;
    for (auto& f : fs) {
      rules.insert(f.rule);
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

  // The reference a Python version alone makes: the Python catalog's line.
  static Reference python_alone(const Reference& r) {
    Reference alone = r;
    alone.catalog = std::string(catalog::k_python_catalog);
    alone.runtime = *r.python;
    alone.python.reset();
    alone.ecr = false;
    alone.frameworks.clear();
    return alone;
  }

  const catalog::CatalogSet& m_set;
  const ScanOptions& m_options;
  Judge m_judge;
  SaidOnce m_said_once;
  ScanResult& m_result;
};

} // namespace

ScanResult scan(const catalog::CatalogSet& set, const ScanOptions& options) {
  util::WalkStats stats;
  const std::vector<std::string> roots = options.walk.paths.empty() ? std::vector<std::string>{"."} : options.walk.paths;
  // What the files with references hold, by their index in the walk (most files hold none).
  std::vector<std::pair<size_t, FileRefs>> found;
  std::mutex found_mutex;
  const std::vector<util::SourceFile> files =
      util::walk_and_read(options.walk, stats, [&](size_t i, const util::SourceFile& file, std::string_view text) {
        FileRefs fr = file_refs(file.path, text, roots, options.markdown);
        if (!fr.empty()) {
          std::lock_guard lock(found_mutex);
          found.emplace_back(i, std::move(fr));
        }
      });
  std::sort(found.begin(), found.end(), [](const auto& a, const auto& b) { return a.first < b.first; });
  std::map<std::string, Resolved> fragments;
  for (const auto& [i, fr] : found) {
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
  for (const auto& [i, fr] : found) {
    auto it = fragments.empty() ? fragments.end() : fragments.find(fragment_key(files[i].path));
    report.file(files[i].path, fr, it == fragments.end() ? nullptr : &it->second);
  }
  return result;
}

} // namespace lib::scan
