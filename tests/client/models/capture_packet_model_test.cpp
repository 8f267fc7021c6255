// The capture viewer's packet list: one row per packet with its time since the first, direction,
// length, addresses (IP over Ethernet's) and protocol stack as the registry parses it.
#include <gtest/gtest.h>

#include <QAbstractItemModelTester>

#include "client/models/capture_packet_model.h"
#include "tests/client/models/model_test_util.h"
#include "tests/support/stacks.h"

namespace staccato::client::test {
namespace {

using staccato::test::L;
using staccato::test::S;

PcapPacket packet(const v1::Stream& s, uint64_t ns, PacketDirection d, std::string comment = "") {
  PcapPacket p;
  p.data = staccato::test::buildFrame(s);
  p.originalLength = static_cast<uint32_t>(p.data.size());
  p.timestampNs = ns;
  p.direction = d;
  p.comment = std::move(comment);
  return p;
}

QString cell(const CapturePacketModel& m, int row, int column) { return m.index(row, column).data().toString(); }

TEST(CapturePacketModel, RowsShowTimeDirectionAddressesAndTheStack) {
  CapturePacketModel model;
  QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::Fatal);
  const v1::Stream v4 = S({L("eth"), L("ip", {{"ip.src", "10.0.0.1"}, {"ip.dst", "10.0.1.10"}}), L("udp"), L("payload"),
                           L("signature")}, 128);
  const v1::Stream arp = S({L("eth", {{"eth.src", "02:00:00:00:00:01"}, {"eth.dst", "ff:ff:ff:ff:ff:ff"}}), L("arp")});
  std::vector<PcapPacket> packets = {packet(v4, 1'000'000'000, PacketDirection::kInbound, "counted by turbo receive"),
                                     packet(arp, 1'001'500'000, PacketDirection::kOutbound)};
  packets[1].originalLength = 1000;  // cut short when captured
  model.setPackets(std::move(packets));
  ASSERT_EQ(model.rowCount(), 2);
  EXPECT_EQ(model.columnCount(), CapturePacketModel::kColumnCount);
  EXPECT_EQ(cell(model, 0, CapturePacketModel::kNumber), "1");
  EXPECT_EQ(cell(model, 1, CapturePacketModel::kTime), "0.001500000");
  EXPECT_EQ(cell(model, 0, CapturePacketModel::kDirection), "in");
  EXPECT_EQ(cell(model, 1, CapturePacketModel::kDirection), "out");
  EXPECT_EQ(cell(model, 0, CapturePacketModel::kLength), "124");
  EXPECT_EQ(cell(model, 0, CapturePacketModel::kSource), "10.0.0.1");
  EXPECT_EQ(cell(model, 0, CapturePacketModel::kDestination), "10.0.1.10");
  EXPECT_EQ(cell(model, 1, CapturePacketModel::kSource), "02:00:00:00:00:01") << "no IP layer: the MAC addresses";
  EXPECT_EQ(cell(model, 1, CapturePacketModel::kDestination), "ff:ff:ff:ff:ff:ff");
  EXPECT_TRUE(cell(model, 0, CapturePacketModel::kProtocols).contains("UDP")) << cell(model, 0, CapturePacketModel::kProtocols).toStdString();
  EXPECT_TRUE(cell(model, 1, CapturePacketModel::kProtocols).contains("ARP")) << cell(model, 1, CapturePacketModel::kProtocols).toStdString();
  EXPECT_EQ(cell(model, 0, CapturePacketModel::kComment), "counted by turbo receive");
  EXPECT_TRUE(model.index(1, CapturePacketModel::kLength).data(Qt::ToolTipRole).toString().contains("1000 bytes on the wire"));
  EXPECT_EQ(model.frame(0).size(), 124);
  EXPECT_TRUE(model.frame(5).isEmpty());
  model.setPackets({});
  EXPECT_EQ(model.rowCount(), 0);
}

}  // namespace
}  // namespace staccato::client::test
