// `gcloud ai-platform jobs submit training` command line -> JobSpec. A shell-like tokenizer
// (quotes, backslash continuations, comments) keeps each word's line and column; flags map onto
// the trainingInput fields gcloud would send, over the --config file when one is given.

#include "catalog/catalog_set.hpp"
#include "catalog/error.hpp"
#include "lib/jobs/job_tree.hpp"
#include "lib/jobs/parsers.hpp"

#include <algorithm>
#include <cctype>
#include <filesystem>

namespace lib::jobs {

namespace {

struct Word {
  std::string text;
  Pos pos;
};

// Splits the text into commands (a newline outside quotes and not escaped ends one; ';', '&&'
// and '|' too) of words.
std::vector<std::vector<Word>> tokenize(std::string_view s, const std::string& path) {
  std::vector<std::vector<Word>> commands(1);
  int line = 1;
  int col = 1;
  size_t i = 0;
  auto next = [&] {
    if (s[i] == '\n') {
      ++line;
      col = 1;
    } else if ((static_cast<unsigned char>(s[i]) & 0xC0) != 0x80) {
      ++col;
    }
    ++i;
  };
  auto end_command = [&] {
    if (!commands.back().empty()) {
      commands.emplace_back();
    }
  };
  while (i < s.size()) {
    char c = s[i];
    if (c == '\\' && i + 1 < s.size() && s[i + 1] == '\n') {
      next();
      next();
      continue;
    }
    if (c == '\\' && i + 2 < s.size() && s[i + 1] == '\r' && s[i + 2] == '\n') {
      next();
      next();
      next();
      continue;
    }
    if (c == '\n' || c == ';') {
      next();
      end_command();
      continue;
    }
    if (c == ' ' || c == '\t' || c == '\r') {
      next();
      continue;
    }
    if (c == '#') {
      while (i < s.size() && s[i] != '\n') {
        next();
      }
      continue;
    }
    if ((c == '&' || c == '|')) {
      while (i < s.size() && (s[i] == '&' || s[i] == '|')) {
        next();
      }
      end_command();
      continue;
    }
    Word w;
    w.pos = Pos{"", line, col};
    while (i < s.size()) {
      c = s[i];
      if (c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == ';' || c == '&' || c == '|') {
        break;
      }
      if (c == '\\') {
        next();
        if (i < s.size() && s[i] == '\n') {
          next();
          continue;
        }
        if (i < s.size()) {
          w.text += s[i];
          next();
        }
        continue;
      }
      if (c == '\'' || c == '"') {
        Pos open{"", line, col};
        char quote = c;
        next();
        while (i < s.size() && s[i] != quote) {
          if (quote == '"' && s[i] == '\\' && i + 1 < s.size() &&
              (s[i + 1] == '"' || s[i + 1] == '\\' || s[i + 1] == '$' || s[i + 1] == '`' || s[i + 1] == '\n')) {
            next();
            if (s[i] == '\n') {
              next();
              continue;
            }
          }
          w.text += s[i];
          next();
        }
        if (i >= s.size()) {
          throw catalog::InvalidInput(where(path, open) + "unterminated " + std::string(quote == '"' ? "double" : "single") +
                                      " quote in the gcloud command line");
        }
        next();
        continue;
      }
      w.text += c;
      next();
    }
    commands.back().push_back(w);
  }
  return commands;
}

enum class Kind { text, count, boolean, list, tier, config, package_path, ignored, ignored_bool };

struct FlagSpec {
  const char* flag;
  Kind kind;
  const char* field; // trainingInput path ("masterConfig.imageUri")
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
    {"--labels", Kind::ignored, ""},
    {"--master-accelerator", Kind::ignored, ""},
    {"--worker-accelerator", Kind::ignored, ""},
    {"--parameter-server-accelerator", Kind::ignored, ""},
    {"--kms-key", Kind::ignored, ""},
    {"--kms-keyring", Kind::ignored, ""},
    {"--kms-location", Kind::ignored, ""},
    {"--kms-project", Kind::ignored, ""},
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
    if (name == f.flag) {
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
  return uri.rfind("gs://", 0) != 0;
}

} // namespace

JobSpec parse_gcloud(std::string_view text, const std::string& path, const std::string& base_dir) {
  check_utf8(text, path);
  auto commands = tokenize(text, path);
  const std::vector<Word>* cmd = nullptr;
  for (const auto& c : commands) {
    if (!c.empty() && (c[0].text == "gcloud" || (c[0].text.size() > 7 && c[0].text.ends_with("/gcloud")))) {
      cmd = &c;
      break;
    }
  }
  if (!cmd) {
    throw catalog::InvalidInput(where(path, Pos{"", 1, 1}) +
                                "no gcloud command found (expected 'gcloud ai-platform jobs submit training JOB ...')");
  }
  const auto& w = *cmd;
  // gcloud [global flags] [beta|alpha] ai-platform|ml-engine jobs submit training
  const char* const k_path[] = {"jobs", "submit", "training"};
  size_t i = 1;
  std::vector<Word> flags_before;
  while (i < w.size() && w[i].text.rfind("-", 0) == 0) {
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
  Tree doc = Tree::object();
  Tree ti = Tree::object();
  Positions positions;
  std::vector<Finding> notes;
  std::optional<JobSpec> config;
  bool local_packages = false;
  std::vector<Word> rest = flags_before;
  rest.insert(rest.end(), w.begin() + static_cast<long>(i), w.end());
  Pos job_pos;
  for (size_t k = 0; k < rest.size(); ++k) {
    const Word& word = rest[k];
    if (word.text == "--") {
      Tree args = Tree::array();
      for (size_t a = k + 1; a < rest.size(); ++a) {
        args.push_back(rest[a].text);
      }
      ti["args"] = args;
      positions["trainingInput.args"] = word.pos;
      break;
    }
    if (word.text.rfind("-", 0) != 0) {
      if (!doc.contains("jobId")) {
        doc["jobId"] = word.text;
        job_pos = word.pos;
        continue;
      }
      throw catalog::InvalidInput(where(path, word.pos) + "unexpected argument '" + word.text + "' (the job id is already '" +
                                  doc["jobId"].get<std::string>() + "'; user arguments go after --)");
    }
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
      Finding f = finding_of(RuleId::gcloud_unknown_flag,
                             name + " is not a flag of 'gcloud ai-platform jobs submit training'; it is ignored here");
      f.path = path;
      f.line = word.pos.line;
      f.column = word.pos.column;
      notes.push_back(f);
      if (!value && k + 1 < rest.size() && rest[k + 1].text.rfind("--", 0) != 0) {
        ++k; // assume it takes a value
      }
      continue;
    }
    bool is_bool = spec->kind == Kind::boolean || spec->kind == Kind::ignored_bool;
    if (!value && !is_bool) {
      if (k + 1 >= rest.size() || rest[k + 1].text == "--") {
        throw catalog::InvalidInput(where(path, word.pos) + name + " needs a value");
      }
      value = rest[++k].text;
      value_pos = rest[k].pos;
    }
    std::string field = std::string("trainingInput.") + spec->field;
    switch (spec->kind) {
    case Kind::text:
      set_field(ti, spec->field, *value);
      positions[field] = word.pos;
      break;
    case Kind::count: {
      const std::string& v = *value;
      if (v.empty() || v.size() > 9 ||
          !std::all_of(v.begin(), v.end(), [](char c) { return std::isdigit(static_cast<unsigned char>(c)); })) {
        throw catalog::InvalidInput(where(path, value_pos) + name + " must be a whole number, not '" + v + "'");
      }
      set_field(ti, spec->field, std::stol(v));
      positions[field] = word.pos;
      break;
    }
    case Kind::boolean: {
      bool b = true;
      if (!value && k + 1 < rest.size() && (rest[k + 1].text == "true" || rest[k + 1].text == "false")) {
        value = rest[++k].text;
      }
      if (value) {
        std::string v = *value;
        std::transform(v.begin(), v.end(), v.begin(), [](unsigned char c) { return static_cast<char>(std::tolower(c)); });
        if (v != "true" && v != "false") {
          throw catalog::InvalidInput(where(path, value_pos) + name + " takes true or false, not '" + *value + "'");
        }
        b = v == "true";
      }
      set_field(ti, spec->field, b);
      positions[field] = word.pos;
      break;
    }
    case Kind::list: {
      Tree arr = Tree::array();
      std::string v = *value;
      size_t start = 0;
      int n = 0;
      while (start <= v.size()) {
        size_t comma = v.find(',', start);
        std::string item = v.substr(start, comma == std::string::npos ? std::string::npos : comma - start);
        if (!item.empty()) {
          Pos p = value_pos;
          p.column += static_cast<int>(start);
          positions[field + "[" + std::to_string(n++) + "]"] = p;
          local_packages = local_packages || is_local(item);
          arr.push_back(item);
        }
        if (comma == std::string::npos) {
          break;
        }
        start = comma + 1;
      }
      set_field(ti, spec->field, arr);
      positions[field] = word.pos;
      break;
    }
    case Kind::tier: {
      std::string v = *value;
      std::transform(v.begin(), v.end(), v.begin(),
                     [](unsigned char c) { return c == '-' ? '_' : static_cast<char>(std::toupper(c)); });
      set_field(ti, spec->field, v);
      positions[field] = word.pos;
      break;
    }
    case Kind::config: {
      std::filesystem::path p(*value);
      if (p.is_relative() && !base_dir.empty() && !std::filesystem::exists(p)) {
        p = std::filesystem::path(base_dir) / p;
      }
      try {
        config = parse_config_yaml(catalog::read_file(p.string()), p.string());
      } catch (const catalog::InvalidInput& e) {
        throw catalog::InvalidInput(where(path, value_pos) + "--config: " + e.what());
      }
      break;
    }
    case Kind::package_path:
      local_packages = true;
      positions["trainingInput.packageUris"] = word.pos;
      break;
    case Kind::ignored:
    case Kind::ignored_bool:
      break;
    }
  }
  if (!doc.contains("jobId")) {
    throw catalog::InvalidInput(where(path, w.back().pos) +
                                "the gcloud command names no job id (gcloud ai-platform jobs submit training JOB)");
  }
  // Flags win over the --config file, as in gcloud.
  if (config) {
    Tree merged = Tree::parse(config->training_input_json);
    for (auto& [key, value] : ti.items()) {
      if (value.is_object() && merged.contains(key) && merged[key].is_object()) {
        merged[key].update(value);
      } else {
        merged[key] = value;
      }
    }
    for (const auto& [key, p] : config->positions) {
      std::string full = key.empty() ? "trainingInput" : "trainingInput." + key;
      if (!positions.contains(full)) {
        Pos fp = p;
        fp.file = fp.file.empty() ? config->path : fp.file;
        positions[full] = fp;
      }
    }
    for (const auto& n : config->notes) {
      if (n.rule != rule_id(RuleId::unknown_field)) { // found again on the merged trainingInput below
        notes.push_back(n);
      }
    }
    ti = merged;
  }
  doc["trainingInput"] = ti;
  positions["trainingInput"] = job_pos;
  JobSpec spec = job_from_tree(doc, positions, path, "gcloud");
  spec.local_packages = local_packages;
  spec.notes.insert(spec.notes.begin(), notes.begin(), notes.end());
  return spec;
}

} // namespace lib::jobs
