// GrpcDroneSession's flow calls through the real drone service (in the test process, fake
// ports): FlowStats answers an empty list when no port runs flows, StartFlows answers the
// drone's error naming the profile's member, StopFlows of a port without a run is answered;
// every answer on the session's thread, as the Flows page needs them.
#include <gtest/gtest.h>

#include <QThread>

#include "tests/client/gui/fake_lab.h"

using namespace staccato;
using namespace staccato::client;
using namespace staccato::client::test;

namespace {

TEST(FlowsSession, FlowCallsReachTheDroneAndAnswerOnTheSessionsThread) {
  FakeLab lab;
  auto session = lab.connect("lab");
  session->connectToDrone(100);
  ASSERT_TRUE(waitFor([&] { return session->state() == SessionState::kConnected; }));

  std::optional<Result<std::vector<v1::PortFlows>>> stats;
  session->flowStats({}, true, [&](const Result<std::vector<v1::PortFlows>>& r) {
    EXPECT_EQ(QThread::currentThread(), session->thread());
    stats = r;
  });
  ASSERT_TRUE(waitFor([&] { return stats.has_value(); }));
  ASSERT_TRUE(*stats) << stats->error().toString();
  EXPECT_TRUE((*stats)->empty());

  v1::StartFlowsRequest req;
  req.set_port("a");
  req.set_role(v1::FLOW_SERVER);
  v1::FlowProfile& p = *req.mutable_profile();
  p.set_format_version(1);
  v1::FlowTemplate* t = p.add_templates();
  t->set_name("get");
  t->set_port(80);
  t->set_weight(5000);  // out of range: the drone says which member
  t->mutable_http();
  p.mutable_load()->set_connections_per_second(10);
  p.mutable_load()->set_steady_seconds(1);
  p.mutable_clients()->set_first_address("10.0.0.10");
  p.mutable_servers()->set_first_address("10.0.0.100");
  std::optional<Result<v1::StartFlowsReply>> started;
  session->startFlows(req, [&](const Result<v1::StartFlowsReply>& r) { started = r; });
  ASSERT_TRUE(waitFor([&] { return started.has_value(); }));
  ASSERT_FALSE(*started);
  EXPECT_NE(started->error().toString().find("templates[0].weight"), std::string::npos) << started->error().toString();

  std::optional<Status> stopped;
  session->stopFlows("a", [&](const Status& s) { stopped = s; });
  ASSERT_TRUE(waitFor([&] { return stopped.has_value(); })) << "answered, whatever the drone says of a port without a run";
}

}  // namespace
