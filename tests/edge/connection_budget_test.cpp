// Connection caps sized from the descriptor limit: defaults, clamps, and refusals that say what fits.
#include <gtest/gtest.h>

#include "drone/edge/fd_budget.h"
#include "drone/edge/listen_sockets.h"

namespace staccato::drone::edge {
namespace {

TEST(ConnectionBudget, DefaultsAtASystemdServicesLimitsKeepAQuarterForTheDataPath) {
  auto small = sizeConnections(1024, 30, {});
  ASSERT_TRUE(small.ok()) << small.error().toString();
  EXPECT_EQ(small->fdReserve, kMinDefaultFdReserve);
  EXPECT_EQ(small->caps.total, (1024 - 30 - kMinDefaultFdReserve - kGrpcFds) / kFdsPerConnection);  // gRPC's and the door's
  EXPECT_EQ(small->caps.perPeer, kDefaultMaxPerAddress);

  auto raised = sizeConnections(524288, 30, {});  // systemd's hard limit, once the drone raised to it
  ASSERT_TRUE(raised.ok());
  EXPECT_EQ(raised->caps.total, kDefaultMaxConnections);
  EXPECT_EQ(raised->fdReserve, 524288 / 4);
}

TEST(ConnectionBudget, WhatTheOptionsAskForMustFitAndTheRefusalSaysWhatDoes) {
  auto ok = sizeConnections(4096, 20, {.maxConnections = 1500, .maxPerAddress = 8, .fdReserve = 1000});
  ASSERT_TRUE(ok.ok());
  EXPECT_EQ(ok->caps.total, 1500);
  EXPECT_EQ(ok->caps.perPeer, 8);

  auto tooMany = sizeConnections(1024, 30, {.maxConnections = 5000});
  ASSERT_FALSE(tooMany.ok());
  EXPECT_NE(tooMany.error().toString().find("--max-connections: 5000 does not fit"), std::string::npos)
      << tooMany.error().toString();
  EXPECT_NE(tooMany.error().toString().find("leaves room for 337 (two descriptors each)"), std::string::npos) << tooMany.error().toString();

  auto perAddress = sizeConnections(1024, 30, {.maxConnections = 10, .maxPerAddress = 11});
  ASSERT_FALSE(perAddress.ok());
  EXPECT_NE(perAddress.error().toString().find("--max-connections-per-address"), std::string::npos);

  auto noRoom = sizeConnections(300, 30, {});
  ASSERT_FALSE(noRoom.ok());
  EXPECT_NE(noRoom.error().toString().find("raise the hard limit"), std::string::npos) << noRoom.error().toString();
}

TEST(ListenSockets, OnePortForEveryAddressAndUnixSocketsAreLocal) {
  auto tcp = listenTcp("localhost:0");
  ASSERT_TRUE(tcp.ok()) << tcp.error().toString();
  EXPECT_GT(tcp->port, 0);
  EXPECT_FALSE(tcp->local);
  auto again = listenTcp("127.0.0.1:" + std::to_string(tcp->port));
  EXPECT_FALSE(again.ok()) << "a second listener on a port in use";

  const std::string path = ::testing::TempDir() + "/front-door-test.sock";
  ::unlink(path.c_str());
  auto unix = listenUnix(path);
  ASSERT_TRUE(unix.ok()) << unix.error().toString();
  EXPECT_TRUE(unix->local);
  EXPECT_EQ(unix->port, 0);
  ::unlink(path.c_str());
  EXPECT_FALSE(listenTcp("no-port").ok());
}

}  // namespace
}  // namespace staccato::drone::edge
