// The drone executor's parts that need no drone: port names and flows, the flows' streams (built
// by the stream compiler), and a trial's counts from snapshots as drones send them.
#include <gtest/gtest.h>

#include "client/core/benchmark_drone/bench_flows.h"
#include "client/core/benchmark_drone/flow_streams.h"
#include "client/core/benchmark_drone/trial_counts.h"
#include "common/stream/compiler.h"

namespace staccato::bench {
namespace {

TEST(BenchFlows, PortsOnTheDefaultDroneOrNamed) {
  auto a = parseEndpoint("va", "unix:/run/d.sock");
  ASSERT_TRUE(a);
  EXPECT_EQ(*a, (Endpoint{"unix:/run/d.sock", "va"}));
  auto b = parseEndpoint("eth1@lab-b:7878", "x");
  ASSERT_TRUE(b);
  EXPECT_EQ(*b, (Endpoint{"lab-b:7878", "eth1"}));
  EXPECT_EQ(parseEndpoint("eth1@", "x").error().toString(), "port: 'eth1@' names no drone after '@'");
  EXPECT_FALSE(parseEndpoint("a/b", "x"));
  EXPECT_FALSE(parseEndpoint("averyveryverylongname", "x"));
}

TEST(BenchFlows, OnePerPairAndDirectionWithTheirOwnIds) {
  BenchmarkConfig c;
  c.portPairs = {{"a", "b"}, {"c@d2", "d@d2"}};
  c.direction = Direction::kBidirectional;
  auto flows = flowsOf(c, "d1");
  ASSERT_TRUE(flows) << flows.error().toString();
  ASSERT_EQ(flows->size(), 4u);
  EXPECT_EQ((*flows)[1].tx, (Endpoint{"d1", "b"}));
  EXPECT_EQ((*flows)[1].rx, (Endpoint{"d1", "a"}));
  EXPECT_EQ((*flows)[2].tx, (Endpoint{"d2", "c"}));
  for (size_t i = 1; i < flows->size(); ++i) EXPECT_NE((*flows)[i].streamId, (*flows)[i - 1].streamId);
  EXPECT_EQ(dronesOf(*flows), (std::vector<std::string>{"d1", "d2"}));
  c.portPairs = {{"a", "a"}};
  EXPECT_NE(flowsOf(c, "d1").error().message.find("same port"), std::string::npos);
}

TEST(BenchFlows, ThroughAReflectorTheTransmitPortReceives) {
  BenchmarkConfig c;
  c.portPairs = {{"a", "a", "r@d2"}, {"b", "b", "s"}};
  auto flows = flowsOf(c, "d1");
  ASSERT_TRUE(flows) << flows.error().toString();
  ASSERT_EQ(flows->size(), 2u);
  const Flow& f = (*flows)[0];
  EXPECT_TRUE(f.reflected());
  EXPECT_EQ(f.tx, f.rx);
  EXPECT_EQ(f.via, (Endpoint{"d2", "r"}));
  EXPECT_EQ(f.farEnd(), f.via);
  EXPECT_EQ((*flows)[1].via, (Endpoint{"d1", "s"}));
  EXPECT_EQ(dronesOf(*flows), (std::vector<std::string>{"d1", "d2"})) << "the reflector's drone too";
  c.portPairs = {{"a", "b"}};
  EXPECT_FALSE(flowsOf(c, "d1")->front().reflected());
  c.portPairs = {{"a", "a", "a@d1"}};
  EXPECT_NE(flowsOf(c, "d1").error().message.find("the reflector a is the transmit port"), std::string::npos);
  c.portPairs = {{"a", "b", "r"}};
  EXPECT_NE(flowsOf(c, "d1").error().message.find("return to the transmit port a"), std::string::npos);
  c.portPairs = {{"a", "a", "r@"}};
  EXPECT_EQ(flowsOf(c, "d1").error().toString().rfind("port_pairs[0].reflector", 0), 0u) << flowsOf(c, "d1").error().toString();
}

v1::Port port(const std::string& name, const std::string& mac, const std::string& ipv4 = "") {
  v1::Port p;
  p.set_name(name);
  p.set_mac(mac);
  if (!ipv4.empty()) p.mutable_config()->add_devices()->mutable_ipv4()->set_address(ipv4);
  return p;
}

TEST(FlowStreams, PlainL2OrAsEmulatedHosts) {
  auto l2 = flowAddressing(port("va", "02:00:00:00:00:0a"), port("vb", "02:00:00:00:00:0b"), 4, 0);
  ASSERT_TRUE(l2);
  EXPECT_EQ(l2->srcMac, "02:00:00:00:00:0a");
  EXPECT_EQ(l2->dstMac, "02:00:00:00:00:0b");
  EXPECT_EQ(l2->srcIp, "198.18.0.1");
  auto hosts = flowAddressing(port("va", "m", "10.0.0.10"), port("vb", "m", "10.0.1.10"), 4, 0);
  ASSERT_TRUE(hosts);
  EXPECT_EQ(hosts->srcMac, "device");
  EXPECT_EQ(hosts->dstMac, "resolve");
  EXPECT_EQ(hosts->dstIp, "10.0.1.10");
  EXPECT_NE(flowAddressing(port("va", "m", "10.0.0.10"), port("vb", "m"), 4, 0).error().message.find("emulates no IPv4 host"),
            std::string::npos);
  // Every host of the sending group, in turn.
  v1::Port many = port("va", "m", "10.0.0.10");
  many.mutable_config()->mutable_devices(0)->set_count(100);
  many.mutable_config()->mutable_devices(0)->mutable_ipv4()->set_step(2);
  auto all = flowAddressing(many, port("vb", "m", "10.0.1.10"), 4, 0);
  ASSERT_TRUE(all);
  EXPECT_EQ(all->hosts, 100u);
  const v1::Stream s = flowStream({{"d", "va"}, {"d", "vb"}, 1}, *all, 4, FrameSize::fixed(128), {});
  ASSERT_EQ(s.variable_fields_size(), 1);
  EXPECT_EQ(s.variable_fields(0).field(), "ip.src");
  EXPECT_EQ(s.variable_fields(0).count(), 100u);
  EXPECT_EQ(s.variable_fields(0).step(), 2u);
}

/// The stream compiles at every RFC 2544 size (IPv4) and carries the frame length asked.
TEST(FlowStreams, CompileAtEverySize) {
  const Flow flow{{"d", "va"}, {"d", "vb"}, 2544};
  auto a = flowAddressing(port("va", "02:00:00:00:00:0a"), port("vb", "02:00:00:00:00:0b"), 4, 0);
  ASSERT_TRUE(a);
  for (uint32_t bytes : kDefaultFrameSizes) {
    const v1::Stream s = flowStream(flow, *a, 4, FrameSize::fixed(bytes), {1000, 5});
    EXPECT_EQ(s.frame_length().fixed(), bytes);
    EXPECT_EQ(s.control().mode(), v1::Control::PACKETS);
    EXPECT_EQ(s.control().count(), 5u);
    auto plan = compile(s);
    EXPECT_TRUE(plan) << bytes << ": " << plan.error().toString();
  }
  const v1::Stream imix = flowStream(flow, *a, 6, FrameSize::imix(), {1000, 0});
  EXPECT_EQ(imix.frame_length().mode(), v1::FrameLength::IMIX);
  EXPECT_EQ(imix.control().mode(), v1::Control::CONTINUOUS);
  EXPECT_EQ(imix.layers(1).protocol(), "ipv6");
}

v1::StreamStats row(const std::string& tx, const std::string& rx, uint32_t id) {
  v1::StreamStats s;
  s.set_tx_port(tx);
  s.set_rx_port(rx);
  s.set_stream_id(id);
  return s;
}

TEST(TrialCounts, AddsFlowsAcrossDronesAndMergesLatency) {
  const std::vector<Flow> flows = {{{"d1", "a"}, {"d1", "b"}, 1}, {{"d1", "b"}, {"d2", "c"}, 2}};
  DroneSnapshots snaps;
  v1::StreamStats one = row("a", "b", 1);  // both ends on d1: one paired row
  one.set_tx_packets(1000);
  one.set_rx_packets(990);
  one.set_first_tx_ns(5'000'000'000);
  one.set_last_tx_ns(6'000'000'000);
  one.set_reordered(3);
  one.mutable_latency()->set_samples(990);
  one.mutable_latency()->set_min_ns(1000);
  one.mutable_latency()->set_max_ns(5000);
  one.mutable_latency()->set_avg_ns(2000);
  v1::StreamStats twoTx = row("b", "", 2);  // sent on d1 ...
  twoTx.set_tx_packets(500);
  twoTx.set_first_tx_ns(5'100'000'000);
  twoTx.set_last_tx_ns(6'500'000'000);
  v1::StreamStats twoRx = row("", "c", 2);  // ... received on d2
  twoRx.set_rx_packets(500);
  twoRx.set_duplicates(1);
  twoRx.mutable_latency()->set_samples(10);
  twoRx.mutable_latency()->set_min_ns(500);
  twoRx.mutable_latency()->set_max_ns(9000);
  twoRx.mutable_latency()->set_avg_ns(3000);
  *snaps["d1"].add_streams() = one;
  *snaps["d1"].add_streams() = twoTx;
  *snaps["d2"].add_streams() = twoRx;
  TrialRequest q;
  q.latency = true;
  TrialResult r;
  ASSERT_TRUE(countTrial(flows, snaps, q, r));
  EXPECT_EQ(r.txFrames, 1500u);
  EXPECT_EQ(r.rxFrames, 1490u);
  EXPECT_EQ(r.reordered, 3u);
  EXPECT_EQ(r.duplicated, 1u);
  EXPECT_DOUBLE_EQ(r.durationSeconds, 1.5);
  EXPECT_EQ(r.startNs, 5'000'000'000);
  EXPECT_EQ(r.latency.samples, 1000u);
  EXPECT_EQ(r.latency.minNs, 500u);
  EXPECT_EQ(r.latency.maxNs, 9000u);
  EXPECT_FALSE(r.receiverMissed);
  EXPECT_FALSE(r.testerLimited);
}

/// One flow a -> b on drone d, its one row sent `tx` and received `rx`.
const std::vector<Flow> kOneFlow = {{{"d", "a"}, {"d", "b"}, 1}};
DroneSnapshots oneFlow(uint64_t tx, uint64_t rx, uint64_t firstNs = 0, uint64_t lastNs = 0) {
  DroneSnapshots snaps;
  v1::StreamStats s = row("a", "b", 1);
  s.set_tx_packets(tx);
  s.set_rx_packets(rx);
  s.set_first_tx_ns(firstNs);
  s.set_last_tx_ns(lastNs);
  *snaps["d"].add_streams() = s;
  return snaps;
}

TEST(TrialCounts, MissedFramesAndTransmitErrorsAreTheTesters) {
  DroneSnapshots snaps = oneFlow(10, 8);
  v1::PortStats* rx = snaps["d"].add_ports();
  rx->set_port("b");
  rx->set_drone_rx_dropped(2);
  v1::PortStats* tx = snaps["d"].add_ports();
  tx->set_port("a");
  tx->set_error("the interface went away");
  TrialResult r;
  ASSERT_TRUE(countTrial(kOneFlow, snaps, TrialRequest{}, r));
  EXPECT_TRUE(r.receiverMissed);
  EXPECT_TRUE(r.testerLimited);
  EXPECT_EQ(r.note, "a: the interface went away");
}

TEST(TrialCounts, ABurstInOneBatchIsNotCountedInstantaneous) {
  const DroneSnapshots snaps = oneFlow(32, 32, 1'000'000'000, 1'000'000'000);  // one batch: one timestamp
  TrialRequest q;
  q.kind = TrialKind::kBurst;
  q.burstFrames = 32;
  q.pps = 1000;
  TrialResult r;
  ASSERT_TRUE(countTrial(kOneFlow, snaps, q, r));
  EXPECT_DOUBLE_EQ(r.durationSeconds, 0.031);
  EXPECT_TRUE(r.note.empty());
}

}  // namespace
}  // namespace staccato::bench
