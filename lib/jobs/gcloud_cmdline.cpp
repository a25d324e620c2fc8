// `gcloud ai-platform jobs submit training` command line -> JobSpec. The shell's words
// (util/shell_words.hpp) keep their line and column; flags map onto the trainingInput fields
// gcloud would send, over the --config file when one is given.

#include "catalog/catalog_set.hpp"
#include "catalog/error.hpp"
#include "lib/jobs/job_tree.hpp"
#include "lib/jobs/parsers.hpp"
#include "util/file.hpp"
#include "util/fixed_text.hpp"
#include "util/position.hpp"
#include "util/shell_words.hpp"
#include "util/text.hpp"

#include <algorithm>
#include <cctype>
#include <filesystem>
#include <map>

namespace lib::jobs {

namespace {

struct Word {
  std::string text;
  Pos pos;
};
using Command = std::vector<Word>;

// The commands of the text (util/shell_words.hpp), each word with its line and column.
std::vector<Command> tokenize(std::string_view text, const std::string& path) {
  util::LineIndex index(text);
  auto pos = [&](size_t offset) { return Pos{"", index.line(offset), index.column(offset)}; };
  std::vector<Command> commands;
  for (const auto& c : util::shell_commands(text)) {
    if (c.unclosed_quote) {
      throw catalog::InvalidInput(where(path, pos(*c.unclosed_quote)) + "unterminated " +
                                  (text[*c.unclosed_quote] == '"' ? "double" : "single") + " quote in the gcloud command line");
    }
    Command& words = commands.emplace_back();
    for (const auto& w : c.words) {
      words.push_back(Word{w.text, pos(w.offset)});
    }
  }
  return commands;
}

enum class Kind { text, count, boolean, list, tier, config, package_path, labels, accelerator, kms, ignored, ignored_bool };

// The texts are held in the row (util::FixedText): the table has no pointer to relocate.
struct FlagSpec {
  util::FixedText<32> flag;
  Kind kind;
  util::FixedText<48> field; // trainingInput path ("masterConfig.imageUri")
};

const FlagSpec k_flags[] = {
    {"--runtime-version", Kind::text, "runtimeVersion"},
    {"--python-version", Kind::text, "pythonVersion"},
    {"--scale-tier", Kind::tier, "scaleTier"},
    {"--master-machine-type", Kind::text, "masterType"},
    {"--worker-machine-type", Kind::text, "workerType"},
    {"--parameter-server-machine-type", Kind::text, "parameterServerType"},
    {"--worker-count", Kind::count, "workerCount"},
    {"--parameter-server-count", Kind::count, "parameterServerCount"},
    {"--master-image-uri", Kind::text, "masterConfig.imageUri"},
    {"--worker-image-uri", Kind::text, "workerConfig.imageUri"},
    {"--parameter-server-image-uri", Kind::text, "parameterServerConfig.imageUri"},
    {"--use-chief-in-tf-config", Kind::boolean, "useChiefInTfConfig"},
    {"--enable-web-access", Kind::boolean, "enableWebAccess"},
    {"--packages", Kind::list, "packageUris"},
    {"--package-path", Kind::package_path, ""},
    {"--module-name", Kind::text, "pythonModule"},
    {"--job-dir", Kind::text, "jobDir"},
    {"--region", Kind::text, "region"},
    {"--service-account", Kind::text, "serviceAccount"},
    {"--network", Kind::text, "network"},
    {"--config", Kind::config, ""},
    {"--staging-bucket", Kind::ignored, ""},
    {"--labels", Kind::labels, ""},
    {"--master-accelerator", Kind::accelerator, "masterConfig.acceleratorConfig"},
    {"--worker-accelerator", Kind::accelerator, "workerConfig.acceleratorConfig"},
    {"--parameter-server-accelerator", Kind::accelerator, "parameterServerConfig.acceleratorConfig"},
    {"--kms-key", Kind::kms, "cryptoKeys"},
    {"--kms-keyring", Kind::kms, "keyRings"},
    {"--kms-location", Kind::kms, "locations"},
    {"--kms-project", Kind::kms, "projects"},
    {"--project", Kind::ignored, ""},
    {"--account", Kind::ignored, ""},
    {"--billing-project", Kind::ignored, ""},
    {"--configuration", Kind::ignored, ""},
    {"--impersonate-service-account", Kind::ignored, ""},
    {"--verbosity", Kind::ignored, ""},
    {"--format", Kind::ignored, ""},
    {"--async", Kind::ignored_bool, ""},
    {"--stream-logs", Kind::ignored_bool, ""},
    {"--quiet", Kind::ignored_bool, ""},
    {"-q", Kind::ignored_bool, ""},
    {"--log-http", Kind::ignored_bool, ""},
};

const FlagSpec* find_flag(const std::string& name) {
  for (const auto& f : k_flags) {
    if (f.flag == name) {
      return &f;
    }
  }
  return nullptr;
}

// Sets tree[a][b] = v for "a.b".
void set_field(Tree& ti, const std::string& field, Tree v) {
  auto dot = field.find('.');
  if (dot == std::string::npos) {
    ti[field] = std::move(v);
  } else {
    Tree& sub = ti[field.substr(0, dot)];
    if (!sub.is_object()) {
      sub = Tree::object();
    }
    sub[field.substr(dot + 1)] = std::move(v);
  }
}

bool is_local(const std::string& uri) {
  return !uri.starts_with("gs://");
}

// The first gcloud command of the text. Throws InvalidInput when there is none.
const Command& find_gcloud(const std::vector<Command>& commands, const std::string& path) {
  for (const auto& c : commands) {
    if (!c.empty() && (c[0].text == "gcloud" || (c[0].text.size() > 7 && c[0].text.ends_with("/gcloud")))) {
      return c;
    }
  }
  throw catalog::InvalidInput(where(path, Pos{"", 1, 1}) +
                              "no gcloud command found (expected 'gcloud ai-platform jobs submit training JOB ...')");
}

// The words after `gcloud [global flags] [beta|alpha] ai-platform|ml-engine jobs submit training`,
// the global flags first. Throws InvalidInput when the command is another one.
Command job_arguments(const Command& w, const std::string& path) {
  const char* const k_path[] = {"jobs", "submit", "training"};
  size_t i = 1;
  Command flags_before;
  while (i < w.size() && w[i].text.starts_with("-")) {
    const FlagSpec* f = find_flag(w[i].text);
    bool takes_value = f && f->kind != Kind::boolean && f->kind != Kind::ignored_bool;
    flags_before.push_back(w[i++]);
    if (takes_value && i < w.size()) { // gcloud --project p ai-platform ...
      flags_before.push_back(w[i++]);
    }
  }
  if (i < w.size() && (w[i].text == "beta" || w[i].text == "alpha")) {
    ++i;
  }
  bool group_ok = i < w.size() && (w[i].text == "ai-platform" || w[i].text == "ml-engine");
  size_t step = 0;
  if (group_ok) {
    ++i;
    for (; step < 3 && i < w.size() && w[i].text == k_path[step]; ++step, ++i) {
    }
  }
  if (!group_ok || step < 3) {
    Pos p = i < w.size() ? w[i].pos : w.back().pos;
    throw catalog::InvalidInput(where(path, p) + "expected 'gcloud ai-platform jobs submit training JOB' (or ml-engine), got '" +
                                (i < w.size() ? w[i].text : std::string("end of command")) + "'");
  }
  flags_before.insert(flags_before.end(), w.begin() + static_cast<long>(i), w.end());
  return flags_before;
}

// Reads the job id, the flags and the user arguments of a job command into a Job document.
class JobReader {
public:
  JobReader(const std::string& path, const std::string& base_dir) : m_path(path), m_base_dir(base_dir) {}

  // args: the words after the command's name (job_arguments); end: where the command ends.
  JobSpec read(const Command& args, const Pos& end) {
    for (size_t k = 0; k < args.size(); ++k) {
      const Word& word = args[k];
      if (word.text == "--") {
        user_arguments(args, k);
        break;
      }
      if (!word.text.starts_with("-")) {
        job_id(word);
      } else {
        k = flag(args, k);
      }
    }
    if (!m_doc.contains("jobId")) {
      throw catalog::InvalidInput(where(m_path, end) +
                                  "the gcloud command names no job id (gcloud ai-platform jobs submit training JOB)");
    }
    kms_key();
    if (m_config) {
      merge_config();
      if (!m_doc.contains("labels") && !m_config->labels.empty()) { // --labels replaces the file's labels
        for (const auto& [key, value] : m_config->labels) {
          m_doc["labels"][key] = value;
        }
      }
    }
    m_doc["trainingInput"] = m_ti;
    m_positions["trainingInput"] = m_job_pos;
    JobSpec spec = job_from_tree(m_doc, m_positions, m_path, "gcloud");
    spec.local_packages = m_local_packages;
    spec.notes.insert(spec.notes.begin(), m_notes.begin(), m_notes.end());
    return spec;
  }

private:
  const std::string& m_path;
  const std::string& m_base_dir;
  Tree m_doc = Tree::object();
  Tree m_ti = Tree::object();
  Positions m_positions;
  std::vector<Finding> m_notes;
  std::optional<JobSpec> m_config;
  std::map<std::string, std::string> m_kms; // --kms-key, --kms-keyring, ... by resource collection
  Pos m_kms_pos;
  bool m_local_packages = false;
  Pos m_job_pos;

  void user_arguments(const Command& args, size_t dashes) {
    Tree list = Tree::array();
    for (size_t a = dashes + 1; a < args.size(); ++a) {
      list.push_back(args[a].text);
    }
    m_ti["args"] = list;
    m_positions["trainingInput.args"] = args[dashes].pos;
  }

  void job_id(const Word& word) {
    if (m_doc.contains("jobId")) {
      throw catalog::InvalidInput(where(m_path, word.pos) + "unexpected argument '" + word.text + "' (the job id is already '" +
                                  m_doc["jobId"].get<std::string>() + "'; user arguments go after --)");
    }
    m_doc["jobId"] = word.text;
    m_job_pos = word.pos;
  }

  // Reads the flag at args[k] (and its value); returns the index of the last word it used.
  size_t flag(const Command& args, size_t k) {
    const Word& word = args[k];
    std::string name = word.text;
    std::optional<std::string> value;
    Pos value_pos = word.pos;
    if (auto eq = name.find('='); eq != std::string::npos) {
      value = name.substr(eq + 1);
      name = name.substr(0, eq);
      value_pos.column += static_cast<int>(eq) + 1;
    }
    const FlagSpec* spec = find_flag(name);
    if (!spec) {
      unknown_flag(name, word.pos);
      bool takes_value = !value && k + 1 < args.size() && !args[k + 1].text.starts_with("--"); // assume so
      return takes_value ? k + 1 : k;
    }
    bool is_bool = spec->kind == Kind::boolean || spec->kind == Kind::ignored_bool;
    if (!value && !is_bool) {
      if (k + 1 >= args.size() || args[k + 1].text == "--") {
        throw catalog::InvalidInput(where(m_path, word.pos) + name + " needs a value");
      }
      value = args[++k].text;
      value_pos = args[k].pos;
    }
    if (spec->kind == Kind::boolean && !value && k + 1 < args.size() &&
        (args[k + 1].text == "true" || args[k + 1].text == "false")) {
      value = args[++k].text;
      value_pos = args[k].pos;
    }
    set(*spec, name, value, word.pos, value_pos);
    return k;
  }

  void unknown_flag(const std::string& name, const Pos& pos) {
    Finding f = finding_of(RuleId::gcloud_unknown_flag,
                           name + " is not a flag of 'gcloud ai-platform jobs submit training'; it is ignored here");
    f.path = m_path;
    f.line = pos.line;
    f.column = pos.column;
    m_notes.push_back(f);
  }

  void set(const FlagSpec& spec, const std::string& name, const std::optional<std::string>& value, const Pos& flag_pos,
           const Pos& value_pos) {
    const std::string path(spec.field.view()); // within trainingInput
    std::string field = "trainingInput." + path;
    switch (spec.kind) {
    case Kind::text:
      set_field(m_ti, path, *value);
      break;
    case Kind::count:
      set_field(m_ti, path, count(name, *value, value_pos));
      break;
    case Kind::boolean:
      set_field(m_ti, path, boolean(name, value, value_pos));
      break;
    case Kind::list:
      set_field(m_ti, path, list(field, *value, value_pos));
      break;
    case Kind::tier:
      set_field(m_ti, path, tier(*value));
      break;
    case Kind::config:
      read_config(*value, value_pos);
      return;
    case Kind::package_path:
      m_local_packages = true;
      m_positions["trainingInput.packageUris"] = flag_pos;
      return;
    case Kind::labels:
      m_doc["labels"] = key_values(name, *value, value_pos);
      m_positions["labels"] = flag_pos;
      return;
    case Kind::kms:
      m_kms[path] = *value;
      m_kms_pos = m_kms_pos.line ? m_kms_pos : flag_pos;
      return;
    case Kind::accelerator:
      set_field(m_ti, path, accelerator(name, *value, value_pos));
      break;
    case Kind::ignored:
    case Kind::ignored_bool:
      return;
    }
    m_positions[field] = flag_pos;
  }

  long count(const std::string& name, const std::string& v, const Pos& at) const {
    if (v.empty() || v.size() > 9 ||
        !std::all_of(v.begin(), v.end(), [](char c) { return std::isdigit(static_cast<unsigned char>(c)); })) {
      throw catalog::InvalidInput(where(m_path, at) + name + " must be a whole number, not '" + v + "'");
    }
    return std::stol(v);
  }

  bool boolean(const std::string& name, const std::optional<std::string>& value, const Pos& at) const {
    if (!value) {
      return true;
    }
    std::string v = *value;
    std::transform(v.begin(), v.end(), v.begin(), [](unsigned char c) { return static_cast<char>(std::tolower(c)); });
    if (v != "true" && v != "false") {
      throw catalog::InvalidInput(where(m_path, at) + name + " takes true or false, not '" + *value + "'");
    }
    return v == "true";
  }

  // --packages a,b: each item, with its position.
  Tree list(const std::string& field, const std::string& v, const Pos& at) {
    Tree arr = Tree::array();
    size_t start = 0;
    int n = 0;
    for (std::string_view item : util::split(v, ',')) {
      if (!item.empty()) {
        Pos p = at;
        p.column += static_cast<int>(start);
        m_positions[field + "[" + std::to_string(n++) + "]"] = p;
        m_local_packages = m_local_packages || is_local(std::string(item));
        arr.push_back(item);
      }
      start += item.size() + 1;
    }
    return arr;
  }

  // --kms-key (a full projects/.../cryptoKeys/KEY name, or KEY with --kms-keyring, --kms-location and
  // --kms-project) as encryptionConfig.kmsKeyName. A short name without all three parts is left
  // out: gcloud completes it from its own configuration, which the command line does not show.
  void kms_key() {
    auto key = m_kms.find("cryptoKeys");
    if (key == m_kms.end()) {
      return;
    }
    std::string name = key->second;
    if (!name.starts_with("projects/")) {
      if (m_kms.size() < 4) {
        return;
      }
      name = "projects/" + m_kms["projects"] + "/locations/" + m_kms["locations"] + "/keyRings/" + m_kms["keyRings"] +
             "/cryptoKeys/" + name;
    }
    m_ti["encryptionConfig"]["kmsKeyName"] = name;
    m_positions["trainingInput.encryptionConfig"] = m_kms_pos;
  }

  // KEY=VALUE,... (gcloud's dictionary flags): each item needs its '='.
  Tree key_values(const std::string& name, const std::string& v, const Pos& at) const {
    Tree obj = Tree::object();
    size_t start = 0;
    for (std::string_view item : util::split(v, ',')) {
      Pos p = at;
      p.column += static_cast<int>(start);
      start += item.size() + 1;
      if (item.empty()) {
        continue;
      }
      auto eq = item.find('=');
      if (eq == std::string_view::npos || eq == 0) {
        throw catalog::InvalidInput(where(m_path, p) + name + " takes KEY=VALUE pairs separated by commas, not '" +
                                    std::string(item) + "'");
      }
      obj[std::string(item.substr(0, eq))] = std::string(item.substr(eq + 1));
    }
    return obj;
  }

  // --master-accelerator type=nvidia-tesla-t4,count=2 -> {"type": "NVIDIA_TESLA_T4", "count": "2"}, as
  // gcloud sends it (count defaults to 1; type is required).
  Tree accelerator(const std::string& name, const std::string& v, const Pos& at) const {
    Tree given = key_values(name, v, at);
    Tree acc = Tree::object();
    for (const auto& [key, value] : given.items()) {
      if (key != "type" && key != "count") {
        throw catalog::InvalidInput(where(m_path, at) + name + " takes type=TYPE and count=COUNT, not '" + key + "'");
      }
    }
    if (!given.contains("type") || given["type"].get<std::string>().empty()) {
      throw catalog::InvalidInput(where(m_path, at) + name + " needs type=TYPE (for example type=nvidia-tesla-t4,count=1)");
    }
    acc["count"] = given.contains("count") ? count(name + " count", given["count"].get<std::string>(), at) : 1;
    std::string type = given["type"].get<std::string>();
    std::transform(type.begin(), type.end(), type.begin(),
                   [](unsigned char c) { return c == '-' ? '_' : static_cast<char>(std::toupper(c)); });
    acc["type"] = type;
    return acc;
  }

  static std::string tier(std::string v) {
    std::transform(v.begin(), v.end(), v.begin(),
                   [](unsigned char c) { return c == '-' ? '_' : static_cast<char>(std::toupper(c)); });
    return v;
  }

  void read_config(const std::string& file, const Pos& at) {
    std::filesystem::path p(file);
    if (p.is_relative() && !m_base_dir.empty() && !std::filesystem::exists(p)) {
      p = std::filesystem::path(m_base_dir) / p;
    }
    try {
      m_config = parse_config_yaml(util::read_file(p.string()), p.string());
    } catch (const catalog::InvalidInput& e) {
      throw catalog::InvalidInput(where(m_path, at) + "--config: " + e.what());
    }
  }

  // Flags win over the --config file, as in gcloud.
  void merge_config() {
    Tree merged = Tree::parse(m_config->training_input_json);
    for (auto& [key, value] : m_ti.items()) {
      if (value.is_object() && merged.contains(key) && merged[key].is_object()) {
        merged[key].update(value);
      } else {
        merged[key] = value;
      }
    }
    for (const auto& [key, p] : m_config->positions) {
      std::string full = key.empty() ? "trainingInput" : "trainingInput." + key;
      if (!m_positions.contains(full)) {
        Pos fp = p;
        fp.file = fp.file.empty() ? m_config->path : fp.file;
        m_positions[full] = fp;
      }
    }
    for (const auto& n : m_config->notes) {
      if (n.rule != rule_id(RuleId::unknown_field)) { // found again on the merged trainingInput below
        m_notes.push_back(n);
      }
    }
    m_ti = merged;
  }
};

} // namespace

JobSpec parse_gcloud(std::string_view text, const std::string& path, const std::string& base_dir) {
  check_utf8(text, path);
  auto commands = tokenize(text, path);
  const Command& gcloud = find_gcloud(commands, path);
  return JobReader(path, base_dir).read(job_arguments(gcloud, path), gcloud.back().pos);
}

} // namespace lib::jobs
