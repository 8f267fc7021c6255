#include <gtest/gtest.h>

#include <QAbstractItemModelTester>
#include <QColor>
#include <QSignalSpy>

#include "client/models/stats_history.h"
#include "client/models/stream_stats_model.h"
#include "tests/client/models/model_test_util.h"
#include "tests/client/models/stats_test_util.h"

namespace staccato::client::test {
namespace {

using M = StreamStatsModel;

class StreamStatsModelTest : public ::testing::Test {
 protected:
  QString text(int row, int column, int role = Qt::DisplayRole) { return model_.index(row, column).data(role).toString(); }

  StreamStatsModel model_;
  QAbstractItemModelTester tester_{&model_, QAbstractItemModelTester::FailureReportingMode::Fatal};
};

TEST_F(StreamStatsModelTest, RowsPerKeyWithFormattedNumbers) {
  v1::StatsSnapshot snap;
  v1::StreamStats* s = addStream(snap, "eth0", "eth1", 7, 100000, 99990, 10);
  s->set_duplicates(1);
  s->set_reordered(2);
  v1::LatencyStats* l = s->mutable_latency();
  l->set_samples(99990);
  l->set_min_ns(12345);
  l->set_avg_ns(15000);
  l->set_max_ns(1234567);
  l->set_p99_ns(20049);
  l->set_jitter_ns(850.4);
  addStream(snap, "eth0", "", 8, 500);
  model_.applySnapshot("lab1:7878", "lab1", snap);
  ASSERT_EQ(model_.rowCount(), 2);
  EXPECT_EQ(text(0, M::kDrone), "lab1");
  EXPECT_EQ(text(0, M::kTxPort), "eth0");
  EXPECT_EQ(text(0, M::kRxPort), "eth1");
  EXPECT_EQ(text(0, M::kStream), "7");
  EXPECT_EQ(text(0, M::kTxPackets), "100,000");
  EXPECT_EQ(text(0, M::kRxPackets), "99,990");
  EXPECT_EQ(text(0, M::kLost), "10");
  EXPECT_EQ(text(0, M::kLossPercent), "0.010");
  EXPECT_EQ(text(0, M::kDuplicates), "1");
  EXPECT_EQ(text(0, M::kReordered), "2");
  EXPECT_EQ(text(0, M::kLatencyMin), "12.3");
  EXPECT_EQ(text(0, M::kLatencyAvg), "15.0");
  EXPECT_EQ(text(0, M::kLatencyMax), "1,234.6");
  EXPECT_EQ(text(0, M::kLatencyP99), "20.0");
  EXPECT_EQ(text(0, M::kJitter), "0.9");
  EXPECT_DOUBLE_EQ(model_.index(0, M::kLatencyMin).data(Qt::UserRole).toDouble(), 12.345);
  EXPECT_EQ(model_.index(0, M::kLost).data(Qt::ForegroundRole).value<QColor>(), QColor(Qt::red)) << "loss > 0";
  EXPECT_EQ(model_.index(0, M::kDrone).data(Qt::ForegroundRole).value<QColor>(), QColor(Qt::red));
  EXPECT_TRUE(text(0, M::kLatencyAvg, Qt::ToolTipRole).isEmpty()) << "same clock";

  EXPECT_EQ(text(1, M::kRxPort), "—") << "tx-only row";
  EXPECT_EQ(text(1, M::kTxPackets), "500");
  EXPECT_EQ(text(1, M::kRxPackets), "—");
  EXPECT_EQ(text(1, M::kLatencyAvg), "—");
  EXPECT_FALSE(model_.index(1, M::kLatencyAvg).data(Qt::UserRole).isValid());
  EXPECT_FALSE(model_.index(1, M::kLost).data(Qt::ForegroundRole).isValid());

  const M::Key& k = model_.key(0);
  EXPECT_EQ(k.drone, "lab1:7878");
  EXPECT_EQ(k.streamId, 7u);
  ASSERT_NE(model_.rowStats(0), nullptr);
  EXPECT_EQ(model_.rowStats(0)->latency().p99_ns(), 20049u);
  EXPECT_EQ(model_.rowStats(2), nullptr);
  EXPECT_EQ(model_.headerData(M::kLatencyP99, Qt::Horizontal).toString(), "p99 µs");
}

TEST_F(StreamStatsModelTest, AStreamWithoutASignatureIsMarkedNotTracked) {
  v1::StatsSnapshot snap;
  addStream(snap, "demo0", "", 1, 1000)->set_untracked(true);
  addStream(snap, "demo0", "", 2, 500);  // tracked, not received (yet)
  model_.applySnapshot("d", "d", snap);
  ASSERT_EQ(model_.rowCount(), 2);
  EXPECT_EQ(text(0, M::kRxPort), "not tracked (no signature)");
  EXPECT_TRUE(text(0, M::kRxPort, Qt::ToolTipRole).contains("no signature layer")) << text(0, M::kRxPort, Qt::ToolTipRole).toStdString();
  EXPECT_EQ(text(0, M::kTxPackets), "1,000");
  EXPECT_EQ(text(0, M::kRxPackets), "—");
  EXPECT_EQ(text(0, M::kLatencyAvg), "—");
  EXPECT_EQ(text(1, M::kRxPort), "—");
  EXPECT_EQ(text(1, M::kRxPort, Qt::ToolTipRole), "not received (yet)");
}

TEST_F(StreamStatsModelTest, LossOnAPortWhoseReceiverMissedFramesIsMarkedNotProven) {
  v1::StatsSnapshot snap;
  addStream(snap, "va", "vb", 1, 200000, 155492, 44508);
  addStream(snap, "va", "vc", 2, 1000, 990, 10);  // vc's receiver missed nothing: real loss
  v1::PortStats* vb = snap.add_ports();
  vb->set_port("vb");
  vb->set_drone_rx_dropped(44508);
  snap.add_ports()->set_port("vc");
  model_.applySnapshot("lab1", "lab1", snap);
  EXPECT_EQ(text(0, M::kLost), "⚠ 44,508");
  EXPECT_EQ(text(0, M::kLossPercent), "⚠ 22.254");
  EXPECT_DOUBLE_EQ(model_.index(0, M::kLost).data(Qt::UserRole).toDouble(), 44508) << "still sorts as a number";
  EXPECT_TRUE(text(0, M::kLost, Qt::ToolTipRole).startsWith("Receiver overloaded: the drone's receiver on vb missed 44,508"))
      << text(0, M::kLost, Qt::ToolTipRole).toStdString();
  EXPECT_NE(model_.index(0, M::kLost).data(Qt::ForegroundRole).value<QColor>(), QColor(Qt::red));
  EXPECT_EQ(text(1, M::kLost), "10");
  EXPECT_EQ(model_.index(1, M::kLost).data(Qt::ForegroundRole).value<QColor>(), QColor(Qt::red));
}

// The drone says per stream that its receiver missed frames while the stream was received: the
// row is incomplete (marked, orange) even when no loss is proven.
TEST_F(StreamStatsModelTest, AnIncompleteRowIsMarkedEvenWithoutProvenLoss) {
  v1::StatsSnapshot snap;
  addStream(snap, "va", "vb", 1, 3000000, 2996539, 0);
  snap.mutable_streams(0)->set_rx_missed(3461);
  snap.mutable_streams(0)->set_incomplete(true);
  addStream(snap, "va", "vb", 2, 1000, 1000, 0);  // complete: plain
  model_.applySnapshot("lab1", "lab1", snap);
  EXPECT_EQ(text(0, M::kLost), "⚠ 0");
  EXPECT_NE(text(0, M::kLost, Qt::ToolTipRole).indexOf("missed 3,461 frames it never examined while this stream"), -1)
      << text(0, M::kLost, Qt::ToolTipRole).toStdString();
  EXPECT_EQ(model_.index(0, M::kLost).data(Qt::ForegroundRole).value<QColor>(), QColor(0xd0, 0x70, 0x00));
  EXPECT_EQ(text(1, M::kLost), "0");
  EXPECT_FALSE(model_.index(1, M::kLost).data(Qt::ForegroundRole).isValid());
}

TEST_F(StreamStatsModelTest, SnapshotsUpdateInPlaceWithOneDataChanged) {
  v1::StatsSnapshot snap;
  for (uint32_t id = 1; id <= 50; ++id) addStream(snap, "eth0", "eth1", id, id * 10, id * 10);
  model_.applySnapshot("d", "d", snap);
  ASSERT_EQ(model_.rowCount(), 50);
  QSignalSpy inserted(&model_, &QAbstractItemModel::rowsInserted);
  QSignalSpy changed(&model_, &QAbstractItemModel::dataChanged);
  snap.mutable_streams(10)->set_rx_packets(5);
  snap.mutable_streams(10)->set_lost(95);
  addStream(snap, "eth1", "eth0", 1, 1, 1);  // a new key
  model_.applySnapshot("d", "d", snap);
  EXPECT_EQ(inserted.count(), 1);
  EXPECT_EQ(changed.count(), 1);
  ASSERT_EQ(model_.rowCount(), 51);
  EXPECT_EQ(text(10, M::kRxPackets), "5");
  EXPECT_EQ(text(10, M::kLossPercent), "86.364");  // 95 of 110 sent
  EXPECT_EQ(model_.index(10, M::kStream).data(Qt::ForegroundRole).value<QColor>(), QColor(Qt::red));
  EXPECT_EQ(text(50, M::kTxPort), "eth1");
}

TEST_F(StreamStatsModelTest, TxOnlyRowBecomesTheReceivedRow) {
  v1::StatsSnapshot before;
  addStream(before, "eth0", "", 3, 10);
  model_.applySnapshot("d", "d", before);
  v1::StatsSnapshot after;
  addStream(after, "eth0", "eth1", 3, 20, 20);
  QSignalSpy inserted(&model_, &QAbstractItemModel::rowsInserted);
  model_.applySnapshot("d", "d", after);
  EXPECT_EQ(inserted.count(), 0);
  ASSERT_EQ(model_.rowCount(), 1);
  EXPECT_EQ(text(0, M::kRxPort), "eth1");
  EXPECT_EQ(text(0, M::kRxPackets), "20");
  model_.applySnapshot("d", "d", after);
  EXPECT_EQ(model_.rowCount(), 1);
}

TEST_F(StreamStatsModelTest, NamesClocksDronesAndClear) {
  v1::StatsSnapshot snap;
  addStream(snap, "eth0", "eth1", 1, 5, 5);
  v1::StreamStats* remote = addStream(snap, "", "eth1", 2, 0, 5);
  remote->set_same_clock(false);
  remote->mutable_latency()->set_samples(5);
  remote->mutable_latency()->set_avg_ns(1000);
  model_.applySnapshot("a", "lab-a", snap);
  QSignalSpy changed(&model_, &QAbstractItemModel::dataChanged);
  model_.setStreamNames("a", "eth0", {{1, "video"}});
  EXPECT_EQ(changed.count(), 1);
  EXPECT_EQ(text(0, M::kStream), "1: video");
  EXPECT_EQ(text(1, M::kStream), "2") << "sender unknown: no name";
  EXPECT_EQ(text(1, M::kTxPort), "—");
  EXPECT_EQ(text(1, M::kTxPackets), "—");
  EXPECT_EQ(text(1, M::kLatencyAvg, Qt::ToolTipRole), "different clocks: only as good as PTP/NTP between drones");
  EXPECT_EQ(model_.seriesKey(1), "a||eth1|2");

  model_.applySnapshot("b", "lab-b", snap);
  ASSERT_EQ(model_.rowCount(), 4);
  EXPECT_EQ(text(2, M::kDrone), "lab-b");
  EXPECT_EQ(text(2, M::kStream), "1") << "names are per drone";
  model_.removeDrone("a");
  ASSERT_EQ(model_.rowCount(), 2);
  EXPECT_EQ(text(0, M::kDrone), "lab-b");
  model_.applySnapshot("b", "lab-b", snap);
  EXPECT_EQ(model_.rowCount(), 2) << "index rebuilt after the removal";
  model_.clear();
  EXPECT_EQ(model_.rowCount(), 0);
  model_.applySnapshot("b", "lab-b", snap);
  EXPECT_EQ(model_.rowCount(), 2);
}

TEST_F(StreamStatsModelTest, SeriesKeysMatchTheHistory) {
  v1::StatsSnapshot snap;
  snap.set_timestamp_ns(1);
  addStream(snap, "eth0", "eth1", 9, 5, 5)->mutable_latency()->set_samples(5);
  model_.applySnapshot("d", "d", snap);
  StatsHistory history;
  history.applySnapshot("d", snap);
  EXPECT_EQ(history.streamKeys(), QStringList{model_.seriesKey(0)});
}

// Scale, without QAbstractItemModelTester: it walks every row on every signal.
TEST(StreamStatsModelScale, TenThousandRowsFromFourDrones) {
  StreamStatsModel model;
  v1::StatsSnapshot snap;
  for (uint32_t id = 0; id < 10000; ++id) addStream(snap, "eth" + std::to_string(id % 4), "eth9", id, 100, 100);
  for (const char* drone : {"a", "b", "c", "d"}) model.applySnapshot(drone, drone, snap);
  ASSERT_EQ(model.rowCount(), 40000);
  QSignalSpy changed(&model, &QAbstractItemModel::dataChanged);
  for (int tick = 0; tick < 10; ++tick)
    for (const char* drone : {"a", "b", "c", "d"}) model.applySnapshot(drone, drone, snap);
  EXPECT_EQ(changed.count(), 40);
  EXPECT_EQ(model.rowCount(), 40000);
  EXPECT_EQ(model.index(39999, M::kDrone).data().toString(), "d");
}

}  // namespace
}  // namespace staccato::client::test
