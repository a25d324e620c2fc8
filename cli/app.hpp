#pragma once

namespace cli {

// Runs the rtcat command line: reads argv, runs the command it names, writes its output and
// returns the exit code (cli/exit_code.hpp). Nothing else in rtcat exits.
int main(int argc, char** argv);

} // namespace cli
