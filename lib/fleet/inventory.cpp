#include "lib/fleet/inventory.hpp"

#include "catalog/error.hpp"
#include "lib/jobs/parsers.hpp"
#include "util/file.hpp"
#include "util/json_fast.hpp"
#include "util/position.hpp"
#include "util/utf8.hpp"

#include <nlohmann/json.hpp>

#include <algorithm>
#include <cctype>
#include <cerrno>
#include <cstdio>
#include <cstring>
#include <forward_list>
#include <functional>
#include <map>
#include <memory>
#include <optional>
#include <string_view>
#include <utility>
#include <vector>

namespace lib {

using namespace std::string_view_literals;

namespace {

using json = nlohmann::json;

// What a string value does to the record, by its key path: most values fill one member of the
// Resource (Field::member).
enum class Field { none, job_id, name, member, deployment, time_seen };
struct Slot {
  Field field = Field::none;
  std::string Resource::*member = nullptr; // for Field::member
};

// The keys the handler reads, told apart once per key event (by length, then bytes), so that
// each value costs integer comparisons rather than string ones.
enum class Key : unsigned char {
  other,
  // the top level: the Resource's fields
  job_id,
  name,
  state,
  create_time,
  runtime_version,
  python_version,
  framework,
  deployment_uri,
  display_name,
  start_time, // the top level: the times that show the record alive after its creation
  end_time,
  update_time,
  last_use_time,
  // the top level: containers that tell the kind of record
  training_input,
  prediction_input,
  job_spec, // the first of the Vertex AI keys (note_vertex_key), in this order
  trial_job_spec,
  training_task_definition,
  training_task_inputs,
  container_spec,
  deployed_models, // the last of them
  // nested
  container,
  image,
  master_config,
  image_uri,
  executor_image_uri,
  endpoint,
  model,
  id,
  // the top level of a REST list response: the collections read, each an array of records
  // ({"models": [...], "nextPageToken": "..."})
  models, // the first of them (is_collection)
  endpoints,
  custom_jobs,
  hyperparameter_tuning_jobs,
  training_pipelines,
  jobs,
  versions, // the last of them
};

constexpr bool is_collection(Key k) {
  return k >= Key::models && k <= Key::versions;
}

// The names above, by length and first byte: a key is compared with one name at most.
// Each name is compared only with keys of its own length, so the comparison has a constant size
// the compiler turns into a few loads (no memcmp call: a key is classified for every member of
// every record).
template <size_t N> constexpr Key same(std::string_view key, const char (&name)[N], Key k) {
  return key.size() == N - 1 && std::char_traits<char>::compare(key.data(), name, N - 1) == 0 ? k : Key::other;
}

constexpr Key classify(std::string_view key) {
  auto is = [&](const auto& name, Key k) { return same(key, name, k); };
  if (key.empty()) {
    return Key::other;
  }
  const char first = key[0];
  switch (key.size()) {
  case 2:
    return is("id", Key::id);
  case 4:
    return first == 'n' ? is("name", Key::name) : is("jobs", Key::jobs);
  case 5:
    return first == 'j'   ? is("jobId", Key::job_id)
           : first == 's' ? is("state", Key::state)
           : first == 'i' ? is("image", Key::image)
                          : is("model", Key::model);
  case 6:
    return is("models", Key::models);
  case 7:
    return first == 'j' ? is("jobSpec", Key::job_spec) : is("endTime", Key::end_time);
  case 8:
    return first == 'i'   ? is("imageUri", Key::image_uri)
           : first == 'e' ? is("endpoint", Key::endpoint)
                          : is("versions", Key::versions);
  case 9:
    return first == 'f'   ? is("framework", Key::framework)
           : first == 's' ? is("startTime", Key::start_time)
           : first == 'e' ? is("endpoints", Key::endpoints)
                          : is("container", Key::container);
  case 10:
    return first == 'u'    ? is("updateTime", Key::update_time)
           : key[1] == 'r' ? is("createTime", Key::create_time)
                           : is("customJobs", Key::custom_jobs);
  case 11:
    return first == 'd' ? is("displayName", Key::display_name) : is("lastUseTime", Key::last_use_time);
  case 12:
    return first == 't' ? is("trialJobSpec", Key::trial_job_spec) : is("masterConfig", Key::master_config);
  case 13:
    return first == 'p'   ? is("pythonVersion", Key::python_version)
           : first == 'd' ? is("deploymentUri", Key::deployment_uri)
           : first == 't' ? is("trainingInput", Key::training_input)
                          : is("containerSpec", Key::container_spec);
  case 14:
    return first == 'r' ? is("runtimeVersion", Key::runtime_version) : is("deployedModels", Key::deployed_models);
  case 15:
    return is("predictionInput", Key::prediction_input);
  case 16:
    return is("executorImageUri", Key::executor_image_uri);
  case 17:
    return is("trainingPipelines", Key::training_pipelines);
  case 18:
    return is("trainingTaskInputs", Key::training_task_inputs);
  case 22:
    return is("trainingTaskDefinition", Key::training_task_definition);
  case 24:
    return is("hyperparameterTuningJobs", Key::hyperparameter_tuning_jobs);
  default:
    return Key::other;
  }
}

// The keys the handler reads, each name above once: json_fast::walk leaves out the members that
// have none of them (the handler's results depend on nothing else, see RecordHandler).
constexpr std::string_view k_keys_read[] = {"jobId",
                                            "name",
                                            "state",
                                            "createTime",
                                            "runtimeVersion",
                                            "pythonVersion",
                                            "framework",
                                            "deploymentUri",
                                            "displayName",
                                            "startTime",
                                            "endTime",
                                            "updateTime",
                                            "lastUseTime",
                                            "trainingInput",
                                            "predictionInput",
                                            "jobSpec",
                                            "trialJobSpec",
                                            "trainingTaskDefinition",
                                            "trainingTaskInputs",
                                            "containerSpec",
                                            "deployedModels",
                                            "container",
                                            "image",
                                            "masterConfig",
                                            "imageUri",
                                            "executorImageUri",
                                            "endpoint",
                                            "model",
                                            "id",
                                            "models",
                                            "endpoints",
                                            "customJobs",
                                            "hyperparameterTuningJobs",
                                            "trainingPipelines",
                                            "jobs",
                                            "versions"};

// k_keys_read names every key classify() tells apart, in the enum's order.
constexpr bool keys_read_complete() {
  size_t i = 0;
  for (std::string_view name : k_keys_read) {
    if (classify(name) != static_cast<Key>(++i)) {
      return false;
    }
  }
  return i == static_cast<size_t>(Key::versions);
}
static_assert(keys_read_complete(), "k_keys_read: one name per Key, in order");

// The keys of a record's top level that an audit reads.
Slot top_level_slot(Key k) {
  switch (k) {
  case Key::job_id:
    return {Field::job_id};
  case Key::name:
    return {Field::name};
  case Key::state:
    return {Field::member, &Resource::state};
  case Key::create_time:
    return {Field::member, &Resource::created};
  case Key::runtime_version:
    return {Field::member, &Resource::runtime};
  case Key::python_version:
    return {Field::member, &Resource::python};
  case Key::framework:
    return {Field::member, &Resource::framework};
  case Key::deployment_uri:
    return {Field::deployment};
  case Key::display_name:
    return {Field::member, &Resource::display_name};
  case Key::start_time:
  case Key::end_time:
  case Key::update_time:
  case Key::last_use_time:
    return {Field::time_seen};
  default:
    return {};
  }
}

// Where a value is: one per enclosing container, outermost first (the record itself is the first).
struct Frame {
  std::string_view key; // the key the container is under ("" for an element of an array)
  Key id = Key::other;  // that key, classified
  bool array = false;
  size_t elements = 0; // an array's elements so far
};

// The image keys of Vertex AI records: ...containerSpec.imageUri (models, worker pools, a
// pipeline's modelToUpload) and ...pythonPackageSpec.executorImageUri (worker pools).
constexpr std::string_view k_image_suffixes[] = {"containerSpec.imageUri", "pythonPackageSpec.executorImageUri"};

bool ends_with(std::string_view s, std::string_view suffix) {
  return s.size() >= suffix.size() && s.substr(s.size() - suffix.size()) == suffix;
}

// "[json.exception.parse_error.101] parse error at line 1, column 5: syntax error ..." -> the
// reason, with the raw bytes of a binary input it quotes kept off the terminal.
std::string parse_error_reason(const nlohmann::detail::exception& ex) {
  std::string error = ex.what();
  size_t colon = error.find(": ", error.find("parse error"));
  if (colon != std::string::npos) {
    error = error.substr(colon + 2);
  }
  for (char& c : error) {
    if (static_cast<unsigned char>(c) < 0x20 || static_cast<unsigned char>(c) >= 0x7f) {
      c = '?';
    }
  }
  return error;
}

// A SAX handler that only checks the syntax: where a list response stops being JSON.
struct SyntaxCheck {
  std::string error;
  size_t error_offset = 0;
  bool null() { return true; }
  bool boolean(bool) { return true; }
  bool number_integer(json::number_integer_t) { return true; }
  bool number_unsigned(json::number_unsigned_t) { return true; }
  bool number_float(json::number_float_t, const std::string&) { return true; }
  bool string(std::string&) { return true; }
  bool binary(json::binary_t&) { return true; }
  bool start_object(std::size_t) { return true; }
  bool end_object() { return true; }
  bool start_array(std::size_t) { return true; }
  bool end_array() { return true; }
  bool key(std::string&) { return true; }
  bool parse_error(std::size_t position, const std::string&, const nlohmann::detail::exception& ex) {
    error_offset = position > 0 ? position - 1 : 0;
    error = parse_error_reason(ex);
    return false;
  }
};

// A SAX handler that keeps only the fields an audit needs: no document tree is built, so a
// record costs a few string copies however many other fields it has.
class RecordHandler {
public:
  // `frames`: storage reused record after record (emptied here).
  RecordHandler(Resource& r, std::vector<Frame>& frames) : res(r), m_frames(frames) { m_frames.clear(); }

  Resource& res; // cleared by the caller; strings are assigned, so their storage is reused
  std::string error;
  size_t error_offset = 0;
  bool saw_training = false;
  bool saw_prediction = false;
  bool saw_deployment = false;
  std::string vertex_spec; // a top-level key only one Vertex AI kind has ("jobSpec", "trialJobSpec", ...)
  // Whether a top-level collection array ("models": [...]) makes the record a REST list response:
  // the walk then stops there, with `page` set to the collection's key.
  bool pages = false;
  std::string page;

  bool null() { return scalar(nullptr, "null"); }
  bool boolean(bool) { return scalar(nullptr, "a boolean"); }
  bool number_integer(json::number_integer_t) { return scalar(nullptr, "a number"); }
  bool number_unsigned(json::number_unsigned_t) { return scalar(nullptr, "a number"); }
  bool number_float(json::number_float_t, const std::string&) { return scalar(nullptr, "a number"); }
  bool string(std::string& val) { return text(val); }
  bool text(std::string_view val) { return scalar(&val, "a string"); }
  bool binary(json::binary_t&) { return scalar(nullptr, "binary"); }

  bool start_object(std::size_t) {
    if (m_frames.size() == 1) {
      saw_training = saw_training || m_key_id == Key::training_input;
      saw_prediction = saw_prediction || m_key_id == Key::prediction_input;
      note_vertex_key();
    }
    push(false);
    return true;
  }
  bool end_object() {
    m_frames.pop_back();
    forget_key();
    return true;
  }
  bool start_array(std::size_t) {
    if (m_frames.empty()) {
      return fail("expected a JSON object (a job, model version or Vertex AI resource), found an array");
    }
    if (m_frames.size() == 1) {
      if (pages && is_collection(m_key_id)) {
        page.assign(m_key);
        return false; // a list response: its records are read one by one (read_page)
      }
      note_vertex_key();
    }
    push(true);
    return true;
  }
  bool end_array() {
    m_frames.pop_back();
    forget_key();
    return true;
  }
  // nlohmann's key: its text is the parser's, which it overwrites, so it is kept (keys are
  // views into text that lasts as long as the record's walk).
  bool key(std::string& val) { return key_text(m_owned_keys.emplace_front(val)); }
  // The fast reader's key: a view into its tape, which lasts until the walk returns.
  bool key_text(std::string_view val) {
    m_key = val;
    m_key_id = classify(val);
    return true;
  }
  bool parse_error(std::size_t position, const std::string&, const nlohmann::detail::exception& ex) {
    error_offset = position > 0 ? position - 1 : 0;
    error = parse_error_reason(ex);
    return false;
  }

  void set_offset(size_t offset) { m_offset = offset; }

private:
  std::vector<Frame>& m_frames;
  std::string_view m_key;
  std::forward_list<std::string> m_owned_keys; // nlohmann's keys (a list: the views stay valid)
  Key m_key_id = Key::other;
  size_t m_deployed_element = 0; // the deployedModels element res.deployed.back() is from
  size_t m_offset = 0;

  void push(bool array) {
    Frame f;
    f.array = array;
    if (!m_frames.empty()) {
      if (m_frames.back().array) {
        ++m_frames.back().elements;
      } else {
        f.key = m_key;
        f.id = m_key_id;
      }
    }
    m_frames.push_back(f);
    forget_key();
  }

  // A key names the one value after it: an array's elements, and whatever follows the end of a
  // container, have none (the value after a key is its only reader, so that leaving out a member
  // the handler does not read changes nothing: json_fast::walk's keys).
  void forget_key() {
    m_key = {};
    m_key_id = Key::other;
  }

  void note_vertex_key() {
    if (m_key_id >= Key::job_spec && m_key_id <= Key::deployed_models && vertex_spec.empty()) {
      vertex_spec = m_key;
    }
  }

  bool fail(std::string message) {
    error = std::move(message);
    error_offset = m_offset;
    return false;
  }

  // The value's key path below the record: "jobSpec.workerPoolSpecs[0].containerSpec.imageUri".
  std::string key_path() const {
    std::string out;
    for (size_t i = 1; i < m_frames.size(); ++i) {
      const Frame& f = m_frames[i];
      if (!f.key.empty()) {
        out.append(out.empty() ? "" : ".").append(f.key);
      }
      if (f.array) {
        out += "[" + std::to_string(f.elements > 0 ? f.elements - 1 : 0) + "]";
      }
    }
    if (!m_frames.back().array) {
      out.append(out.empty() ? "" : ".").append(m_key);
    }
    return out;
  }

  Slot slot() const {
    size_t depth = m_frames.size();
    if (depth == 1) {
      return top_level_slot(m_key_id);
    }
    if (m_frames.back().array || m_frames[depth - 2].array) {
      return {}; // in an array: only Vertex AI paths (vertex_value) are read
    }
    Key parent = m_frames.back().id;
    if (depth == 2 && (parent == Key::training_input || parent == Key::prediction_input)) {
      if (m_key_id == Key::runtime_version)
        return {Field::member, &Resource::runtime};
      if (m_key_id == Key::python_version)
        return {Field::member, &Resource::python};
      return {};
    }
    if (depth == 2 && parent == Key::container && m_key_id == Key::image) {
      return {Field::member, &Resource::image_uri};
    }
    if (depth == 3 && parent == Key::master_config && m_frames[1].id == Key::training_input && m_key_id == Key::image_uri) {
      return {Field::member, &Resource::image_uri};
    }
    return {};
  }

  // A Vertex AI value: an image, or a field of deployedModels[]. False when it is none; sets
  // `error` (and returns true) for one that is not a string.
  bool vertex_value(const std::string_view* val, const char* what) {
    if (m_key_id < Key::image_uri || m_key_id > Key::id) {
      return false; // not imageUri, executorImageUri, endpoint, model or id
    }
    std::string path = key_path();
    bool deployed = m_frames.size() == 3 && m_frames[1].id == Key::deployed_models && m_frames[1].array;
    bool image = std::any_of(std::begin(k_image_suffixes), std::end(k_image_suffixes),
                             [&](std::string_view suffix) { return ends_with(path, suffix); });
    if ((!image && !deployed) || (!val && std::strcmp(what, "null") == 0)) {
      return image || deployed; // an explicit null is a missing field
    }
    if (!val) {
      fail("field " + path + " must be a string, found " + what);
      return true;
    }
    for (std::string_view suffix : k_image_suffixes) {
      if (ends_with(path, suffix)) {
        std::string where = path.substr(0, path.size() - suffix.size());
        where = where.empty() ? "containerSpec" : where.substr(0, where.size() - 1);
        res.images.push_back(ImageUse{std::string(*val), std::move(where)});
        return true;
      }
    }
    if (m_key_id == Key::endpoint) {
      res.endpoints.emplace_back(*val);
      return true;
    }
    // One DeployedModel per element that has an id or a model (not one per element: memory
    // follows what is kept).
    size_t index = m_frames[1].elements;
    if (res.deployed.empty() || m_deployed_element != index) {
      res.deployed.emplace_back();
      m_deployed_element = index;
    }
    (m_key_id == Key::model ? res.deployed.back().model : res.deployed.back().id) = std::string(*val);
    return true;
  }

  bool scalar(const std::string_view* val, const char* what) {
    if (m_frames.empty()) {
      return fail(std::string("expected a JSON object (a job, model version or Vertex AI resource), found ") + what);
    }
    if (m_frames.back().array) {
      ++m_frames.back().elements;
    }
    if (m_frames.size() == 1 && val) {
      note_vertex_key();
    }
    if (m_frames.size() > 1 && vertex_value(val, what)) {
      return error.empty();
    }
    Slot s = slot();
    if (s.field == Field::none) {
      return true;
    }
    if (!val) {
      if (std::strcmp(what, "null") == 0 || s.field == Field::time_seen) {
        return true; // an explicit null is a missing field; a time that is no text says nothing
      }
      return fail("field " + std::string(m_key) + " must be a string, found " + what);
    }
    switch (s.field) {
    case Field::job_id:
      res.name.assign(*val);
      res.kind = "job";
      break;
    case Field::name:
      if (res.kind != "job")
        res.name.assign(*val);
      break;
    case Field::member:
      (res.*s.member).assign(*val);
      break;
    case Field::deployment:
      saw_deployment = true;
      break;
    case Field::time_seen:
      // The latest (RFC 3339 times in UTC compare as text).
      if (*val > std::string_view(res.seen)) {
        res.seen.assign(*val);
        res.seen_field = m_key_id == Key::start_time    ? "startTime"
                         : m_key_id == Key::end_time    ? "endTime"
                         : m_key_id == Key::update_time ? "updateTime"
                                                        : "lastUseTime";
      }
      break;
    case Field::none:
      break;
    }
    return true;
  }
};

// The fast reader's events, for a RecordHandler: the same events in the same order as
// nlohmann's SAX parser gives for the same (valid) text, so the handler sees no difference.
class FastEvents final : public util::json_fast::Events {
public:
  explicit FastEvents(RecordHandler& h) : m_h(h) {}
  bool null() override { return m_h.null(); }
  bool boolean() override { return m_h.boolean(false); }
  bool number() override { return m_h.number_integer(0); }
  bool string(std::string_view value) override { return m_h.text(value); }
  bool key(std::string_view value) override { return m_h.key_text(value); }
  bool start_object() override { return m_h.start_object(0); }
  bool end_object() override { return m_h.end_object(); }
  bool start_array() override { return m_h.start_array(0); }
  bool end_array() override { return m_h.end_array(); }

private:
  RecordHandler& m_h;
};

} // namespace

bool is_vertex(const Resource& r) {
  return r.kind == "model"sv || r.kind == "custom_job"sv || r.kind == "hyperparameter_tuning_job"sv ||
         r.kind == "training_pipeline"sv || r.kind == "endpoint"sv;
}

namespace {

// The Vertex AI kind of a record, by its resource name (projects/P/locations/L/COLLECTION/ID)
// or else by a key only that kind has; "" when it is not a Vertex AI record.
std::string vertex_kind(const std::string& name, const std::string& spec) {
  static constexpr std::pair<std::string_view, std::string_view> k_collections[] = {
      {"/customJobs/", "custom_job"},
      {"/hyperparameterTuningJobs/", "hyperparameter_tuning_job"},
      {"/trainingPipelines/", "training_pipeline"},
      {"/endpoints/", "endpoint"},
      {"/models/", "model"}};
  if (name.find("/locations/") != std::string::npos) {
    for (const auto& [collection, kind] : k_collections) {
      if (name.find(collection) != std::string::npos) {
        return std::string(kind);
      }
    }
  }
  static constexpr std::pair<std::string_view, std::string_view> k_specs[] = {{"jobSpec", "custom_job"},
                                                                              {"trialJobSpec", "hyperparameter_tuning_job"},
                                                                              {"trainingTaskDefinition", "training_pipeline"},
                                                                              {"trainingTaskInputs", "training_pipeline"},
                                                                              {"containerSpec", "model"}};
  for (const auto& [key, kind] : k_specs) {
    if (spec == key) {
      return std::string(kind);
    }
  }
  return "";
}

// Empties a resource, keeping its strings' storage for the next record.
void clear(Resource& r) {
  for (std::string* s : {&r.kind, &r.name, &r.state, &r.created, &r.seen, &r.runtime, &r.python, &r.framework, &r.image_uri,
                         &r.service, &r.display_name, &r.part, &r.catalog, &r.path}) {
    s->clear();
  }
  r.images.clear();
  r.endpoints.clear();
  r.deployed.clear();
  r.model_missing = false;
  r.seen_field = {};
  r.record = {};
  r.line = 0;
  r.column = 0;
}

// What a record read by `h` into `r` is: sets its kind and service; false (and the error)
// when it is none of the kinds an audit knows.
bool settle_kind(const RecordHandler& h, Resource& r, std::string& error, size_t& offset) {
  std::string vertex = r.kind == "job" ? "" : vertex_kind(r.name, h.vertex_spec);
  if (vertex.empty() && h.vertex_spec == "deployedModels") {
    vertex = r.endpoints.empty() && !r.deployed.empty() ? "endpoint" : "model";
  }
  if (r.kind == "job" || h.saw_training || h.saw_prediction) {
    r.kind = "job";
    r.service = h.saw_prediction && !h.saw_training ? "prediction" : "training";
  } else if (!vertex.empty()) {
    r.kind = vertex;
    r.service = vertex == "model" || vertex == "endpoint" ? "prediction" : "training";
  } else if (!r.name.empty() &&
             (r.name.find("/versions/") != std::string::npos || h.saw_deployment || !r.framework.empty() || !r.runtime.empty())) {
    r.kind = "model_version";
    r.service = "prediction";
  } else {
    error = "neither a job (no jobId, trainingInput or predictionInput), a model version (no name with /versions/) nor "
            "a Vertex AI resource (no name projects/P/locations/L/{models,customJobs,hyperparameterTuningJobs,"
            "trainingPipelines,endpoints}/ID, no jobSpec, trialJobSpec, trainingTaskDefinition or containerSpec)";
    offset = 0;
    return false;
  }
  return true;
}

// What read_record() found.
enum class Read { record, malformed, page };

// Whether text is an object without members: `{}`, what the REST API prints for a list of nothing.
bool empty_object(std::string_view text) {
  size_t open = text.find_first_not_of(" \t\r\n");
  if (open == std::string_view::npos || text[open] != '{') {
    return false;
  }
  size_t close = text.find_first_not_of(" \t\r\n", open + 1);
  return close != std::string_view::npos && text[close] == '}' &&
         text.find_first_not_of(" \t\r\n", close + 1) == std::string_view::npos;
}

// parse_record() into a resource the caller reuses record after record (no allocation once
// its strings have grown): Read::malformed, with the error and its offset, when the record is
// malformed. With `page`, a REST list response is no record but Read::page, with *page the key
// of its collection ("" for `{}`); its records are then read by the caller (read_page).
Read read_record(std::string_view text, Resource& r, std::string& error, size_t& offset, size_t readable = 0,
                 std::string* page = nullptr) {
  thread_local std::vector<Frame> frames;
  auto settled = [&](const RecordHandler& h) {
    if (settle_kind(h, r, error, offset)) {
      return Read::record;
    }
    if (page && empty_object(text)) {
      page->clear();
      return Read::page;
    }
    return Read::malformed;
  };
  auto listing = [&](RecordHandler& h) {
    page->swap(h.page);
    return Read::page;
  };
  clear(r);
  {
    RecordHandler h(r, frames);
    h.pages = page != nullptr;
    FastEvents fast(h);
    // The fast reader takes the valid records; anything it does not take (invalid JSON, a field
    // of the wrong type, a record it declines) is read again by nlohmann's parser, whose messages
    // and positions are the ones users see.
    if (util::json_fast::walk(text, fast, readable, k_keys_read)) {
      return settled(h);
    }
    if (!h.page.empty()) {
      return listing(h);
    }
  }
  clear(r);
  RecordHandler h(r, frames);
  h.pages = page != nullptr;
  if (!json::sax_parse(text.begin(), text.end(), &h, json::input_format_t::json, true)) {
    if (!h.page.empty()) {
      return listing(h);
    }
    error = h.error.empty() ? "not valid JSON" : h.error;
    offset = h.error_offset;
    return Read::malformed;
  }
  return settled(h);
}

// A REST list response's members, read for their structure only (each record is then read by
// read_record, which checks it): the elements of the collection's array, handed to `element`
// with their offsets, and whether a nextPageToken that is not empty says more pages follow.
struct PageScan {
  bool more = false;
  size_t error_at = std::string_view::npos; // where the text stops being a list response
};

bool blank_byte(char ch) {
  return ch == ' ' || ch == '\t' || ch == '\r' || ch == '\n';
}

// The offset after the string that starts at t[i] ("), or npos.
size_t skip_string(std::string_view t, size_t i) {
  for (++i; i < t.size(); ++i) {
    if (t[i] == '\\') {
      ++i;
    } else if (t[i] == '"') {
      return i + 1;
    }
  }
  return std::string_view::npos;
}

// The offset after the value that starts at t[i], or npos: a string, an object or array (to its
// matching close), or a scalar (to the next delimiter).
size_t skip_value(std::string_view t, size_t i) {
  if (i >= t.size()) {
    return std::string_view::npos;
  }
  if (t[i] == '"') {
    return skip_string(t, i);
  }
  if (t[i] == '{' || t[i] == '[') {
    int depth = 0;
    while (i < t.size()) {
      char ch = t[i];
      if (ch == '"') {
        i = skip_string(t, i);
        if (i == std::string_view::npos) {
          return i;
        }
        continue;
      }
      if (ch == '{' || ch == '[') {
        ++depth;
      } else if ((ch == '}' || ch == ']') && --depth == 0) {
        return i + 1;
      }
      ++i;
    }
    return std::string_view::npos;
  }
  size_t end = i;
  while (end < t.size() && !blank_byte(t[end]) && t[end] != ',' && t[end] != '}' && t[end] != ']') {
    ++end;
  }
  return end == i ? std::string_view::npos : end;
}

PageScan scan_page(std::string_view t, std::string_view collection,
                   const std::function<void(std::string_view, size_t)>& element) {
  PageScan out;
  auto ws = [&](size_t i) {
    while (i < t.size() && blank_byte(t[i])) {
      ++i;
    }
    return i;
  };
  auto at = [&](size_t i, char ch) { return i < t.size() && t[i] == ch; };
  auto fail = [&](size_t i) {
    out.error_at = std::min(i, t.size());
    return out;
  };
  size_t i = ws(0);
  if (!at(i, '{')) {
    return fail(i);
  }
  i = ws(i + 1);
  if (at(i, '}')) {
    return ws(i + 1) == t.size() ? out : fail(ws(i + 1));
  }
  for (;;) {
    size_t key_end = at(i, '"') ? skip_string(t, i) : std::string_view::npos;
    if (key_end == std::string_view::npos) {
      return fail(i);
    }
    std::string_view key = t.substr(i + 1, key_end - i - 2);
    i = ws(key_end);
    if (!at(i, ':')) {
      return fail(i);
    }
    i = ws(i + 1);
    if (key == collection && at(i, '[')) {
      i = ws(i + 1);
      while (!at(i, ']')) {
        size_t end = skip_value(t, i);
        if (end == std::string_view::npos) {
          return fail(i);
        }
        element(t.substr(i, end - i), i);
        i = ws(end);
        if (at(i, ',')) {
          i = ws(i + 1);
        } else if (!at(i, ']')) {
          return fail(i);
        }
      }
      i = ws(i + 1);
    } else {
      size_t end = skip_value(t, i);
      if (end == std::string_view::npos) {
        return fail(i);
      }
      if (key == "nextPageToken" && t[i] == '"') {
        out.more = end - i > 2;
      }
      i = ws(end);
    }
    if (at(i, ',')) {
      i = ws(i + 1);
    } else if (at(i, '}')) {
      i = ws(i + 1);
      return i == t.size() ? out : fail(i);
    } else {
      return fail(i);
    }
  }
}

} // namespace

std::optional<Resource> parse_record(std::string_view text, std::string& error, size_t& offset) {
  Resource r;
  if (read_record(text, r, error, offset) != Read::record) {
    return std::nullopt;
  }
  return r;
}

namespace {

// Where the reader is: 1-based line and column (columns count code points, util/position.hpp).
struct Cursor {
  int line = 1;
  int column = 1;
};

// Reads an inventory file in chunks, cutting it into records (array elements or lines) that
// parse_record() reads one at a time.
class InventoryReader {
public:
  InventoryReader(const std::string& path, const std::function<void(const Resource&)>& on_resource,
                  const std::function<void(const Malformed&)>& on_malformed)
      : m_source(path), m_path(util::input_name(path)), m_on_resource(on_resource), m_on_malformed(on_malformed) {}

  InventoryCounts read() {
    util::InputFile file = util::open_input(m_source);
    // The slack after the data lets the JSON reader parse a record where it is (json_fast::walk).
    std::vector<char> buf((1 << 20) + util::json_fast::k_padding);
    m_buf_begin = buf.data();
    m_buf_end = buf.data() + buf.size();
    size_t n = 0;
    while ((n = std::fread(buf.data(), 1, buf.size() - util::json_fast::k_padding, file.get())) > 0) {
      feed(std::string_view(buf.data(), n));
    }
    if (std::ferror(file.get())) {
      throw catalog::InvalidInput(m_path + ": cannot read: " + std::strerror(errno));
    }
    finish();
    return m_counts;
  }

private:
  // A record larger than this is reported, not kept: memory stays bounded whatever the input.
  static constexpr size_t k_max_record = 16u << 20;

  const std::string& m_source; // as given: a path, or "-" for standard input
  const std::string m_path;    // as messages and resources name it
  const std::function<void(const Resource&)>& m_on_resource;
  const std::function<void(const Malformed&)>& m_on_malformed;
  InventoryCounts m_counts;
  const char* m_buf_begin = nullptr; // the read buffer (records read in place are views into it)
  const char* m_buf_end = nullptr;
  Cursor m_at;        // the next byte
  std::string m_rec;  // the current record's text
  Cursor m_rec_at;    // where it starts
  Resource m_res;     // the current record's resource, reused
  std::string m_page; // the collection of the list response read_record found
  bool m_oversized = false;
  // JSON array scanning: nesting inside the current element, strings, the closing ].
  int m_depth = 0;
  bool m_in_string = false;
  bool m_escaped = false;
  bool m_array_closed = false;
  bool m_trailing_reported = false;
  std::string m_first_line; // the first line that is not blank, until the shape is decided
  // YAML: the current document's lines are kept in m_rec; this one starts at m_doc_line_start.
  size_t m_doc_line_start = 0;
  Cursor m_doc_at; // where the document's first line is

  static bool blank(char ch) { return ch == ' ' || ch == '\t' || ch == '\r' || ch == '\n'; }

  void malformed(const Cursor& at, const std::string& message) {
    ++m_counts.malformed;
    m_on_malformed(Malformed{m_path, at.line, at.column, "malformed record: " + message});
  }

  void feed(std::string_view chunk) {
    for (size_t i = 0; i < chunk.size(); ++i) {
      if (m_counts.shape == InventoryShape::empty) {
        if (!m_first_line.empty() || (chunk[i] != '[' && !blank(chunk[i]))) {
          i += first_line(chunk.substr(i)) - 1; // decides the shape, then reads the line again
          continue;
        }
        if (!detect_shape(chunk[i])) {
          continue; // a blank before the first record, or the opening [
        }
      }
      if (m_counts.shape == InventoryShape::jsonl || m_counts.shape == InventoryShape::yaml) {
        feed_lines(chunk.substr(i));
        return;
      }
      if (m_counts.shape == InventoryShape::json_object) {
        feed_objects(chunk[i]);
      } else {
        feed_array(chunk[i]);
      }
      advance(chunk[i]);
    }
  }

  // Keeps the first line that is not blank until its end (or the end of the file), decides the
  // shape from it and feeds it again. Returns the bytes of chunk used (at least 1).
  size_t first_line(std::string_view chunk) {
    size_t nl = chunk.find('\n');
    size_t take = nl == std::string_view::npos ? chunk.size() : nl + 1;
    m_first_line.append(chunk.substr(0, take));
    if (nl != std::string_view::npos || m_first_line.size() >= k_max_record) {
      decide_shape();
    }
    return std::max<size_t>(take, 1);
  }

  void decide_shape() {
    std::string line;
    line.swap(m_first_line);
    if (line.empty()) {
      return;
    }
    if (line.front() == '{') {
      // gcloud, jq and json.dumps(indent=...) open a pretty object on a line of its own; any
      // other line is a JSON Lines record (a broken one is then one malformed line, not the file).
      m_counts.shape =
          line.find_first_not_of(" \t\r\n", 1) == std::string::npos ? InventoryShape::json_object : InventoryShape::jsonl;
    } else if (yaml_start(line)) {
      m_counts.shape = InventoryShape::yaml;
    } else {
      throw catalog::InvalidInput(m_path + ":" + std::to_string(m_at.line) + ":" + std::to_string(m_at.column) +
                                  ": not an inventory: expected a JSON array (gcloud ... list --format=json), JSON Lines "
                                  "(one object per line), a JSON object (describe --format=json) or YAML documents "
                                  "(gcloud's default output of describe and list)");
    }
    feed(line);
  }

  // "---", "# ..." or "key:" (a plain name, then ':' at the end or before a blank).
  static bool yaml_start(std::string_view line) {
    if (line.starts_with("---") || line[0] == '#') {
      return true;
    }
    size_t name = 0;
    while (name < line.size() && (std::isalnum(static_cast<unsigned char>(line[name])) || line[name] == '_')) {
      ++name;
    }
    return name > 0 && name < line.size() && line[name] == ':' && (name + 1 == line.size() || blank(line[name + 1]));
  }

  void advance(char ch) {
    if (ch == '\n') {
      ++m_at.line;
      m_at.column = 1;
    } else if (!util::utf8::is_continuation(ch)) {
      ++m_at.column;
    }
  }

  // Decides the shape at the first byte that is not blank; false when ch is used up.
  bool detect_shape(char ch) {
    if (ch == '[') {
      m_counts.shape = InventoryShape::json_array;
    } else if (ch == '{') {
      m_counts.shape = InventoryShape::jsonl;
      return true; // read this line again, as JSON Lines
    } else if (!blank(ch)) {
      throw catalog::InvalidInput(m_path + ":" + std::to_string(m_at.line) + ":" + std::to_string(m_at.column) +
                                  ": not an inventory: expected a JSON array (gcloud ... list --format=json) or JSON "
                                  "Lines (one object per line)");
    }
    advance(ch);
    return false;
  }

  void keep(std::string_view data) {
    if (m_rec.size() + data.size() <= k_max_record) {
      m_rec.append(data);
    } else {
      m_oversized = true;
    }
  }

  // How many bytes from text.data() may be read: to the end of the read buffer for a record read
  // in place, else the text's own.
  size_t readable(std::string_view text) const {
    bool in_buffer = !std::less<const char*>()(text.data(), m_buf_begin) && std::less<const char*>()(text.data(), m_buf_end);
    return in_buffer ? static_cast<size_t>(m_buf_end - text.data()) : text.size();
  }

  // A record (a top-level one may be a list response: `top`) that starts at `at`.
  void emit(std::string_view text, const Cursor& at, bool top = true) {
    std::string error;
    size_t offset = 0;
    if (m_oversized) {
      m_oversized = false;
      malformed(at, "larger than 16 MiB");
      return;
    }
    Read got = read_record(text, m_res, error, offset, readable(text), top ? &m_page : nullptr);
    if (got == Read::record) {
      m_res.path = m_path;
      m_res.record = text;
      m_res.line = at.line;
      m_res.column = at.column;
      ++m_counts.records;
      m_on_resource(m_res);
    } else if (got == Read::page) {
      read_page(text, at);
    } else {
      malformed(offset_at(text, offset, at), error);
    }
  }

  // Where text[offset] is, for text that starts at `at`.
  static Cursor offset_at(std::string_view text, size_t offset, const Cursor& at) {
    util::Position p = util::position_at(text, offset);
    return Cursor{at.line + p.line - 1, p.line == 1 ? at.column + p.column - 1 : p.column};
  }

  // A REST list response that starts at `at`: each record of its collection (m_page), where it is.
  void read_page(std::string_view text, const Cursor& at) {
    ++m_counts.pages;
    if (m_page.empty()) {
      return; // {}: a list of nothing
    }
    const std::string collection = m_page;
    size_t last = 0; // positions are counted on from the last element's, not from the page's start
    Cursor last_at = at;
    auto where = [&](size_t offset) {
      last_at = offset_at(text.substr(last), offset - last, last_at);
      last = offset;
      return last_at;
    };
    PageScan scan =
        scan_page(text, collection, [&](std::string_view element, size_t offset) { emit(element, where(offset), false); });
    if (scan.error_at != std::string_view::npos) {
      SyntaxCheck check;
      json::sax_parse(text.begin(), text.end(), &check, json::input_format_t::json, true);
      bool syntax = !check.error.empty();
      malformed(syntax ? offset_at(text, check.error_offset, at) : where(scan.error_at),
                syntax ? check.error : "not a list response: expected \"" + collection + "\": [records] and a nextPageToken");
    }
    m_counts.last_pages[collection] = ListPage{collection, m_path, at.line, at.column, scan.more};
  }

  // JSON Lines: whole lines at a time, cut at each newline.
  void feed_lines(std::string_view chunk) {
    while (!chunk.empty()) {
      size_t nl = chunk.find('\n');
      std::string_view line = chunk.substr(0, nl);
      if (m_rec.empty()) {
        m_rec_at = m_at;
      }
      bool whole = m_rec.empty() && !m_oversized && nl != std::string_view::npos && line.size() <= k_max_record &&
                   m_counts.shape == InventoryShape::jsonl;
      if (whole) {
        emit_line(line); // the whole line is in the chunk: read in place, not copied
      } else {
        keep(line);
        if (nl == std::string_view::npos) {
          m_at.column += static_cast<int>(util::utf8::length(line));
          return;
        }
        flush_line();
      }
      ++m_at.line;
      m_at.column = 1;
      chunk.remove_prefix(nl + 1);
    }
  }

  // A JSON Lines record ends at its newline (or the end of the file); blank lines are skipped.
  // YAML: lines gather into a document up to a `---` (or `...`) line or the end of the file.
  void flush_line() {
    if (m_counts.shape == InventoryShape::yaml) {
      yaml_line();
      return;
    }
    emit_line(m_rec);
    m_rec.clear();
  }

  // A JSON Lines record (the line without its newline) that starts at m_rec_at.
  void emit_line(std::string_view line) {
    size_t start = line.find_first_not_of(" \t\r");
    if (start != std::string_view::npos || m_oversized) {
      start = std::min(start, line.size());
      emit(line.substr(start), Cursor{m_rec_at.line, m_rec_at.column + static_cast<int>(start)});
    }
  }

  void yaml_line() {
    std::string_view line(m_rec);
    line = line.substr(m_doc_line_start);
    bool separator =
        (line.starts_with("---") || line.starts_with("...")) && (line.size() == 3 || blank(line[3]) || line[3] == '#');
    if (separator) {
      m_rec.resize(m_doc_line_start);
      end_document();
      return;
    }
    if (m_doc_line_start == 0) {
      m_doc_at = Cursor{m_rec_at.line, 1};
    }
    m_rec += '\n';
    m_doc_line_start = m_rec.size();
  }

  // A YAML document: blank or comments only is no record; else JSON for parse_record.
  void end_document() {
    std::string doc = std::move(m_rec);
    m_rec.clear();
    m_doc_line_start = 0;
    bool oversized = std::exchange(m_oversized, false);
    if (!oversized && !has_content(doc)) {
      return;
    }
    if (oversized) {
      malformed(m_doc_at, "larger than 16 MiB");
      return;
    }
    jobs::YamlError error;
    std::optional<jobs::YamlJson> as_json = jobs::yaml_document_json(doc, m_path, error);
    if (!as_json) {
      malformed(within(error.line, error.column), error.message);
      return;
    }
    std::string message;
    size_t offset = 0;
    if (auto r = parse_record(as_json->json, message, offset)) {
      r->path = m_path;
      r->record = as_json->json;
      r->line = m_doc_at.line;
      r->column = m_doc_at.column;
      ++m_counts.records;
      m_on_resource(*r);
    } else {
      malformed(field_at(message, as_json->positions), message);
    }
  }

  static bool has_content(std::string_view doc) {
    for (size_t at = 0; at < doc.size();) {
      size_t nl = std::min(doc.find('\n', at), doc.size());
      std::string_view line = doc.substr(at, nl - at);
      size_t first = line.find_first_not_of(" \t\r");
      if (first != std::string_view::npos && line[first] != '#') {
        return true;
      }
      at = nl + 1;
    }
    return false;
  }

  // A line and column within the current YAML document -> in the file (the document start when unknown).
  Cursor within(int line, int column) const { return line <= 0 ? m_doc_at : Cursor{m_doc_at.line + line - 1, column}; }

  // Where the field a record message names ("field runtimeVersion must be ...") is written.
  Cursor field_at(const std::string& message, const std::map<std::string, jobs::Pos>& positions) const {
    if (message.starts_with("field ")) {
      std::string name = message.substr(6, message.find(' ', 6) - 6);
      for (const auto& [path, p] : positions) {
        if (path == name || path.ends_with("." + name)) {
          return within(p.line, p.column);
        }
      }
    }
    return m_doc_at;
  }

  // JSON objects one after another (a pretty-printed `describe --format=json`): each is a
  // record; text between them is reported once.
  void feed_objects(char ch) {
    if (m_depth == 0 && !m_in_string && m_rec.empty()) {
      if (blank(ch)) {
        return;
      }
      if (ch != '{') {
        if (!m_trailing_reported) {
          m_trailing_reported = true;
          malformed(m_at, "unexpected text after the object");
        }
        return;
      }
      m_rec_at = m_at;
    }
    keep(std::string_view(&ch, 1));
    scan_element(ch);
  }

  // A JSON array: elements are cut at the commas and the ] outside strings and nested values.
  void feed_array(char ch) {
    bool outside = m_depth == 0 && !m_in_string;
    if (m_array_closed) {
      if (!blank(ch) && !m_trailing_reported) {
        m_trailing_reported = true;
        malformed(m_at, "unexpected text after the closing ]");
      }
    } else if (outside && m_rec.empty() && (blank(ch) || ch == ',')) {
      // between elements
    } else if (outside && (ch == ']' || ch == ',')) {
      if (ch == ',' || !m_rec.empty()) {
        end_element();
      }
      m_array_closed = ch == ']';
    } else {
      if (m_rec.empty()) {
        m_rec_at = m_at;
      }
      keep(std::string_view(&ch, 1));
      scan_element(ch);
    }
  }

  void scan_element(char ch) {
    if (m_in_string) {
      if (m_escaped) {
        m_escaped = false;
      } else if (ch == '\\') {
        m_escaped = true;
      } else if (ch == '"') {
        m_in_string = false;
      }
    } else if (ch == '"') {
      m_in_string = true;
    } else if (ch == '{' || ch == '[') {
      ++m_depth;
    } else if ((ch == '}' || ch == ']') && --m_depth <= 0) { // a stray closer is a record of its own, and malformed
      m_depth = 0;
      end_element();
    }
  }

  void end_element() {
    emit(m_rec, m_rec_at);
    m_rec.clear();
  }

  void finish() {
    if (!m_first_line.empty()) {
      decide_shape();
    }
    if (m_counts.shape == InventoryShape::jsonl) {
      flush_line();
    } else if (m_counts.shape == InventoryShape::yaml) {
      if (m_rec.size() > m_doc_line_start) { // a last line without a newline
        flush_line();
      }
      end_document();
    } else if (m_counts.shape == InventoryShape::json_object && !m_rec.empty()) {
      malformed(m_rec_at, "the object is not closed (truncated file?)");
    } else if (m_counts.shape == InventoryShape::json_array && !m_array_closed) {
      malformed(m_rec.empty() ? m_at : m_rec_at, "the array is not closed (truncated file?)");
    }
  }
};

} // namespace

void Listings::add(const InventoryCounts& counts) {
  for (const auto& [collection, page] : counts.last_pages) {
    m_last[collection] = page;
  }
}

std::vector<ListPage> Listings::incomplete() const {
  std::vector<ListPage> out;
  for (const auto& [collection, page] : m_last) {
    if (page.more) {
      out.push_back(page);
    }
  }
  return out;
}

InventoryCounts read_inventory(const std::string& path, const std::function<void(const Resource&)>& on_resource,
                               const std::function<void(const Malformed&)>& on_malformed) {
  return InventoryReader(path, on_resource, on_malformed).read();
}

} // namespace lib
