// GrpcDroneSession against an in-process drone (DroneCore + DroneService on 127.0.0.1, port
// lo only): connecting, streams, stats, losing the drone and finding it again. Nothing here
// starts transmitting: lo is a real interface (traffic only ever on veth in test namespaces).
#include <grpcpp/grpcpp.h>
#include <gtest/gtest.h>
#include <unistd.h>

#include <memory>
#include <thread>

#include "drone/core/drone_core.h"
#include "drone/service/drone_server.h"
#include "drone/service/drone_service.h"
#include "drone/system/system_port_source.h"
#include "tests/support/stacks.h"

#include <QCoreApplication>

#include "client/core/session/grpc_drone_session.h"
#include "tests/client/session/session_test_util.h"

namespace staccato::client {
namespace {

using staccato::test::L;
using staccato::test::S;
using test::Answer;
using test::eventually;
using test::StreamsAnswer;

/// A drone on 127.0.0.1 that can go away and come back on the same port.
class LoopbackDrone {
 public:
  LoopbackDrone() : ports_(drone::systemPortSource(drone::PortFilter{{"lo"}, {}})) {}
  ~LoopbackDrone() { stop(); }

  /// Listens on `port` (0 = any free one); false when it cannot bind.
  bool start(int port = 0) {
    service_ = std::make_unique<drone::DroneService>(ports_);
    auto started = drone::DroneServer::start({service_.get()}, {"127.0.0.1:" + std::to_string(port), {"", drone::kProtocolMajor}, {}});
    if (!started) return false;
    server_ = std::move(started).value();
    port_ = server_->port();
    return true;
  }
  void stop() {
    if (!server_) return;
    // The stats stream only ends when cancelled: a deadline makes Shutdown cancel it.
    server_->shutdown(std::chrono::system_clock::now() + std::chrono::milliseconds(200));
    server_->wait();
    server_.reset();
    service_.reset();
  }
  int port() const { return port_; }
  std::string target() const { return "127.0.0.1:" + std::to_string(port_); }

 private:
  drone::DroneCore ports_;
  std::unique_ptr<drone::DroneService> service_;
  std::unique_ptr<drone::DroneServer> server_;
  int port_ = 0;
};

/// A port nothing listens on: one a server just gave up.
int closedPort() {
  LoopbackDrone d;
  return d.start() ? d.port() : 1;
}

std::string hostname() {
  char host[256] = {};
  gethostname(host, sizeof host - 1);
  return host;
}

v1::Stream udp(uint32_t id) {
  v1::Stream s = S({L("eth"), L("ip"), L("udp"), L("payload")}, 128);
  s.set_id(id);
  s.mutable_rate()->set_unit(v1::Rate::PPS);
  s.mutable_rate()->set_value(100);
  return s;
}

class GrpcDroneSessionTest : public ::testing::Test {
 protected:
  void SetUp() override { ASSERT_TRUE(drone_.start()); }

  std::unique_ptr<GrpcDroneSession> session(std::string target) {
    DroneAddress a;
    a.target = std::move(target);
    auto s = std::make_unique<GrpcDroneSession>(a);
    QObject::connect(s.get(), &DroneSession::statsReceived, [this] { ++stats_; });
    return s;
  }
  std::unique_ptr<GrpcDroneSession> connected() {
    auto s = session(drone_.target());
    s->connectToDrone(100);
    EXPECT_TRUE(eventually([&] { return s->state() == SessionState::kConnected; })) << s->stateDetail().toStdString();
    return s;
  }
  Status setStreams(DroneSession& s, const std::string& port, std::vector<v1::Stream> streams) {
    Answer a;
    s.setStreams(port, std::move(streams), a.done());
    EXPECT_TRUE(a.arrived());
    return a.status.value_or(makeError("", "no answer"));
  }
  Result<std::vector<v1::Stream>> getStreams(DroneSession& s, const std::string& port) {
    StreamsAnswer a;
    s.getStreams(port, a.done());
    EXPECT_TRUE(a.arrived());
    if (!a.result) return makeError("", "no answer");
    return *a.result;
  }

  LoopbackDrone drone_;
  int stats_ = 0;
};

TEST_F(GrpcDroneSessionTest, ConnectsChecksTheVersionListsPortsAndStreamsStats) {
  auto s = session(drone_.target());
  std::vector<SessionState> states;
  QObject::connect(s.get(), &DroneSession::stateChanged, [&] { states.push_back(s->state()); });
  EXPECT_EQ(s->displayName().toStdString(), drone_.target());
  s->connectToDrone(100);
  ASSERT_TRUE(eventually([&] { return s->state() == SessionState::kConnected; })) << s->stateDetail().toStdString();
  ASSERT_FALSE(states.empty());
  EXPECT_EQ(states.front(), SessionState::kConnecting);
  EXPECT_EQ(s->version().major(), kClientProtocolMajor);
  EXPECT_FALSE(s->version().version().empty());
  EXPECT_EQ(s->version().hostname(), hostname());
  EXPECT_EQ(s->displayName().toStdString(), hostname());
  ASSERT_EQ(s->ports().size(), 1u);
  EXPECT_EQ(s->ports()[0].name(), "lo");
  EXPECT_FALSE(s->ports()[0].transmitting());
  const int before = stats_;
  ASSERT_TRUE(eventually([&] { return stats_ > before + 1; }));
}

TEST_F(GrpcDroneSessionTest, ACallMadeRightAfterConnectReachesTheDrone) {
  auto s = session(drone_.target());
  s->connectToDrone(100);
  StreamsAnswer a;
  s->getStreams("lo", a.done());
  ASSERT_TRUE(a.arrived());
  EXPECT_TRUE(a.result->ok()) << a.result->error().toString();
}

TEST_F(GrpcDroneSessionTest, StreamsRoundTripAndValidationErrorsKeepTheirPath) {
  auto s = connected();
  ASSERT_EQ(s->state(), SessionState::kConnected);
  ASSERT_TRUE(setStreams(*s, "lo", {udp(1), udp(2)}));
  auto got = getStreams(*s, "lo");
  ASSERT_TRUE(got.ok()) << got.error().toString();
  EXPECT_TRUE(test::sameStreams(*got, {udp(1), udp(2)}));

  v1::Stream bad = udp(3);
  (*bad.mutable_layers(1)->mutable_fields())["ip.ttl"] = "300";
  const Status refused = setStreams(*s, "lo", {udp(1), bad});
  ASSERT_FALSE(refused.ok());
  EXPECT_EQ(refused.error().kind, ErrorKind::kInvalid);
  EXPECT_EQ(refused.error().path, "streams[1].layers[1].ip.ttl") << refused.error().toString();
  EXPECT_NE(refused.error().message.find("300"), std::string::npos) << refused.error().toString();

  auto still = getStreams(*s, "lo");
  ASSERT_TRUE(still.ok());
  EXPECT_TRUE(test::sameStreams(*still, {udp(1), udp(2)}));

  auto missing = getStreams(*s, "no-such-port");
  ASSERT_FALSE(missing.ok());
  EXPECT_EQ(missing.error().kind, ErrorKind::kNotFound);
}

TEST_F(GrpcDroneSessionTest, ReservingRefreshesThePorts) {
  auto s = connected();
  int portsChanged = 0;
  QObject::connect(s.get(), &DroneSession::portsChanged, [&] { ++portsChanged; });
  Answer a;
  s->reservePort("lo", a.done());
  ASSERT_TRUE(a.arrived());
  ASSERT_TRUE(a.status->ok()) << a.status->error().toString();
  ASSERT_TRUE(eventually([&] { return portsChanged > 0 && !s->ports().empty() && !s->ports()[0].reserved_by().empty(); }));
  EXPECT_EQ(s->ports()[0].reserved_by(), DroneConnection::clientId());
  Answer r;
  s->releasePort("lo", false, r.done());
  ASSERT_TRUE(r.arrived());
  ASSERT_TRUE(r.status->ok());
  ASSERT_TRUE(eventually([&] { return s->ports()[0].reserved_by().empty(); }));
}

TEST_F(GrpcDroneSessionTest, LosingTheDroneReconnectsWhenItIsBack) {
  auto s = connected();
  ASSERT_EQ(s->state(), SessionState::kConnected);
  const int port = drone_.port();
  drone_.stop();
  ASSERT_TRUE(eventually([&] { return s->state() == SessionState::kReconnecting; }));
  EXPECT_NE(s->stateDetail().indexOf("retrying in", 0, Qt::CaseInsensitive), -1) << s->stateDetail().toStdString();

  // The same port again (a just-closed port can take a moment to be free to bind).
  ASSERT_TRUE(eventually([&] { return drone_.start(port); }));
  ASSERT_TRUE(eventually([&] { return s->state() == SessionState::kConnected; })) << s->stateDetail().toStdString();
  const int before = stats_;
  ASSERT_TRUE(eventually([&] { return stats_ > before; }));
}

TEST_F(GrpcDroneSessionTest, AClosedPortIsRetriedAndSaysWhy) {
  const std::string target = "127.0.0.1:" + std::to_string(closedPort());
  auto s = session(target);
  QStringList logs;
  QObject::connect(s.get(), &DroneSession::logMessage, [&](LogLevel, const QString& t) { logs << t; });
  s->connectToDrone(100);
  ASSERT_TRUE(eventually([&] { return s->state() == SessionState::kReconnecting; }));
  EXPECT_NE(s->stateDetail().indexOf("cannot reach the drone at " + QString::fromStdString(target)), -1)
      << s->stateDetail().toStdString();
  EXPECT_NE(s->stateDetail().indexOf("retrying in", 0, Qt::CaseInsensitive), -1) << s->stateDetail().toStdString();
  EXPECT_FALSE(logs.filter("cannot reach").isEmpty()) << logs.join("\n").toStdString();

  Answer a;
  s->setStreams("lo", {udp(1)}, a.done());
  ASSERT_TRUE(a.arrived());
  ASSERT_FALSE(a.status->ok());
  EXPECT_EQ(a.status->error().kind, ErrorKind::kUnavailable);

  s->disconnectFromDrone();
  ASSERT_TRUE(eventually([&] { return s->state() == SessionState::kDisconnected; }));
  QTest::qWait(1200);  // longer than the first retry delay: nothing may come back to life
  EXPECT_EQ(s->state(), SessionState::kDisconnected);
}

TEST_F(GrpcDroneSessionTest, ASlowGuiGetsTheLatestSnapshotNotABacklog) {
  auto s = connected();
  const int before = stats_;
  // Block the GUI thread while the drone keeps sending every 100 ms.
  std::this_thread::sleep_for(std::chrono::milliseconds(1500));
  QCoreApplication::sendPostedEvents(s.get());
  EXPECT_LE(stats_ - before, 2);
  ASSERT_TRUE(eventually([&] { return stats_ > before + 2; }));  // and it keeps flowing
}

TEST_F(GrpcDroneSessionTest, NothingIsDeliveredAfterTheSessionIsGone) {
  auto s = connected();
  bool called = false;
  s->getStreams("lo", [&](const auto&) { called = true; });
  s->refreshPorts();
  s.reset();  // cancels and joins
  QTest::qWait(200);
  EXPECT_FALSE(called);
}

}  // namespace
}  // namespace staccato::client
