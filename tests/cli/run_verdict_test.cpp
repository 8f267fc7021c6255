// Verdicts of `staccato-cli run --check` / --junit: frames the drone's own receiver never
// examined are not called lost (honest numbers), and real loss still is.
#include <gtest/gtest.h>

#include "client/cli/junit_report.h"
#include "client/cli/run_verdict.h"

namespace staccato::cli {
namespace {

RunOutcome oneStream(uint64_t sent, uint64_t received, uint64_t lost, uint64_t rxMissed) {
  v1::Stream s;
  s.set_id(1);
  s.set_name("udp");
  s.add_layers()->set_protocol("signature");
  s.mutable_control()->set_mode(v1::Control::PACKETS);
  s.mutable_control()->set_count(sent);
  v1::StatsSnapshot snap;
  v1::StreamStats* row = snap.add_streams();
  row->set_stream_id(1);
  row->set_tx_port("va");
  row->set_rx_port("vb");
  row->set_tx_packets(sent);
  row->set_rx_packets(received);
  row->set_lost(lost);
  snap.add_ports()->set_port("va");
  v1::PortStats* vb = snap.add_ports();
  vb->set_port("vb");
  vb->set_drone_rx_dropped(rxMissed);
  RunOutcome o;
  o.ports.push_back({"d", "va", {s}});
  o.snapshots.emplace_back("d", snap);
  return o;
}

std::string streamFailure(const RunOutcome& o) {
  for (const Verdict& v : judge(o))
    if (v.name != kTransmitVerdict) return v.failure;
  return "no stream verdict";
}

TEST(RunVerdict, FramesTheReceiverMissedAreNotCalledLost) {
  const std::string f = streamFailure(oneStream(200000, 155492, 44508, 44508));
  EXPECT_EQ(f, "receiver overloaded: 44508 frames on vb were not examined, so the 44508 not counted cannot be "
               "called lost (receive with turbo, or send slower)");
}

TEST(RunVerdict, LossWithAReceiverThatMissedNothingIsLoss) {
  EXPECT_EQ(streamFailure(oneStream(1000, 990, 10, 0)), "lost 10 of 1000 packets");
  EXPECT_EQ(streamFailure(oneStream(1000, 1000, 0, 0)), "");
}

TEST(RunVerdict, MissedFramesWithNothingMissingFromAStreamDoNotFailIt) {
  // Another stream's frames were missed on that port; this one arrived whole.
  EXPECT_EQ(streamFailure(oneStream(1000, 1000, 0, 7)), "");
}

/// A drone that says per stream what its receiver missed: `lost` is then proven loss only.
RunOutcome incompleteStream(uint64_t sent, uint64_t received, uint64_t provenLost, uint64_t rxMissed) {
  RunOutcome o = oneStream(sent, received, provenLost, rxMissed);
  v1::StreamStats* row = o.snapshots[0].second.mutable_streams(0);
  row->set_rx_missed(rxMissed);
  row->set_incomplete(true);
  return o;
}

TEST(RunVerdict, AnIncompleteStreamFailsAsReceiverOverloadedNotAsLoss) {
  EXPECT_EQ(streamFailure(incompleteStream(3000000, 2996539, 0, 3461)),
            "receiver overloaded: 3461 frames on vb were not examined, so the 3461 not counted cannot be called lost "
            "(receive with turbo, or send slower)");
}

TEST(RunVerdict, LossProvenBeyondWhatTheReceiverMissedIsLoss) {
  // 150 never arrived, the receiver missed 100: at least 50 were lost on the way.
  EXPECT_EQ(streamFailure(incompleteStream(1000, 850, 50, 100)),
            "lost 50 of 1000 packets (beyond the 100 frames the receiver on vb did not examine)");
}

/// A stream without a signature: sent in full, but nothing can count it on the receiving side.
RunOutcome untrackedStream(uint64_t sent, uint64_t count) {
  RunOutcome o = oneStream(sent, 0, 0, 0);
  o.ports[0].streams[0].clear_layers();
  o.ports[0].streams[0].add_layers()->set_protocol("payload");
  o.ports[0].streams[0].mutable_control()->set_count(count);
  v1::StreamStats* row = o.snapshots[0].second.mutable_streams(0);
  row->clear_rx_port();
  row->set_untracked(true);
  return o;
}

const Verdict& streamVerdict(const std::vector<Verdict>& verdicts) {
  for (const Verdict& v : verdicts)
    if (v.name != kTransmitVerdict) return v;
  throw std::runtime_error("no stream verdict");
}

TEST(RunVerdict, AStreamWithoutASignatureIsSkippedNotPassed) {
  const auto verdicts = judge(untrackedStream(1000, 1000));
  const Verdict& v = streamVerdict(verdicts);
  EXPECT_EQ(v.failure, "");
  EXPECT_EQ(v.skipped, "receive not checked: not tracked (no signature) (add a signature layer for its rx, loss and latency)");
  const std::string xml = junitXml(verdicts, 1.0);
  EXPECT_NE(xml.find("<skipped message=\"receive not checked: not tracked (no signature)"), std::string::npos) << xml;
  EXPECT_NE(xml.find("tests=\"2\" failures=\"0\" skipped=\"1\""), std::string::npos) << xml;
}

TEST(RunVerdict, AStreamWithoutASignatureThatDidNotSendFails) {
  const auto verdicts = judge(untrackedStream(400, 1000));
  const Verdict& v = streamVerdict(verdicts);
  EXPECT_EQ(v.failure, "sent 400 of 1000 packets");
  EXPECT_EQ(v.skipped, "");
}

TEST(RunVerdict, ATrackedStreamIsNotSkipped) {
  const auto verdicts = judge(oneStream(1000, 1000, 0, 0));
  EXPECT_EQ(streamVerdict(verdicts).skipped, "");
  EXPECT_EQ(junitXml(verdicts, 1.0).find("<skipped"), std::string::npos);
}

}  // namespace
}  // namespace staccato::cli
