#include "client/cli/start_plan.h"

#include <chrono>
#include <iostream>

#include "client/core/clock_check.h"

namespace staccato::cli {

std::set<std::string> withStartOptions(std::set<std::string> v) {
  v.insert({"--ramp", "--start-margin", "--clock-tolerance"});
  return v;
}

std::set<std::string> withStartFlags(std::set<std::string> f) {
  f.insert("--unsynchronized-start");
  return f;
}

Result<StartPlan> planStart(const Args& args, std::vector<RunDrone>& drones) {
  StartPlan plan;
  auto ramp = args.number("--ramp", 0, 0, 600'000);
  if (!ramp) return ramp.error();
  plan.rampMs = static_cast<uint32_t>(*ramp);
  auto margin = args.number("--start-margin", kDefaultStartMarginMs, 1, 3'600'000);
  if (!margin) return margin.error();
  auto toleranceUs = args.number("--clock-tolerance", client::kDefaultClockToleranceNs / 1000, 0, 10'000'000);
  if (!toleranceUs) return toleranceUs.error();
  size_t sendingDrones = 0;
  for (const RunDrone& d : drones) sendingDrones += !d.sending.empty();
  if (sendingDrones < 2 && !args.get("--start-margin")) return plan;

  // Every sending drone's clock; T0 on the first one's. Only senders must agree: a drone that
  // only receives starts nothing (its clock matters to latency, which says same_clock).
  std::vector<std::pair<std::string, v1::ClockState>> clocks;
  uint64_t t0 = 0;
  for (RunDrone& d : drones) {
    if (d.sending.empty()) continue;
    const auto asked = std::chrono::steady_clock::now();
    auto clock = client::readDroneClock(*d.conn);
    if (!clock) return clock.error().withPrefix("--start-margin");
    clocks.emplace_back(d.address, *clock);
    if (!t0) {
      const auto waited = std::chrono::duration_cast<std::chrono::nanoseconds>(std::chrono::steady_clock::now() - asked);
      t0 = clock->now_ns() + static_cast<uint64_t>(waited.count()) / 2 + *margin * 1'000'000;
    }
  }
  if (auto s = sendingDrones < 2 ? Status(Ok{}) : client::checkClocks(clocks, *toleranceUs * 1000); !s) {
    if (!args.has("--unsynchronized-start")) return s.error().withPrefix("--start-margin");
    std::cerr << "staccato-cli: warning: " << s.error().message << "; starting anyway (--unsynchronized-start)\n";
  }
  plan.atNs = t0;
  if (!args.has("--json"))
    std::cerr << "staccato-cli: " << sendingDrones << " drones start together at " << t0 << " ns (in " << *margin
              << " ms)\n";
  return plan;
}

}  // namespace staccato::cli
