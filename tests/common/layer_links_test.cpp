// How protocols without a type field link to the layer above (one they always carry, or one told
// by its first nibble), and fields behind independent presence flags. The protocols here are
// registered in this test binary only.
#include <gtest/gtest.h>

#include "common/packet/builder.h"
#include "common/packet/parser.h"
#include "tests/support/stacks.h"

namespace staccato {
namespace {

// A tunnel header that always carries Ethernet (as VXLAN).
constexpr FieldSpec kTunnelFields[] = {
    {"test.tunnel.id", "Tunnel id", 16, FieldFormat::kDec, "7"},
    {"test.tunnel.reserved", "Reserved", 16, FieldFormat::kHex, "0x0000"},
};
constexpr ProtocolNumber kTunnelNumbers[] = {{NumberSpace::kEtherType, 0x88b6}};
constexpr ProtocolSpec kTunnel{.name = "test.tunnel", .displayName = "Test tunnel", .summary = "",
                               .fields = kTunnelFields, .order = 9000, .numbers = kTunnelNumbers, .carries = "eth"};

// A stackable label whose bottom-of-stack flag is automatic and whose bottom label carries IPv4
// or IPv6, told apart by their version nibble (as MPLS).
constexpr FieldSpec kLabelFields[] = {
    {"test.label.value", "Label", 20, FieldFormat::kDec, "16"},
    {"test.label.bottom", "Bottom of stack", 1, FieldFormat::kFlag, "1", kFieldComputed},
    {"test.label.ttl", "TTL", 11, FieldFormat::kDec, "64"},
};
constexpr ProtocolNumber kLabelNumbers[] = {{NumberSpace::kEtherType, 0x88b7}};
constexpr Binding kLabelBindings[] = {{"test.label", "test.label.bottom", 0}};
constexpr ProtocolSpec kLabel{.name = "test.label", .displayName = "Test label", .summary = "",
                              .fields = kLabelFields, .order = 9001, .numbers = kLabelNumbers,
                              .bindings = kLabelBindings, .nextByFirstNibble = NumberSpace::kIpVersion};

// Optional fields behind two independent flags (as GRE's key and sequence number).
constexpr FieldSpec kOptionsFields[] = {
    {"test.opts.a_present", "A present", 1, FieldFormat::kFlag, "0", kFieldComputed},
    {"test.opts.b_present", "B present", 1, FieldFormat::kFlag, "0", kFieldComputed},
    {"test.opts.reserved", "Reserved", 14, FieldFormat::kHex, "0x0000"},
    {"test.opts.type", "Type", 16, FieldFormat::kHex, "0x88b5", kFieldComputed, {}, 0, {}, NumberSpace::kEtherType},
    {.name = "test.opts.a", .label = "A", .bits = 32, .format = FieldFormat::kHex, .defaultValue = "0x00000000",
     .presentWhen = "test.opts.a_present"},
    {.name = "test.opts.b", .label = "B", .bits = 16, .format = FieldFormat::kDec, .defaultValue = "0",
     .presentWhen = "test.opts.b_present"},
    {.name = "test.opts.c", .label = "C", .bits = 16, .format = FieldFormat::kDec, .defaultValue = "0",
     .presentWhen = "test.opts.b_present"},
};
constexpr ProtocolNumber kOptionsNumbers[] = {{NumberSpace::kEtherType, 0x88b8}};
constexpr ProtocolSpec kOptions{.name = "test.opts", .displayName = "Test options", .summary = "",
                                .fields = kOptionsFields, .order = 9002, .numbers = kOptionsNumbers,
                                .demuxField = "test.opts.type"};

// A header whose length is the lower layer's type field (as LLC in an IEEE 802.3 frame).
constexpr FieldSpec kSizedFields[] = {{"test.sized.value", "Value", 8, FieldFormat::kHex, "0x5a"}};
constexpr Binding kSizedBindings[] = {{"test.opts", "test.opts.type", 0, 1500}};
constexpr ProtocolSpec kSized{.name = "test.sized", .displayName = "Test sized", .summary = "",
                              .fields = kSizedFields, .order = 9003, .bindings = kSizedBindings};

const RegisterProtocol kRegisterTunnel(kTunnel);
const RegisterProtocol kRegisterSized(kSized);
const RegisterProtocol kRegisterLabel(kLabel);
const RegisterProtocol kRegisterOptions(kOptions);

}  // namespace

namespace test {
namespace {

std::vector<std::string> parsedNames(const Frame& f) {
  std::vector<std::string> out;
  for (const ParsedLayer& p : parseFrame(f)) out.emplace_back(p.state.spec->name);
  return out;
}

/// parse(build(x)) == x
void expectRebuildsTheSame(const Frame& f) {
  v1::Stream again = S({}, static_cast<uint32_t>(f.size() + kFcsBytes));
  for (const ParsedLayer& p : parseFrame(f)) *again.add_layers() = toModelLayer(p.state);
  EXPECT_EQ(buildFrame(again), f);
}

TEST(LayerLinks, ATunnelCarriesItsOneProtocol) {
  Frame f = buildFrame(S({L("eth"), L("test.tunnel"), L("eth"), L("ip"), L("udp"), L("payload")}, 128));
  EXPECT_EQ(f[12] << 8 | f[13], 0x88b6);
  EXPECT_EQ(f[14 + 4 + 12] << 8 | f[14 + 4 + 13], 0x0800);  // the inner Ethernet's type
  EXPECT_EQ(parsedNames(f), (std::vector<std::string>{"eth", "test.tunnel", "eth", "ip", "udp", "raw"}));
  expectRebuildsTheSame(f);
  EXPECT_EQ(compileError(S({L("eth"), L("test.tunnel"), L("ip")})).substr(0, 41),
            "layers[2]: ip cannot sit on test.tunnel (");
  const std::string notOnIp = compileError(S({L("eth"), L("ip"), L("eth")}));
  EXPECT_EQ(notOnIp.substr(0, 68), "layers[2]: eth cannot sit on ip (eth goes on: the start of a frame, ");
  EXPECT_NE(notOnIp.find("test.tunnel"), std::string::npos) << notOnIp;
}

TEST(LayerLinks, TheBottomLabelCarriesWhatItsFirstNibbleSays) {
  Frame v6 = buildFrame(S({L("eth"), L("test.label"), L("test.label", {{"test.label.value", "17"}}), L("ipv6"),
                           L("udp"), L("payload")},
                          128));
  EXPECT_EQ(v6[14 + 2] & 0x08, 0);  // bottom of stack (bit 20): automatic
  EXPECT_EQ(v6[18 + 2] & 0x08, 0x08);
  EXPECT_EQ(parsedNames(v6),
            (std::vector<std::string>{"eth", "test.label", "test.label", "ipv6", "udp", "raw"}));
  expectRebuildsTheSame(v6);

  Frame v4 = buildFrame(S({L("eth"), L("test.label"), L("ip"), L("payload")}, 128));
  EXPECT_EQ(parsedNames(v4), (std::vector<std::string>{"eth", "test.label", "ip", "raw"}));
  expectRebuildsTheSame(v4);

  // Neither version: the rest is raw bytes.
  Frame other = buildFrame(S({L("eth"), L("test.label"), L("raw", {{"raw.data", "5a5a"}}), L("payload")}, 128));
  EXPECT_EQ(parsedNames(other), (std::vector<std::string>{"eth", "test.label", "raw"}));
}

TEST(LayerLinks, IndependentFlagsPutTheirFieldsOnTheWire) {
  Frame none = buildFrame(S({L("eth"), L("test.opts"), L("ip"), L("payload")}, 128));
  EXPECT_EQ(none[14], 0x00);
  EXPECT_EQ(none[18] >> 4, 4);  // IPv4 right after the 4 fixed bytes

  Frame b = buildFrame(S({L("eth"), L("test.opts", {{"test.opts.c", "3"}}), L("ip"), L("payload")}, 128));
  EXPECT_EQ(b[14], 0x40);                      // B present, automatically
  EXPECT_EQ(b[18] << 8 | b[19], 0);            // test.opts.b
  EXPECT_EQ(b[20] << 8 | b[21], 3);            // test.opts.c
  EXPECT_EQ(b[22] >> 4, 4);

  Frame ab = buildFrame(S({L("eth"), L("test.opts", {{"test.opts.a", "0x01020304"}, {"test.opts.b", "9"}}), L("ip"),
                           L("payload")},
                          128));
  EXPECT_EQ(ab[14], 0xc0);
  EXPECT_EQ(ab[18], 0x01);
  EXPECT_EQ(ab[21], 0x04);
  EXPECT_EQ(ab[22] << 8 | ab[23], 9);
  EXPECT_EQ(parsedNames(ab), (std::vector<std::string>{"eth", "test.opts", "ip", "raw"}));
  EXPECT_EQ(parseFrame(ab)[1].state.num("test.opts.a"), 0x01020304u);
  expectRebuildsTheSame(ab);

  // A flag set to 1 alone puts its fields on the wire with their defaults.
  Frame a = buildFrame(S({L("eth"), L("test.opts", {{"test.opts.a_present", "1"}}), L("ip"), L("payload")}, 128));
  EXPECT_EQ(a[22] >> 4, 4);
  expectRebuildsTheSame(a);

  EXPECT_EQ(compileError(S({L("eth"), L("test.opts", {{"test.opts.a_present", "0"}, {"test.opts.a", "1"}})})),
            "layers[1].test.opts.a: is not on the wire while test.opts.a_present is 0 (leave the flag automatic, "
            "or set it to 1)");
}

TEST(LayerLinks, ALengthInPlaceOfAType) {
  Frame f = buildFrame(S({L("eth"), L("test.opts"), L("test.sized"), L("raw", {{"raw.data", "0102"}})}, 64));
  ASSERT_EQ(f.size(), 60u);
  EXPECT_EQ(f[16] << 8 | f[17], 3);  // the layers above, not the padding
  EXPECT_EQ(parsedNames(f), (std::vector<std::string>{"eth", "test.opts", "test.sized", "raw"}));
  expectRebuildsTheSame(f);

  v1::Stream longer = S({L("eth"), L("test.opts"), L("test.sized"), L("payload")}, 1000);
  longer.mutable_frame_length()->set_mode(v1::FrameLength::INCREMENT);
  longer.mutable_frame_length()->set_min(100);
  longer.mutable_frame_length()->set_max(102);
  std::vector<Frame> frames = buildFrames(longer, 3);
  ASSERT_EQ(frames.size(), 3u);
  for (size_t i = 0; i < 3; ++i) EXPECT_EQ(frames[i][16] << 8 | frames[i][17], 100 - 4 - 14 - 4 + i) << i;

  EXPECT_EQ(compileError(S({L("eth"), L("test.opts"), L("test.sized"), L("payload")}, 1600)),
            "frame_length: test.opts.type would be 1578, but a length there may be at most 1500 (shorten the "
            "frame)");
}

TEST(LayerLinks, AFieldBehindAFlagVaries) {
  v1::Stream s = S({L("eth"), L("test.opts", {{"test.opts.a", "0x00000010"}}), L("ip"), L("payload")}, 128);
  auto* v = s.add_variable_fields();
  v->set_field("test.opts.a");
  v->set_count(2);
  std::vector<Frame> frames = buildFrames(s, 3);
  ASSERT_EQ(frames.size(), 3u);
  EXPECT_EQ(frames[0][21], 0x10);
  EXPECT_EQ(frames[1][21], 0x11);
  EXPECT_EQ(frames[2][21], 0x10);

  v1::Stream absent = S({L("eth"), L("test.opts"), L("ip"), L("payload")}, 128);
  absent.add_variable_fields()->set_field("test.opts.b");
  EXPECT_EQ(compileError(absent), "variable_fields[0].field: test.opts.b is not in this test.opts message");
}

}  // namespace
}  // namespace test
}  // namespace staccato
