#include "client/cli/args.h"

#include <charconv>

#include "common/core/decimal_text.h"

namespace staccato::cli {

std::optional<std::string> Args::get(const std::string& name) const {
  auto it = options.find(name);
  if (it == options.end()) return std::nullopt;
  return it->second;
}

std::vector<std::string> Args::every(const std::string& name) const {
  auto it = all.find(name);
  return it == all.end() ? std::vector<std::string>{} : it->second;
}

Result<uint64_t> Args::number(const std::string& name, uint64_t fallback, uint64_t min, uint64_t max) const {
  auto text = get(name);
  if (!text) return fallback;
  uint64_t v = 0;
  auto [p, ec] = std::from_chars(text->data(), text->data() + text->size(), v);
  if (ec != std::errc() || p != text->data() + text->size() || v < min || v > max)
    return makeError(name, "'" + *text + "' is not a number in " + std::to_string(min) + ".." + std::to_string(max));
  return v;
}

Result<double> decimalOption(const std::string& option, const std::string& text, double min, double max, bool openMin) {
  auto v = parseDecimal(text, min, max, openMin);
  if (!v) return v.error().withPrefix(option);
  return v;
}

Result<Args> parseArgs(const std::vector<std::string>& argv, const std::set<std::string>& valueOptions,
                       const std::set<std::string>& flagOptions) {
  Args a;
  for (size_t i = 0; i < argv.size(); ++i) {
    const std::string& s = argv[i];
    if (s.rfind("--", 0) != 0 || s == "--") {
      a.positional.push_back(s);
      continue;
    }
    std::string name = s, value;
    bool inlineValue = false;
    if (auto eq = s.find('='); eq != std::string::npos) {
      name = s.substr(0, eq);
      value = s.substr(eq + 1);
      inlineValue = true;
    }
    if (flagOptions.count(name)) {
      a.flags.insert(name);
    } else if (valueOptions.count(name)) {
      if (!inlineValue) {
        if (i + 1 >= argv.size()) return makeError(name, "needs a value");
        value = argv[++i];
      }
      a.options[name] = value;
      a.all[name].push_back(value);
    } else {
      return makeError(name, "unknown option (see --help)");
    }
  }
  return a;
}

std::vector<std::string> splitCommas(const std::string& text) {
  std::vector<std::string> out;
  size_t from = 0;
  for (;;) {
    const size_t comma = text.find(',', from);
    out.push_back(text.substr(from, comma - from));
    if (comma == std::string::npos) return out;
    from = comma + 1;
  }
}

}  // namespace staccato::cli
