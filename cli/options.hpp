#pragma once

// How a command declares its arguments and options. A declaration is data (an OptionSpec):
// commands record them here without touching the parser library, and two readers consume them:
//
//   - parse_directly (cli/argv.cpp) reads a command line that uses only the plain forms
//     (`--name value`, `--name=value`, `-x value`, flags, positionals) and whose every value
//     passes its checks, straight into the variables; most runs end there.
//   - Options::build turns the declarations into CLI11 options. Every other command line
//     (--help, a mistake, an unusual form) goes through CLI11, whose messages and help users see.
//
// Only this module's .cpp (and app.cpp, which drives the parser) include CLI11.
// Every translation unit that includes CLI11 builds and registers nine validator objects before
// main, and building a CLI11 option costs about 10,000 instructions: a short command builds none.
//
//   sub.add_option("--max", a.max, "At most this many candidates")->check(cli::range(1, 100));

#include <cstddef>
#include <deque>
#include <functional>
#include <optional>
#include <string>
#include <string_view>
#include <variant>
#include <vector>

namespace CLI {
class App;
class Option;
} // namespace CLI

namespace cli {

// A check on an option's value: a fixed set, a numeric range, or a function that returns the
// error message ("" when the value is fine).
struct Check {
  enum class Kind { one_of, range_int, range_long, range_unsigned, function };
  Kind kind = Kind::function;
  std::vector<std::string> values;
  long long low = 0;
  long long high = 0;
  std::function<std::string(const std::string&)> function;
};

Check one_of(std::vector<std::string> values);
Check range(int low, int high);
Check range(long low, long high);
Check range(unsigned low, unsigned high);

// A Python version as X.Y (3.10): "3" and "3.10.4" are refused.
Check python_version();

// Whether `value` passes `check` (when it does not, CLI11 says why, in the words users see).
bool passes(const Check& check, const std::string& value);

// One declared option or positional argument.
struct OptionSpec {
  std::string names; // "-r,--runtime", "--at", or a positional's name ("paths")
  std::string help;
  std::variant<std::string*, std::vector<std::string>*, int*, unsigned*, long*, bool*> into;
  std::string type_name;
  bool required = false;
  std::optional<int> expected;
  std::optional<bool> allow_extra_args;
  std::vector<Check> checks;
  // How many times the command line gave it: set by parse_directly, or read from `built`.
  size_t given = 0;
  CLI::Option* built = nullptr;

  bool positional() const { return !names.empty() && names[0] != '-'; }
  bool flag() const { return std::holds_alternative<bool*>(into); }
  bool repeatable() const { return std::holds_alternative<std::vector<std::string>*>(into); }
  // Whether `name` ("--at", "-r") is one of its names.
  bool named(std::string_view name) const;
};

// What the help, the manual and the completions call an option's value: its type name, else "N"
// for a number, else the option's long name in capitals when its values are a fixed set
// (--service: SERVICE), else "VALUE"; "" for a flag.
std::string value_name(const OptionSpec& spec);

// The values of a fixed set the option takes (its one_of check), else empty.
std::vector<std::string> fixed_values(const OptionSpec& spec);

// One declared option or positional argument. `->` chains as the parser's own options do.
class Opt {
public:
  explicit Opt(OptionSpec* spec = nullptr) : m_spec(spec) {}
  Opt* operator->() { return this; }
  const Opt* operator->() const { return this; }

  Opt& type_name(const std::string& name);
  Opt& required();
  Opt& expected(int count);
  Opt& allow_extra_args(bool allow);
  Opt& check(const Check& check);
  Opt& check(std::function<std::string(const std::string&)> function);
  // How many times it was given on the command line (after parsing).
  size_t count() const;

private:
  OptionSpec* m_spec;
};

// The arguments and options of one command (or, with no parent, the global options).
class Options {
public:
  explicit Options(const Options* parent = nullptr) : m_parent(parent) {}
  Options(const Options&) = delete;
  Options& operator=(const Options&) = delete;

  Opt add_option(const std::string& name, std::string& into, const std::string& help);
  Opt add_option(const std::string& name, std::vector<std::string>& into, const std::string& help);
  Opt add_option(const std::string& name, int& into, const std::string& help);
  Opt add_option(const std::string& name, unsigned& into, const std::string& help);
  Opt add_option(const std::string& name, long& into, const std::string& help);
  Opt add_flag(const std::string& name, bool& into, const std::string& help);
  // A global option (declared on the root), to tell whether the command line gave it.
  Opt global_option(const std::string& name) const;

  // The option with this name ("--at", "-q"), or nullptr; positionals are not looked up.
  OptionSpec* find(std::string_view name) const;
  std::deque<OptionSpec>& specs() { return m_specs; }
  const std::deque<OptionSpec>& specs() const { return m_specs; }

  // Declares every option on `app`, CLI11's own, bound to the same variables.
  void build(CLI::App& app);

private:
  Opt add(const std::string& name, const std::string& help, decltype(OptionSpec::into) into);
  const Options* m_parent;
  mutable std::deque<OptionSpec> m_specs; // stable addresses: Opt points into it
};

} // namespace cli
