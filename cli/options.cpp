#include "cli/options.hpp"

#include "util/text.hpp"

#include <CLI/CLI.hpp>

#include <cctype>
#include <charconv>

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
  case Check::Kind::one_of: {
    // Not CLI::IsMember: its message and its help type ("TEXT:{a,b}") are the parser's words.
    auto values = c.values;
    return CLI::Validator(
        [values](std::string& value) {
          bool member = std::find(values.begin(), values.end(), value) != values.end();
          return member ? std::string() : "unknown value '" + value + "' " + util::choices(value, values);
        },
        "");
  }
  case Check::Kind::range_int:
  case Check::Kind::range_long:
  case Check::Kind::range_unsigned: {
    // Not CLI::Range: its help type ("INT in [0 - 36500]") is the parser's words.
    Check range = c;
    return CLI::Validator(
        [range](std::string& value) {
          return passes(range, value) ? std::string()
                                      : "'" + value + "' is not a whole number from " + std::to_string(range.low) + " to " +
                                            std::to_string(range.high);
        },
        "");
  }
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

Check python_version() {
  Check c;
  c.function = [](const std::string& value) {
    size_t dot = value.find('.');
    auto digits = [](std::string_view s) {
      return !s.empty() && s.size() <= 3 && s.find_first_not_of("0123456789") == std::string_view::npos;
    };
    bool ok = dot != std::string::npos && digits(std::string_view(value).substr(0, dot)) &&
              digits(std::string_view(value).substr(dot + 1));
    return ok ? std::string() : "'" + value + "' is not a Python version: expected X.Y, like 3.10";
  };
  return c;
}

bool passes(const Check& check, const std::string& value) {
  switch (check.kind) {
  case Check::Kind::one_of:
    return std::find(check.values.begin(), check.values.end(), value) != check.values.end();
  case Check::Kind::range_int:
  case Check::Kind::range_long:
  case Check::Kind::range_unsigned: {
    long long n = 0;
    auto [end, error] = std::from_chars(value.data(), value.data() + value.size(), n);
    return error == std::errc() && end == value.data() + value.size() && n >= check.low && n <= check.high;
  }
  case Check::Kind::function:
    break;
  }
  return check.function(value).empty();
}

bool OptionSpec::named(std::string_view name) const {
  std::string_view rest = names;
  while (!rest.empty()) {
    size_t comma = rest.find(',');
    if (rest.substr(0, comma) == name) {
      return true;
    }
    rest = comma == std::string_view::npos ? std::string_view() : rest.substr(comma + 1);
  }
  return false;
}

std::string value_name(const OptionSpec& spec) {
  if (spec.flag()) {
    return "";
  }
  if (!spec.type_name.empty()) {
    return spec.type_name;
  }
  if (!std::holds_alternative<std::string*>(spec.into) && !spec.repeatable()) {
    return "N";
  }
  std::string name = spec.names.substr(spec.names.rfind(',') + 1);
  if (fixed_values(spec).empty()) {
    return "VALUE";
  }
  std::string upper;
  for (char ch : name.substr(name.find_first_not_of('-'))) {
    upper += ch == '-' ? '_' : static_cast<char>(std::toupper(static_cast<unsigned char>(ch)));
  }
  return upper;
}

std::vector<std::string> fixed_values(const OptionSpec& spec) {
  for (const Check& c : spec.checks) {
    if (c.kind == Check::Kind::one_of) {
      return c.values;
    }
  }
  return {};
}

Opt& Opt::type_name(const std::string& name) {
  m_spec->type_name = name;
  return *this;
}

Opt& Opt::required() {
  m_spec->required = true;
  return *this;
}

Opt& Opt::expected(int count) {
  m_spec->expected = count;
  return *this;
}

Opt& Opt::allow_extra_args(bool allow) {
  m_spec->allow_extra_args = allow;
  return *this;
}

Opt& Opt::check(const Check& check) {
  m_spec->checks.push_back(check);
  return *this;
}

Opt& Opt::check(std::function<std::string(const std::string&)> function) {
  Check c;
  c.function = std::move(function);
  return check(c);
}

size_t Opt::count() const {
  if (!m_spec) {
    return 0;
  }
  return m_spec->built ? m_spec->built->count() : m_spec->given;
}

Opt Options::add(const std::string& name, const std::string& help, decltype(OptionSpec::into) into) {
  OptionSpec& spec = m_specs.emplace_back();
  spec.names = name;
  spec.help = help;
  spec.into = into;
  return Opt(&spec);
}

Opt Options::add_option(const std::string& name, std::string& into, const std::string& help) {
  return add(name, help, &into);
}
Opt Options::add_option(const std::string& name, std::vector<std::string>& into, const std::string& help) {
  return add(name, help, &into);
}
Opt Options::add_option(const std::string& name, int& into, const std::string& help) {
  return add(name, help, &into);
}
Opt Options::add_option(const std::string& name, unsigned& into, const std::string& help) {
  return add(name, help, &into);
}
Opt Options::add_option(const std::string& name, long& into, const std::string& help) {
  return add(name, help, &into);
}
Opt Options::add_flag(const std::string& name, bool& into, const std::string& help) {
  return add(name, help, &into);
}

Opt Options::global_option(const std::string& name) const {
  const Options* root = this;
  while (root->m_parent != nullptr) {
    root = root->m_parent;
  }
  return Opt(root->find(name));
}

OptionSpec* Options::find(std::string_view name) const {
  for (OptionSpec& spec : m_specs) {
    if (!spec.positional() && spec.named(name)) {
      return &spec;
    }
  }
  return nullptr;
}

void Options::build(CLI::App& app) {
  for (OptionSpec& spec : m_specs) {
    CLI::Option* o = std::visit(
        [&](auto* into) {
          if constexpr (std::is_same_v<decltype(into), bool*>) {
            return app.add_flag(spec.names, *into, spec.help);
          } else {
            return app.add_option(spec.names, *into, spec.help);
          }
        },
        spec.into);
    if (!spec.flag()) {
      o->type_name(value_name(spec));
    }
    if (spec.required) {
      o->required();
    }
    if (spec.expected) {
      o->expected(*spec.expected);
    }
    if (spec.allow_extra_args) {
      o->allow_extra_args(*spec.allow_extra_args);
    }
    for (const Check& c : spec.checks) {
      o->check(validator(c));
    }
    spec.built = o;
  }
}

} // namespace cli
