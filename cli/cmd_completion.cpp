#include "cli/commands.hpp"
#include "cli/completion.hpp"
#include "cli/context.hpp"
#include "cli/exit_code.hpp"
#include "cli/reference.hpp"

#include <string>
#include <vector>

namespace cli {

// What `rtcat completion --help` says after the options (Command::help).
const std::string_view k_completion_help =
    R"(Prints a completion script: commands, options, and their values where they are known (catalog
names, formats, statuses, severities, the runtime ids of the embedded catalogs).

Installed by 'cmake --install' and the .deb; to load it by hand:
  source <(rtcat completion bash)                 # in ~/.bashrc
  rtcat completion zsh > ~/.zfunc/_rtcat          # with fpath=(~/.zfunc $fpath) before compinit
  rtcat completion fish > ~/.config/fish/completions/rtcat.fish)";

namespace {

struct CompletionArgs {
  std::string shell;
};

int run_completion(Context& ctx, const CompletionArgs& a) {
  ctx.out(completion_script(reference(), a.shell));
  return k_exit_ok;
}

} // namespace

Action define_completion(Options& sub, Context& ctx) {
  return define_command<CompletionArgs>(
      sub, ctx,
      [](Options& s, CompletionArgs& a) {
        s.add_option("shell", a.shell, "The shell: bash, zsh or fish")
            ->required()
            ->check(one_of(std::vector<std::string>(std::begin(k_completion_shells), std::end(k_completion_shells))));
      },
      run_completion);
}

} // namespace cli
