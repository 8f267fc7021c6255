#include "client/core/benchmark/y1564_result_json.h"

#include <cmath>

#include "client/core/benchmark/json_file.h"
#include "client/core/benchmark/y1564_fields.h"
#include "common/files/stream_file.h"

namespace staccato::bench {
namespace {

std::string indexed(const std::string& list, size_t i) { return list + "[" + std::to_string(i) + "]"; }

/// What the walk cannot check member by member: that the steps, services and seconds are the
/// config's (the reports index the config's services by them).
Status checkAgainstConfig(const Y1564Result& r) {
  const size_t services = r.config.services.size();
  const size_t steps = configurationSteps(r.config, r.lineRateBps).size();
  if (r.configuration.size() > steps)
    return makeError("configuration", std::to_string(r.configuration.size()) + " steps, more than the config's " + std::to_string(steps));
  for (size_t i = 0; i < r.configuration.size(); ++i)
    if (r.configuration[i].step.service >= services)
      return makeError(indexed("configuration", i) + ".step.service",
                       std::to_string(r.configuration[i].step.service) + " is not one of the config's " + std::to_string(services) + " services");
  if (!r.performance.empty() && r.performance.size() != services)
    return makeError("performance", "one per service of the config (" + std::to_string(services) + "), or none");
  // The test's seconds, and one more that a sender may start before its first whole second.
  const auto seconds = size_t(std::ceil(r.config.performanceSeconds)) + 1;
  for (size_t i = 0; i < r.performance.size(); ++i) {
    const Y1564ServicePerformance& p = r.performance[i];
    if (p.perSecond.size() > seconds)
      return makeError(indexed("performance", i) + ".per_second",
                       std::to_string(p.perSecond.size()) + " seconds, more than the test's " + std::to_string(seconds));
    const Availability& a = p.availability;
    if (a.seconds > seconds || a.severelyErrored > a.seconds || a.unavailable > a.seconds)
      return makeError(indexed("performance", i) + ".availability",
                       "severely errored and unavailable seconds are some of its seconds, which are the test's");
  }
  return Ok{};
}

}  // namespace

std::string y1564ResultJson(const Y1564Result& r) { return fileJson(kY1564ResultFormat, kY1564ResultFormatVersion, r); }

Result<Y1564Result> parseY1564Result(std::string_view json) {
  auto r = parseFile<Y1564Result>(json, kY1564ResultFormat, "Staccato Y.1564 result", kY1564ResultFormatVersion);
  if (!r) return r;
  if (auto s = checkAgainstConfig(*r); !s) return s.error();
  return r;
}

std::string y1564ResultSchema() {
  return fileSchema<Y1564Result>("Staccato Y.1564 result (staccato-cli benchmark y1564 --json)", kY1564ResultFormat,
                                 {"format", "format_version"}, kY1564ResultFormatVersion);
}

Status writeY1564ResultFile(const std::string& path, const Y1564Result& result) {
  return writeFileAtomically(path, y1564ResultJson(result));
}

Result<Y1564Result> readY1564ResultFile(const std::string& path) {
  return loadTextFile(path, parseY1564Result, kMaxSmallFileBytes);
}

}  // namespace staccato::bench
