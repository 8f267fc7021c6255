// Emulated hosts in the GUI: the port dialog's device groups table reads and writes groups
// (bad cells named by group and column), and the neighbour dialog shows what the drone resolved,
// through drones of fake ports in the test process. The port dialog keeps its other settings
// (the reflector's) too.
#include <gtest/gtest.h>

#include <QApplication>
#include <QComboBox>
#include <QDialog>
#include <QDialogButtonBox>
#include <QPushButton>
#include <QTableWidget>
#include <QTimer>

#include "client/widgets/device_groups_editor.h"
#include "client/widgets/neighbors_dialog.h"
#include "client/widgets/port_config_dialog.h"
#include "tests/client/gui/fake_lab.h"
#include "tests/support/device_group.h"

using namespace staccato;
using namespace staccato::client;
using namespace staccato::client::test;

namespace {

using staccato::test::deviceGroup;


TEST(DeviceGroupsEditor, RoundTripsGroupsAndNamesBadCells) {
  DeviceGroups groups;
  *groups.Add() = deviceGroup(100, "02:00:00:00:0a:0a", "10.0.0.10", "10.0.0.1");
  auto* tag = groups[0].add_vlans();
  tag->set_vid(100);
  tag->set_pcp(5);
  groups[0].mutable_ipv4()->set_step(2);
  groups[0].set_mac_step(1);  // shown as it means (0 means 1): written back as 1
  DeviceGroupsEditor editor(groups);
  auto back = editor.groups();
  ASSERT_TRUE(back) << back.error().toString();
  ASSERT_EQ(back->size(), 1);
  EXPECT_EQ((*back)[0].SerializeAsString(), groups[0].SerializeAsString()) << "the VLAN priority is kept";

  QTableWidget* t = editor.table();
  t->item(0, 5)->setText("2001:db8::10/64");  // an IPv6 address in the IPv4 column is the drone's to refuse
  t->item(0, 4)->setText("100,4095");
  auto bad = editor.groups();
  ASSERT_FALSE(bad);
  EXPECT_EQ(bad.error().toString(), "group 1, VLANs: '4095' is not a VLAN id (allowed 1..4094)");
  t->item(0, 4)->setText("100,200");
  t->item(0, 5)->setText("10.0.0.10");
  bad = editor.groups();
  ASSERT_FALSE(bad);
  EXPECT_EQ(bad.error().toString(), "group 1, IPv4: '10.0.0.10' is not ADDRESS/PREFIX (e.g. 10.0.0.10/24; prefix 1..32)");
  t->item(0, 5)->setText("10.0.0.10/24");
  t->item(0, 7)->setText("4294967296");
  bad = editor.groups();
  ASSERT_FALSE(bad);
  EXPECT_EQ(bad.error().toString(), "group 1, IPv4 step: 4294967296 is too large for IPv4 (allowed 0..2^32-1)");
  t->item(0, 7)->setText("2");
  for (const char* count : {"0", "10001", "123456"}) {
    t->item(0, 1)->setText(count);
    bad = editor.groups();
    ASSERT_FALSE(bad) << count;
    EXPECT_EQ(bad.error().toString(), std::string("group 1, Hosts: '") + count + "' is not a number of hosts (1..10000)");
  }
}

TEST(DeviceGroupsEditor, KeepsEachFamilysStepAndGivesAddedRowsNoOtherGroupsTags) {
  DeviceGroups groups;
  *groups.Add() = deviceGroup(10, "02:00:00:00:0a:0a", "10.0.0.10", "10.0.0.1", "2001:db8::10", "2001:db8::1");
  groups[0].mutable_ipv4()->set_step(1);
  groups[0].mutable_ipv6()->set_step(uint64_t{1} << 40);  // a step IPv4 could not hold
  *groups.Add() = deviceGroup(1, "02:00:00:00:0b:01", "10.0.1.10", "");
  auto* tag = groups[1].add_vlans();
  tag->set_vid(200);
  tag->set_pcp(6);
  tag->set_tpid(0x88a8);
  DeviceGroupsEditor editor(groups);
  auto back = editor.groups();
  ASSERT_TRUE(back) << back.error().toString();
  ASSERT_EQ(back->size(), 2);
  EXPECT_EQ((*back)[0].ipv4().step(), 1u);
  EXPECT_EQ((*back)[0].ipv6().step(), uint64_t{1} << 40);

  // Remove the first group, add one, tag it: it must not take the removed group's place (and so
  // the second group's priority and tag type).
  QTableWidget* t = editor.table();
  t->setCurrentCell(0, 0);
  editor.findChild<QPushButton*>("removeDeviceGroup")->click();
  editor.findChild<QPushButton*>("addDeviceGroup")->click();
  ASSERT_EQ(t->rowCount(), 2);
  t->item(1, 5)->setText("10.0.2.10/24");
  t->item(1, 4)->setText("300");
  back = editor.groups();
  ASSERT_TRUE(back) << back.error().toString();
  EXPECT_EQ((*back)[0].vlans(0).pcp(), 6u) << "the kept group keeps its tag";
  EXPECT_EQ((*back)[1].vlans(0).vid(), 300u);
  EXPECT_EQ((*back)[1].vlans(0).pcp(), 0u) << "the added group has a plain tag";
  EXPECT_EQ((*back)[1].vlans(0).tpid(), 0u);
}

TEST(PortConfigDialog, RoundTripsTheReflectSetting) {
  v1::Port port;
  port.set_name("p0");
  port.mutable_config()->set_reflect(v1::PortConfig::REFLECT_L2);
  port.mutable_config()->set_rx_backend(v1::PortConfig::RX_PCAP);
  QString shown, tip;
  QTimer::singleShot(0, [&] {  // the dialog runs its own event loop: answer it from inside
    auto* d = qobject_cast<QDialog*>(QApplication::activeModalWidget());
    ASSERT_TRUE(d);
    auto* reflect = d->findChild<QComboBox*>("reflect");
    if (reflect) {
      shown = reflect->currentText();
      tip = reflect->toolTip();
      reflect->setCurrentText("l4");
    }
    d->findChild<QDialogButtonBox*>()->button(QDialogButtonBox::Ok)->click();
  });
  auto out = askPortConfig(nullptr, port);
  EXPECT_EQ(shown, "l2");
  EXPECT_TRUE(tip.contains("counts no streams")) << tip.toStdString();
  ASSERT_TRUE(out);
  EXPECT_EQ(out->reflect(), v1::PortConfig::REFLECT_L4);
  EXPECT_EQ(out->rx_backend(), v1::PortConfig::RX_PCAP) << "the other settings are kept";
}

TEST(NeighborsDialog, ShowsWhatTheDroneResolved) {
  FakeLab lab;
  auto session = lab.connect("lab", pairedPorts({"p0", "p1"}, 1, false));
  session->connectToDrone(100);
  ASSERT_TRUE(waitFor([&] { return session->ports().size() == 2; }));
  int configured = 0;
  for (const v1::Port& p : session->ports()) {
    v1::PortConfig c = p.config();
    *c.add_devices() = p.name() == "p0" ? deviceGroup(10, "02:00:00:00:0a:0a", "10.0.0.10", "10.0.0.1")
                                        : deviceGroup(1, "02:00:00:00:0b:01", "10.0.0.1", "");
    session->configurePort(p.name(), c, [&](const Status& s) {
      EXPECT_TRUE(s) << s.error().toString();
      ++configured;
    });
  }
  ASSERT_TRUE(waitFor([&] { return configured == 2; }));
  NeighborsDialog dialog(*session, "p0");
  bool resolved = false;
  session->neighbors("p0", true, [&](const Result<std::vector<v1::Neighbor>>& r) {
    ASSERT_TRUE(r) << r.error().toString();
    dialog.showNeighbors(*r);
    resolved = true;
  });
  ASSERT_TRUE(waitFor([&] { return resolved; }));
  QTableWidget* t = dialog.table();
  ASSERT_EQ(t->rowCount(), 1);
  EXPECT_EQ(t->item(0, 0)->text(), "10.0.0.1");
  EXPECT_EQ(t->item(0, 1)->text(), "02:00:00:00:0b:01");
  EXPECT_EQ(t->item(0, 2)->text(), "REACHABLE");
  EXPECT_EQ(t->item(0, 4)->text(), "10.0.0.10");

  dialog.show();
  ASSERT_TRUE(dialog.isVisible());
  session.reset();  // disconnected, or replaced by a reconnect: the dialog goes with it
  EXPECT_FALSE(dialog.isVisible());
}

}  // namespace
