#include "lib/fleet/inventory_records.hpp"

#include "lib/fleet/inventory.hpp"
#include "lib/fleet/inventory_keys.hpp"
#include "util/json_fast.hpp"
#include "util/names.hpp"

#include <nlohmann/json.hpp>

#include <algorithm>
#include <cstring>
#include <forward_list>
#include <iterator>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace lib {

namespace {

using json = nlohmann::json;
using namespace inventory_keys;

// What a string value does to the record, by its key path: most values fill one member of the
// Resource (Field::member).
enum class Field { none, job_id, name, member, deployment, time_seen, training_job_name, model_name };
struct Slot {
  Field field = Field::none;
  std::string Resource::*member = nullptr; // for Field::member
};

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
  case Key::training_job_name:
    return {Field::training_job_name};
  case Key::model_name:
    return {Field::model_name};
  case Key::training_job_status:
    return {Field::member, &Resource::state};
  case Key::creation_time:
    return {Field::member, &Resource::created};
  case Key::start_time:
  case Key::end_time:
  case Key::update_time:
  case Key::last_use_time:
  case Key::last_modified_time:
  case Key::training_start_time:
  case Key::training_end_time:
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
  bool saw_job_id = false; // a jobId: the record is a job
  bool saw_training = false;
  bool saw_prediction = false;
  bool saw_deployment = false;
  std::string vertex_spec;       // a top-level key only one Vertex AI kind has ("jobSpec", "trialJobSpec", ...)
  bool saw_training_job = false; // SageMaker: a TrainingJobName
  bool saw_algorithm = false;    // SageMaker: an AlgorithmSpecification (describe-training-job, not a summary)
  bool saw_model = false;        // SageMaker: a ModelName, PrimaryContainer or Containers
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
      saw_algorithm = saw_algorithm || m_key_id == Key::algorithm_specification;
      saw_model = saw_model || m_key_id == Key::primary_container;
      note_vertex_key();
    }
    if (!sagemaker_container("an object")) {
      return false;
    }
    push(false);
    return true;
  }
  bool end_object() { return pop(); }
  bool start_array(std::size_t) {
    if (m_frames.empty()) {
      return fail("expected a JSON object (a job, model version or Vertex AI resource), found an array");
    }
    if (m_frames.size() == 1) {
      if (pages && is_collection(m_key_id)) {
        page.assign(m_key);
        return false; // a list response: its records are read one by one (read_page)
      }
      saw_model = saw_model || m_key_id == Key::containers;
      note_vertex_key();
    }
    if (!sagemaker_container("an array")) {
      return false;
    }
    push(true);
    return true;
  }
  bool end_array() { return pop(); }
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

  // The end of the innermost container (an object's or an array's alike).
  bool pop() {
    m_frames.pop_back();
    forget_key();
    return true;
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

  // A SageMaker image: AlgorithmSpecification.TrainingImage, PrimaryContainer.Image or
  // Containers[N].Image. False when it is none; sets `error` (and returns true) for one that is
  // not a string.
  // Where the value about to be read is a SageMaker image: "AlgorithmSpecification",
  // "PrimaryContainer", "Containers[N]"; "" elsewhere.
  std::string sagemaker_image_where() const {
    const size_t depth = m_frames.size();
    if (m_key_id == Key::training_image && depth == 2 && m_frames[1].id == Key::algorithm_specification && !m_frames[1].array) {
      return "AlgorithmSpecification";
    }
    if (m_key_id == Key::image_aws && depth == 2 && m_frames[1].id == Key::primary_container && !m_frames[1].array) {
      return "PrimaryContainer";
    }
    if (m_key_id == Key::image_aws && depth == 3 && m_frames[1].id == Key::containers && m_frames[1].array &&
        !m_frames[2].array) {
      return "Containers[" + std::to_string(m_frames[1].elements - 1) + "]";
    }
    return "";
  }

  // A container where a SageMaker image should be: false, with the error.
  bool sagemaker_container(const char* what) {
    if ((m_key_id == Key::training_image || m_key_id == Key::image_aws) && !sagemaker_image_where().empty()) {
      return fail("field " + key_path() + " must be a string, found " + what);
    }
    return true;
  }

  bool sagemaker_value(const std::string_view* val, const char* what) {
    std::string where = sagemaker_image_where();
    if (where.empty()) {
      return false;
    }
    if (!val) {
      if (std::strcmp(what, "null") != 0) {
        fail("field " + key_path() + " must be a string, found " + what);
      }
      return true; // an explicit null is a missing field
    }
    res.images.push_back(ImageUse{std::string(*val), std::move(where)});
    return true;
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
                             [&](std::string_view suffix) { return path.ends_with(suffix); });
    if ((!image && !deployed) || (!val && std::strcmp(what, "null") == 0)) {
      return image || deployed; // an explicit null is a missing field
    }
    if (!val) {
      fail("field " + path + " must be a string, found " + what);
      return true;
    }
    for (std::string_view suffix : k_image_suffixes) {
      if (path.ends_with(suffix)) {
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
    if (m_frames.size() > 1 && (m_key_id == Key::training_image || m_key_id == Key::image_aws) && sagemaker_value(val, what)) {
      return error.empty();
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
      saw_job_id = true;
      break;
    case Field::name:
      if (!saw_job_id)
        res.name.assign(*val);
      break;
    case Field::training_job_name:
      res.name.assign(*val);
      saw_training_job = true;
      break;
    case Field::model_name:
      res.name.assign(*val);
      saw_model = true;
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
        res.seen_field = m_key_id == Key::start_time            ? "startTime"
                         : m_key_id == Key::end_time            ? "endTime"
                         : m_key_id == Key::update_time         ? "updateTime"
                         : m_key_id == Key::last_modified_time  ? "LastModifiedTime"
                         : m_key_id == Key::training_start_time ? "TrainingStartTime"
                         : m_key_id == Key::training_end_time   ? "TrainingEndTime"
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

namespace {

constexpr util::Names<ResourceKind, 8> k_kind_names{{{{ResourceKind::job, "job"},
                                                      {ResourceKind::model_version, "model_version"},
                                                      {ResourceKind::model, "model"},
                                                      {ResourceKind::custom_job, "custom_job"},
                                                      {ResourceKind::hyperparameter_tuning_job, "hyperparameter_tuning_job"},
                                                      {ResourceKind::training_pipeline, "training_pipeline"},
                                                      {ResourceKind::endpoint, "endpoint"},
                                                      {ResourceKind::training_job, "training_job"}}}};

} // namespace

std::string_view kind_name(ResourceKind k) {
  return k_kind_names.name(k);
}

std::optional<ResourceKind> parse_kind(std::string_view name) {
  return k_kind_names.parse(name);
}

bool is_vertex(const Resource& r) {
  return r.kind != ResourceKind::job && r.kind != ResourceKind::model_version;
}

namespace {

// The Vertex AI kind of a record, by its resource name (projects/P/locations/L/COLLECTION/ID)
// or else by a key only that kind has; nullopt when it is not a Vertex AI record.
std::optional<ResourceKind> vertex_kind(const std::string& name, const std::string& spec) {
  using K = ResourceKind;
  static constexpr std::pair<std::string_view, K> k_collections[] = {{"/customJobs/", K::custom_job},
                                                                     {"/hyperparameterTuningJobs/", K::hyperparameter_tuning_job},
                                                                     {"/trainingPipelines/", K::training_pipeline},
                                                                     {"/endpoints/", K::endpoint},
                                                                     {"/models/", K::model}};
  if (name.find("/locations/") != std::string::npos) {
    for (const auto& [collection, kind] : k_collections) {
      if (name.find(collection) != std::string::npos) {
        return kind;
      }
    }
  }
  static constexpr std::pair<std::string_view, K> k_specs[] = {{"jobSpec", K::custom_job},
                                                               {"trialJobSpec", K::hyperparameter_tuning_job},
                                                               {"trainingTaskDefinition", K::training_pipeline},
                                                               {"trainingTaskInputs", K::training_pipeline},
                                                               {"containerSpec", K::model}};
  for (const auto& [key, kind] : k_specs) {
    if (spec == key) {
      return kind;
    }
  }
  return std::nullopt;
}

// Empties a resource, keeping its strings' storage for the next record.
void clear(Resource& r) {
  r.kind = ResourceKind::job;
  for (std::string* s : {&r.name, &r.state, &r.created, &r.seen, &r.runtime, &r.python, &r.framework, &r.image_uri, &r.service,
                         &r.display_name, &r.part, &r.catalog, &r.path}) {
    s->clear();
  }
  r.images.clear();
  r.endpoints.clear();
  r.deployed.clear();
  r.model_missing = false;
  r.sagemaker = false;
  r.summary = false;
  r.seen_field = {};
  r.record = {};
  r.line = 0;
  r.column = 0;
}

// What a record read by `h` into `r` is: sets its kind and service; false (and the error)
// when it is none of the kinds an audit knows.
bool settle_kind(const RecordHandler& h, Resource& r, std::string& error, size_t& offset) {
  if (h.saw_training_job || h.saw_algorithm || (h.saw_model && !h.saw_job_id && h.vertex_spec.empty())) {
    const bool job = h.saw_training_job || h.saw_algorithm;
    r.kind = job ? ResourceKind::training_job : ResourceKind::model;
    r.service = job ? "training" : "prediction";
    r.sagemaker = true;
    r.summary = job && !h.saw_algorithm;
    return true;
  }
  std::optional<ResourceKind> vertex = h.saw_job_id ? std::nullopt : vertex_kind(r.name, h.vertex_spec);
  if (!vertex && h.vertex_spec == "deployedModels") {
    vertex = r.endpoints.empty() && !r.deployed.empty() ? ResourceKind::endpoint : ResourceKind::model;
  }
  if (h.saw_job_id || h.saw_training || h.saw_prediction) {
    r.kind = ResourceKind::job;
    r.service = h.saw_prediction && !h.saw_training ? "prediction" : "training";
  } else if (vertex) {
    r.kind = *vertex;
    r.service = *vertex == ResourceKind::model || *vertex == ResourceKind::endpoint ? "prediction" : "training";
  } else if (!r.name.empty() &&
             (r.name.find("/versions/") != std::string::npos || h.saw_deployment || !r.framework.empty() || !r.runtime.empty())) {
    r.kind = ResourceKind::model_version;
    r.service = "prediction";
  } else {
    error = "neither a job (no jobId, trainingInput or predictionInput), a model version (no name with /versions/) nor "
            "a Vertex AI resource (no name projects/P/locations/L/{models,customJobs,hyperparameterTuningJobs,"
            "trainingPipelines,endpoints}/ID, no jobSpec, trialJobSpec, trainingTaskDefinition or containerSpec) nor a "
            "SageMaker training job or model (no TrainingJobName, AlgorithmSpecification, ModelName or PrimaryContainer)";
    offset = 0;
    return false;
  }
  return true;
}

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

} // namespace

Read read_record(std::string_view text, Resource& r, std::string& error, size_t& offset, size_t readable, std::string* page) {
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

bool json_syntax_error(std::string_view text, std::string& error, size_t& offset) {
  SyntaxCheck check;
  json::sax_parse(text.begin(), text.end(), &check, json::input_format_t::json, true);
  error = check.error;
  offset = check.error_offset;
  return !check.error.empty();
}

std::optional<Resource> parse_record(std::string_view text, std::string& error, size_t& offset) {
  Resource r;
  if (read_record(text, r, error, offset) != Read::record) {
    return std::nullopt;
  }
  return r;
}

} // namespace lib
