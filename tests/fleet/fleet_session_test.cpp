// Session files that name drones through the fleet: aliases become port names, unknown names fail.
#include <gtest/gtest.h>

#include "client/core/fleet/fleet_session.h"

namespace staccato::client {
namespace {

v1::SessionFile sessionOn(const std::string& address, const std::vector<std::string>& ports) {
  v1::SessionFile s;
  auto* d = s.add_drones();
  d->set_address(address);
  for (const auto& p : ports) d->add_ports()->set_name(p);
  return s;
}

TEST(FleetSession, AliasesBecomePortNamesOnFleetDrones) {
  auto fleet = parseFleet("drones: [{name: a, address: 192.0.2.1, ports: {up: eth1, down: eth2}}]", "");
  ASSERT_TRUE(fleet.ok());
  auto session = sessionOn("@a", {"up", "eth3"});
  ASSERT_TRUE(namesFleetDrones(session));
  auto r = resolveFleetPorts(session, *fleet);
  ASSERT_TRUE(r.ok()) << r.error().toString();
  EXPECT_EQ(r->drones(0).address(), "@a");
  EXPECT_EQ(r->drones(0).ports(0).name(), "eth1");
  EXPECT_EQ(r->drones(0).ports(1).name(), "eth3");
}

TEST(FleetSession, AddressesAndUnknownNames) {
  auto fleet = parseFleet("drones: [{name: a, address: 192.0.2.1, ports: {up: eth1}}]", "");
  ASSERT_TRUE(fleet.ok());
  auto plain = sessionOn("192.0.2.9:7878", {"up"});
  EXPECT_FALSE(namesFleetDrones(plain));
  auto r = resolveFleetPorts(plain, *fleet);
  ASSERT_TRUE(r.ok());
  EXPECT_EQ(r->drones(0).ports(0).name(), "up");  // aliases are only the fleet drone's
  r = resolveFleetPorts(sessionOn("@b", {"up"}), *fleet);
  ASSERT_FALSE(r.ok());
  EXPECT_EQ(r.error().toString(), "drones[0].address: no drone named '@b' in the fleet (it has @a)");
  r = resolveFleetPorts(sessionOn("@a:up", {"up"}), *fleet);
  ASSERT_FALSE(r.ok());
  EXPECT_NE(r.error().toString().find("without a port"), std::string::npos);
}

TEST(FleetSession, PlacedOnTheFleetTheDronesHaveTheirAddresses) {
  auto fleet = parseFleet("drones: [{name: a, address: 192.0.2.1, tls: true, ports: {up: eth1}}]", "");
  ASSERT_TRUE(fleet.ok());
  auto r = placeOnFleet(sessionOn("@a", {"up"}), *fleet);
  ASSERT_TRUE(r.ok()) << r.error().toString();
  EXPECT_EQ(r->drones(0).address(), "192.0.2.1:7878");
  EXPECT_EQ(r->drones(0).name(), "@a");
  EXPECT_TRUE(r->drones(0).tls());
  EXPECT_EQ(r->drones(0).ports(0).name(), "eth1");
}

}  // namespace
}  // namespace staccato::client
