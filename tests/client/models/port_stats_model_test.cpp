#include <gtest/gtest.h>

#include <QAbstractItemModelTester>
#include <QColor>
#include <QSignalSpy>

#include "client/models/port_stats_model.h"
#include "tests/client/models/model_test_util.h"
#include "tests/client/models/stats_test_util.h"

namespace staccato::client::test {
namespace {

class PortStatsModelTest : public ::testing::Test {
 protected:
  QString text(int row, int column, int role = Qt::DisplayRole) { return model_.index(row, column).data(role).toString(); }

  PortStatsModel model_;
  QAbstractItemModelTester tester_{&model_, QAbstractItemModelTester::FailureReportingMode::Fatal};
};

TEST_F(PortStatsModelTest, ColumnPerPortRowPerStatistic) {
  QSignalSpy columns(&model_, &QAbstractItemModel::columnsInserted);
  v1::StatsSnapshot snap;
  v1::PortStats* eth0 = addPort(snap, "eth0", 1234567);
  eth0->set_transmitting(true);
  eth0->set_tx_pps(14880.95);
  eth0->set_tx_bps_l1(12345678.9);
  eth0->set_drone_rx_dropped(3);
  eth0->set_drone_reflected(12345);
  addPort(snap, "eth1")->set_error("link lost");
  model_.applySnapshot("lab1:7878", "lab1", snap);
  EXPECT_EQ(columns.count(), 1) << "new ports in one insertion";
  ASSERT_EQ(model_.columnCount(), 2);
  EXPECT_EQ(model_.rowCount(), PortStatsModel::kRowCount);
  EXPECT_EQ(model_.headerData(0, Qt::Horizontal).toString(), "lab1/eth0");
  EXPECT_EQ(model_.headerData(PortStatsModel::kRxRingDrops, Qt::Vertical).toString(), "Rx ring drops");
  EXPECT_EQ(model_.portKeys(), (QStringList{"lab1:7878|eth0", "lab1:7878|eth1"}));

  EXPECT_EQ(text(PortStatsModel::kTransmitting, 0), "yes");
  EXPECT_EQ(text(PortStatsModel::kTransmitting, 1), "no");
  EXPECT_EQ(text(PortStatsModel::kTxPackets, 0), "1,234,567");
  EXPECT_EQ(text(PortStatsModel::kTxPps, 0), "14,881");
  EXPECT_EQ(text(PortStatsModel::kTxMbpsL1, 0), "12.346");
  EXPECT_DOUBLE_EQ(model_.index(PortStatsModel::kTxMbpsL1, 0).data(Qt::UserRole).toDouble(), 12.3456789);
  EXPECT_DOUBLE_EQ(model_.index(PortStatsModel::kTxPackets, 0).data(Qt::UserRole).toDouble(), 1234567.0);
  EXPECT_EQ(text(PortStatsModel::kRxRingDrops, 0), "3");
  EXPECT_EQ(model_.headerData(PortStatsModel::kReflected, Qt::Vertical).toString(), "Reflected");
  EXPECT_EQ(text(PortStatsModel::kReflected, 0), "12,345");
  EXPECT_EQ(text(PortStatsModel::kReflected, 1), "0");
  EXPECT_EQ(model_.index(PortStatsModel::kTxPackets, 0).data(Qt::TextAlignmentRole).toInt(),
            int(Qt::AlignRight | Qt::AlignVCenter));
  EXPECT_EQ(text(PortStatsModel::kError, 1), "link lost");
  EXPECT_EQ(model_.index(PortStatsModel::kError, 1).data(Qt::ForegroundRole).value<QColor>(), QColor(Qt::red));
  EXPECT_FALSE(model_.index(PortStatsModel::kError, 0).data(Qt::ForegroundRole).isValid());
  ASSERT_NE(model_.columnStats(1), nullptr);
  EXPECT_EQ(model_.columnStats(1)->port(), "eth1");
  EXPECT_EQ(model_.columnStats(2), nullptr);
}

TEST_F(PortStatsModelTest, UpdatesAreOneDataChanged) {
  v1::StatsSnapshot snap;
  addPort(snap, "eth0", 1);
  addPort(snap, "eth1", 2);
  model_.applySnapshot("a", "a", snap);
  v1::StatsSnapshot other;
  addPort(other, "eth0", 7);
  model_.applySnapshot("b", "b", other);

  QSignalSpy columns(&model_, &QAbstractItemModel::columnsInserted);
  QSignalSpy changed(&model_, &QAbstractItemModel::dataChanged);
  snap.mutable_ports(0)->set_tx_packets(1000);
  model_.applySnapshot("a", "a", snap);
  EXPECT_EQ(columns.count(), 0);
  ASSERT_EQ(changed.count(), 1);
  EXPECT_EQ(changed.at(0).at(0).value<QModelIndex>().column(), 0);
  EXPECT_EQ(changed.at(0).at(1).value<QModelIndex>().column(), 1) << "only drone a's columns";
  EXPECT_EQ(text(PortStatsModel::kTxPackets, 0), "1,000");
  EXPECT_EQ(text(PortStatsModel::kTxPackets, 2), "7");

  addPort(snap, "eth2", 5);  // a port appears later
  model_.applySnapshot("a", "a", snap);
  EXPECT_EQ(columns.count(), 1);
  EXPECT_EQ(model_.portKeys(), (QStringList{"a|eth0", "a|eth1", "b|eth0", "a|eth2"}));

  QSignalSpy header(&model_, &QAbstractItemModel::headerDataChanged);
  model_.applySnapshot("b", "renamed", other);
  EXPECT_EQ(header.count(), 1);
  EXPECT_EQ(model_.headerData(2, Qt::Horizontal).toString(), "renamed/eth0");

  QSignalSpy removed(&model_, &QAbstractItemModel::columnsRemoved);
  model_.removeDrone("a");
  EXPECT_EQ(removed.count(), 2) << "two runs of columns";
  EXPECT_EQ(model_.portKeys(), (QStringList{"b|eth0"}));
  model_.applySnapshot("b", "renamed", other);
  EXPECT_EQ(model_.columnCount(), 1);
}

}  // namespace
}  // namespace staccato::client::test
