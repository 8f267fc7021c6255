#pragma once
/// Prometheus' text exposition format (version 0.0.4, what every Prometheus scrapes and
/// `promtool check metrics` checks): families of samples, each family's samples together after
/// its HELP and TYPE lines, label values escaped. Appends to one string; no I/O.
#include <cstdint>
#include <initializer_list>
#include <string>
#include <string_view>
#include <utility>

namespace staccato::drone::metrics {

using Label = std::pair<std::string_view, std::string_view>;

class MetricsText {
 public:
  /// Starts a family: `type` is "counter", "gauge" or "histogram".
  void family(std::string_view name, std::string_view type, std::string_view help);
  void sample(std::string_view name, std::initializer_list<Label> labels, uint64_t value);
  void sample(std::string_view name, std::initializer_list<Label> labels, double value);
  /// A histogram bucket: the labels, then le="BOUND" (seconds, or "+Inf" when `bound` < 0).
  void bucket(std::string_view name, std::initializer_list<Label> labels, double boundSeconds, uint64_t cumulative);
  const std::string& text() const { return out_; }
  std::string take() { return std::move(out_); }

 private:
  void name(std::string_view name, std::initializer_list<Label> labels, const Label* last = nullptr);
  std::string out_;
};

}  // namespace staccato::drone::metrics
