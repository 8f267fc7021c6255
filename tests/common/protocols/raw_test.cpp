#include <gtest/gtest.h>

#include "tests/support/stacks.h"

namespace staccato::test {
namespace {

TEST(Raw, BytesAsTypedAnywhere) {
  // An MPLS label stack entry typed as raw bytes between Ethernet and IPv4.
  Frame f = buildFrame(S({L("eth", {{"eth.type", "0x8847"}}), L("raw", {{"raw.data", "00064 1ff"}}), L("ip"),
                          L("udp"), L("payload")},
                         100));
  auto row = tsharkFields({f}, {"mpls.label", "mpls.ttl", "ip.src", "udp.checksum.status"})[0];
  EXPECT_EQ(row["mpls.label"], "100");
  EXPECT_EQ(row["mpls.ttl"], "255");
  EXPECT_EQ(row["ip.src"], "192.0.2.1");
  EXPECT_EQ(row["udp.checksum.status"], "1");
}

TEST(Raw, AWholeFrameOfBytes) {
  Frame f = buildFrame(S({L("raw", {{"raw.data", "ffffffffffff020000000001 0806"}})}, 64));
  ASSERT_EQ(f.size(), 60u);
  EXPECT_EQ(f[12], 0x08);
  EXPECT_EQ(f[13], 0x06);
  EXPECT_EQ(f[14], 0x00);
  EXPECT_EQ(compileError(S({L("raw", {{"raw.data", "xyz"}})})),
            "layers[0].raw.data: 'xyz' is not a valid Bytes (allowed hex bytes like 'deadbeef')");
}

}  // namespace
}  // namespace staccato::test
