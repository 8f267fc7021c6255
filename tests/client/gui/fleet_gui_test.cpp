// Fleets in the GUI (offscreen): File > Open fleet connects every drone of a fleet file with its
// credentials (drones of fake ports in the test process, one wanting a token from the fleet's
// token file), a session naming @NAME opens onto the fleet's drones, and a stream sent on one
// drone and received on another is one row of the stream stats table, whichever drone's snapshot
// comes first (Workspace, rpc::pairAcrossDronesOneRow).
#include <gtest/gtest.h>

#include <QAbstractItemModelTester>
#include <QFile>
#include <QTemporaryDir>
#include <QWidget>

#include "client/core/files/session_file.h"
#include "client/widgets/session_actions.h"
#include "client/widgets/workspace.h"
#include "tests/bench/replayed_stats_session.h"
#include "tests/client/gui/fake_lab.h"

using namespace staccato;
using namespace staccato::client;
using namespace staccato::client::test;

namespace {

void writeFile(const QString& path, const std::string& text) {
  QFile f(path);
  ASSERT_TRUE(f.open(QIODevice::WriteOnly));
  f.write(text.data(), qint64(text.size()));
  f.setPermissions(QFile::ReadOwner | QFile::WriteOwner);
}

TEST(FleetGui, OpeningAFleetPutsEveryDroneInThePortTree) {
  FakeLab fakes;
  Workspace workspace;
  QAbstractItemModelTester tester(workspace.portTree(), QAbstractItemModelTester::FailureReportingMode::Fatal);
  const std::string token = "fleet-gui-test-token-0123456789abcdef";
  fakes.connect("north", std::vector<std::string>{"n0", "n1"});
  fakes.connect("south", std::vector<std::string>{"s0", "s1"}, token);
  fakes.connect("east", std::vector<std::string>{"e0"});
  QTemporaryDir dir;
  writeFile(dir.filePath("south.token"), token + "\n");
  const std::string fleet = "drones:\n"
                            "  - {name: north, address: \"" + fakes.key("north").toStdString() + "\"}\n"
                            "  - {name: south, address: \"" + fakes.key("south").toStdString() + "\", token_file: south.token}\n"
                            "  - {name: east, address: \"" + fakes.key("east").toStdString() + "\", ports: {out: e0}}\n";
  writeFile(dir.filePath("drones.yaml"), fleet);
  QWidget window;  // owns the message boxes a refusal opens (none outlives the test)
  SessionActions actions(&workspace, &window, [](const DroneAddress& a) { return std::make_unique<GrpcDroneSession>(a); });
  QStringList opened;
  QObject::connect(&actions, &SessionActions::fleetOpened, [&](const QString& p) { opened << p; });
  actions.openFleet(dir.filePath("drones.yaml"));
  EXPECT_EQ(opened, QStringList{dir.filePath("drones.yaml")});
  ASSERT_TRUE(actions.fleet().has_value());
  EXPECT_EQ(actions.fleet()->drones.size(), 3u);

  PortTreeModel* tree = workspace.portTree();
  const std::map<QString, int> ports = {{"north", 2}, {"south", 2}, {"east", 1}};
  ASSERT_TRUE(waitFor([&] {
    if (tree->rowCount() != 3) return false;
    for (const auto& [name, n] : ports) {
      const QModelIndex d = tree->droneIndex(fakes.key(name));
      if (!d.isValid() || tree->rowCount(d) != n) return false;
    }
    return true;
  })) << "the port tree has " << tree->rowCount() << " drones";
  // South's ports are listed: its token came from the fleet's token file.
  EXPECT_TRUE(tree->portIndex(fakes.key("south"), "s0").isValid());
  // Each drone is called by its fleet name, not by the host name all three share.
  for (const auto& [name, n] : ports)
    EXPECT_EQ(tree->droneIndex(fakes.key(name)).data().toString(), "@" + name);

  // Opening it again adds nothing; a broken fleet file changes nothing.
  actions.openFleet(dir.filePath("drones.yaml"));
  EXPECT_EQ(workspace.sessionKeys().size(), 3);
  writeFile(dir.filePath("bad.yaml"), "drones: [{name: x}]\n");
  actions.openFleet(dir.filePath("bad.yaml"));
  EXPECT_EQ(workspace.sessionKeys().size(), 3);
  EXPECT_EQ(actions.fleet()->drones.size(), 3u);
}

TEST(FleetGui, ASessionNamingFleetDronesOpensOntoThem) {
  FakeLab fakes;
  Workspace workspace;
  fakes.connect("north", std::vector<std::string>{"n0", "n1"});
  QTemporaryDir dir;
  writeFile(dir.filePath("drones.yaml"),
            "drones: [{name: north, address: \"" + fakes.key("north").toStdString() + "\", ports: {out: n1}}]\n");
  v1::SessionFile session;
  auto* d = session.add_drones();
  d->set_address("@north");
  auto* p = d->add_ports();
  p->set_name("out");  // the fleet's alias of n1
  StreamListModel streams;
  streams.appendNewStream();
  streams.appendNewStream();
  for (const auto& st : streams.streams()) *p->add_streams() = st;
  writeFile(dir.filePath("s.json"), sessionFileToJson(session));

  QWidget window;  // owns the message boxes a refusal opens (none outlives the test)
  SessionActions actions(&workspace, &window, [](const DroneAddress& a) { return std::make_unique<GrpcDroneSession>(a); });
  QStringList errors;
  QObject::connect(&workspace, &Workspace::log, [&](LogLevel, const QString&, const QString& text) { errors << text; });
  actions.openSession(dir.filePath("s.json"));  // no fleet open yet: refused, nothing changes
  ASSERT_EQ(errors.size(), 1);
  EXPECT_TRUE(errors[0].contains("open their fleet file first")) << errors[0].toStdString();
  EXPECT_TRUE(workspace.sessionKeys().isEmpty());

  actions.openFleet(dir.filePath("drones.yaml"));
  DroneSession* north = workspace.session(fakes.key("north"));
  ASSERT_NE(north, nullptr);
  ASSERT_TRUE(waitFor([&] { return north->state() == SessionState::kConnected && !north->ports().empty(); }));
  actions.openSession(dir.filePath("s.json"));
  const PortRef n1{fakes.key("north"), "n1"};
  ASSERT_TRUE(waitFor([&] { return workspace.loadedStreams(n1) && workspace.streams(n1)->rowCount() == 2; }))
      << errors.join("\n").toStdString();
  EXPECT_TRUE(workspace.isDirty(n1)) << "loaded as unapplied changes";
}

v1::Port port(const std::string& name) {
  v1::Port p;
  p.set_name(name);
  return p;
}

/// A snapshot with one transmit row (tx_port set) or one receive row (rx_port set) of stream `id`.
v1::StatsSnapshot sent(const std::string& txPort, uint32_t id, uint64_t packets) {
  v1::StatsSnapshot s;
  s.add_ports()->set_port(txPort);
  auto* r = s.add_streams();
  r->set_stream_id(id);
  r->set_tx_port(txPort);
  r->set_tx_packets(packets);
  return s;
}
v1::StatsSnapshot received(const std::string& rxPort, uint32_t id, uint64_t packets, uint64_t avgNs) {
  v1::StatsSnapshot s;
  s.add_ports()->set_port(rxPort);
  auto* r = s.add_streams();
  r->set_stream_id(id);
  r->set_rx_port(rxPort);
  r->set_rx_packets(packets);
  r->mutable_latency()->set_samples(packets);
  r->mutable_latency()->set_avg_ns(avgNs);
  return s;
}

TEST(FleetGui, AStreamAcrossTwoDronesIsOneRow) {
  Workspace workspace;
  StreamStatsModel* model = workspace.streamStats();
  QAbstractItemModelTester tester(model, QAbstractItemModelTester::FailureReportingMode::Fatal);
  auto a = std::make_unique<ReplayedStatsSession>("alpha", std::vector{port("tob")});
  auto b = std::make_unique<ReplayedStatsSession>("beta", std::vector{port("froma")});
  ReplayedStatsSession *sa = a.get(), *sb = b.get();
  const QString keyA = workspace.addSession(std::move(a)), keyB = workspace.addSession(std::move(b));

  // The receiver's snapshot first: a row of its own until the sender shows up.
  sb->deliver(received("froma", 7, 90, 4000));
  ASSERT_EQ(model->rowCount(), 1);
  EXPECT_EQ(model->key(0).drone, keyB);
  sa->deliver(sent("tob", 7, 100));
  ASSERT_EQ(model->rowCount(), 1) << "the stream is two rows";
  auto cell = [&](int column) { return model->data(model->index(0, column)).toString(); };
  EXPECT_EQ(model->key(0).drone, keyA);
  EXPECT_EQ(model->key(0).txPort, "tob");
  EXPECT_EQ(model->key(0).rxPort, "froma");
  EXPECT_EQ(cell(StreamStatsModel::kDrone), "alpha");
  EXPECT_EQ(cell(StreamStatsModel::kRxPort), "froma@beta") << "a receive port on another drone says which";
  EXPECT_EQ(cell(StreamStatsModel::kTxPackets), "100");
  EXPECT_EQ(cell(StreamStatsModel::kRxPackets), "90");
  EXPECT_EQ(cell(StreamStatsModel::kLost), "10") << "the sender has stopped: what never arrived is lost";
  EXPECT_EQ(model->data(model->index(0, StreamStatsModel::kLatencyAvg), Qt::UserRole).toDouble(), 4.0);

  // Later snapshots, from either side, update that row; a second stream gets a row of its own.
  sb->deliver(received("froma", 7, 100, 5000));
  sa->deliver([] {
    auto s = sent("tob", 7, 100);
    *s.add_streams() = sent("tob", 8, 50).streams(0);
    return s;
  }());
  ASSERT_EQ(model->rowCount(), 2);
  EXPECT_EQ(cell(StreamStatsModel::kRxPackets), "100");
  EXPECT_EQ(cell(StreamStatsModel::kLost), "0");
  EXPECT_EQ(model->key(1).streamId, 8u);
  EXPECT_EQ(model->key(1).rxPort, "");

  // A drone that goes takes its side along: the receiver's rows are its own again.
  workspace.removeSession(keyA);
  sb->deliver(received("froma", 7, 100, 5000));
  ASSERT_EQ(model->rowCount(), 1);
  EXPECT_EQ(model->key(0).drone, keyB);
}

}  // namespace
