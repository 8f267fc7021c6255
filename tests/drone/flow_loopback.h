#pragma once
// What the flow engine's loopback tests share: loopback hosts, profiles made into plans, a
// server and a client run against each other, and their counters summed over the phases.
#include <gtest/gtest.h>

#include <unistd.h>

#include <atomic>
#include <string>
#include <thread>
#include <vector>

#include "common/files/flow_profile.h"
#include "drone/flows/flow_client.h"
#include "drone/flows/flow_server.h"

namespace staccato::drone {

/// A port base of this process's own, so parallel test processes do not collide.
inline uint16_t portBase() { return uint16_t(20000 + (::getpid() % 1400) * 32); }

inline uint32_t loopback(uint8_t c, uint8_t d) { return (127u << 24) | (c << 8) | d; }

inline std::vector<FlowAddress> hosts(uint8_t subnet, int count) {
  std::vector<FlowAddress> v;
  for (int i = 1; i <= count; ++i) v.push_back({loopback(subnet, uint8_t(i)), ""});
  return v;
}

inline FlowPlan planOf(const std::string& templates, const std::string& load) {
  auto profile = parseFlowProfile(R"({"format_version": 1, "templates": [)" + templates + R"(], "load": )" + load +
                                  R"(, "clients": {"first_address": "127.0.1.1", "count": 5},
                                       "servers": {"first_address": "127.0.2.1", "count": 2}})");
  EXPECT_TRUE(profile) << profile.error().toString();
  auto plan = planFlows(*profile);
  EXPECT_TRUE(plan) << plan.error().toString();
  return *plan;
}

inline std::string port(int offset) { return std::to_string(portBase() + offset); }

inline uint64_t sum(const TemplateStats& t, std::atomic<uint64_t> PhaseCounters::*field) {
  uint64_t n = 0;
  for (FlowPhase p : {FlowPhase::kRampUp, FlowPhase::kSteady, FlowPhase::kRampDown}) n += (t.phase(p).*field).load();
  return n;
}
inline uint64_t failed(const TemplateStats& t, FlowFailure f) {
  uint64_t n = 0;
  for (FlowPhase p : {FlowPhase::kRampUp, FlowPhase::kSteady, FlowPhase::kRampDown}) n += t.phase(p).failed[size_t(f)].load();
  return n;
}

/// Runs a server on serverPlan and a client on clientPlan until the client's plan ends.
/// The most connections the client's first template had open, read every 5 ms while run() runs.
template <typename F>
inline uint64_t mostOpenWhile(const FlowSideStats& client, F run) {
  uint64_t most = 0;
  std::atomic<bool> done{false};
  std::thread watch([&] {
    for (; !done; std::this_thread::sleep_for(std::chrono::milliseconds(5))) most = std::max(most, client.of(0).open.load());
  });
  run();
  done = true;
  watch.join();
  return most;
}

/// Budgets large enough not to matter, unless a test says otherwise.
constexpr uint64_t kPlenty = 100'000;

inline void runBoth(const FlowPlan& serverPlan, const FlowPlan& clientPlan, FlowSideStats& server, FlowSideStats& client,
             uint64_t serverDescriptors = kPlenty, uint64_t clientDescriptors = kPlenty) {
  DescriptorBudget serverBudget(serverDescriptors), clientBudget(clientDescriptors);
  FlowServer s(serverPlan, hosts(2, 2), server, serverBudget);
  ASSERT_TRUE(s.listen());
  std::thread serving([&] { EXPECT_TRUE(s.run()); });
  FlowClient c(clientPlan, hosts(1, 5), hosts(2, 2), client, clientBudget);
  EXPECT_TRUE(c.run());
  EXPECT_EQ(clientBudget.inUse(), 0u);  // every descriptor given back
  s.stop();
  serving.join();
  EXPECT_EQ(serverBudget.inUse(), 0u);
}

}  // namespace staccato::drone
