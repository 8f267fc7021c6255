// pcapng reading and writing: hand-made files in both byte orders with the block kinds and
// timestamp resolutions the format allows, Wireshark's own pcapng, and corrupt input.
#include <gtest/gtest.h>

#include <unistd.h>

#include <cstdlib>

#include "common/files/pcapng_file.h"
#include "common/files/stream_file.h"
#include "tests/support/stacks.h"
#include "tests/support/tshark.h"

namespace staccato::test {
namespace {

/// Builds pcapng bytes block by block in either byte order.
class Pcapng {
 public:
  explicit Pcapng(bool bigEndian) : be_(bigEndian) {}
  Pcapng& section() {
    std::vector<uint8_t> b;
    u32(b, 0x1a2b3c4d), u16(b, 1), u16(b, 0), u32(b, 0xffffffff), u32(b, 0xffffffff);
    return block(0x0a0d0d0a, b);
  }
  /// tsresol < 0: no option (microseconds).
  Pcapng& interface(uint16_t linkType, int tsresol = -1) {
    std::vector<uint8_t> b;
    u16(b, linkType), u16(b, 0), u32(b, 65535);
    if (tsresol >= 0) u16(b, 9), u16(b, 1), b.insert(b.end(), {uint8_t(tsresol), 0, 0, 0}), u16(b, 0), u16(b, 0);
    return block(1, b);
  }
  Pcapng& enhanced(uint32_t ifId, uint64_t ts, const Frame& f, uint32_t origLen = 0) {
    std::vector<uint8_t> b;
    u32(b, ifId), u32(b, uint32_t(ts >> 32)), u32(b, uint32_t(ts)), u32(b, uint32_t(f.size()));
    u32(b, origLen ? origLen : uint32_t(f.size()));
    b.insert(b.end(), f.begin(), f.end());
    return block(6, b);
  }
  Pcapng& simple(const Frame& f) {
    std::vector<uint8_t> b;
    u32(b, uint32_t(f.size()));
    b.insert(b.end(), f.begin(), f.end());
    return block(3, b);
  }
  Pcapng& obsolete(uint16_t ifId, uint64_t ts, const Frame& f) {
    std::vector<uint8_t> b;
    u16(b, ifId), u16(b, 0), u32(b, uint32_t(ts >> 32)), u32(b, uint32_t(ts)), u32(b, uint32_t(f.size())), u32(b, uint32_t(f.size()));
    b.insert(b.end(), f.begin(), f.end());
    return block(2, b);
  }
  Pcapng& block(uint32_t type, std::vector<uint8_t> body) {
    body.resize((body.size() + 3) & ~size_t{3});
    const uint32_t len = uint32_t(body.size() + 12);
    u32(bytes, type), u32(bytes, len);
    bytes.insert(bytes.end(), body.begin(), body.end());
    u32(bytes, len);
    return *this;
  }
  std::vector<uint8_t> bytes;

 private:
  void u16(std::vector<uint8_t>& o, uint16_t v) {
    be_ ? o.insert(o.end(), {uint8_t(v >> 8), uint8_t(v)}) : o.insert(o.end(), {uint8_t(v), uint8_t(v >> 8)});
  }
  void u32(std::vector<uint8_t>& o, uint32_t v) {
    if (be_) u16(o, uint16_t(v >> 16)), u16(o, uint16_t(v));
    else u16(o, uint16_t(v)), u16(o, uint16_t(v >> 16));
  }
  bool be_;
};

std::vector<Frame> someFrames() { return buildFrames(S({L("eth"), L("ip"), L("udp"), L("payload")}, 77), 3); }

class PcapngBothOrders : public ::testing::TestWithParam<bool> {};

TEST_P(PcapngBothOrders, ReadsEveryPacketBlockKindAcrossSections) {
  const auto f = someFrames();
  Pcapng ng(GetParam());
  ng.section().interface(1).block(0x0bad, {1, 2, 3, 4, 5})  // unknown block: skipped
      .enhanced(0, 1'500'000, f[0], 200)                     // microseconds (no if_tsresol)
      .simple(f[1])
      .obsolete(0, 2'000'000, f[2]);
  Pcapng second(!GetParam());  // a second section in the other byte order, two interfaces
  second.section().interface(1, 3).interface(1, 0x80 | 10).enhanced(1, 3 * 1024, f[1]).enhanced(0, 7, f[2]);
  ng.bytes.insert(ng.bytes.end(), second.bytes.begin(), second.bytes.end());

  auto got = parsePcapng(ng.bytes);
  ASSERT_TRUE(got.ok()) << got.error().toString();
  ASSERT_EQ(got->size(), 5u);
  EXPECT_EQ((*got)[0].data, f[0]);
  EXPECT_EQ((*got)[0].timestampNs, 1'500'000'000u);
  EXPECT_EQ((*got)[0].originalLength, 200u);
  EXPECT_EQ((*got)[1].data, f[1]);
  EXPECT_EQ((*got)[1].timestampNs, 1'500'000'000u) << "a simple packet has no time: the previous packet's";
  EXPECT_EQ((*got)[2].data, f[2]);
  EXPECT_EQ((*got)[2].timestampNs, 2'000'000'000u);
  EXPECT_EQ((*got)[3].data, f[1]);
  EXPECT_EQ((*got)[3].timestampNs, 3'000'000'000u) << "2^-10 s units";
  EXPECT_EQ((*got)[4].timestampNs, 7'000'000u) << "10^-3 s units";
  EXPECT_TRUE(parseCapture(ng.bytes).ok());
}

INSTANTIATE_TEST_SUITE_P(ByteOrder, PcapngBothOrders, ::testing::Values(false, true),
                         [](const auto& info) { return info.param ? "BigEndian" : "LittleEndian"; });

TEST(Pcapng, WriterOutputReadsBackAndWiresharkAgrees) {
  const auto frames = someFrames();
  char dir[] = "/tmp/staccato-pcapng-XXXXXX";
  ASSERT_TRUE(mkdtemp(dir));
  const std::string ng = std::string(dir) + "/out.pcapng", pcap = std::string(dir) + "/back.pcap";
  ASSERT_EQ(captureFormatForPath(ng), CaptureFormat::kPcapng);
  ASSERT_EQ(captureFormatForPath(pcap), CaptureFormat::kPcap);
  auto w = PcapWriter::create(ng, captureFormatForPath(ng));
  ASSERT_TRUE(w.ok());
  for (size_t i = 0; i < frames.size(); ++i) ASSERT_TRUE(w->write(1'700'000'000'123'456'789ull + i * 7, frames[i]).ok());
  ASSERT_TRUE(w->close().ok());
  auto ours = readCapture(ng);
  ASSERT_TRUE(ours.ok()) << ours.error().toString();
  // Wireshark reads our pcapng and writes it back as nanosecond pcap: same frames and times.
  ASSERT_EQ(std::system(("editcap -F nsecpcap " + ng + " " + pcap + " 2>/dev/null").c_str()), 0);
  auto theirs = readCapture(pcap);
  ASSERT_TRUE(theirs.ok()) << theirs.error().toString();
  ASSERT_EQ(ours->size(), frames.size());
  ASSERT_EQ(theirs->size(), frames.size());
  for (size_t i = 0; i < frames.size(); ++i) {
    EXPECT_EQ((*ours)[i].data, frames[i]);
    EXPECT_EQ((*theirs)[i].data, frames[i]);
    EXPECT_EQ((*ours)[i].timestampNs, 1'700'000'000'123'456'789ull + i * 7);
    EXPECT_EQ((*theirs)[i].timestampNs, (*ours)[i].timestampNs);
  }
  std::system(("rm -rf " + std::string(dir)).c_str());
}

TEST(Pcapng, InterfaceNameDirectionAndCommentsReadBackAndTsharkAgrees) {
  const auto frames = someFrames();
  std::vector<uint8_t> file = pcapngFileHeader({.name = "vb", .description = "staccato-drone capture"});
  const PcapngPacketOptions options[] = {{.direction = PacketDirection::kInbound, .comment = "counted by turbo receive"},
                                         {.direction = PacketDirection::kOutbound}, {}};
  for (size_t i = 0; i < 3; ++i) {
    const size_t before = file.size();
    appendPcapngPacketBlock(file, 1'000'000'000ull * (i + 1) + 5, frames[i % frames.size()],
                            static_cast<uint32_t>(frames[i % frames.size()].size()), options[i]);
    EXPECT_EQ(file.size() - before, pcapngPacketBlockSize(frames[i % frames.size()].size(), options[i])) << i;
  }
  auto got = parsePcapng(file);
  ASSERT_TRUE(got.ok()) << got.error().toString();
  ASSERT_EQ(got->size(), 3u);
  EXPECT_EQ((*got)[0].direction, PacketDirection::kInbound);
  EXPECT_EQ((*got)[0].comment, "counted by turbo receive");
  EXPECT_EQ((*got)[1].direction, PacketDirection::kOutbound);
  EXPECT_EQ((*got)[1].comment, "");
  EXPECT_EQ((*got)[2].direction, PacketDirection::kUnknown);
  EXPECT_EQ((*got)[2].timestampNs, 3'000'000'005u);

  char path[] = "/tmp/staccato-pcapng-XXXXXX";
  const int fd = mkstemp(path);
  ASSERT_GE(fd, 0);
  ASSERT_EQ(write(fd, file.data(), file.size()), static_cast<ssize_t>(file.size()));
  close(fd);
  const auto rows = tsharkFieldsOfFile(path, {"frame.interface_name", "frame.packet_flags", "frame.comment",
                                               "frame.time_epoch"});
  ::unlink(path);
  ASSERT_EQ(rows.size(), 3u);
  const char* flags[] = {"0x00000001", "0x00000002", ""};  // direction bits: 01 in, 10 out
  for (size_t i = 0; i < 3; ++i) {
    EXPECT_EQ(rows[i].at("frame.interface_name"), "vb") << i;
    EXPECT_EQ(rows[i].at("frame.packet_flags"), flags[i]) << i;
    EXPECT_EQ(rows[i].at("frame.time_epoch"), std::to_string(i + 1) + ".000000005") << i;
  }
  EXPECT_EQ(rows[0].at("frame.comment"), "counted by turbo receive");
  EXPECT_EQ(rows[1].at("frame.comment"), "");
}

TEST(Pcapng, RefusesOtherLinkTypesClearly) {
  Pcapng ng(false);
  ng.section().interface(105).enhanced(0, 0, someFrames()[0]);  // 802.11
  auto got = parsePcapng(ng.bytes);
  ASSERT_FALSE(got.ok());
  EXPECT_EQ(got.error().path, "pcapng block at byte 48");
  EXPECT_NE(got.error().message.find("link type 105; only Ethernet (1)"), std::string::npos) << got.error().message;
}

TEST(Pcapng, CorruptInputGivesErrorsWithTheOffset) {
  Pcapng ng(false);
  ng.section().interface(1).enhanced(0, 0, someFrames()[0]);
  auto bytes = ng.bytes;
  // Cut anywhere: an error naming a block offset (never a crash), or the blocks before the cut.
  for (size_t n = 1; n < bytes.size(); ++n) {
    auto got = parsePcapng(std::span(bytes).first(n));
    if (n == 28 || n == 48) {
      EXPECT_TRUE(got.ok()) << n;  // a block boundary
    } else {
      ASSERT_FALSE(got.ok()) << n;
      EXPECT_TRUE(got.error().path.starts_with("pcapng block at byte ")) << n << ": " << got.error().toString();
    }
  }
  // A bogus huge length in the packet block (at byte 48): refused before any allocation.
  auto huge = bytes;
  huge[52] = 0xf0, huge[53] = 0xff, huge[54] = 0xff, huge[55] = 0x7f;
  EXPECT_EQ(parsePcapng(huge).error().toString(),
            "pcapng block at byte 48: block length 2147483632 runs past the end of the file (" +
                std::to_string(bytes.size() - 48) + " bytes left; file cut short?)");
  auto odd = bytes;
  odd[52] = 13, odd[53] = odd[54] = odd[55] = 0;
  EXPECT_EQ(parsePcapng(odd).error().toString(),
            "pcapng block at byte 48: block length 13 is invalid (at least 12 and a multiple of 4)");
  auto caplen = bytes;  // captured length past the block's end
  caplen[48 + 20] = 0xff, caplen[48 + 21] = 0xff;
  EXPECT_NE(parsePcapng(caplen).error().message.find("runs past the block end"), std::string::npos);
  auto trailer = bytes;
  trailer.back() ^= 1;
  EXPECT_NE(parsePcapng(trailer).error().message.find("trailing length"), std::string::npos);
  auto magic = bytes;
  magic[8] = 0;
  EXPECT_NE(parsePcapng(magic).error().message.find("byte-order magic"), std::string::npos);
}

TEST(Capture, SniffsTheFormatAndRefusesOthers) {
  EXPECT_EQ(parseCapture(std::vector<uint8_t>{1, 2}).error().message, "not a capture file (shorter than a magic number)");
  EXPECT_EQ(parseCapture(std::vector<uint8_t>(32, 0x55)).error().message, "not a pcap or pcapng file (unknown magic number)");
  const auto frames = someFrames();
  auto pcap = readCapture(writeTempPcap(frames));
  ASSERT_TRUE(pcap.ok()) << pcap.error().toString();
  EXPECT_EQ(pcap->size(), frames.size());
  auto missing = readCapture("/nonexistent/x.pcapng");
  ASSERT_FALSE(missing.ok());
  EXPECT_NE(missing.error().toString().find("/nonexistent/x.pcapng"), std::string::npos);
}

}  // namespace
}  // namespace staccato::test
