#include "client/core/benchmark/y1564_config.h"

#include <cmath>
#include <set>

namespace staccato::bench {
namespace {

constexpr double kMaxRateMbps = 1e6;             // 1 Tbit/s
constexpr uint64_t kMaxBurstBytes = 1'000'000'000;
constexpr double kMaxStepSeconds = 3600;
constexpr double kMaxPerformanceSeconds = 7 * 86400;

bool within(double v, double lo, double hi) { return std::isfinite(v) && v >= lo && v <= hi; }

/// "dei", "pcp N" (0..7) or "dscp N" (0..63).
bool markValid(const std::string& mark) {
  if (mark == "dei") return true;
  for (const auto& [word, max] : {std::pair<std::string, int>{"pcp ", 7}, {"dscp ", 63}}) {
    if (!mark.starts_with(word) || mark.size() == word.size() || mark.size() > word.size() + 2) continue;
    const std::string digits = mark.substr(word.size());
    if (digits.find_first_not_of("0123456789") != std::string::npos) return false;
    return std::stoi(digits) <= max;
  }
  return false;
}

}  // namespace

Status AcceptanceCriteria::check() const {
  if (!within(maxFtdMs, 0, 60'000)) return makeError("ftd_ms", "a delay in ms, 0..60000 (0: not judged)");
  if (!within(maxFdvMs, 0, 60'000)) return makeError("fdv_ms", "a delay variation in ms, 0..60000 (0: not judged)");
  if (!within(maxFlr, 0, 1)) return makeError("flr", "a frame loss ratio, 0..1 (e.g. 0.0001 for 0.01 %)");
  if (!within(minAvail, 0, 1)) return makeError("avail", "an availability, 0..1 (e.g. 0.9999)");
  return Ok{};
}

Status Y1564Service::check() const {
  if (name.empty() || name.size() > 32 || name.find_first_of("\"<>&\n\r\t") != std::string::npos)
    return makeError("name", "1..32 characters, none of \" < > & or control characters");
  if (vlan > 4094) return makeError("vlan", std::to_string(vlan) + " is not a VLAN id (1..4094; 0: untagged)");
  if (pcp > 7) return makeError("pcp", std::to_string(pcp) + " is not a priority (0..7)");
  if (pcp != 0 && vlan == 0) return makeError("pcp", "needs a VLAN tag (vlan 1..4094)");
  if (dscp > 63) return makeError("dscp", std::to_string(dscp) + " is not a DSCP (0..63)");
  if (!within(cirMbps, 0, kMaxRateMbps) || cirMbps <= 0) return makeError("cir_mbps", "above 0 and at most 1000000 Mbit/s");
  if (!within(eirMbps, 0, kMaxRateMbps)) return makeError("eir_mbps", "0..1000000 Mbit/s (0: no excess)");
  if (cbsBytes > kMaxBurstBytes) return makeError("cbs_bytes", "at most 1000000000 bytes (0: no CBS test)");
  if (ebsBytes > kMaxBurstBytes) return makeError("ebs_bytes", "at most 1000000000 bytes (0: no EBS test)");
  if (ebsBytes > 0 && eirMbps <= 0) return makeError("ebs_bytes", "an excess burst needs an excess rate (eir_mbps above 0)");
  if (colour == ColourMode::kAware && !markValid(yellowMark))
    return makeError("yellow_mark", "colour aware needs the marking of frames above CIR: \"dei\", \"pcp N\" (0..7) or \"dscp N\" (0..63)");
  if (colour == ColourMode::kBlind && !yellowMark.empty())
    return makeError("yellow_mark", "only with colour \"aware\" (a blind device tells colours by rate alone)");
  if (yellowMark == "dei" && vlan == 0) return makeError("yellow_mark", "DEI is a VLAN tag's bit: needs vlan 1..4094");
  if (auto s = sac.check(); !s) return s.error().withPrefix("sac");
  return Ok{};
}

Status Y1564Config::check() const {
  if (services.empty() || services.size() > kMaxY1564Services)
    return makeError("services", "1.." + std::to_string(kMaxY1564Services) + " services");
  std::set<std::string> names;
  for (size_t i = 0; i < services.size(); ++i) {
    const std::string at = "services[" + std::to_string(i) + "]";
    if (auto s = services[i].check(); !s) return s.error().withPrefix(at);
    if (!names.insert(services[i].name).second)
      return makeError(at + ".name", "\"" + services[i].name + "\" names two services");
  }
  if (cirSteps.empty() || cirSteps.size() > 10) return makeError("cir_steps", "1..10 fractions of CIR, e.g. [0.25, 0.5, 0.75, 1]");
  for (size_t i = 0; i < cirSteps.size(); ++i)
    if (!within(cirSteps[i], 0, 1) || cirSteps[i] <= 0 || (i > 0 && cirSteps[i] <= cirSteps[i - 1]))
      return makeError("cir_steps[" + std::to_string(i) + "]", "fractions of CIR above 0, rising, at most 1");
  if (cirSteps.back() != 1) return makeError("cir_steps", "the last step is CIR itself (1)");
  if (!within(stepSeconds, 1, kMaxStepSeconds)) return makeError("step_seconds", "1..3600 s");
  if (!within(performanceSeconds, 1, kMaxPerformanceSeconds)) return makeError("performance_seconds", "1..604800 s (a week)");
  if (!within(sesLossRatio, 0, 1) || sesLossRatio <= 0) return makeError("ses_loss_ratio", "above 0 and at most 1 (Y.1563: 0.5)");
  if (!within(rateTolerance, 0, 0.5)) return makeError("rate_tolerance", "0..0.5 (e.g. 0.02 for 2 %)");
  return Ok{};
}

}  // namespace staccato::bench
