// The flow engine end to end on loopback addresses (no root, no namespace): client and server
// loops on their own threads, every exchange kind counted exactly on both sides, failures
// classified, the concurrent target held.
#include <gtest/gtest.h>
#include <sys/socket.h>
#include <unistd.h>

#include "tests/drone/flow_loopback.h"

namespace staccato::drone {
namespace {

TEST(FlowLoopback, EveryKindIsExchangedAndCountedOnBothSides) {
  const FlowPlan plan = planOf(
      R"({"name": "web", "weight": 2, "port": )" + port(0) + R"(, "http": {"path": "/obj", "response_body_bytes": 1000, "keep_alive": true, "transactions": 3}},
         {"name": "raw", "port": )" + port(1) + R"(, "tcp": {"request_bytes": 100, "response_bytes": 70000, "rounds": 2}},
         {"name": "dns", "port": )" + port(2) + R"(, "udp": {"request_bytes": 64, "response_bytes": 512}})",
      R"({"connections_per_second": 300, "ramp_up_seconds": 0.2, "steady_seconds": 1, "ramp_down_seconds": 0.2})");
  FlowSideStats server(plan.templates.size()), client(plan.templates.size());
  runBoth(plan, plan, server, client);

  uint64_t attempted = 0;
  for (size_t t = 0; t < 3; ++t) attempted += sum(client.of(t), &PhaseCounters::attempted);
  EXPECT_GE(attempted, 350u);  // 360 due over the run; the last turn may come just before its end
  EXPECT_LE(attempted, 360u);
  EXPECT_NEAR(double(sum(client.of(0), &PhaseCounters::attempted)) / double(attempted), 0.5, 0.01);
  const uint64_t rounds[] = {3, 2, 1};
  for (size_t t = 0; t < 3; ++t) {
    SCOPED_TRACE(plan.templates[t].name);
    const TemplateStats& c = client.of(t);
    const uint64_t n = sum(c, &PhaseCounters::attempted);
    EXPECT_EQ(sum(c, &PhaseCounters::established), n);
    EXPECT_EQ(sum(c, &PhaseCounters::completed), n);
    EXPECT_EQ(sum(c, &PhaseCounters::transactions), n * rounds[t]);
    EXPECT_EQ(sum(server.of(t), &PhaseCounters::transactions), n * rounds[t]);
    EXPECT_EQ(c.open.load(), 0u);
    for (size_t f = 0; f < kFlowFailureKinds; ++f) EXPECT_EQ(failed(c, FlowFailure(f)), 0u) << flowFailureName(FlowFailure(f));
    EXPECT_GT(c.phase(FlowPhase::kSteady).transactions.load(), c.phase(FlowPhase::kRampUp).transactions.load());
    uint64_t timed = 0;
    for (FlowPhase p : {FlowPhase::kRampUp, FlowPhase::kSteady, FlowPhase::kRampDown}) timed += c.phase(p).lastByteTime.count();
    EXPECT_EQ(timed, n * rounds[t]);
    for (FlowPhase p : {FlowPhase::kRampUp, FlowPhase::kSteady, FlowPhase::kRampDown}) {
      EXPECT_GT(c.phase(p).firstByteTime.min(), 1000u) << flowPhaseName(p);  // a real round trip, not a batch's clock
      if (t < 2) EXPECT_GT(c.phase(p).connectTime.min(), 1000u) << flowPhaseName(p);
    }
  }
  const uint64_t raw = sum(client.of(1), &PhaseCounters::attempted);
  EXPECT_EQ(sum(client.of(1), &PhaseCounters::bytesReceived), raw * 2 * 70000);
  EXPECT_EQ(sum(server.of(1), &PhaseCounters::bytesReceived), raw * 2 * 100);
  EXPECT_EQ(sum(server.of(1), &PhaseCounters::completed), raw);  // the client closed after its last round
  EXPECT_EQ(sum(client.of(2), &PhaseCounters::bytesReceived), sum(client.of(2), &PhaseCounters::attempted) * 512);
  EXPECT_GE(sum(client.of(0), &PhaseCounters::bytesReceived), sum(client.of(0), &PhaseCounters::attempted) * 3 * 1000);
}

TEST(FlowLoopback, AnswersThatDifferFromTheTemplateFailAsInvalid) {
  const std::string templ = R"({"name": "web", "port": )" + port(3) + R"(, "http": {"response_body_bytes": 10, "status": )";
  const FlowPlan served = planOf(templ + "200}}", R"({"connections_per_second": 50, "steady_seconds": 0.4})");
  const FlowPlan expected = planOf(templ + "404}}", R"({"connections_per_second": 50, "steady_seconds": 0.4})");
  FlowSideStats server(1), client(1);
  runBoth(served, expected, server, client);
  const uint64_t n = sum(client.of(0), &PhaseCounters::attempted);
  EXPECT_GE(n, 15u);
  EXPECT_EQ(failed(client.of(0), FlowFailure::kInvalid), n);
  EXPECT_EQ(sum(client.of(0), &PhaseCounters::completed), 0u);
}

TEST(FlowLoopback, APortNobodyServesIsRefused) {
  const FlowPlan plan = planOf(R"({"name": "raw", "port": )" + port(4) + R"(, "tcp": {"request_bytes": 1, "response_bytes": 1}})",
                               R"({"connections_per_second": 100, "steady_seconds": 0.3})");
  FlowSideStats client(1);
  DescriptorBudget budget(kPlenty);
  FlowClient c(plan, hosts(1, 5), hosts(2, 2), client, budget);
  ASSERT_TRUE(c.run());
  const uint64_t n = sum(client.of(0), &PhaseCounters::attempted);
  EXPECT_GE(n, 25u);
  EXPECT_EQ(failed(client.of(0), FlowFailure::kRefused), n);
  EXPECT_EQ(sum(client.of(0), &PhaseCounters::established), 0u);
}

TEST(FlowLoopback, TheServerAnswersOnlyOnItsAddresses) {
  const FlowPlan plan = planOf(R"({"name": "raw", "port": )" + port(5) + R"(, "tcp": {"request_bytes": 1, "response_bytes": 1}})",
                               R"({"connections_per_second": 1, "steady_seconds": 1})");
  FlowSideStats stats(1);
  DescriptorBudget budget(kPlenty);
  FlowServer s(plan, hosts(2, 2), stats, budget);
  ASSERT_TRUE(s.listen());
  auto connectTo = [&](uint32_t address) {
    const int fd = ::socket(AF_INET, SOCK_STREAM | SOCK_CLOEXEC, 0);
    const sockaddr_in to = socketAddress(address, uint16_t(portBase() + 5));
    const int rc = ::connect(fd, reinterpret_cast<const sockaddr*>(&to), sizeof to);
    ::close(fd);
    return rc;
  };
  EXPECT_EQ(connectTo(loopback(2, 2)), 0);
  EXPECT_NE(connectTo(loopback(2, 3)), 0);  // one past the servers
  EXPECT_NE(connectTo(loopback(0, 1)), 0);  // 127.0.0.1, the wildcard's
  // A second server on the same addresses and port is refused with the address named.
  FlowSideStats other(1);
  FlowServer twice(plan, hosts(2, 2), other, budget);
  auto bound = twice.listen();
  ASSERT_FALSE(bound);
  EXPECT_NE(bound.error().path.find("127.0.2.1 tcp/" + port(5)), std::string::npos) << bound.error().toString();
}

TEST(FlowLoopback, TheConcurrentTargetIsHeldAndCutAtTheEnd) {
  const FlowPlan plan = planOf(R"({"name": "hold", "port": )" + port(6) + R"(, "tcp": {"request_bytes": 10, "response_bytes": 10, "rounds": 3, "think_ms": 400}})",
                               R"({"concurrent": 40, "ramp_up_seconds": 0.2, "steady_seconds": 1})");
  FlowSideStats server(1), client(1);
  EXPECT_EQ(mostOpenWhile(client, [&] { runBoth(plan, plan, server, client); }), 40u);
  const TemplateStats& c = client.of(0);
  const uint64_t n = sum(c, &PhaseCounters::attempted);
  EXPECT_EQ(sum(c, &PhaseCounters::completed) + c.cutAtEnd.load(), n);  // each held 0.8 s: some end in the run, the rest are cut
  EXPECT_GT(c.cutAtEnd.load(), 0u);
  for (size_t f = 0; f < kFlowFailureKinds; ++f) EXPECT_EQ(failed(c, FlowFailure(f)), 0u) << flowFailureName(FlowFailure(f));
  EXPECT_EQ(c.open.load(), 0u);
}

TEST(FlowLoopback, AnOpenRatePacesConnectionsUpToTheConcurrentTarget) {
  // A port nobody serves: every connection is refused at once and would be replaced at once.
  const FlowPlan plan = planOf(R"({"name": "held", "port": )" + port(9) + R"(, "tcp": {"request_bytes": 1, "response_bytes": 1}})",
                               R"({"concurrent": 100, "open_rate": 200, "steady_seconds": 0.5})");
  FlowSideStats client(1);
  DescriptorBudget budget(kPlenty);
  FlowClient c(plan, hosts(1, 5), hosts(2, 2), client, budget);
  ASSERT_TRUE(c.run());
  const uint64_t n = sum(client.of(0), &PhaseCounters::attempted);
  EXPECT_LE(n, 101u);  // 200 a second for 0.5 s, the first at once
  EXPECT_GE(n, 90u);
  EXPECT_EQ(failed(client.of(0), FlowFailure::kRefused), n);
}

TEST(FlowLoopback, TheClientsDescriptorBudgetHoldsConnectionsBackWithoutFailures) {
  const FlowPlan plan = planOf(R"({"name": "hold", "port": )" + port(7) + R"(, "tcp": {"request_bytes": 10, "response_bytes": 10, "rounds": 2, "think_ms": 300}})",
                               R"({"concurrent": 30, "steady_seconds": 0.8})");
  FlowSideStats server(1), client(1);
  EXPECT_EQ(mostOpenWhile(client, [&] { runBoth(plan, plan, server, client, kPlenty, 12); }), 12u);
  EXPECT_GT(client.descriptorLimited.load(), 0u);
  for (size_t f = 0; f < kFlowFailureKinds; ++f) EXPECT_EQ(failed(client.of(0), FlowFailure(f)), 0u) << flowFailureName(FlowFailure(f));
}

TEST(FlowLoopback, AServerOutOfDescriptorsPausesAcceptingUntilOneCloses) {
  const FlowPlan plan = planOf(R"({"name": "quick", "port": )" + port(8) + R"(, "tcp": {"request_bytes": 100, "response_bytes": 100}})",
                               R"({"concurrent": 20, "steady_seconds": 0.5})");
  FlowSideStats server(1), client(1);
  runBoth(plan, plan, server, client, 4, kPlenty);
  const uint64_t n = sum(client.of(0), &PhaseCounters::attempted);
  EXPECT_GT(n, 20u);
  EXPECT_GT(server.descriptorLimited.load(), 0u);
  EXPECT_EQ(sum(client.of(0), &PhaseCounters::completed) + client.of(0).cutAtEnd.load(), n);
  EXPECT_EQ(sum(server.of(0), &PhaseCounters::transactions), sum(client.of(0), &PhaseCounters::transactions));
  for (size_t f = 0; f < kFlowFailureKinds; ++f) EXPECT_EQ(failed(client.of(0), FlowFailure(f)), 0u) << flowFailureName(FlowFailure(f));
}

}  // namespace
}  // namespace staccato::drone
