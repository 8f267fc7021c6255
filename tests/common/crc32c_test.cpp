// CRC32c (RFC 3309) and the patch program's kCrc32c op: known vectors, the table and the CPU
// instruction agreeing with a bit-at-a-time reference, and per-packet recompute when a covered
// field or the frame length varies (with outer checksums following the CRC field).
#include <gtest/gtest.h>

#include <algorithm>
#include <random>
#include <set>
#include <string>

#include "common/core/crc32c.h"
#include "common/packet/parser.h"
#include "common/packet/protocols/protocols.h"
#include "tests/support/stacks.h"

namespace staccato {
namespace {

// A test-only protocol with a CRC32c over itself and what follows, on UDP port 9. It exists
// only in this test binary, so the engine's op is tested apart from any real protocol.
constexpr FieldSpec kProbeFields[] = {
    {"crc32c_probe.value", "Value", 16, FieldFormat::kDec, "1000"},
    {"crc32c_probe.crc", "CRC32c", 32, FieldFormat::kHex, "0x00000000", kFieldComputed},
};
constexpr ProtocolNumber kProbeNumbers[] = {{NumberSpace::kUdpPort, 9}};
void finalizeProbe(BuildContext& ctx, size_t layer) {
  ctx.autoCrc32c(layer, "crc32c_probe.crc", ctx.span(layer).offset, ctx.layersEnd());
}
constexpr ProtocolSpec kProbe{
    .name = "crc32c_probe",
    .displayName = "CRC32c probe",
    .summary = "test only",
    .fields = kProbeFields,
    .order = 9999,
    .numbers = kProbeNumbers,
    .finalize = finalizeProbe,
};
const RegisterProtocol kRegisterProbe(kProbe);

uint32_t bitwiseCrc32c(const uint8_t* data, size_t len) {
  uint32_t c = ~0u;
  for (size_t i = 0; i < len; ++i) {
    c ^= data[i];
    for (int b = 0; b < 8; ++b) c = (c >> 1) ^ (c & 1 ? 0x82f63b78u : 0u);
  }
  return ~c;
}

uint32_t tableCrc32c(const uint8_t* data, size_t len) { return ~crc32cUpdateTable(~0u, data, len); }

// RFC 3720 appendix B.4, and the "123456789" check value of CRC-32C.
struct Vector {
  std::vector<uint8_t> data;
  uint32_t crc;
};
std::vector<Vector> knownVectors() {
  std::vector<Vector> v;
  v.push_back({std::vector<uint8_t>(32, 0x00), 0x8a9136aa});
  v.push_back({std::vector<uint8_t>(32, 0xff), 0x62a8ab43});
  std::vector<uint8_t> up(32), down(32);
  for (uint8_t i = 0; i < 32; ++i) up[i] = i, down[i] = static_cast<uint8_t>(31 - i);
  v.push_back({up, 0x46dd794e});
  v.push_back({down, 0x113fdb5c});
  const std::string check = "123456789";
  v.push_back({std::vector<uint8_t>(check.begin(), check.end()), 0xe3069283});
  return v;
}

TEST(Crc32c, KnownVectors) {
  for (const Vector& v : knownVectors()) {
    EXPECT_EQ(bitwiseCrc32c(v.data.data(), v.data.size()), v.crc);
    EXPECT_EQ(tableCrc32c(v.data.data(), v.data.size()), v.crc);
    EXPECT_EQ(crc32c(v.data.data(), v.data.size()), v.crc);
#if defined(__x86_64__)
    if (crc32cHasHardware()) {
      EXPECT_EQ(~crc32cUpdateSse42(~0u, v.data.data(), v.data.size()), v.crc);
    }
#endif
  }
}

TEST(Crc32c, TableAndInstructionAgreeAtEveryLengthAndAlignment) {
  std::mt19937_64 rng(7);
  std::vector<uint8_t> buf(1600);
  for (auto& b : buf) b = static_cast<uint8_t>(rng());
  for (size_t len : {0u, 1u, 7u, 8u, 9u, 15u, 16u, 17u, 63u, 64u, 100u, 1499u, 1500u})
    for (size_t at = 0; at < 8; ++at) {
      const uint32_t want = bitwiseCrc32c(buf.data() + at, len);
      EXPECT_EQ(tableCrc32c(buf.data() + at, len), want) << len << " at " << at;
#if defined(__x86_64__)
      if (crc32cHasHardware()) {
        EXPECT_EQ(~crc32cUpdateSse42(~0u, buf.data() + at, len), want) << len << " at " << at;
      }
#endif
    }
}

TEST(Crc32c, FieldIsWrittenLeastSignificantByteFirst) {
  std::vector<uint8_t> packet = {1, 2, 3, 4, 0xaa, 0xbb, 0xcc, 0xdd, 5, 6};
  const uint32_t shown = writeCrc32cField(packet.data(), 0, packet.size(), 4);
  std::vector<uint8_t> zeroed = {1, 2, 3, 4, 0, 0, 0, 0, 5, 6};
  const uint32_t crc = bitwiseCrc32c(zeroed.data(), zeroed.size());
  EXPECT_EQ(packet[4], crc & 0xff);
  EXPECT_EQ(packet[7], crc >> 24);
  EXPECT_EQ(shown, __builtin_bswap32(crc));
}

}  // namespace

namespace test {
namespace {

v1::Stream probeStream(uint32_t frameLength = 96) {
  return S({L("eth"), L("ip"), L("udp"), L("crc32c_probe"), L("payload")}, frameLength);
}

void varyProbeValue(v1::Stream& s) {
  auto* v = s.add_variable_fields();
  v->set_field("crc32c_probe.value");
  v->set_mode(v1::VariableField::INCREMENT);
  v->set_count(5);
}

size_t crcOps(const v1::Stream& s) {
  auto plan = compile(s);
  EXPECT_TRUE(plan.ok()) << plan.error().toString();
  if (!plan.ok()) return 0;
  return static_cast<size_t>(std::count_if(plan->ops.begin(), plan->ops.end(),
                                           [](const PatchOp& op) { return op.kind == PatchOpKind::kCrc32c; }));
}

/// The probe's CRC field holds the CRC32c of the probe and everything after it.
void expectProbeCrcRight(const Frame& f, size_t packet) {
  size_t at = 0;
  for (const ParsedLayer& p : parseFrame(f))
    if (p.state.spec->name == "crc32c_probe") at = p.offset;
  ASSERT_NE(at, 0u) << "packet " << packet;
  Frame zeroed = f;
  std::fill_n(zeroed.begin() + static_cast<long>(at + 2), 4, 0);
  const uint32_t crc = bitwiseCrc32c(zeroed.data() + at, zeroed.size() - at);
  const uint32_t sent = f[at + 2] | f[at + 3] << 8 | f[at + 4] << 16 | uint32_t{f[at + 5]} << 24;
  EXPECT_EQ(sent, crc) << "packet " << packet;
}

TEST(Crc32cOp, RecomputedWhenACoveredFieldVariesAndTheUdpChecksumFollows) {
  v1::Stream s = probeStream();
  varyProbeValue(s);
  EXPECT_EQ(crcOps(s), 1u);
  auto frames = buildFrames(s, 6);
  std::set<std::vector<uint8_t>> crcs;
  for (size_t i = 0; i < frames.size(); ++i) {
    expectProbeCrcRight(frames[i], i);
    crcs.insert({frames[i].begin() + 44, frames[i].begin() + 48});
  }
  EXPECT_EQ(crcs.size(), 5u);  // five values, five CRCs
  auto rows = tsharkFields(frames, {"udp.checksum.status"});
  for (auto& r : rows) EXPECT_EQ(r["udp.checksum.status"], "1");
}

TEST(Crc32cOp, RecomputedOverTheFrameWhenTheLengthVaries) {
  v1::Stream s = probeStream();
  s.mutable_frame_length()->set_mode(v1::FrameLength::RANDOM);
  s.mutable_frame_length()->set_min(64);
  s.mutable_frame_length()->set_max(1518);
  EXPECT_EQ(crcOps(s), 1u);
  auto frames = buildFrames(s, 50);
  for (size_t i = 0; i < frames.size(); ++i) expectProbeCrcRight(frames[i], i);
  auto rows = tsharkFields(frames, {"udp.checksum.status"});
  for (auto& r : rows) EXPECT_EQ(r["udp.checksum.status"], "1");
}

TEST(Crc32cOp, NoOpWhenNothingItCoversChanges) {
  v1::Stream s = probeStream();
  EXPECT_EQ(crcOps(s), 0u);
  auto* v = s.add_variable_fields();  // ip.id is outside the probe's region
  v->set_field("ip.id");
  EXPECT_EQ(crcOps(s), 0u);
  expectProbeCrcRight(buildFrame(s), 0);
  // An overridden CRC is the user's: sent as given, never recomputed.
  v1::Stream wrong = S({L("eth"), L("ip"), L("udp"), L("crc32c_probe", {{"crc32c_probe.crc", "0x12345678"}}),
                        L("payload")},
                       96);
  varyProbeValue(wrong);
  EXPECT_EQ(crcOps(wrong), 0u);
  for (const Frame& f : buildFrames(wrong, 2)) EXPECT_EQ(Frame(f.begin() + 44, f.begin() + 48), (Frame{0x12, 0x34, 0x56, 0x78}));
}

}  // namespace
}  // namespace test
}  // namespace staccato
