#include <gtest/gtest.h>

#include <random>

#include "common/core/checksum.h"

namespace staccato {
namespace {

TEST(Checksum, Rfc1071Example) {
  const uint8_t data[] = {0x00, 0x01, 0xf2, 0x03, 0xf4, 0xf5, 0xf6, 0xf7};
  EXPECT_EQ(onesFold(onesSumAdd(0, data, sizeof data)), 0xddf2);
  EXPECT_EQ(internetChecksum(data, sizeof data), static_cast<uint16_t>(~0xddf2));
}

TEST(Checksum, KnownIpv4Header) {
  // A real IPv4 header whose checksum field (0xb861) makes the whole header sum to 0xffff.
  const uint8_t hdr[] = {0x45, 0x00, 0x00, 0x73, 0x00, 0x00, 0x40, 0x00, 0x40, 0x11,
                         0xb8, 0x61, 0xc0, 0xa8, 0x00, 0x01, 0xc0, 0xa8, 0x00, 0xc7};
  EXPECT_EQ(internetChecksum(hdr, sizeof hdr), 0);
}

TEST(Checksum, OddLengthPadsWithZero) {
  const uint8_t odd[] = {0x12, 0x34, 0x56};
  const uint8_t even[] = {0x12, 0x34, 0x56, 0x00};
  EXPECT_EQ(internetChecksum(odd, 3), internetChecksum(even, 4));
}

TEST(Checksum, IncrementalUpdateMatchesFullRecompute) {
  std::mt19937_64 rng(1);
  for (int trial = 0; trial < 1000; ++trial) {
    uint8_t buf[40];
    for (auto& b : buf) b = static_cast<uint8_t>(rng());
    const uint16_t before = internetChecksum(buf, sizeof buf);
    const size_t at = (rng() % 19) * 2;
    const uint16_t oldWord = static_cast<uint16_t>(buf[at] << 8 | buf[at + 1]);
    const uint16_t newWord = static_cast<uint16_t>(rng());
    buf[at] = static_cast<uint8_t>(newWord >> 8);
    buf[at + 1] = static_cast<uint8_t>(newWord);
    // RFC 1624 eqn. 3: HC' = ~(~HC + ~m + m')
    const uint16_t incremental =
        checksumFromSum(uint64_t{static_cast<uint16_t>(~before)} + static_cast<uint16_t>(~oldWord) + newWord);
    const uint16_t full = internetChecksum(buf, sizeof buf);
    EXPECT_TRUE(incremental == full || (incremental ^ full) == 0xffff) << trial;
  }
}

}  // namespace
}  // namespace staccato

namespace staccato {
namespace {

TEST(Checksum, LongRunsMatchTheWordByWordSum) {
  std::mt19937_64 rng(3);
  for (size_t len : {31u, 32u, 33u, 64u, 1499u, 1500u, 9000u}) {
    std::vector<uint8_t> buf(len);
    for (auto& b : buf) b = static_cast<uint8_t>(rng());
    uint64_t slow = 0;
    for (size_t i = 0; i + 1 < len; i += 2) slow += buf[i] << 8 | buf[i + 1];
    if (len % 2) slow += buf[len - 1] << 8;
    EXPECT_EQ(onesFold(onesSumAdd(0, buf.data(), len)), onesFold(slow)) << len;
  }
}

}  // namespace
}  // namespace staccato
