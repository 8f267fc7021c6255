// Session files in the GUI through drones of fake ports: save what the window holds (never a token),
// open it onto other port names through the port mapping dialog, refuse a broken file whole.
#include <gtest/gtest.h>

#include <QComboBox>
#include <QDialogButtonBox>
#include <QElapsedTimer>
#include <QFile>
#include <QLabel>
#include <QMessageBox>
#include <QPushButton>
#include <QTemporaryDir>

#include <set>

#include "client/core/files/session_file.h"
#include "client/widgets/main_window.h"
#include "client/widgets/port_mapping_dialog.h"
#include "client/widgets/session_actions.h"
#include "tests/client/gui/fake_lab.h"

using namespace staccato;
using namespace staccato::client;
using namespace staccato::client::test;

namespace {

std::vector<v1::Stream> someStreams(int n) {
  StreamListModel m;
  for (int i = 0; i < n; ++i) m.appendNewStream();
  return m.streams();
}

std::string bytes(const std::vector<v1::Stream>& streams) {
  std::string out;
  for (const auto& s : streams) out += s.SerializeAsString() + "|";
  return out;
}

template <typename C>
std::vector<v1::Stream> toVector(const C& c) {
  return {c.begin(), c.end()};
}

/// A lab of drones of fake ports and the main window over it.
struct Lab {
  FakeLab fakes;
  Workspace workspace;
  std::unique_ptr<MainWindow> window;
  std::map<QString, DroneSession*> drones;

  DroneSession* add(const QString& name, std::vector<std::string> ports, const std::string& token = {}) {
    auto session = fakes.connect(name, ports, token);
    DroneSession* d = session.get();
    drones[workspace.addSession(std::move(session))] = d;
    return d;
  }
  /// Drone `name`'s address (its session's key), as session files name it.
  std::string address(const QString& name) { return fakes.key(name).toStdString(); }
  QString key(const QString& name) { return fakes.key(name); }
  void show() {
    window = std::make_unique<MainWindow>(&workspace);
    window->show();
    ASSERT_TRUE(waitFor([&] {
      for (auto& [k, d] : drones)
        if (d->state() != SessionState::kConnected) return false;
      return true;
    }));
  }
  /// (Re)loads every port's stream list from its drone and waits until all are in.
  void loadAll() {
    std::set<PortRef> loaded;
    auto c = QObject::connect(&workspace, &Workspace::streamsLoaded, [&](const PortRef& p) { loaded.insert(p); });
    const auto ports = workspace.allPorts();
    for (const auto& ref : ports) workspace.revert(ref);
    ASSERT_TRUE(waitFor([&] { return loaded.size() == ports.size(); }));
    QObject::disconnect(c);
  }
  /// Every stream list of every port, as the GUI shows it.
  std::string allLists() {
    std::string out;
    for (const auto& ref : workspace.allPorts()) out += ref.port + ":" + bytes(workspace.streams(ref)->streams());
    return out;
  }
};

v1::SessionFile sessionWith(const std::string& address, std::vector<std::pair<std::string, int>> ports) {
  v1::SessionFile f;
  auto* d = f.add_drones();
  d->set_address(address);
  d->set_name("old lab");
  for (const auto& [name, n] : ports) {
    auto* p = d->add_ports();
    p->set_name(name);
    p->mutable_config()->set_track_rx(true);
    for (const auto& s : someStreams(n)) *p->add_streams() = s;
  }
  return f;
}

QString writeJson(const QTemporaryDir& dir, const std::string& json) {
  const QString path = dir.filePath("session.json");
  QFile f(path);
  EXPECT_TRUE(f.open(QIODevice::WriteOnly));
  f.write(QByteArray::fromStdString(json));
  return path;
}

TEST(SessionGui, SaveWritesEveryDroneWithConfigsAndStreamsButNoToken) {
  Lab lab;
  DroneSession* one = lab.add("one", {"a", "b"}, "s3cret-token-text");
  lab.add("two", {"c"});
  lab.show();
  // Applied streams on one/a, a configuration on one/b, an unapplied edit on two/c.
  const auto applied = someStreams(2);
  bool set = false;
  one->setStreams("a", applied, [&](const Status& st) { set = st.ok(); });
  v1::PortConfig interleaved;
  interleaved.set_tx_mode(v1::PortConfig::INTERLEAVED);
  one->configurePort("b", interleaved, [](const Status&) {});
  ASSERT_TRUE(waitFor([&] { return set && one->ports()[1].config().tx_mode() == v1::PortConfig::INTERLEAVED; }));
  lab.loadAll();
  StreamListModel* c = lab.workspace.streams({lab.key("two"), "c"});
  c->appendNewStream();
  ASSERT_TRUE(c->isDirty());

  QTemporaryDir dir;
  const QString path = dir.filePath("lab.json");
  std::optional<Status> saved;
  lab.window->sessionActions()->saveSession(path, [&](const Status& st) { saved = st; });
  ASSERT_TRUE(waitFor([&] { return saved.has_value(); }));
  ASSERT_TRUE(saved->ok()) << saved->error().toString();

  QFile raw(path);
  ASSERT_TRUE(raw.open(QIODevice::ReadOnly));
  EXPECT_FALSE(raw.readAll().contains("s3cret-token-text")) << "tokens never go into files";
  auto file = loadSessionFile(path.toStdString());
  ASSERT_TRUE(file.ok()) << file.error().toString();
  ASSERT_EQ(file->drones_size(), 2);
  const auto& d1 = file->drones(0);
  EXPECT_EQ(d1.address(), lab.address("one"));
  EXPECT_EQ(d1.name(), "one");
  ASSERT_EQ(d1.ports_size(), 2);
  EXPECT_EQ(d1.ports(0).name(), "a");
  EXPECT_EQ(bytes(toVector(d1.ports(0).streams())), bytes(applied));
  EXPECT_EQ(d1.ports(1).name(), "b");
  EXPECT_EQ(d1.ports(1).config().tx_mode(), v1::PortConfig::INTERLEAVED);
  EXPECT_EQ(d1.ports(1).streams_size(), 0);
  const auto& d2 = file->drones(1);
  EXPECT_EQ(d2.address(), lab.address("two"));
  ASSERT_EQ(d2.ports_size(), 1);
  EXPECT_TRUE(d2.ports(0).config().track_rx());
  EXPECT_EQ(bytes(toVector(d2.ports(0).streams())), bytes(c->streams())) << "the table's unapplied list is saved";
}

TEST(SessionGui, OnlyTheLatestLoadOfAPortLands) {
  // Opening a port's list loads it; a revert right after loads it again. The first reply must
  // not land after the user starts editing on the second's (nor announce a load that a later
  // reply undoes): one load lands.
  Lab lab;
  lab.add("one", {"a", "b"});
  lab.show();
  const PortRef ref{lab.key("one"), "b"};  // not shown yet: its list is not loaded
  ASSERT_EQ(lab.workspace.loadedStreams(ref), nullptr);
  int landed = 0;
  QObject::connect(&lab.workspace, &Workspace::streamsLoaded, [&](const PortRef& p) { landed += p == ref; });
  lab.workspace.streams(ref);
  lab.workspace.revert(ref);
  ASSERT_TRUE(waitFor([&] { return landed > 0; }));
  StreamListModel* list = lab.workspace.streams(ref);
  list->appendNewStream();
  QElapsedTimer settle;
  settle.start();
  while (settle.elapsed() < 300) QCoreApplication::processEvents(QEventLoop::AllEvents, 20);
  EXPECT_EQ(landed, 1);
  EXPECT_EQ(list->rowCount(), 1) << "the edit made after the load stays";
}

TEST(SessionGui, OpenOntoOtherPortNamesThroughTheMappingDialog) {
  Lab lab;
  DroneSession* drone = lab.add("one", {"x", "y"});
  lab.show();
  v1::SessionFile session = sessionWith(lab.address("one"), {{"a", 2}, {"b", 1}});
  session.mutable_drones(0)->mutable_ports(0)->mutable_config()->set_tx_mode(v1::PortConfig::INTERLEAVED);
  QTemporaryDir dir;
  const QString path = writeJson(dir, sessionFileToJson(session));

  lab.window->sessionActions()->openSession(path);
  PortMappingDialog* dialog = nullptr;
  ASSERT_TRUE(waitFor([&] { return (dialog = lab.window->findChild<PortMappingDialog*>()) != nullptr; }))
      << "ports a and b do not exist: the mapping dialog is shown";
  QPushButton* ok = dialog->findChild<QDialogButtonBox*>()->button(QDialogButtonBox::Ok);
  EXPECT_FALSE(ok->isEnabled()) << "both ports default to (skip)";
  // a -> y, b -> x (crossed, so that a name match cannot pass by accident).
  dialog->targetCombo(0)->setCurrentIndex(dialog->targetCombo(0)->findText("y", Qt::MatchStartsWith));
  dialog->targetCombo(1)->setCurrentIndex(dialog->targetCombo(1)->findText("x", Qt::MatchStartsWith));
  ASSERT_TRUE(ok->isEnabled());
  ok->click();

  const PortRef x{lab.key("one"), "x"}, y{lab.key("one"), "y"};
  ASSERT_TRUE(waitFor([&] { return lab.workspace.loadedStreams(y) && lab.workspace.streams(y)->rowCount() == 2; }));
  EXPECT_EQ(bytes(lab.workspace.streams(y)->streams()), bytes(toVector(session.drones(0).ports(0).streams())));
  EXPECT_EQ(bytes(lab.workspace.streams(x)->streams()), bytes(toVector(session.drones(0).ports(1).streams())));
  EXPECT_TRUE(lab.workspace.isDirty(x) && lab.workspace.isDirty(y)) << "loaded as unapplied changes";
  ASSERT_NE(lab.workspace.pendingConfig(y), nullptr) << "a's configuration differs from y's";
  EXPECT_EQ(lab.workspace.pendingConfig(x), nullptr) << "b's configuration is what x has";

  // Applying sends the configuration, then the streams.
  std::optional<Status> applied;
  lab.workspace.apply(y, [&](const Status& st) { applied = st; });
  ASSERT_TRUE(waitFor([&] { return applied.has_value(); }));
  ASSERT_TRUE(applied->ok()) << applied->error().toString();
  EXPECT_EQ(drone->ports()[1].config().tx_mode(), v1::PortConfig::INTERLEAVED);
  EXPECT_FALSE(lab.workspace.isDirty(y));
}

TEST(SessionGui, SameNamesLoadWithoutAsking) {
  Lab lab;
  lab.add("one", {"a", "b"});
  lab.show();
  const v1::SessionFile session = sessionWith(lab.address("one"), {{"b", 3}});
  QTemporaryDir dir;
  lab.window->sessionActions()->openSession(writeJson(dir, sessionFileToJson(session)));
  const PortRef b{lab.key("one"), "b"};
  ASSERT_TRUE(waitFor([&] { return lab.workspace.loadedStreams(b) && lab.workspace.streams(b)->rowCount() == 3; }));
  EXPECT_EQ(lab.window->findChild<PortMappingDialog*>(), nullptr);
}

TEST(SessionGui, InvalidFileNamesThePathAndChangesNothing) {
  Lab lab;
  lab.add("one", {"a", "b"});
  lab.show();
  lab.loadAll();
  lab.workspace.streams({lab.key("one"), "a"})->appendNewStream();  // an unapplied edit that must survive
  const std::string before = lab.allLists();

  std::string json = sessionFileToJson(sessionWith(lab.address("one"), {{"a", 1}, {"b", 2}}));
  const std::string needle = "\"name\": \"b\"";
  const size_t at = json.find(needle);
  ASSERT_NE(at, std::string::npos) << json;
  const size_t stream = json.find("\"layers\"", at);  // inside drones[0].ports[1].streams[0]
  ASSERT_NE(stream, std::string::npos);
  json.insert(stream, "\"colour\": \"red\", ");
  QTemporaryDir dir;
  lab.window->sessionActions()->openSession(writeJson(dir, json));

  QMessageBox* box = nullptr;
  ASSERT_TRUE(waitFor([&] { return (box = lab.window->findChild<QMessageBox*>("sessionError")) != nullptr; }));
  EXPECT_TRUE(box->text().contains("drones[0].ports[1].streams[0]")) << box->text().toStdString();
  EXPECT_TRUE(box->text().contains("colour")) << box->text().toStdString();
  EXPECT_EQ(lab.window->findChild<PortMappingDialog*>(), nullptr);
  EXPECT_EQ(lab.allLists(), before);
}

TEST(PortMappingDialogTest, OkIsDisabledWhileTwoPortsShareATarget) {
  const v1::SessionFile session = sessionWith("fake:one", {{"a", 1}, {"b", 1}});
  PortMappingDialog dialog(session, {{"fake:one", "one", "a"}, {"fake:one", "one", "b"}});
  QPushButton* ok = dialog.findChild<QDialogButtonBox*>()->button(QDialogButtonBox::Ok);
  EXPECT_TRUE(dialog.complete()) << "same names on the same drone are the defaults";
  EXPECT_TRUE(ok->isEnabled());
  dialog.targetCombo(1)->setCurrentIndex(dialog.targetCombo(0)->currentIndex());
  EXPECT_FALSE(ok->isEnabled());
  EXPECT_FALSE(dialog.findChild<QLabel*>("mappingProblem")->text().isEmpty());
  dialog.targetCombo(1)->setCurrentIndex(0);  // (skip)
  EXPECT_TRUE(ok->isEnabled());
  auto mapped = dialog.mappedSession();
  ASSERT_TRUE(mapped.ok());
  ASSERT_EQ(mapped->drones(0).ports_size(), 1) << "a skipped port is left out";
}

TEST(PortMappingDialogTest, AnUnconnectedDroneMapsOntoAConnectedOne) {
  const v1::SessionFile session = sessionWith("10.0.0.9:7878", {{"a", 1}});
  PortMappingDialog dialog(session, {{"fake:one", "one", "a"}});
  EXPECT_FALSE(dialog.complete());
  ASSERT_NE(dialog.droneCombo(0), nullptr);
  dialog.droneCombo(0)->setCurrentIndex(1);
  EXPECT_TRUE(dialog.complete()) << "port a of the mapped drone is the default";
  auto mapped = dialog.mappedSession();
  ASSERT_TRUE(mapped.ok());
  EXPECT_EQ(mapped->drones(0).address(), "fake:one");
}

}  // namespace
