#pragma once

#include <string>

namespace fixtures {

// Three lines of prebuilt image URIs, one reference a line, as code writes them: a training image in
// us after FROM (line 1, its image at column 6), a prediction image in europe inside a Python string
// (line 2) and a prediction image of the restricted registry in asia (line 3). Each line ends in "\n".
inline std::string prebuilt_image_lines() {
  return "FROM us-docker.pkg.dev/vertex-ai/training/tf-cpu.2-11.py310:latest\n"
         "x = 'europe-docker.pkg.dev/vertex-ai/prediction/sklearn-cpu.1-0:latest'\n"
         "asia-docker.pkg.dev/vertex-ai-restricted/prediction/tf_opt-cpu.nightly\n";
}

} // namespace fixtures
