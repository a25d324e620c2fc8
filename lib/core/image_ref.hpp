#pragma once

// Which Vertex AI prebuilt image a URI names: the recogniser scan and audit share.

#include "lib/core/service.hpp"

#include <cstddef>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace lib {

// A prebuilt image URI written in a text.
struct ImageRef {
  std::string catalog;                 // "vertex-training" or "vertex-prediction"
  Service service = Service::training; // the catalog's (image_service)
  std::string image;                   // the image id ("tf-cpu.2-11"); "" when it is a template
  bool templated = false;              // the image id is a template (.../{}:latest, .../tf-cpu.${TF})
  size_t offset = 0;                   // where the URI starts (its region's template, when it is one)
  // The URI's length: to the end of its tag; for a templated image, to the end of the word that
  // holds it (up to a space, quote, ')', ',' or the end of the line).
  size_t length = 0;
  size_t image_offset = 0; // where the image id (or its template) starts
};

// The service a prebuilt image catalog serves: prediction for "vertex-prediction", else training.
Service image_service(std::string_view catalog);

// Every prebuilt image URI in text, in order: REGION-docker.pkg.dev/vertex-ai[-restricted]/
// {training,prediction}/IMAGE[:TAG|@DIGEST], the region possibly a template ({REGION}-,
// ${REGION}-, $REGION-, {}-), and AI Platform's former host
// [us.|eu.|asia.]gcr.io/cloud-aiplatform/{training,prediction}/IMAGE. A path with no image
// (".../training/..." in prose) is none. After a literal URI the search goes on past its end;
// after a templated one at the next '/', so that a caller that does not take it (see scan's
// extract_images) finds what follows as if it were not there.
std::vector<ImageRef> find_image_refs(std::string_view text);

// The prebuilt image `uri` names when the whole text is one literal prebuilt image URI; nullopt
// for anything else (a custom image, a template, a URI inside other text).
std::optional<ImageRef> image_ref(std::string_view uri);

} // namespace lib
