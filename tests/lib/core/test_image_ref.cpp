#include "lib/core/image_ref.hpp"
#include "tests/support/image_uris.hpp"

#include <doctest/doctest.h>

#include <string>
#include <string_view>

using lib::find_image_refs;
using lib::image_ref;
using lib::ImageRef;

namespace {

// The URI a reference spans in text.
std::string_view uri_of(std::string_view text, const ImageRef& r) {
  return text.substr(r.offset, r.length);
}

} // namespace

TEST_CASE("find_image_refs: both catalogs, every region, the restricted registry") {
  const std::string text =
      fixtures::prebuilt_image_lines() + "us-central1-docker.pkg.dev/vertex-ai/training/xgboost-cpu.1-1@sha256:abc\n";
  auto refs = find_image_refs(text);
  REQUIRE(refs.size() == 4);
  CHECK(refs[0].catalog == "vertex-training");
  CHECK(refs[0].service == lib::Service::training);
  CHECK(refs[0].image == "tf-cpu.2-11.py310");
  CHECK(uri_of(text, refs[0]) == "us-docker.pkg.dev/vertex-ai/training/tf-cpu.2-11.py310:latest");
  CHECK(text.substr(refs[0].image_offset, 6) == "tf-cpu");
  CHECK(refs[1].catalog == "vertex-prediction");
  CHECK(refs[1].service == lib::Service::prediction);
  CHECK(refs[1].image == "sklearn-cpu.1-0");
  CHECK(uri_of(text, refs[1]) == "europe-docker.pkg.dev/vertex-ai/prediction/sklearn-cpu.1-0:latest");
  CHECK(refs[2].catalog == "vertex-prediction");
  CHECK(refs[2].image == "tf_opt-cpu.nightly");
  CHECK(uri_of(text, refs[2]) == "asia-docker.pkg.dev/vertex-ai-restricted/prediction/tf_opt-cpu.nightly");
  CHECK(refs[3].image == "xgboost-cpu.1-1");
  CHECK(uri_of(text, refs[3]) == "us-central1-docker.pkg.dev/vertex-ai/training/xgboost-cpu.1-1@sha256:abc");
  for (const auto& r : refs) {
    CHECK_FALSE(r.templated);
  }
}

TEST_CASE("find_image_refs: the former gcr.io host and templated regions") {
  // One reference a line but the fifth, which holds two; mygcr.io on the fourth is no registry.
  const std::string text = R"(FROM gcr.io/cloud-aiplatform/training/tf-cpu.2-1:latest
uri = f"{REGION}-docker.pkg.dev/vertex-ai/prediction/sklearn-cpu.1-0:latest"
docker pull ${REGION}-docker.pkg.dev/vertex-ai/training/tf-cpu.2-3:latest
x = 'us.gcr.io/cloud-aiplatform/prediction/tf2-cpu.2-8:latest' mygcr.io/cloud-aiplatform/training/a:1
$REGION-docker.pkg.dev/vertex-ai/training/tf-cpu.2-4 {}-docker.pkg.dev/vertex-ai/training/tf-cpu.2-5
)";
  auto refs = find_image_refs(text);
  REQUIRE(refs.size() == 6);
  CHECK(uri_of(text, refs[0]) == "gcr.io/cloud-aiplatform/training/tf-cpu.2-1:latest");
  CHECK(refs[0].image == "tf-cpu.2-1");
  CHECK(uri_of(text, refs[1]) == "{REGION}-docker.pkg.dev/vertex-ai/prediction/sklearn-cpu.1-0:latest");
  CHECK(refs[1].catalog == "vertex-prediction");
  CHECK(uri_of(text, refs[2]) == "${REGION}-docker.pkg.dev/vertex-ai/training/tf-cpu.2-3:latest");
  CHECK(uri_of(text, refs[3]) == "us.gcr.io/cloud-aiplatform/prediction/tf2-cpu.2-8:latest");
  CHECK(refs[3].image == "tf2-cpu.2-8");
  CHECK(uri_of(text, refs[4]) == "$REGION-docker.pkg.dev/vertex-ai/training/tf-cpu.2-4");
  CHECK(uri_of(text, refs[5]) == "{}-docker.pkg.dev/vertex-ai/training/tf-cpu.2-5");
}

TEST_CASE("find_image_refs: a templated image id spans its word") {
  const std::string text = "IMAGE = f\"us-docker.pkg.dev/vertex-ai/training/tf-cpu.{TF}:latest\"\n"
                           "uri=europe-docker.pkg.dev/vertex-ai/prediction/${IMAGE} next\n"
                           "'us-docker.pkg.dev/vertex-ai/training/tf-gpu.%s:latest' % v\n";
  auto refs = find_image_refs(text);
  REQUIRE(refs.size() == 3);
  for (const auto& r : refs) {
    CHECK(r.templated);
    CHECK(r.image.empty());
  }
  CHECK(uri_of(text, refs[0]) == "us-docker.pkg.dev/vertex-ai/training/tf-cpu.{TF}:latest");
  CHECK(text.substr(refs[0].image_offset, 7) == "tf-cpu.");
  CHECK(uri_of(text, refs[1]) == "europe-docker.pkg.dev/vertex-ai/prediction/${IMAGE}");
  CHECK(refs[1].catalog == "vertex-prediction");
  CHECK(uri_of(text, refs[2]) == "us-docker.pkg.dev/vertex-ai/training/tf-gpu.%s:latest");
}

TEST_CASE("find_image_refs: what names no prebuilt image") {
  for (const char* text : {
           "(see us-docker.pkg.dev/vertex-ai/training/...)",      // prose: an elided name
           "us-docker.pkg.dev/vertex-ai/training/",               // no image
           "us-docker.pkg.dev/vertex-ai/notebooks/tf-cpu.2-11",   // not a prebuilt catalog
           "us-docker.pkg.dev/my-project/training/tf-cpu.2-11",   // another repository
           "gcr.io/other/training/tf-cpu.2-11",                   // another gcr.io project
           "mygcr.io/cloud-aiplatform/training/tf-cpu.2-11",      // another host
           "x.us.gcr.io/cloud-aiplatform/training/tf-cpu.2-11",   // a host under gcr.io's
           "-docker.pkg.dev/vertex-ai/training/tf-cpu.2-11",      // no region
           "Images live under training/ and prediction/ folders", // prose
       }) {
    INFO(text);
    CHECK(find_image_refs(text).empty());
  }
}

TEST_CASE("image_service: the prediction catalog serves prediction, every other training") {
  CHECK(lib::image_service("vertex-prediction") == lib::Service::prediction);
  CHECK(lib::image_service("vertex-training") == lib::Service::training);
}

TEST_CASE("image_ref: the prebuilt image of a whole URI") {
  auto r = image_ref("us-docker.pkg.dev/vertex-ai/prediction/tf2-cpu.2-8:latest");
  REQUIRE(r);
  CHECK(r->catalog == "vertex-prediction");
  CHECK(r->image == "tf2-cpu.2-8");
  r = image_ref("europe-docker.pkg.dev/vertex-ai-restricted/training/pytorch-gpu.1-13.py310");
  REQUIRE(r);
  CHECK(r->catalog == "vertex-training");
  CHECK(r->image == "pytorch-gpu.1-13.py310");
  for (const char* uri : {
           "gcr.io/my-project/trainer:1",                               // a custom image
           "us-docker.pkg.dev/vertex-ai/training/tf-cpu.{TF}:latest",   // a template
           "image: us-docker.pkg.dev/vertex-ai/training/tf-cpu.2-11",   // inside other text
           "us-docker.pkg.dev/vertex-ai/training/tf-cpu.2-11 and more", // followed by text
           "",                                                          // nothing
       }) {
    INFO(uri);
    CHECK_FALSE(image_ref(uri));
  }
}
