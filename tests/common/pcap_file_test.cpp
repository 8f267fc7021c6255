#include <gtest/gtest.h>

#include <cstdlib>

#include "common/files/pcap_file.h"
#include "common/files/stream_file.h"
#include "tests/support/stacks.h"

namespace staccato::test {
namespace {

TEST(PcapFile, WriteThenReadGivesTheSameFrames) {
  auto frames = buildFrames(S({L("eth"), L("ip"), L("udp"), L("payload")}, 200), 3);
  const std::string path = writeTempPcap(frames);
  auto back = readPcap(path);
  ASSERT_TRUE(back.ok()) << back.error().toString();
  ASSERT_EQ(back->size(), 3u);
  for (size_t i = 0; i < 3; ++i) EXPECT_EQ((*back)[i].data, frames[i]);
  EXPECT_EQ((*back)[1].timestampNs - (*back)[0].timestampNs, 1000u);
}

TEST(PcapFile, ReadsAMicrosecondPcapWrittenByWireshark) {
  auto frames = buildFrames(S({L("eth"), L("arp")}), 2);
  const std::string ns = writeTempPcap(frames);
  const std::string us = ns + ".us.pcap";
  ASSERT_EQ(std::system(("editcap -F pcap " + ns + " " + us + " 2>/dev/null").c_str()), 0);
  auto back = readPcap(us);
  std::remove(us.c_str());
  ASSERT_TRUE(back.ok()) << back.error().toString();
  ASSERT_EQ(back->size(), 2u);
  EXPECT_EQ((*back)[0].data, frames[0]);
  EXPECT_EQ((*back)[0].timestampNs % 1000, 0u);
}

TEST(PcapFile, RejectsGarbageWithoutCrashing) {
  EXPECT_EQ(parsePcap(std::vector<uint8_t>(10, 0)).error().message, "not a pcap file (shorter than its 24-byte header)");
  std::vector<uint8_t> bad(24, 0);
  EXPECT_EQ(parsePcap(bad).error().message, "not a classic pcap file (unknown magic number)");
  auto frames = buildFrames(S({L("eth"), L("arp")}), 1);
  auto good = readTextFile(writeTempPcap(frames));
  ASSERT_TRUE(good.ok());
  std::vector<uint8_t> bytes(good->begin(), good->end());
  bytes.resize(bytes.size() - 5);  // cut the last packet short
  EXPECT_EQ(parsePcap(bytes).error().toString(), "packet 1: truncated or oversized packet data");
}

}  // namespace
}  // namespace staccato::test
