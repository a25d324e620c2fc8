#pragma once

namespace cli {

// The exit codes of every command (docs/reference/commands.md, "Exit codes").
enum ExitCode : int {
  k_exit_ok = 0,       // nothing at or above --fail-on
  k_exit_findings = 1, // findings at or above --fail-on
  k_exit_input = 2,    // usage or input error
  k_exit_internal = 3, // a bug in rtcat
};

} // namespace cli
