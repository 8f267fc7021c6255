#include <gtest/gtest.h>

#include "client/core/files/port_mapping.h"

namespace staccato::test {
namespace {

using client::PortMapping;
using client::DronePort;

v1::SessionFile twoDrones() {
  v1::SessionFile s;
  auto* a = s.add_drones();
  a->set_address("a:1");
  a->add_ports()->set_name("va");
  a->add_ports()->set_name("vb");
  a->mutable_ports(0)->add_streams()->set_name("first");
  auto* b = s.add_drones();
  b->set_address("b:1");
  b->add_ports()->set_name("va");
  return s;
}

TEST(PortMapping, MostSpecificRuleWins) {
  auto m = PortMapping::parse({"va=eth1", "@a:1=@c:1", "va@b:1=eth9@c:1"});
  ASSERT_TRUE(m.ok()) << m.error().toString();
  EXPECT_EQ(m->apply({"a:1", "va"}), (DronePort{"c:1", "eth1"}));
  EXPECT_EQ(m->apply({"a:1", "vb"}), (DronePort{"c:1", "vb"}));
  EXPECT_EQ(m->apply({"b:1", "va"}), (DronePort{"c:1", "eth9"}));
  EXPECT_EQ(m->apply({"z:1", "x"}), (DronePort{"z:1", "x"}));
}

TEST(PortMapping, RulesNoPortTakesAreListedAsUnused) {
  auto m = PortMapping::parse({"va=eth1", "vz=eth2", "@a:1=@c:1", "@a=@c:1", "va@b:1=eth9@c:1", "vb@b:1=eth8@c:1"});
  ASSERT_TRUE(m.ok()) << m.error().toString();
  // vz: no such port; @a: the file says a:1; vb@b:1: b:1 has no vb. va=eth1 is used by a:1's va
  // (b:1's va takes its exact rule).
  EXPECT_EQ(m->unusedRules(twoDrones()), (std::vector<std::string>{"vb@b:1=eth8@c:1", "vz=eth2", "@a=@c:1"}));
  auto exactOnly = PortMapping::parse({"va=eth1", "va@a:1=eth9@c:1"});
  ASSERT_TRUE(exactOnly.ok());
  v1::SessionFile oneDrone = twoDrones();
  oneDrone.mutable_drones()->RemoveLast();
  EXPECT_EQ(exactOnly->unusedRules(oneDrone), (std::vector<std::string>{"va=eth1"})) << "a:1's va takes the exact rule";
  EXPECT_TRUE(PortMapping::parse({"va=x", "vb=y", "@b:1=@c:1"})->unusedRules(twoDrones()).empty());
}

TEST(PortMapping, BadRulesSayWhatIsWrong) {
  auto error = [](const std::string& rule) { return PortMapping::parse({rule}).error().toString(); };
  EXPECT_EQ(error("va"), "--map va: no '='; use PORT=NEWPORT, PORT@DRONE=NEWPORT@NEWDRONE or @DRONE=@NEWDRONE");
  EXPECT_NE(error("va@a:1=eth1").find("both sides name a drone"), std::string::npos);
  EXPECT_NE(error("va=").find("both sides name a port"), std::string::npos);
  EXPECT_NE(error("a=b=c").find("more than one '='"), std::string::npos);
}

TEST(PortMapping, RemapMergesDronesAndRefusesCollisions) {
  auto m = PortMapping::parse({"@b:1=@a:1", "va@b:1=vc@a:1"});
  ASSERT_TRUE(m.ok());
  auto out = client::remapSession(twoDrones(), *m);
  ASSERT_TRUE(out.ok()) << out.error().toString();
  ASSERT_EQ(out->drones_size(), 1);
  ASSERT_EQ(out->drones(0).ports_size(), 3);
  EXPECT_EQ(out->drones(0).ports(2).name(), "vc");
  EXPECT_EQ(out->drones(0).ports(0).streams(0).name(), "first");

  auto clash = client::remapSession(twoDrones(), *PortMapping::parse({"@b:1=@a:1"}));
  ASSERT_FALSE(clash.ok());
  EXPECT_EQ(clash.error().toString(), "session ports va@a:1 and va@b:1 would both run on va@a:1; map them to different ports");
}

TEST(PortMapping, MissingPortsListWhatTheDroneHas) {
  auto lister = [](const std::string& address) -> Result<std::vector<std::string>> {
    if (address == "a:1") return std::vector<std::string>{"va", "vb"};
    return makeError("", "cannot connect");
  };
  v1::SessionFile s = twoDrones();
  s.mutable_drones()->RemoveLast();
  EXPECT_TRUE(client::checkPortsExist(s, lister).ok());
  s.mutable_drones(0)->mutable_ports(1)->set_name("eth7");
  EXPECT_EQ(client::checkPortsExist(s, lister).error().toString(),
            "drone a:1 has no port 'eth7' (it has: va, vb); map the session's port to one of them");
  EXPECT_EQ(client::checkPortsExist(twoDrones(), lister).error().toString(), "drone b:1: cannot connect");
}

}  // namespace
}  // namespace staccato::test
