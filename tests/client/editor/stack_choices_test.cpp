// StackChoices: quick choices to and from layer lists, and the free stack's rules, checked
// against the registry and the compiler.
#include <gtest/gtest.h>

#include "client/models/editor/qt_text.h"
#include "client/models/editor/stack_choices.h"
#include "common/packet/registry.h"
#include "common/stream/compiler.h"
#include "tests/support/stacks.h"

namespace staccato::client {
namespace {

using staccato::test::L;
using staccato::test::S;

std::vector<StackChoice> allChoices() {
  std::vector<StackChoice> out;
  for (int l2 = 0; l2 < static_cast<int>(StackChoices::l2Options().size()); ++l2)
    for (int l3 = 0; l3 < static_cast<int>(StackChoices::l3Options().size()); ++l3)
      for (int l4 = 0; l4 < static_cast<int>(StackChoices::l4Options().size()); ++l4)
        for (int extras = 0; extras < 4; ++extras) out.push_back({l2, l3, l4, bool(extras & 1), bool(extras & 2)});
  return out;
}

int optionIndex(const std::vector<StackOption>& options, const QString& label) {
  for (size_t i = 0; i < options.size(); ++i)
    if (options[i].label == label) return static_cast<int>(i);
  ADD_FAILURE() << "no option " << label.toStdString();
  return 0;
}

TEST(StackChoicesTest, OptionsNameRealProtocols) {
  for (const auto* options : {&StackChoices::l2Options(), &StackChoices::l3Options(), &StackChoices::l4Options()})
    for (const StackOption& o : *options)
      for (const std::string& p : o.protocols) EXPECT_NE(ProtocolRegistry::builtin().find(p), nullptr) << p;
  EXPECT_EQ(StackChoices::l2Options()[2].protocols, (std::vector<std::string>{"eth", "ieee8021ad", "vlan"}));
  QStringList l3;
  for (const StackOption& o : StackChoices::l3Options()) l3 << o.label;
  EXPECT_EQ(l3, (QStringList{"None", "IPv4", "IPv6", "ARP"}));
}

TEST(StackChoicesTest, AllowedChoicesCompileAndRoundTrip) {
  int allowed = 0;
  for (const StackChoice& c : allChoices()) {
    const auto layers = StackChoices::toLayers(c, {});
    const auto back = StackChoices::fromLayers(layers);
    ASSERT_TRUE(back.has_value());
    EXPECT_EQ(*back, c);
    v1::Stream stream;
    *stream.mutable_layers() = layers;
    stream.mutable_frame_length()->set_fixed(256);
    EXPECT_EQ(StackChoices::isAllowed(c), compile(stream).ok()) << c.l2 << c.l3 << c.l4 << c.payload << c.signature;
    allowed += StackChoices::isAllowed(c);
  }
  EXPECT_GT(allowed, 30);
}

TEST(StackChoicesTest, ImpossibleCombinationsAreNotAllowed) {
  const auto& l3 = StackChoices::l3Options();
  const auto& l4 = StackChoices::l4Options();
  auto choice = [&](const char* l3Label, const char* l4Label) {
    return StackChoice{0, optionIndex(l3, l3Label), optionIndex(l4, l4Label), false, false};
  };
  EXPECT_TRUE(StackChoices::isAllowed(choice("IPv4", "UDP")));
  EXPECT_TRUE(StackChoices::isAllowed(choice("IPv6", "ICMPv6")));
  EXPECT_FALSE(StackChoices::isAllowed(choice("None", "UDP")));
  EXPECT_FALSE(StackChoices::isAllowed(choice("IPv6", "ICMP")));
  EXPECT_FALSE(StackChoices::isAllowed(choice("IPv4", "ICMPv6")));
  EXPECT_FALSE(StackChoices::isAllowed(choice("ARP", "TCP")));
}

TEST(StackChoicesTest, SwitchingKeepsOverridesOfLayersThatStay) {
  v1::Stream s = S({L("eth", {{"eth.dst", "02:00:00:00:00:09"}}), L("vlan", {{"vlan.id", "42"}}),
                    L("ip", {{"ip.ttl", "32"}}), L("udp", {{"udp.dstport", "5001"}}), L("payload")});
  auto choice = StackChoices::fromLayers(s.layers());
  ASSERT_TRUE(choice.has_value());
  EXPECT_EQ(StackChoices::l2Options()[static_cast<size_t>(choice->l2)].label, "Ethernet + VLAN");
  choice->l2 = 2;  // QinQ
  choice->l4 = optionIndex(StackChoices::l4Options(), "TCP");
  const auto layers = StackChoices::toLayers(*choice, s.layers());
  ASSERT_EQ(layers.size(), 6);
  EXPECT_EQ(layers[0].fields().at("eth.dst"), "02:00:00:00:00:09");
  EXPECT_EQ(layers[1].protocol(), "ieee8021ad");
  EXPECT_EQ(layers[1].fields_size(), 0);
  EXPECT_EQ(layers[2].fields().at("vlan.id"), "42");
  EXPECT_EQ(layers[3].fields().at("ip.ttl"), "32");
  EXPECT_EQ(layers[4].protocol(), "tcp");
  EXPECT_EQ(layers[4].fields_size(), 0);
  EXPECT_EQ(layers[5].protocol(), "payload");
}

TEST(StackChoicesTest, CustomStacksAreNotQuickChoices) {
  EXPECT_FALSE(StackChoices::fromLayers(S({L("eth"), L("raw"), L("ip")}).layers()).has_value());
  EXPECT_FALSE(StackChoices::fromLayers(S({L("eth"), L("ip"), L("ip"), L("udp")}).layers()).has_value());
  EXPECT_FALSE(StackChoices::fromLayers(S({}).layers()).has_value());
}

TEST(StackChoicesTest, AllowedAboveFollowsTheBindings) {
  const QStringList onEth = StackChoices::allowedAbove("eth");
  for (const char* p : {"vlan", "ieee8021ad", "arp", "ip", "ipv6", "eth", "payload", "raw", "signature"})
    EXPECT_TRUE(onEth.contains(p)) << p;
  for (const char* p : {"udp", "tcp", "icmp", "icmpv6"}) EXPECT_FALSE(onEth.contains(p)) << p;

  const QStringList onIp = StackChoices::allowedAbove("ip");
  for (const char* p : {"udp", "tcp", "icmp", "ip", "ipv6", "payload", "raw", "signature"})
    EXPECT_TRUE(onIp.contains(p)) << p;
  for (const char* p : {"icmpv6", "arp", "vlan", "eth"}) EXPECT_FALSE(onIp.contains(p)) << p;

  EXPECT_TRUE(StackChoices::allowedAbove("ipv6").contains("icmpv6"));
  EXPECT_EQ(StackChoices::allowedAbove("payload"), QStringList{"signature"});
  EXPECT_TRUE(StackChoices::allowedAbove("signature").isEmpty());
  EXPECT_EQ(StackChoices::allowedAbove("raw").size(), static_cast<qsizetype>(ProtocolRegistry::builtin().all().size()));
  const QStringList first = StackChoices::allowedAbove("");
  EXPECT_TRUE(first.contains("eth"));
  EXPECT_TRUE(first.contains("raw"));
  EXPECT_FALSE(first.contains("ip"));
  EXPECT_TRUE(StackChoices::allowedAbove("no-such-protocol").isEmpty());
}

TEST(StackChoicesTest, EveryAllowedPairCompiles) {
  // The free stack offers nothing the compiler refuses: each protocol on each one it may sit on.
  for (const ProtocolSpec* lower : ProtocolRegistry::builtin().all()) {
    const QString name = toQString(lower->name);
    if (!StackChoices::allowedAbove("").contains(name) && !StackChoices::allowedAbove("eth").contains(name)) continue;
    for (const QString& upper : StackChoices::allowedAbove(std::string(lower->name))) {
      v1::Stream s = lower->name == "eth" ? S({L("eth"), L(upper.toStdString())}, 256)
                                          : S({L("eth"), L(std::string(lower->name)), L(upper.toStdString())}, 256);
      if (lower->name == "raw") (*s.mutable_layers(1)->mutable_fields())["raw.data"] = "00";
      auto plan = compile(s);
      EXPECT_TRUE(plan.ok()) << lower->name << " / " << upper.toStdString() << ": "
                             << (plan.ok() ? "" : plan.error().toString());
    }
  }
}

}  // namespace
}  // namespace staccato::client
