// Invalid streams get errors that name the field path and what is allowed; nothing crashes.
#include <gtest/gtest.h>

#include <random>

#include "tests/support/stacks.h"

namespace staccato::test {
namespace {

TEST(CompilerErrors, NameThePathAndTheFix) {
  EXPECT_EQ(compileError(S({})), "layers: a stream needs at least one layer (e.g. eth)");
  EXPECT_EQ(compileError(S({L("eth"), L("ipx")})).substr(0, 46), "layers[1].protocol: unknown protocol 'ipx' (kn");
  EXPECT_EQ(compileError(S({L("eth"), L("ip", {{"ip.tll", "3"}})})), "layers[1].ip.tll: unknown field of ip (did you mean ip.ttl?)");
  EXPECT_EQ(compileError(S({L("eth"), L("ip", {{"ip.ttl", "300"}})})), "layers[1].ip.ttl: 300 exceeds 8 bits (allowed 0..255)");
  // (then every other protocol demuxing IP protocol numbers, such as IPv6 extension headers)
  EXPECT_EQ(compileError(S({L("eth"), L("udp")})).substr(0, 55), "layers[1]: udp cannot sit on eth (udp goes on: ip, ipv6");
  EXPECT_EQ(compileError(S({L("ip")})), "layers[0]: ip cannot start a frame; start with eth (or raw bytes)");
  EXPECT_EQ(compileError(S({L("eth"), L("ip"), L("tcp")}, 20)),
            "frame_length.fixed: 20 is out of range (allowed 58..16384 bytes, FCS included; the layers need 58)");
  EXPECT_EQ(compileError(S({L("eth"), L("ip")}, 20000)),
            "frame_length.fixed: 20000 is out of range (allowed 38..16384 bytes, FCS included; the layers need 38)");
}

TEST(CompilerErrors, StreamListsPrefixTheStreamIndex) {
  google::protobuf::RepeatedPtrField<v1::Stream> list;
  *list.Add() = S({L("eth"), L("ip")});
  *list.Add() = S({L("eth"), L("ip", {{"ip.dst", "1.2.3"}})});
  list[1].set_id(2);
  auto r = compileAll(list);
  ASSERT_FALSE(r.ok());
  EXPECT_EQ(r.error().toString(),
            "streams[1].layers[1].ip.dst: '1.2.3' is not a valid Destination address (allowed an IPv4 address like "
            "192.0.2.1)");
  list[1] = S({L("eth")});
  r = compileAll(list);
  ASSERT_FALSE(r.ok());
  EXPECT_EQ(r.error().toString(), "streams[1].id: duplicate stream id 1 (ids must be unique within a port)");
}

TEST(CompilerErrors, RandomGarbageNeverCrashes) {
  // Random protocol/field/value soup: every stream either compiles or gets an error with a path.
  const std::vector<std::string> protos = {"eth", "vlan", "ip", "ipv6", "udp", "tcp", "icmp", "icmpv6",
                                           "arp", "payload", "raw", "signature", "ieee8021ad", "bogus"};
  const std::vector<std::string> values = {"0", "1", "65535", "0xffffffff", "99999999999999999999", "", "-3",
                                           "10.0.0.1", "2001:db8::1", "ff:ff:ff:ff:ff:ff", "zz", "deadbeef",
                                           "echo-request", "user"};
  std::mt19937 rng(42);
  for (int trial = 0; trial < 3000; ++trial) {
    std::vector<v1::Layer> layers;
    for (int n = rng() % 6; n >= 0; --n) {
      const std::string& p = protos[rng() % protos.size()];
      std::map<std::string, std::string> fields;
      if (rng() % 2) fields[p + "." + std::vector<std::string>{"ttl", "id", "len", "checksum", "type", "data", "options"}[rng() % 7]] =
          values[rng() % values.size()];
      layers.push_back(L(p, fields));
    }
    v1::Stream s = S(layers, static_cast<uint32_t>(rng() % 2000));
    if (rng() % 3 == 0) {
      auto* v = s.add_variable_fields();
      v->set_field(std::vector<std::string>{"ip.src", "udp.srcport", "eth.dst", "ipv6.dst", "x"}[rng() % 5]);
      v->set_count(rng() % 5);
    }
    auto plan = compile(s);
    if (!plan.ok()) {
      EXPECT_FALSE(plan.error().message.empty());
    } else {
      PacketRenderer r(*plan);
      for (int i = 0; i < 3; ++i) EXPECT_GE(r.next().size(), 1u);
    }
  }
}

}  // namespace
}  // namespace staccato::test
