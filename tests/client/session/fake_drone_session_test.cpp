// FakeDroneSession: the real session's asynchronous contract, the drone's validation, port
// state and the test hooks the widget tests rely on.
#include <gtest/gtest.h>

#include <memory>

#include "tests/support/stacks.h"

#include "client/core/session/fake_drone_session.h"
#include "tests/client/session/session_test_util.h"

namespace staccato::client {
namespace {

using staccato::test::L;
using staccato::test::S;
using test::Answer;
using test::eventually;
using test::StreamsAnswer;

v1::Port port(const std::string& name) {
  v1::Port p;
  p.set_name(name);
  p.set_link_up(true);
  p.set_line_rate_bps(10e9);
  return p;
}

v1::Stream udp(uint32_t id, double pps = 1000) {
  v1::Stream s = S({L("eth"), L("ip"), L("udp"), L("payload")}, 128);
  s.set_id(id);
  s.set_name("udp " + std::to_string(id));
  s.mutable_rate()->set_unit(v1::Rate::PPS);
  s.mutable_rate()->set_value(pps);
  s.mutable_control()->set_mode(v1::Control::CONTINUOUS);
  return s;
}

class FakeDroneSessionTest : public ::testing::Test {
 protected:
  void SetUp() override {
    session_ = std::make_unique<FakeDroneSession>("lab1", std::vector<v1::Port>{port("p0"), port("p1")});
    QObject::connect(session_.get(), &DroneSession::portsChanged, [this] { ++portsChanged_; });
  }
  void connectNow() {
    session_->connectToDrone();
    ASSERT_TRUE(eventually([this] { return session_->state() == SessionState::kConnected; }));
  }
  Status setStreams(const std::string& p, std::vector<v1::Stream> streams) {
    Answer a;
    session_->setStreams(p, std::move(streams), a.done());
    EXPECT_TRUE(a.arrived());
    return a.status.value_or(makeError("", "no answer"));
  }
  Result<std::vector<v1::Stream>> getStreams(const std::string& p) {
    StreamsAnswer a;
    session_->getStreams(p, a.done());
    EXPECT_TRUE(a.arrived());
    if (!a.result) return makeError("", "no answer");
    return *a.result;
  }
  Status tx(bool start, std::vector<std::string> ports) {
    Answer a;
    if (start)
      session_->startTx(std::move(ports), a.done());
    else
      session_->stopTx(std::move(ports), a.done());
    EXPECT_TRUE(a.arrived());
    return a.status.value_or(makeError("", "no answer"));
  }

  std::unique_ptr<FakeDroneSession> session_;
  int portsChanged_ = 0;
};

TEST_F(FakeDroneSessionTest, AnswersAndSignalsArriveFromTheEventLoopNeverInsideTheCall) {
  int stateChanges = 0;
  QObject::connect(session_.get(), &DroneSession::stateChanged, [&] { ++stateChanges; });
  session_->connectToDrone();
  EXPECT_EQ(stateChanges, 0);
  EXPECT_EQ(session_->state(), SessionState::kDisconnected);

  StreamsAnswer a;
  session_->getStreams("p0", a.done());
  EXPECT_FALSE(a.result.has_value());  // not before returning to the event loop
  ASSERT_TRUE(a.arrived());
  EXPECT_TRUE(a.result->ok());
  EXPECT_GE(stateChanges, 1);
  EXPECT_EQ(session_->state(), SessionState::kConnected);
  EXPECT_EQ(session_->displayName(), "lab1");
  EXPECT_EQ(session_->version().hostname(), "lab1");
}

TEST_F(FakeDroneSessionTest, GetReturnsWhatWasSet) {
  connectNow();
  ASSERT_TRUE(setStreams("p1", {udp(1), udp(7, 50)}));
  auto got = getStreams("p1");
  ASSERT_TRUE(got.ok());
  EXPECT_TRUE(test::sameStreams(*got, {udp(1), udp(7, 50)}));
  auto other = getStreams("p0");
  ASSERT_TRUE(other.ok());
  EXPECT_TRUE(other->empty());
}

TEST_F(FakeDroneSessionTest, InvalidStreamsAreRefusedWithTheFieldPathAndNothingIsStored) {
  connectNow();
  ASSERT_TRUE(setStreams("p0", {udp(1)}));

  v1::Stream bad = udp(2);
  (*bad.mutable_layers(1)->mutable_fields())["ip.ttl"] = "300";
  const Status s = setStreams("p0", {udp(1), bad});
  ASSERT_FALSE(s.ok());
  EXPECT_EQ(s.error().kind, ErrorKind::kInvalid);
  EXPECT_EQ(s.error().path, "streams[1].layers[1].ip.ttl") << s.error().toString();
  EXPECT_NE(s.error().message.find("300"), std::string::npos) << s.error().toString();

  const Status dup = setStreams("p0", {udp(3), udp(3)});
  ASSERT_FALSE(dup.ok());
  EXPECT_EQ(dup.error().path, "streams[1].id");
  EXPECT_NE(dup.error().message.find("duplicate stream id 3"), std::string::npos) << dup.error().toString();

  auto got = getStreams("p0");
  ASSERT_TRUE(got.ok());
  EXPECT_TRUE(test::sameStreams(*got, {udp(1)}));  // all or nothing
}

TEST_F(FakeDroneSessionTest, UnknownPortIsNotFound) {
  connectNow();
  const Status s = setStreams("nope", {udp(1)});
  ASSERT_FALSE(s.ok());
  EXPECT_EQ(s.error().kind, ErrorKind::kNotFound);
  EXPECT_NE(s.error().message.find("no port nope on drone lab1"), std::string::npos) << s.error().toString();
  auto got = getStreams("nope");
  ASSERT_FALSE(got.ok());
  EXPECT_EQ(got.error().kind, ErrorKind::kNotFound);
  EXPECT_FALSE(tx(true, {"p0", "nope"}).ok());
  EXPECT_FALSE(session_->ports()[0].transmitting());
}

TEST_F(FakeDroneSessionTest, StartAndStopFlipTransmittingAndAnnounceIt) {
  connectNow();
  const Status empty = tx(true, {"p0"});
  ASSERT_FALSE(empty.ok());
  EXPECT_EQ(empty.error().kind, ErrorKind::kBusy);

  ASSERT_TRUE(setStreams("p0", {udp(1)}));
  const int before = portsChanged_;
  ASSERT_TRUE(tx(true, {"p0"}));
  ASSERT_TRUE(eventually([&] { return portsChanged_ > before; }));
  EXPECT_TRUE(session_->ports()[0].transmitting());
  EXPECT_FALSE(session_->ports()[1].transmitting());

  const Status busy = setStreams("p0", {udp(2)});
  ASSERT_FALSE(busy.ok());
  EXPECT_EQ(busy.error().kind, ErrorKind::kBusy);

  const int started = portsChanged_;
  ASSERT_TRUE(tx(false, {"p0"}));
  ASSERT_TRUE(eventually([&] { return portsChanged_ > started; }));
  EXPECT_FALSE(session_->ports()[0].transmitting());
}

TEST_F(FakeDroneSessionTest, ReachabilityDrivesTheStateAndFailsCalls) {
  connectNow();
  session_->setReachable(false);
  EXPECT_EQ(session_->state(), SessionState::kReconnecting);
  EXPECT_NE(session_->stateDetail().indexOf("cannot reach"), -1) << session_->stateDetail().toStdString();
  const Status s = setStreams("p0", {udp(1)});
  ASSERT_FALSE(s.ok());
  EXPECT_EQ(s.error().kind, ErrorKind::kUnavailable);

  session_->setReachable(true);
  EXPECT_EQ(session_->state(), SessionState::kConnected);
  EXPECT_TRUE(setStreams("p0", {udp(1)}).ok());

  session_->disconnectFromDrone();
  ASSERT_TRUE(eventually([this] { return session_->state() == SessionState::kDisconnected; }));
  const Status after = setStreams("p0", {udp(1)});
  ASSERT_FALSE(after.ok());
  EXPECT_EQ(after.error().kind, ErrorKind::kUnavailable);
}

TEST_F(FakeDroneSessionTest, FailNextCallFailsExactlyOneCallAndCallsAreCounted) {
  connectNow();
  const int before = session_->callCount();
  session_->failNextCall(makeError("port", "reserved by bob", ErrorKind::kDenied));
  const Status s = setStreams("p0", {udp(1)});
  ASSERT_FALSE(s.ok());
  EXPECT_EQ(s.error().kind, ErrorKind::kDenied);
  EXPECT_TRUE(setStreams("p0", {udp(1)}).ok());
  EXPECT_EQ(session_->callCount(), before + 2);
}

TEST_F(FakeDroneSessionTest, NoAnswerArrivesAfterTheSessionIsGone) {
  connectNow();
  bool called = false;
  session_->getStreams("p0", [&](const auto&) { called = true; });
  session_.reset();
  QCoreApplication::processEvents();
  QCoreApplication::sendPostedEvents();
  EXPECT_FALSE(called);
}

TEST_F(FakeDroneSessionTest, SimulatedTrafficAdvancesAtTheStreamRatesAndArrivesOnThePeer) {
  connectNow();
  ASSERT_TRUE(setStreams("p0", {udp(1, 20'000)}));
  ASSERT_TRUE(tx(true, {"p0"}));
  std::vector<v1::StatsSnapshot> snaps;
  QObject::connect(session_.get(), &DroneSession::statsReceived, [&](const v1::StatsSnapshot& s) { snaps.push_back(s); });
  session_->setSimulatedTraffic(true, 50);
  ASSERT_TRUE(eventually([&] { return snaps.size() >= 4; }));
  session_->setSimulatedTraffic(false);

  uint64_t lastTx = 0;
  for (const v1::StatsSnapshot& snap : snaps) {
    ASSERT_EQ(snap.streams_size(), 1);
    const v1::StreamStats& st = snap.streams(0);
    EXPECT_EQ(st.tx_port(), "p0");
    EXPECT_EQ(st.rx_port(), "p1");
    EXPECT_EQ(st.stream_id(), 1u);
    EXPECT_GT(st.tx_packets(), lastTx);
    lastTx = st.tx_packets();
    EXPECT_EQ(st.rx_packets(), st.tx_packets());
    EXPECT_EQ(st.lost(), 0u);
    const v1::LatencyStats& l = st.latency();
    EXPECT_GE(l.min_ns(), 10'000u);
    EXPECT_LE(l.max_ns(), 100'000u);
    EXPECT_LE(l.min_ns(), l.p50_ns());
    EXPECT_LE(l.p50_ns(), l.p90_ns());
    EXPECT_LE(l.p90_ns(), l.p99_ns());
    EXPECT_LE(l.p99_ns(), l.p999_ns());
    EXPECT_LE(l.p999_ns(), l.max_ns());
    ASSERT_EQ(snap.ports_size(), 2);
    EXPECT_EQ(snap.ports(0).tx_packets(), st.tx_packets());
    EXPECT_EQ(snap.ports(1).rx_packets(), st.tx_packets());
    EXPECT_TRUE(snap.ports(0).transmitting());
    EXPECT_GT(snap.ports(0).tx_pps(), 0);
    EXPECT_GT(snap.ports(0).tx_bps_l1(), snap.ports(0).tx_bps_l2());
  }

  Answer cleared;
  session_->clearStats({}, cleared.done());
  ASSERT_TRUE(cleared.arrived());
  ASSERT_TRUE(cleared.status->ok());
  ASSERT_TRUE(tx(false, {"p0"}));
  snaps.clear();
  session_->setSimulatedTraffic(true, 50);
  ASSERT_TRUE(eventually([&] { return !snaps.empty(); }));
  EXPECT_EQ(snaps.back().streams_size(), 0);
  EXPECT_EQ(snaps.back().ports(0).tx_packets(), 0u);
  EXPECT_FALSE(snaps.back().ports(0).transmitting());
}

}  // namespace
}  // namespace staccato::client
