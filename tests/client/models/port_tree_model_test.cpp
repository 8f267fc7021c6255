#include <gtest/gtest.h>

#include <QAbstractItemModelTester>
#include <QIcon>
#include <QPersistentModelIndex>
#include <QSignalSpy>

#include "client/models/port_tree_model.h"
#include "tests/client/models/model_test_util.h"

namespace staccato::client::test {
namespace {

v1::Port makePort(const std::string& name, bool up = true) {
  v1::Port p;
  p.set_name(name);
  p.set_link_up(up);
  p.set_backend("pcap");
  p.set_backend_reason("no XDP support");
  p.set_rx_backend("pcap");
  p.set_rx_backend_reason("default");
  return p;
}

class PortTreeModelTest : public ::testing::Test {
 protected:
  QString text(const QModelIndex& parent, int row, int column, int role = Qt::DisplayRole) {
    return model_.index(row, column, parent).data(role).toString();
  }

  PortTreeModel model_;
  QAbstractItemModelTester tester_{&model_, QAbstractItemModelTester::FailureReportingMode::Fatal};
};

TEST_F(PortTreeModelTest, DronesAndTheirState) {
  QSignalSpy inserted(&model_, &QAbstractItemModel::rowsInserted);
  EXPECT_EQ(model_.addDrone("lab1:7878"), 0);
  EXPECT_EQ(model_.addDrone("lab2:7878"), 1);
  EXPECT_EQ(model_.addDrone("lab1:7878"), 0) << "known key";
  EXPECT_EQ(inserted.count(), 2);
  EXPECT_EQ(text({}, 0, PortTreeModel::kName), "lab1:7878") << "the key until the name is known";

  QSignalSpy changed(&model_, &QAbstractItemModel::dataChanged);
  model_.setDroneInfo("lab1:7878", "lab1", "reconnecting…", "cannot reach lab1:7878; retrying in 4 s", false);
  EXPECT_EQ(changed.count(), 1);
  EXPECT_EQ(text({}, 0, PortTreeModel::kName), "lab1");
  EXPECT_EQ(text({}, 0, PortTreeModel::kLink), "reconnecting…");
  EXPECT_EQ(text({}, 0, PortTreeModel::kLink, Qt::ToolTipRole), "cannot reach lab1:7878; retrying in 4 s");
  EXPECT_EQ(text({}, 0, PortTreeModel::kName, PortTreeModel::kDroneKeyRole), "lab1:7878");
  EXPECT_FALSE(model_.index(0, 0).data(PortTreeModel::kIsPortRole).toBool());
  EXPECT_TRUE(text({}, 0, 0, PortTreeModel::kPortNameRole).isEmpty());
  model_.setDroneInfo("lab1:7878", "lab1", "reconnecting…", "cannot reach lab1:7878; retrying in 4 s", false);
  EXPECT_EQ(changed.count(), 1) << "no change, no signal";
  EXPECT_EQ(model_.droneIndex("lab2:7878").row(), 1);
  EXPECT_FALSE(model_.droneIndex("nope").isValid());
}

TEST_F(PortTreeModelTest, PortRowsShowLinkTransmitBackendAndReservation) {
  model_.addDrone("d");
  v1::Port turbo = makePort("eth0");
  turbo.set_backend("turbo-copy");
  turbo.set_backend_reason("driver has no zero-copy");
  turbo.set_active_queues(2);
  turbo.set_rx_backend("turbo-native");
  turbo.set_rx_backend_reason("");
  turbo.set_transmitting(true);
  turbo.set_reserved_by("alice@lab-pc");
  v1::Port broken = makePort("eth1", false);
  broken.set_error("the interface disappeared");
  model_.setPorts("d", {turbo, broken, makePort("lo")});
  const QModelIndex drone = model_.index(0, 0);
  ASSERT_EQ(model_.rowCount(drone), 3);
  EXPECT_EQ(text(drone, 0, PortTreeModel::kName), "eth0");
  EXPECT_EQ(text(drone, 0, PortTreeModel::kLink), "up");
  EXPECT_EQ(text(drone, 0, PortTreeModel::kTransmit), "transmitting");
  EXPECT_EQ(text(drone, 0, PortTreeModel::kBackend), "turbo-copy ×2");
  EXPECT_EQ(text(drone, 0, PortTreeModel::kBackend, Qt::ToolTipRole), "tx: driver has no zero-copy; rx: turbo-native");
  EXPECT_EQ(text(drone, 0, PortTreeModel::kReservedBy), "alice@lab-pc");
  EXPECT_EQ(text(drone, 1, PortTreeModel::kLink), "down");
  EXPECT_EQ(text(drone, 1, PortTreeModel::kTransmit), "the interface disappeared");
  EXPECT_EQ(text(drone, 2, PortTreeModel::kTransmit), "idle");
  EXPECT_EQ(text(drone, 2, PortTreeModel::kBackend), "pcap");
  EXPECT_EQ(text(drone, 2, PortTreeModel::kBackend, Qt::ToolTipRole), "tx: no XDP support; rx: pcap default");
  EXPECT_EQ(text(drone, 1, 0, PortTreeModel::kPortNameRole), "eth1");
  EXPECT_EQ(text(drone, 1, 3, PortTreeModel::kDroneKeyRole), "d");
  EXPECT_TRUE(model_.index(1, 0, drone).data(PortTreeModel::kIsPortRole).toBool());
  for (int row = 0; row < 3; ++row)
    EXPECT_FALSE(model_.index(row, 0, drone).data(Qt::DecorationRole).value<QIcon>().isNull());
  const v1::Port* p = model_.port(model_.portIndex("d", "eth1"));
  ASSERT_NE(p, nullptr);
  EXPECT_EQ(p->error(), "the interface disappeared");
  EXPECT_EQ(model_.port(drone), nullptr);
  EXPECT_FALSE(model_.portIndex("d", "eth9").isValid());
}

TEST_F(PortTreeModelTest, PureUpdatesAreDataChangedOnly) {
  model_.addDrone("d");
  model_.setPorts("d", {makePort("eth0"), makePort("eth1")});
  const QPersistentModelIndex eth1 = model_.portIndex("d", "eth1");
  QSignalSpy inserted(&model_, &QAbstractItemModel::rowsInserted);
  QSignalSpy removed(&model_, &QAbstractItemModel::rowsRemoved);
  QSignalSpy reset(&model_, &QAbstractItemModel::modelReset);
  QSignalSpy changed(&model_, &QAbstractItemModel::dataChanged);
  v1::Port down = makePort("eth1", false);
  model_.setPorts("d", {makePort("eth0"), down});
  EXPECT_EQ(inserted.count(), 0);
  EXPECT_EQ(removed.count(), 0);
  EXPECT_EQ(reset.count(), 0);
  ASSERT_EQ(changed.count(), 1);
  EXPECT_EQ(changed.at(0).at(0).value<QModelIndex>().row(), 1) << "only the changed row";
  EXPECT_EQ(text(model_.index(0, 0), 1, PortTreeModel::kLink), "down");
  model_.setPorts("d", {makePort("eth0"), down});
  EXPECT_EQ(changed.count(), 1) << "identical: nothing";
  EXPECT_TRUE(eth1.isValid());
  EXPECT_EQ(eth1.row(), 1);
}

TEST_F(PortTreeModelTest, PortsComingAndGoing) {
  model_.addDrone("d");
  model_.setPorts("d", {makePort("a"), makePort("b"), makePort("c")});
  const QPersistentModelIndex c = model_.portIndex("d", "c");
  QSignalSpy inserted(&model_, &QAbstractItemModel::rowsInserted);
  QSignalSpy removed(&model_, &QAbstractItemModel::rowsRemoved);
  model_.setPorts("d", {makePort("a"), makePort("c"), makePort("x"), makePort("y")});
  EXPECT_EQ(removed.count(), 1);
  EXPECT_EQ(inserted.count(), 1) << "x and y in one run";
  const QModelIndex drone = model_.index(0, 0);
  ASSERT_EQ(model_.rowCount(drone), 4);
  EXPECT_EQ(text(drone, 2, 0), "x");
  EXPECT_EQ(text(drone, 3, 0), "y");
  EXPECT_EQ(c.row(), 1) << "the kept port followed";

  model_.setPorts("d", {makePort("y"), makePort("a")});  // reordered: starts over
  ASSERT_EQ(model_.rowCount(drone), 2);
  EXPECT_EQ(text(drone, 0, 0), "y");
  model_.setPorts("d", {});
  EXPECT_EQ(model_.rowCount(drone), 0);
  model_.setPorts("unknown", {makePort("a")});
  EXPECT_EQ(model_.rowCount(), 1);
}

TEST_F(PortTreeModelTest, DirtyMarkerSurvivesUpdates) {
  model_.addDrone("d");
  model_.setPortDirty("d", "eth0", true);  // before the port is listed
  model_.setPorts("d", {makePort("eth0"), makePort("eth1")});
  const QModelIndex drone = model_.index(0, 0);
  EXPECT_EQ(text(drone, 0, PortTreeModel::kName), "eth0 •");
  EXPECT_EQ(text(drone, 0, PortTreeModel::kName, Qt::ToolTipRole), "unapplied changes");
  EXPECT_EQ(text(drone, 0, PortTreeModel::kName, PortTreeModel::kPortNameRole), "eth0") << "the name role stays clean";
  QSignalSpy changed(&model_, &QAbstractItemModel::dataChanged);
  model_.setPortDirty("d", "eth1", true);
  EXPECT_EQ(changed.count(), 1);
  v1::Port updated = makePort("eth1");
  updated.set_mtu(9000);
  model_.setPorts("d", {makePort("eth0"), updated});
  EXPECT_EQ(text(drone, 1, PortTreeModel::kName), "eth1 •");
  model_.setPortDirty("d", "eth1", false);
  model_.setPortDirty("d", "eth1", false);
  EXPECT_EQ(changed.count(), 3);
  EXPECT_EQ(text(drone, 1, PortTreeModel::kName), "eth1");
}

TEST_F(PortTreeModelTest, RemovingADroneKeepsOtherIndexesRight) {
  model_.addDrone("a");
  model_.addDrone("b");
  model_.setPorts("a", {makePort("a0")});
  model_.setPorts("b", {makePort("b0"), makePort("b1")});
  const QPersistentModelIndex b1 = model_.portIndex("b", "b1");
  model_.removeDrone("a");
  model_.removeDrone("missing");
  ASSERT_EQ(model_.rowCount(), 1);
  ASSERT_TRUE(b1.isValid());
  EXPECT_EQ(b1.parent().row(), 0);
  EXPECT_EQ(b1.data(PortTreeModel::kPortNameRole).toString(), "b1");
  EXPECT_EQ(b1.parent().data(PortTreeModel::kDroneKeyRole).toString(), "b");
}

}  // namespace
}  // namespace staccato::client::test
