#include "cli/argv.hpp"

#include <charconv>
#include <limits>
#include <string>
#include <string_view>
#include <vector>

namespace cli {

namespace {

struct Given {
  OptionSpec* spec;
  std::string_view value; // "" for a flag
};

// A number as CLI11 reads it, when it is written as plain decimal digits (no sign but a leading
// '-' for signed types, no leading zero, no base prefix, no exponent); nullopt otherwise.
template <class T> std::optional<T> plain_number(std::string_view text) {
  bool negative = !text.empty() && text[0] == '-';
  std::string_view digits = negative ? text.substr(1) : text;
  if (digits.empty() || (digits.size() > 1 && digits[0] == '0') || (negative && !std::numeric_limits<T>::is_signed)) {
    return std::nullopt;
  }
  T n{};
  auto [end, error] = std::from_chars(text.data(), text.data() + text.size(), n);
  if (error != std::errc() || end != text.data() + text.size()) {
    return std::nullopt;
  }
  return n;
}

// Whether `value` converts to the option's type and passes its checks.
bool acceptable(const OptionSpec& spec, std::string_view value) {
  bool converts = std::visit(
      [&](auto* into) {
        using T = std::remove_pointer_t<decltype(into)>;
        if constexpr (std::is_same_v<T, int> || std::is_same_v<T, unsigned> || std::is_same_v<T, long>) {
          return plain_number<T>(value).has_value();
        } else {
          return true;
        }
      },
      spec.into);
  if (!converts) {
    return false;
  }
  std::string text(value);
  for (const Check& c : spec.checks) {
    if (!passes(c, text)) {
      return false;
    }
  }
  return true;
}

void store(OptionSpec& spec, std::string_view value) {
  std::visit(
      [&](auto* into) {
        using T = std::remove_pointer_t<decltype(into)>;
        if constexpr (std::is_same_v<T, bool>) {
          *into = true;
        } else if constexpr (std::is_same_v<T, std::string>) {
          *into = std::string(value);
        } else if constexpr (std::is_same_v<T, std::vector<std::string>>) {
          into->emplace_back(value);
        } else {
          *into = *plain_number<T>(value);
        }
      },
      spec.into);
  ++spec.given;
}

} // namespace

bool parse_directly(Options& root, std::span<const CommandAt> path, int argc, char** argv) {
  if (path.empty()) {
    return false;
  }
  Options& leaf = *path.back().options;
  std::vector<Given> given;
  std::vector<std::string_view> positionals;
  size_t commands_seen = 0;
  auto command_at = [&](int i) { return commands_seen < path.size() && i == path[commands_seen].at; };
  for (int i = 1; i < argc; ++i) {
    if (command_at(i)) {
      ++commands_seen;
      continue;
    }
    bool in_leaf = commands_seen == path.size();
    std::string_view arg = argv[i];
    if (arg.empty() || arg[0] != '-') {
      if (!in_leaf) {
        return false; // before or between the command names: CLI11 decides what it is
      }
      positionals.push_back(arg);
      continue;
    }
    if (arg == "-" || arg == "--") {
      return false;
    }
    size_t equals = arg.find('=');
    std::string_view name = arg.substr(0, equals);
    OptionSpec* spec = in_leaf ? leaf.find(name) : nullptr;
    if (!spec) {
      spec = root.find(name);
    }
    if (!spec || spec->expected) {
      return false; // unknown, or a set number of values: CLI11 counts them
    }
    if (spec->flag()) {
      if (equals != std::string_view::npos) {
        return false;
      }
      given.push_back({spec, {}});
      continue;
    }
    std::string_view value;
    if (equals != std::string_view::npos) {
      value = arg.substr(equals + 1);
    } else if (i + 1 < argc && !command_at(i + 1)) {
      value = argv[++i];
    } else {
      return false;
    }
    if (value.empty() || value[0] == '-') {
      return false;
    }
    // A repeatable option may take the words after its value too, unless declared not to (a
    // command name ends them).
    if (spec->repeatable() && spec->allow_extra_args != false && i + 1 < argc && argv[i + 1][0] != '-' && !command_at(i + 1)) {
      return false;
    }
    given.push_back({spec, value});
  }

  // Positionals, in the order they are declared: a repeatable one takes all that are left.
  for (OptionSpec& spec : leaf.specs()) {
    if (!spec.positional()) {
      continue;
    }
    if (spec.expected) {
      return false;
    }
    size_t take = spec.repeatable() ? positionals.size() : std::min<size_t>(positionals.size(), 1);
    for (size_t k = 0; k < take; ++k) {
      if (positionals[k].empty()) {
        return false;
      }
      given.push_back({&spec, positionals[k]});
    }
    positionals.erase(positionals.begin(), positionals.begin() + static_cast<std::ptrdiff_t>(take));
  }
  if (!positionals.empty()) {
    return false;
  }

  for (const Given& g : given) {
    size_t times = 0;
    for (const Given& other : given) {
      times += other.spec == g.spec ? 1 : 0;
    }
    if ((times > 1 && !g.spec->repeatable()) || (!g.spec->flag() && !acceptable(*g.spec, g.value))) {
      return false;
    }
  }
  auto missing_required = [&](const Options& options) {
    for (const OptionSpec& spec : options.specs()) {
      if (spec.required && std::none_of(given.begin(), given.end(), [&spec](const Given& g) { return g.spec == &spec; })) {
        return true;
      }
    }
    return false;
  };
  if (missing_required(root) || missing_required(leaf)) {
    return false;
  }
  for (const Given& g : given) {
    store(*g.spec, g.value);
  }
  return true;
}

} // namespace cli
