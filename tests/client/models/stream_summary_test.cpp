#include <gtest/gtest.h>

#include <QAbstractItemModelTester>

#include "client/models/stream_list_model.h"
#include "client/models/stream_summary.h"
#include "tests/client/models/model_test_util.h"

namespace staccato::client::test {
namespace {

v1::FrameLength length(v1::FrameLength::Mode mode, uint32_t fixed, uint32_t min = 0, uint32_t max = 0, uint32_t step = 0) {
  v1::FrameLength l;
  l.set_mode(mode);
  l.set_fixed(fixed);
  l.set_min(min);
  l.set_max(max);
  l.set_step(step);
  return l;
}

v1::Rate rate(v1::Rate::Unit unit, double value, uint32_t burst = 0) {
  v1::Rate r;
  r.set_unit(unit);
  r.set_value(value);
  r.set_packets_per_burst(burst);
  return r;
}

v1::Control control(v1::Control::Mode mode, uint64_t count, v1::Control::AfterStream after = v1::Control::AFTER_UNSPECIFIED,
                    uint32_t gotoStream = 0, uint32_t loops = 0) {
  v1::Control c;
  c.set_mode(mode);
  c.set_count(count);
  c.set_after(after);
  c.set_goto_stream(gotoStream);
  c.set_loop_count(loops);
  return c;
}

TEST(StreamSummary, FrameLength) {
  EXPECT_EQ(frameLengthText({}), "64") << "0 means 64";
  EXPECT_EQ(frameLengthText(length(v1::FrameLength::FIXED, 1518)), "1518");
  EXPECT_EQ(frameLengthText(length(v1::FrameLength::INCREMENT, 0, 64, 1518)), "64–1518 inc +1");
  EXPECT_EQ(frameLengthText(length(v1::FrameLength::DECREMENT, 0, 64, 128, 4)), "64–128 dec -4");
  EXPECT_EQ(frameLengthText(length(v1::FrameLength::RANDOM, 0, 64, 1518)), "random 64–1518");
  EXPECT_EQ(frameLengthText(length(v1::FrameLength::IMIX, 0)), "IMIX");
  v1::FrameLength mix = length(v1::FrameLength::IMIX, 0);
  for (uint32_t len : {128u, 1024u}) {
    auto* w = mix.add_mix();
    w->set_length(len);
    w->set_weight(len == 128 ? 3 : 1);
  }
  EXPECT_EQ(frameLengthText(mix), "IMIX 128×3, 1024×1");
  EXPECT_EQ(frameLengthToolTip(mix), "weighted mix (FCS included):\n128 bytes: weight 3 (75 %)\n1024 bytes: weight 1 (25 %)");
  for (uint32_t len : {200u, 300u, 400u}) mix.add_mix()->set_length(len);
  EXPECT_EQ(frameLengthText(mix), "IMIX 128×3, 1024×1, 200×0, 300×0, …");
}

TEST(StreamSummary, Rate) {
  EXPECT_EQ(rateText({}), "1,000 pps") << "0 means 1000 pps";
  EXPECT_EQ(rateText(rate(v1::Rate::PPS, 2500.5)), "2,500.5 pps");
  EXPECT_EQ(rateText(rate(v1::Rate::BPS_L1, 10e6)), "10 Mbit/s (L1)");
  EXPECT_EQ(rateText(rate(v1::Rate::BPS_L2, 1.5e9)), "1.5 Gbit/s (L2)");
  EXPECT_EQ(rateText(rate(v1::Rate::BPS_L2, 800)), "800 bit/s (L2)");
  EXPECT_EQ(rateText(rate(v1::Rate::LOAD_PERCENT, 50)), "50 % load");
  EXPECT_EQ(rateText(rate(v1::Rate::BURSTS_PER_SECOND, 100, 8)), "100 bursts/s × 8");
  EXPECT_EQ(rateText(rate(v1::Rate::BURSTS_PER_SECOND, 100)), "100 bursts/s × 1") << "0 means 1";
  EXPECT_EQ(rateText(rate(v1::Rate::FASTEST, 0)), "fastest");
  EXPECT_EQ(rateToolTip(rate(v1::Rate::BURSTS_PER_SECOND, 100, 8)), "100 bursts per second of 8 back-to-back packets");
}

TEST(StreamSummary, Control) {
  EXPECT_EQ(controlText({}), "1 packet → next") << "0 means 1";
  EXPECT_EQ(controlText(control(v1::Control::PACKETS, 100, v1::Control::NEXT)), "100 packets → next");
  EXPECT_EQ(controlText(control(v1::Control::PACKETS, 1000000, v1::Control::STOP)), "1,000,000 packets → stop");
  EXPECT_EQ(controlText(control(v1::Control::BURSTS, 10, v1::Control::GOTO_STREAM, 0, 3)), "10 bursts → goto 1 ×3");
  EXPECT_EQ(controlText(control(v1::Control::BURSTS, 1, v1::Control::GOTO_FIRST)), "1 burst → goto first forever");
  EXPECT_EQ(controlText(control(v1::Control::CONTINUOUS, 5, v1::Control::STOP)), "continuous");
  EXPECT_NE(controlToolTip(control(v1::Control::BURSTS, 10, v1::Control::GOTO_STREAM, 4, 3)).indexOf("row 5 (stream index 4)"), -1);
}

TEST(StreamSummary, Protocols) {
  v1::Stream s = makeStream(1, "x", "10.0.0.1");
  s.add_layers()->set_protocol("signature");
  EXPECT_EQ(protocolsText(s), "Eth/IPv4/UDP/Payload/Signature");
  s.add_layers()->set_protocol("no-such-protocol");
  EXPECT_EQ(protocolsText(s), "Eth/IPv4/UDP/Payload/Signature/no-such-protocol");
  EXPECT_NE(protocolsToolTip(s).indexOf("IPv4: ip.dst = 10.0.0.1"), -1) << protocolsToolTip(s).toStdString();
}

TEST(StreamSummary, ModelShowsSummariesPerColumn) {
  StreamListModel model;
  QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::Fatal);
  v1::Stream a = makeStream(1, "a"), b = makeStream(2, "b"), c = makeStream(3, "c");
  *a.mutable_frame_length() = length(v1::FrameLength::RANDOM, 0, 64, 1518);
  *a.mutable_rate() = rate(v1::Rate::BPS_L1, 10e6);
  *a.mutable_control() = control(v1::Control::CONTINUOUS, 0);
  *b.mutable_frame_length() = length(v1::FrameLength::IMIX, 0);
  *b.mutable_rate() = rate(v1::Rate::BURSTS_PER_SECOND, 100, 8);
  *b.mutable_control() = control(v1::Control::BURSTS, 10, v1::Control::GOTO_STREAM, 0, 3);
  *c.mutable_rate() = rate(v1::Rate::FASTEST, 0);
  *c.mutable_control() = control(v1::Control::PACKETS, 100, v1::Control::STOP);
  model.resetFromDrone({a, b, c});
  auto text = [&](int row, int column) { return model.index(row, column).data().toString(); };
  EXPECT_EQ(text(0, StreamListModel::kProtocols), "Eth/IPv4/UDP/Payload");
  EXPECT_EQ(text(0, StreamListModel::kFrameLength), "random 64–1518");
  EXPECT_EQ(text(0, StreamListModel::kRate), "10 Mbit/s (L1)");
  EXPECT_EQ(text(0, StreamListModel::kControl), "continuous");
  EXPECT_EQ(text(1, StreamListModel::kFrameLength), "IMIX");
  EXPECT_EQ(text(1, StreamListModel::kRate), "100 bursts/s × 8");
  EXPECT_EQ(text(1, StreamListModel::kControl), "10 bursts → goto 1 ×3");
  EXPECT_EQ(text(2, StreamListModel::kFrameLength), "64");
  EXPECT_EQ(text(2, StreamListModel::kRate), "fastest");
  EXPECT_EQ(text(2, StreamListModel::kControl), "100 packets → stop");
  EXPECT_FALSE(model.index(1, StreamListModel::kFrameLength).data(Qt::ToolTipRole).toString().isEmpty());
  EXPECT_EQ(model.headerData(StreamListModel::kRate, Qt::Horizontal).toString(), "Rate");

  // Cached texts follow edits.
  model.setRate({2}, rate(v1::Rate::PPS, 5));
  EXPECT_EQ(text(2, StreamListModel::kRate), "5 pps");
  model.undoStack()->undo();
  EXPECT_EQ(text(2, StreamListModel::kRate), "fastest");
}

}  // namespace
}  // namespace staccato::client::test
