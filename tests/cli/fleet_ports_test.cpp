// Ports named @NAME:PORT on the command line (client/cli/drone_options.h, applyFleetPorts): the
// port's name (aliases resolved) in their place, the drone as --drone (or --rx-drone after --rx).
#include <gtest/gtest.h>

#include <unistd.h>

#include <cstdio>
#include <cstdlib>
#include <fstream>

#include "client/cli/drone_options.h"
#include "client/core/benchmark_drone/bench_flows.h"

namespace staccato::cli {
namespace {

class FleetPorts : public ::testing::Test {
 protected:
  void SetUp() override {
    char name[] = "/tmp/staccato-fleet-XXXXXX";
    const int fd = mkstemp(name);
    ASSERT_GE(fd, 0);
    ::close(fd);
    path_ = name;
    std::ofstream(path_) << "drones: [{name: a, address: 192.0.2.1, ports: {up: eth1}}, {name: b, address: 192.0.2.2}]\n";
  }
  void TearDown() override { std::remove(path_.c_str()); }
  using Argv = std::vector<std::string>;
  Result<Argv> apply(Argv argv) { return applyFleetPorts(std::move(argv)); }
  std::string path_;
};

TEST_F(FleetPorts, PortsBecomeTheirNamesAndTheDroneIsGiven) {
  auto r = apply({"@a:up", "@a:eth2", "--json", "--fleet", path_});
  ASSERT_TRUE(r.ok()) << r.error().toString();
  EXPECT_EQ(*r, (Argv{"eth1", "eth2", "--json", "--fleet", path_, "--drone", "@a"}));
}

TEST_F(FleetPorts, AfterRxTheReceiveDrone) {
  auto r = apply({"streams.json", "--tx", "@a:up", "--rx", "@b:eth0", "--fleet", path_});
  ASSERT_TRUE(r.ok()) << r.error().toString();
  EXPECT_EQ(*r, (Argv{"streams.json", "--tx", "eth1", "--rx", "eth0", "--fleet", path_, "--drone", "@a", "--rx-drone", "@b"}));
  r = apply({"s.json", "--tx", "@a:up", "--rx", "@a:eth3", "--fleet", path_});  // one drone: no --rx-drone
  ASSERT_TRUE(r.ok());
  EXPECT_EQ(*r, (Argv{"s.json", "--tx", "eth1", "--rx", "eth3", "--fleet", path_, "--drone", "@a"}));
}

TEST_F(FleetPorts, ABenchmarksPortsEachCarryTheirDrone) {
  // benchmark rfc2544 --tx @a:up --rx @b:eth0 (issue 33: it once became --rx-drone, which the
  // benchmark does not take): each port is PORT@DRONE, the drone by its fleet name.
  auto r = applyFleetPorts({"rfc2544", "--tx", "@a:up", "--rx", "@b:eth0", "--fleet", path_}, PortDrones::kEachPort);
  ASSERT_TRUE(r.ok()) << r.error().toString();
  EXPECT_EQ(*r, (Argv{"rfc2544", "--tx", "eth1@@a", "--rx", "eth0@@b", "--fleet", path_}));
  auto endpoint = bench::parseEndpoint((*r)[2], "unix:/default.sock");
  ASSERT_TRUE(endpoint.ok());
  EXPECT_EQ(endpoint->port, "eth1");
  EXPECT_EQ(endpoint->drone, "@a");
  Args args;
  args.options["--fleet"] = path_;
  EXPECT_EQ(droneAddress(args, endpoint->drone, false, false)->target, "192.0.2.1:7878");
}

TEST_F(FleetPorts, WhatIsNotAPortStaysAsItIs) {
  const Argv plain = {"stats", "eth0", "--map", "@a:7878=@b:7878", "--token-file", "@a=/t", "--drone", "@a"};
  auto r = apply(plain);  // no @NAME:PORT: no fleet needed
  ASSERT_TRUE(r.ok()) << r.error().toString();
  EXPECT_EQ(*r, plain);
}

TEST_F(FleetPorts, RefusalsSayWhy) {
  auto r = apply({"@a:up", "@b:eth0", "--fleet", path_});
  ASSERT_FALSE(r.ok());
  EXPECT_EQ(r.error().toString(), "@b:eth0: a port of @b beside ports of @a: one command drives one drone");
  r = apply({"@a:up", "--drone", "@b", "--fleet", path_});
  ASSERT_FALSE(r.ok());
  EXPECT_EQ(r.error().toString(), "--drone: '@b', but the ports named are @a's");
  r = apply({"@c:up", "--fleet", path_});
  ASSERT_FALSE(r.ok());
  EXPECT_NE(r.error().toString().find("no drone named '@c' in the fleet " + path_ + " (it has @a, @b)"), std::string::npos);
  r = apply({"@a:up"});
  ASSERT_FALSE(r.ok());
  EXPECT_EQ(r.error().toString(), "@a:up: ports named @NAME:PORT need a fleet file: --fleet drones.yaml");
}

TEST_F(FleetPorts, FleetDronesGetTheFleetsAddress) {
  Args args;
  args.options["--fleet"] = path_;
  auto a = droneAddress(args, "@b", false, false);
  ASSERT_TRUE(a.ok()) << a.error().toString();
  EXPECT_EQ(a->target, "192.0.2.2:7878");
  EXPECT_TRUE(a->token.empty());
  auto none = droneAddress(Args{}, "@b", false, false);
  ASSERT_FALSE(none.ok());
  EXPECT_EQ(none.error().toString(), "@b: drones named @NAME need a fleet file: --fleet drones.yaml");
}

}  // namespace
}  // namespace staccato::cli
