#include "drone/metrics/metrics_text.h"

#include <charconv>
#include <cmath>

namespace staccato::drone::metrics {
namespace {

/// A label value as the format wants it: backslash, double quote and newline escaped.
void appendEscaped(std::string& out, std::string_view v) {
  for (char c : v) {
    if (c == '\\' || c == '"') out += '\\';
    if (c == '\n') {
      out += "\\n";
      continue;
    }
    out += c;
  }
}

void appendNumber(std::string& out, double v) {
  if (std::isnan(v)) {
    out += "NaN";
    return;
  }
  if (std::isinf(v)) {
    out += v > 0 ? "+Inf" : "-Inf";
    return;
  }
  char buf[32];
  const auto r = std::to_chars(buf, buf + sizeof buf, v);
  out.append(buf, r.ptr);
}

}  // namespace

void MetricsText::family(std::string_view name, std::string_view type, std::string_view help) {
  out_ += "# HELP ";
  out_ += name;
  out_ += ' ';
  out_ += help;  // ours: no backslash or newline in them
  out_ += "\n# TYPE ";
  out_ += name;
  out_ += ' ';
  out_ += type;
  out_ += '\n';
}

void MetricsText::name(std::string_view name, std::initializer_list<Label> labels, const Label* last) {
  out_ += name;
  bool first = true;
  auto add = [&](const Label& l) {
    if (l.second.empty()) return;  // an empty value is the same as no label
    out_ += first ? '{' : ',';
    first = false;
    out_ += l.first;
    out_ += "=\"";
    appendEscaped(out_, l.second);
    out_ += '"';
  };
  for (const Label& l : labels) add(l);
  if (last) add(*last);
  if (!first) out_ += '}';
  out_ += ' ';
}

void MetricsText::sample(std::string_view n, std::initializer_list<Label> labels, uint64_t value) {
  name(n, labels);
  char buf[24];
  const auto r = std::to_chars(buf, buf + sizeof buf, value);
  out_.append(buf, r.ptr);
  out_ += '\n';
}

void MetricsText::sample(std::string_view n, std::initializer_list<Label> labels, double value) {
  name(n, labels);
  appendNumber(out_, value);
  out_ += '\n';
}

void MetricsText::bucket(std::string_view n, std::initializer_list<Label> labels, double boundSeconds, uint64_t cumulative) {
  std::string le;
  if (boundSeconds < 0) le = "+Inf";
  else appendNumber(le, boundSeconds);
  const Label leLabel{"le", le};
  name(n, labels, &leLabel);
  char buf[24];
  const auto r = std::to_chars(buf, buf + sizeof buf, cumulative);
  out_.append(buf, r.ptr);
  out_ += '\n';
}

}  // namespace staccato::drone::metrics
