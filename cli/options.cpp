#include "cli/options.hpp"

#include <CLI/CLI.hpp>

namespace cli {

Check one_of(std::vector<std::string> values) {
  Check c;
  c.kind = Check::Kind::one_of;
  c.values = std::move(values);
  return c;
}

namespace {

Check range_check(Check::Kind kind, long long low, long long high) {
  Check c;
  c.kind = kind;
  c.low = low;
  c.high = high;
  return c;
}

// The parser's own validator for a check (its messages and help text are the ones users see).
CLI::Validator validator(const Check& c) {
  switch (c.kind) {
  case Check::Kind::one_of:
    return CLI::IsMember(c.values);
  case Check::Kind::range_int:
    return CLI::Range(static_cast<int>(c.low), static_cast<int>(c.high));
  case Check::Kind::range_long:
    return CLI::Range(static_cast<long>(c.low), static_cast<long>(c.high));
  case Check::Kind::range_unsigned:
    return CLI::Range(static_cast<unsigned>(c.low), static_cast<unsigned>(c.high));
  case Check::Kind::function:
    break;
  }
  auto function = c.function;
  return CLI::Validator([function](std::string& value) { return function(value); }, "");
}

} // namespace

Check range(int low, int high) {
  return range_check(Check::Kind::range_int, low, high);
}
Check range(long low, long high) {
  return range_check(Check::Kind::range_long, low, high);
}
Check range(unsigned low, unsigned high) {
  return range_check(Check::Kind::range_unsigned, low, high);
}

Opt& Opt::type_name(const std::string& name) {
  m_option->type_name(name);
  return *this;
}

Opt& Opt::required() {
  m_option->required();
  return *this;
}

Opt& Opt::expected(int count) {
  m_option->expected(count);
  return *this;
}

Opt& Opt::allow_extra_args(bool allow) {
  m_option->allow_extra_args(allow);
  return *this;
}

Opt& Opt::check(const Check& check) {
  m_option->check(validator(check));
  return *this;
}

Opt& Opt::check(std::function<std::string(const std::string&)> function) {
  Check c;
  c.function = std::move(function);
  return check(c);
}

size_t Opt::count() const {
  return m_option ? m_option->count() : 0;
}

Opt Options::add_option(const std::string& name, std::string& into, const std::string& help) {
  return Opt(m_app->add_option(name, into, help));
}
Opt Options::add_option(const std::string& name, std::vector<std::string>& into, const std::string& help) {
  return Opt(m_app->add_option(name, into, help));
}
Opt Options::add_option(const std::string& name, int& into, const std::string& help) {
  return Opt(m_app->add_option(name, into, help));
}
Opt Options::add_option(const std::string& name, unsigned& into, const std::string& help) {
  return Opt(m_app->add_option(name, into, help));
}
Opt Options::add_option(const std::string& name, long& into, const std::string& help) {
  return Opt(m_app->add_option(name, into, help));
}
Opt Options::add_flag(const std::string& name, bool& into, const std::string& help) {
  return Opt(m_app->add_flag(name, into, help));
}

Opt Options::global_option(const std::string& name) const {
  const CLI::App* root = m_app;
  while (root->get_parent() != nullptr) {
    root = root->get_parent();
  }
  return Opt(const_cast<CLI::App*>(root)->get_option(name));
}

} // namespace cli
