#pragma once

#include "lib/core/service.hpp"

#include <cstddef>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace lib::scan {

// A value as written in a file: its text and where it is (byte offset and length).
struct Value {
  std::string text;
  size_t offset = 0;
  size_t length = 0;
};

// How a reference is written.
enum class Form {
  gcloud, // a gcloud command line, or its flags in a shell string or Python list
  key,    // runtimeVersion / pythonVersion keys (YAML, JSON, Python) and keyword arguments
  image,  // a prebuilt image URI (Vertex AI, AWS Deep Learning Containers), or the SDK call or argument that names one
};

// "gcloud", "key", "image": the names scan's reports give.
const char* form_name(Form f);

// How a value written as a variable or an expression is evaluated (vars.hpp).
enum class ExprKind {
  none,         // a literal value: nothing to evaluate
  shell,        // a shell word ($NAME, ${NAME...}, {NAME})
  python,       // a Python expression
  shell_image,  // an image URI built by a shell string
  python_image, // an image URI built by a Python string (f-string, .format(...), % operand)
  sdk,          // SDK arguments: framework, version, accelerator, separated by \x1f
};

// One runtime reference found in a file.
struct Reference {
  Form form = Form::key;
  Service service = Service::training;
  std::string catalog; // the catalog an image belongs to ("vertex-training"); "" for runtimes
  Value runtime;       // a runtime version or an image id
  // An image on an ECR registry: runtime is its repository:tag, which scan matches with the
  // catalogs' entries (lib::ImageIndex); catalog is then "".
  bool ecr = false;
  std::optional<Value> python;
  bool python_written = false;         // a Python key or flag is there (its value may be a variable)
  std::vector<std::string> frameworks; // framework keys
  bool whole_job = false;              // a whole job or model version: the required fields apply
  bool has_image = false;              // the job names a container image (runtime is then optional)
  size_t job_offset = 0;               // where the job starts (for a job without a runtime)
  size_t job_end = 0;                  // a gcloud command: where it ends (0 for the other forms)
  bool opaque = false;                 // a gcloud command with a word that may expand to more flags
  int cell = -1;                       // the notebook cell it is in (set by scan); -1 outside notebooks
  // gcloud --config FILE, as written (not a variable): the fragment gcloud merges with the flags.
  // scan() reads it and fills runtime, python and has_image from it where no flag gives them.
  std::optional<Value> config;
  std::string merged_from;    // the fragment a runtime or Python version came from ("" when none)
  std::string config_dir;     // the folder the fragment was found from (scan sets it)
  bool config_unread = false; // the fragment could not be found or read: a missing runtime is not judged

  // A value written as a variable or an expression, which extract_all evaluates (vars.hpp):
  // runtime.offset/length then say where it is written and runtime.text is empty.
  std::string expr; // as written
  ExprKind expr_kind = ExprKind::none;
  std::string python_expr;                    // the same for the Python version
  ExprKind python_expr_kind = ExprKind::none; // shell or python
  std::optional<Value> python_at;             // where python_expr is written

  // After evaluation: the value came through a variable (set at set_offset), or only on some
  // branches of a condition that cannot be decided.
  bool via = false;
  bool conditional = false;
  // The runtime is written but cannot be evaluated ($(cat RUNTIME), a function's argument): the
  // Python version written with it is reported on its own (runtime.text is then empty).
  bool python_only = false;
  std::string variable;
  size_t set_offset = 0;
};

// Which forms to look for. Each extractor returns references in file order.

// gcloud ai-platform / ml-engine "jobs submit training", "jobs submit prediction" (batch
// prediction, not a whole job) and "versions create" commands (shell
// scripts, Makefiles, CI YAML, Dockerfiles, Markdown), across backslash continuations:
// --runtime-version, --python-version, --framework, --master-image-uri.
std::vector<Reference> extract_gcloud(std::string_view text);

// runtimeVersion / pythonVersion keys (YAML, JSON, Python dict literals, subscript assignments
// body['runtimeVersion'] = ...) and runtime_version / python_version keyword arguments of any
// call (Python, R), also with a prefix (model_runtime_version=); a Python version is paired with
// the nearest runtime.
// Sets *runtime_flag when the text holds "--runtime-version" (seen on the same pass).
std::vector<Reference> extract_keys(std::string_view text, bool* runtime_flag = nullptr);

// Prebuilt image URIs: {us,europe,asia}-docker.pkg.dev/{vertex-ai[-restricted],cloud-aiplatform}/
// {training,prediction}/IMAGE[:TAG], the region possibly a template ({REGION}-, ${REGION}-,
// $REGION-) or a placeholder ([your-region]-, <REGION>-), AI Platform's former host
// [us.|eu.|asia.]gcr.io/cloud-aiplatform/, and ECR images (lib/core/image_ref.hpp). Not in a
// Python docstring (extract_all drops what a docstring documents).
// In a Dockerfile's FROM line as anywhere else.
std::vector<Reference> extract_images(std::string_view text);

// --runtime-version flags outside a gcloud command line: in a shell string
// (FLAGS="--runtime-version 1.10 --python-version 2.7") or a Python argument list
// (["gcloud", ..., "--runtime-version", "1.15"]); with the nearest --python-version and --framework.
std::vector<Reference> extract_flags(std::string_view text);

// The Vertex AI SDK's aiplatform.helpers.get_prebuilt_prediction_container_uri(framework=...,
// framework_version=..., accelerator=...) with literal arguments, as the image it names.
std::vector<Reference> extract_sdk(std::string_view text);

// The image id get_prebuilt_prediction_container_uri names ("sklearn", "1.0" -> sklearn-cpu.1-0;
// TensorFlow 2 is tf2-, 1.x tf-); "" for a framework it does not know.
std::string prebuilt_prediction_image(std::string_view framework, std::string_view version, std::string_view accelerator);

// The SageMaker Python SDK's image argument written as a variable or an expression
// (Estimator(image_uri=IMAGE), PyTorch(..., image_uri=cfg.image), Model(image_uri=...)): the image
// its value names, once evaluated. A string there is found by extract_images.
std::vector<Reference> extract_image_args(std::string_view text);

// Every form above, after a quick check that the text can hold any; in file order.
std::vector<Reference> extract_all(std::string_view text);

// "rtcat: ignore[RULE,...]" comments: the 1-based line of each and the rules it names.
struct Suppression {
  int line = 0;
  std::vector<std::string> rules;
};
std::vector<Suppression> find_suppressions(std::string_view text);

// A value written as a variable or an expression at t[i] (after a key's ':' or '=', or a flag):
// $NAME / ${NAME...} / {NAME} (kind shell, up to a space, quote or comma) or a Python expression
// starting with a name or an f-string (kind python, up to a ',', ')', ']' or '}' outside
// brackets, or the end of the line). nullopt (kind untouched) for anything else.
std::optional<Value> expression_at(std::string_view t, size_t i, ExprKind& kind);

// Whether text is a dotted version number such as 2.11 or 3.7.
bool is_version(std::string_view text);

} // namespace lib::scan
