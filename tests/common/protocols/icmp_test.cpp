#include <gtest/gtest.h>

#include "tests/support/field_cases.h"
#include "tests/support/stacks.h"

namespace staccato::test {
namespace {

// The registry's per-field cases: errors quote an IPv4 + UDP datagram (28 bytes, 7 words);
// destination-unreachable fields go on fragmentation needed, where Wireshark shows each one.
const RegisterFieldCaseRules kFieldCases({
    .protocol = "icmp",
    .structural = {{"icmp.type", ""}, {"icmp.length", "7"}},
    .otherVariant = 11,  // time exceeded
    .shape = [](const FieldCase& c, std::vector<v1::Layer>& layers) {
      auto& fields = *layers[c.layer].mutable_fields();
      if (!fields.contains("icmp.type")) return;
      const uint16_t mask = c.protocol->variantFor(std::stoull(fields["icmp.type"]));
      if (mask == c.protocol->variantFor(8)) return;  // echo carries payload
      if (mask & c.protocol->variantFor(3)) fields["icmp.code"] = "4", fields["icmp.length"] = "7";
      layers.pop_back();  // the payload
      layers.push_back(L("ip"));
      layers.push_back(L("udp"));
    },
});


TEST(Icmp, EchoRequestAndReply) {
  std::vector<Frame> frames = {
      buildFrame(S({L("eth"), L("ip"), L("icmp", {{"icmp.ident", "4660"}, {"icmp.seq", "7"}}), L("payload")}, 98)),
      buildFrame(S({L("eth"), L("ip"), L("icmp", {{"icmp.type", "echo-reply"}, {"icmp.seq", "7"}}), L("payload")}, 98)),
  };
  auto rows = tsharkFields(frames, {"icmp.type", "icmp.code", "icmp.ident", "icmp.seq", "icmp.checksum.status",
                                    "ip.proto"});
  EXPECT_EQ(rows[0]["icmp.type"], "8");
  EXPECT_EQ(rows[0]["icmp.ident"], "4660");
  EXPECT_EQ(rows[0]["icmp.seq"], "7");
  EXPECT_EQ(rows[0]["icmp.checksum.status"], "1");
  EXPECT_EQ(rows[0]["ip.proto"], "1");
  EXPECT_EQ(rows[1]["icmp.type"], "0");
  EXPECT_EQ(rows[1]["icmp.checksum.status"], "1");
}

TEST(Icmp, FragmentationNeededQuotesTheDatagram) {
  Frame f = buildFrame(S({L("eth"), L("ip"),
                          L("icmp", {{"icmp.type", "destination-unreachable"}, {"icmp.code", "4"}, {"icmp.mtu", "1400"}}),
                          L("ip", {{"ip.src", "192.0.2.99"}}), L("udp", {{"udp.dstport", "33434"}})},
                         90));
  auto row = tsharkFields({f}, {"icmp.type", "icmp.code", "icmp.mtu", "icmp.checksum.status", "ip.src", "udp.dstport"})[0];
  EXPECT_EQ(row["icmp.type"], "3");
  EXPECT_EQ(row["icmp.code"], "4");
  EXPECT_EQ(row["icmp.mtu"], "1400");
  EXPECT_EQ(row["icmp.checksum.status"], "1");
  EXPECT_EQ(row["ip.src"], "192.0.2.1,192.0.2.99");
  EXPECT_EQ(row["udp.dstport"], "33434");
}

TEST(Icmp, RedirectAndTimeExceeded) {
  auto rows = tsharkFields(
      {buildFrame(S({L("eth"), L("ip"), L("icmp", {{"icmp.type", "redirect"}, {"icmp.redir_gw", "192.0.2.254"}}),
                     L("ip"), L("udp")}, 90)),
       buildFrame(S({L("eth"), L("ip"), L("icmp", {{"icmp.type", "time-exceeded"}}), L("ip"), L("udp")}, 90))},
      {"icmp.redir_gw", "icmp.type", "icmp.checksum.status"});
  EXPECT_EQ(rows[0]["icmp.redir_gw"], "192.0.2.254");
  EXPECT_EQ(rows[1]["icmp.type"], "11");
  EXPECT_EQ(rows[1]["icmp.checksum.status"], "1");
}

TEST(Icmp, FieldOfAnotherTypeIsRejected) {
  EXPECT_EQ(compileError(S({L("eth"), L("ip"), L("icmp", {{"icmp.type", "echo-request"}, {"icmp.mtu", "1400"}})})),
            "layers[2].icmp.mtu: does not apply to icmp.type echo-request");
}

}  // namespace
}  // namespace staccato::test
