// Import against third-party captures (written by scapy and Wireshark's tools): every decoded
// field tshark also knows has tshark's value, and every stream rebuilds the captured bytes.
#include <gtest/gtest.h>

#include <cstdlib>
#include <filesystem>
#include <map>
#include <set>

#include "common/files/capture_import.h"
#include "common/packet/field_text.h"
#include "common/packet/registry.h"
#include "common/stream/compiler.h"
#include "tests/support/tshark.h"

namespace staccato::test {
namespace {

class ThirdPartyCaptures : public ::testing::Test {
 protected:
  static void SetUpTestSuite() {
    dir_ = std::filesystem::temp_directory_path() / ("staccato-captures-" + std::to_string(getpid()));
    std::filesystem::create_directories(dir_);
    const std::string cmd = "/usr/bin/python3 " STACCATO_SOURCE_DIR "/tests/oracle/make_captures.py " + dir_.string() + " >/dev/null 2>&1";
    ASSERT_EQ(std::system(cmd.c_str()), 0) << cmd;
  }
  static void TearDownTestSuite() { std::filesystem::remove_all(dir_); }
  static std::vector<std::string> captures() {
    std::vector<std::string> out;
    for (const auto& e : std::filesystem::directory_iterator(dir_))
      if (e.path().extension() != ".txt") out.push_back(e.path().string());
    return out;
  }
  static inline std::filesystem::path dir_;
};

TEST_F(ThirdPartyCaptures, EveryImportedFieldMatchesTshark) {
  size_t checked = 0;
  for (const std::string& path : captures()) {
    SCOPED_TRACE(path);
    auto packets = readCapture(path);
    ASSERT_TRUE(packets.ok()) << packets.error().toString();
    auto imported = importPackets(*packets, {});
    ASSERT_TRUE(imported.ok()) << imported.error().toString();
    EXPECT_EQ(imported->warnings, std::vector<std::string>{});
    // Which of our fields tshark knows, over the whole capture.
    std::vector<std::string> names;
    for (const v1::Stream& s : imported->file.streams())
      for (const v1::Layer& l : s.layers())
        for (const auto& [name, text] : l.fields())
          if (tsharkHasField(name) && std::find(names.begin(), names.end(), name) == names.end()) names.push_back(name);
    auto rows = tsharkFieldsOfFile(path, names);
    ASSERT_GE(rows.size(), size_t(imported->file.streams_size()));
    for (int i = 0; i < imported->file.streams_size(); ++i) {
      std::map<std::string, size_t> seen;  // a tunnel's inner layers are tshark's later occurrences
      for (const v1::Layer& l : imported->file.streams(i).layers()) {
        for (const auto& [name, text] : l.fields()) {
          if (!tsharkHasField(name)) continue;
          const FieldSpec* spec = ProtocolRegistry::builtin().findField(name);
          ASSERT_NE(spec, nullptr) << name;
          auto ours = parseFieldText(*spec, text);
          ASSERT_TRUE(ours.ok()) << name << "=" << text;
          std::string theirs = rows[i][name];
          for (size_t n = seen[name]++; n > 0 && theirs.find(',') != std::string::npos; --n)
            theirs = theirs.substr(theirs.find(',') + 1);
          EXPECT_TRUE(sameValue(*spec, asWiresharkShows(*spec, *ours), theirs))
              << "packet " << i + 1 << " " << name << ": tshark says '" << rows[i][name] << "', we have " << text;
          ++checked;
        }
      }
      auto plan = compile(imported->file.streams(i));
      ASSERT_TRUE(plan.ok()) << plan.error().toString();
      PacketRenderer r(*plan);
      auto frame = r.next();
      EXPECT_EQ(std::vector<uint8_t>(frame.begin(), frame.end()), (*packets)[i].data) << "packet " << i + 1;
    }
  }
  EXPECT_GT(checked, 500u);
}

// The protocols scapy builds import as their layers, not as raw bytes.
TEST_F(ThirdPartyCaptures, ProtocolsImportAsTheirLayers) {
  auto packets = readCapture((dir_ / "scapy.pcapng").string());
  ASSERT_TRUE(packets.ok()) << packets.error().toString();
  auto imported = importPackets(*packets, {});
  ASSERT_TRUE(imported.ok()) << imported.error().toString();
  std::set<std::string> protocols;
  for (const v1::Stream& s : imported->file.streams())
    for (const v1::Layer& l : s.layers()) protocols.insert(l.protocol());
  for (const char* p : {"vlan", "arp", "rarp", "icmp", "icmpv6", "tcp", "sctp", "ipv6.hopopts", "ipv6.dstopts", "esp",
                        "pppoe", "ppp", "gtp", "geneve"})
    EXPECT_TRUE(protocols.contains(p)) << p;
}

// Ethernet's zero padding after a layer nothing sits on (scapy pads ARP and LLDP to 60 bytes) is
// the frame's length, not a raw layer; bytes after a packet that are not zeros stay raw. Either
// way the frame rebuilds byte for byte (EveryImportedFieldMatchesTshark).
TEST_F(ThirdPartyCaptures, ZeroPaddingIsTheFrameLengthNotALayer) {
  auto packets = readCapture((dir_ / "scapy.pcapng").string());
  ASSERT_TRUE(packets.ok()) << packets.error().toString();
  auto imported = importPackets(*packets, {});
  ASSERT_TRUE(imported.ok()) << imported.error().toString();
  auto protocolsOf = [&](size_t i) {
    std::vector<std::string> out;
    for (const v1::Layer& l : imported->file.streams(static_cast<int>(i)).layers()) out.push_back(l.protocol());
    return out;
  };
  size_t padded = 0;
  for (size_t i = 0; i < packets->size(); ++i) {
    const std::vector<std::string> layers = protocolsOf(i);
    if (layers.size() == 2 && (layers[1] == "arp" || layers[1] == "lldp") && (*packets)[i].data.size() == 60) {
      EXPECT_EQ(imported->file.streams(static_cast<int>(i)).frame_length().fixed(), 64u) << "60 bytes and the FCS";
      ++padded;
    }
    if (layers.back() == "raw" && layers.size() > 2 && layers[layers.size() - 2] == "arp")
      ADD_FAILURE() << "packet " << i + 1 << ": zero padding after ARP imported as a raw layer";
  }
  EXPECT_EQ(padded, 2u) << "the padded ARP reply and the LLDPDU import as eth + their own layer";
  // Packet 10: UDP then 9 bytes of 0xaa beyond IP's length: not padding we can imply.
  EXPECT_EQ(protocolsOf(9), (std::vector<std::string>{"eth", "ip", "udp", "raw", "raw"}));
}

}  // namespace
}  // namespace staccato::test
