#pragma once

// How a command declares its arguments and options. Commands see these two small types, not the
// parser library: only this module (and main.cpp, commands.cpp and reference.cpp, which drive the
// parser) include CLI11. Every translation unit that includes CLI11 builds and registers nine
// validator objects before main, so keeping it out of the commands' files keeps start-up short.
//
//   sub.add_option("--max", a.max, "At most this many candidates")->check(cli::range(1, 100));

#include <cstddef>
#include <functional>
#include <string>
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

// One declared option or positional argument. `->` chains as the parser's own options do.
class Opt {
public:
  explicit Opt(CLI::Option* option = nullptr) : m_option(option) {}
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
  CLI::Option* m_option;
};

// The arguments and options of one command.
class Options {
public:
  explicit Options(CLI::App& app) : m_app(&app) {}

  Opt add_option(const std::string& name, std::string& into, const std::string& help);
  Opt add_option(const std::string& name, std::vector<std::string>& into, const std::string& help);
  Opt add_option(const std::string& name, int& into, const std::string& help);
  Opt add_option(const std::string& name, unsigned& into, const std::string& help);
  Opt add_option(const std::string& name, long& into, const std::string& help);
  Opt add_flag(const std::string& name, bool& into, const std::string& help);
  // A global option, declared on the root (to tell whether the command line gave it).
  Opt global_option(const std::string& name) const;

private:
  CLI::App* m_app;
};

} // namespace cli
