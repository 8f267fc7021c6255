#include <gtest/gtest.h>

#include "tests/support/stacks.h"

namespace staccato::test {
namespace {

TEST(Udp, ChecksumWithIpv4AndIpv6PseudoHeaders) {
  std::vector<Frame> frames;
  for (uint32_t len : {64u, 65u, 333u, 1518u}) {
    frames.push_back(buildFrame(S({L("eth"), L("ip"), L("udp", {{"udp.srcport", "40000"}}), L("payload")}, len)));
    frames.push_back(buildFrame(S({L("eth"), L("ipv6"), L("udp"), L("payload")}, len + 20)));
  }
  for (const auto& row : tsharkFields(frames, {"udp.checksum.status", "udp.length"}))
    EXPECT_EQ(row.at("udp.checksum.status"), "1");
  EXPECT_EQ(tsharkProblems(frames), std::vector<std::string>{});
}

TEST(Udp, ZeroChecksumMeansNoneOverIpv4) {
  Frame f = buildFrame(S({L("eth"), L("ip"), L("udp", {{"udp.checksum", "0"}}), L("payload")}));
  auto row = tsharkFields({f}, {"udp.checksum", "udp.checksum.status"})[0];
  EXPECT_EQ(row["udp.checksum"], "0x0000");
  EXPECT_EQ(row["udp.checksum.status"], "3");  // not present
}

TEST(Udp, WrongChecksumAndLengthOnPurpose) {
  Frame f = buildFrame(S({L("eth"), L("ip"), L("udp", {{"udp.checksum", "0xdead"}}), L("payload")}));
  EXPECT_EQ(tsharkFields({f}, {"udp.checksum.status"})[0]["udp.checksum.status"], "0");  // bad
  Frame g = buildFrame(S({L("eth"), L("ip"), L("udp", {{"udp.length", "9"}}), L("payload")}));
  EXPECT_EQ(tsharkFields({g}, {"udp.length"})[0]["udp.length"], "9");
}

TEST(Udp, PortsDecode) {
  Frame f = buildFrame(S({L("eth"), L("ip"), L("udp", {{"udp.srcport", "65535"}, {"udp.dstport", "0x1f90"}}),
                          L("payload")}));
  auto row = tsharkFields({f}, {"udp.srcport", "udp.dstport"})[0];
  EXPECT_EQ(row["udp.srcport"], "65535");
  EXPECT_EQ(row["udp.dstport"], "8080");
  // (the names of protocols numbered by a UDP port may follow the range)
  EXPECT_EQ(compileError(S({L("eth"), L("ip"), L("udp", {{"udp.dstport", "65536"}})})).substr(0, 62),
            "layers[2].udp.dstport: 65536 exceeds 16 bits (allowed 0..65535");
}

}  // namespace
}  // namespace staccato::test
