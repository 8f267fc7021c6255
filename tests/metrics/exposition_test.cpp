// The exposition (drone/metrics): every family once with its HELP and TYPE, label values
// escaped, transmit series once per sending stream, latency buckets cumulative and exact at
// powers of two, streams beyond the cap left out and counted. promtool's own check of a real
// drone's exposition is in tests/python/test_metrics.py.
#include <gtest/gtest.h>

#include <map>
#include <sstream>

#include "drone/metrics/drone_metrics.h"
#include "drone/metrics/metrics_text.h"
#include "rpc/stats/latency_bucket_bounds.h"

namespace staccato::drone::metrics {
namespace {

/// The value of the sample line that starts with `series` (name and labels), or -1.
double valueOf(const std::string& text, const std::string& series) {
  std::istringstream in(text);
  for (std::string line; std::getline(in, line);)
    if (line.starts_with(series + " ")) return std::stod(line.substr(series.size() + 1));
  return -1;
}

size_t count(const std::string& text, const std::string& what) {
  size_t n = 0;
  for (size_t at = text.find(what); at != std::string::npos; at = text.find(what, at + 1)) ++n;
  return n;
}

v1::StreamStats row(const std::string& tx, uint32_t id, const std::string& rx) {
  v1::StreamStats s;
  s.set_tx_port(tx);
  s.set_stream_id(id);
  s.set_rx_port(rx);
  s.set_tx_packets(100);
  s.set_rx_packets(rx.empty() ? 0 : 90);
  return s;
}

/// A latency histogram in the drone's layout with `samples` at each of `ns`.
void addLatency(v1::StreamStats& s, std::initializer_list<uint64_t> ns, uint64_t samples) {
  auto* l = s.mutable_latency();
  l->set_sub_bucket_bits(rpc::kLatencySubBucketBits);
  std::map<uint32_t, uint64_t> buckets;
  for (uint64_t v : ns) buckets[uint32_t(rpc::latencyBucketOf(v, rpc::kLatencySubBucketBits))] += samples;
  for (auto [index, c] : buckets) {
    l->add_bucket_index(index);
    l->add_bucket_count(c);
  }
  l->set_samples(samples * ns.size());
  l->set_avg_ns(2000);
}

TEST(MetricsText, EscapesLabelValuesAndLeavesEmptyOnesOut) {
  MetricsText m;
  m.family("x_total", "counter", "A test.");
  m.sample("x_total", {{"port", "a\"b\\c\nd"}, {"rx_port", ""}}, uint64_t{7});
  EXPECT_EQ(m.text(), "# HELP x_total A test.\n# TYPE x_total counter\nx_total{port=\"a\\\"b\\\\c\\nd\"} 7\n");
}

TEST(Exposition, EveryFamilyOnceAndEachSendingStreamOnce) {
  MetricsInput in;
  in.health.version = "0.1.0";
  in.health.clock.set_synchronized(true);
  in.health.clock.set_estimated_error_ns(250'000);
  v1::Port p;
  p.set_name("va");
  p.set_reserved_by("alice");
  in.ports.push_back(p);
  in.stats.add_ports()->set_port("va");
  // Stream 1 received on two ports: one row each, its transmit series once.
  *in.stats.add_streams() = row("va", 1, "vb");
  *in.stats.add_streams() = row("va", 1, "vc");
  *in.stats.add_streams() = row("", 7, "vb");  // sent by another drone
  const std::string text = renderMetrics(in);
  EXPECT_EQ(count(text, "# TYPE staccato_stream_tx_packets_total counter"), 1u);
  EXPECT_EQ(count(text, "staccato_stream_tx_packets_total{"), 1u);
  EXPECT_EQ(count(text, "staccato_stream_rx_packets_total{"), 3u);
  EXPECT_EQ(valueOf(text, "staccato_stream_rx_packets_total{stream=\"7\",rx_port=\"vb\"}"), 90);
  EXPECT_EQ(valueOf(text, "staccato_drone_clock_error_seconds"), 0.00025);
  EXPECT_EQ(valueOf(text, "staccato_drone_clock_synchronized"), 1);
  EXPECT_EQ(valueOf(text, "staccato_drone_reserved_ports"), 1);
  for (std::istringstream in2(text); !in2.eof();) {
    std::string line;
    std::getline(in2, line);
    if (line.starts_with("# TYPE ")) {
      EXPECT_EQ(count(text, line + "\n"), 1u) << line;
    }
  }
}

TEST(Exposition, ASendingPortsRunShowsItsTrialAndLoad) {
  MetricsInput in;
  v1::PortStats* va = in.stats.add_ports();
  va->set_port("va");
  va->mutable_run()->set_name("benchmark 64");
  va->mutable_run()->set_trial(12);
  va->mutable_run()->set_load(0.5);
  in.stats.add_ports()->set_port("vb");  // not sending: no run series
  const std::string text = renderMetrics(in);
  EXPECT_EQ(valueOf(text, "staccato_port_run_trial{port=\"va\",run=\"benchmark 64\"}"), 12);
  EXPECT_EQ(valueOf(text, "staccato_port_run_load_ratio{port=\"va\",run=\"benchmark 64\"}"), 0.5);
  EXPECT_EQ(count(text, "staccato_port_run_trial{"), 1u);
  EXPECT_EQ(count(text, "staccato_port_run_load_ratio{"), 1u);
}

TEST(Exposition, LatencyBucketsAreCumulativeAndExactAtPowersOfTwo) {
  MetricsInput in;
  v1::StreamStats s = row("va", 3, "vb");
  // 1023 ns is below 2^10, 1024 at it (the next bound), 5000 below 2^13, 10 s beyond the last.
  addLatency(s, {1023, 1024, 5000, 10'000'000'000}, 5);
  *in.stats.add_streams() = s;
  const std::string text = renderMetrics(in);
  const std::string labels = "port=\"va\",stream=\"3\",rx_port=\"vb\"";
  const auto bucket = [&](const std::string& le) {
    return valueOf(text, "staccato_stream_latency_seconds_bucket{" + labels + ",le=\"" + le + "\"}");
  };
  EXPECT_EQ(bucket("1.024e-06"), 5) << text;   // 2^10 ns: 1023 only
  EXPECT_EQ(bucket("2.048e-06"), 10);          // 2^11 ns: and 1024
  EXPECT_EQ(bucket("8.192e-06"), 15);          // 2^13 ns: and 5000
  EXPECT_EQ(bucket("8.589934592"), 15);        // 2^33 ns: not 10 s
  EXPECT_EQ(bucket("+Inf"), 20);
  EXPECT_EQ(valueOf(text, "staccato_stream_latency_seconds_count{" + labels + "}"), 20);
  EXPECT_DOUBLE_EQ(valueOf(text, "staccato_stream_latency_seconds_sum{" + labels + "}"), 20 * 2000e-9);
}

TEST(Exposition, StreamsBeyondTheCapAreLeftOutAndCounted) {
  MetricsInput in;
  in.maxStreams = 10;
  for (uint32_t id = 0; id < 10'000; ++id) *in.stats.add_streams() = row("va", id, "vb");
  const std::string text = renderMetrics(in);
  EXPECT_EQ(count(text, "staccato_stream_tx_packets_total{"), 10u);
  EXPECT_EQ(count(text, "staccato_stream_latency_seconds_count{"), 10u);
  EXPECT_EQ(valueOf(text, "staccato_drone_metrics_streams_omitted"), 9990);
  EXPECT_NE(text.find("stream=\"9\""), std::string::npos) << "the lowest ids are kept";
  EXPECT_EQ(text.find("stream=\"10\""), std::string::npos);
}

}  // namespace
}  // namespace staccato::drone::metrics
