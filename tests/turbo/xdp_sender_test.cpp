// The in-kernel sender builds, byte for byte, the packets the user-space patch program
// (applyPatchProgram) builds for the same plan: variable fields of every width and mode,
// incremental and full checksums, frame length modes, the signature. Frames come back from
// BPF_PROG_RUN without live frames (root, no interface); tshark checks what the kernel built.
#include <gtest/gtest.h>
#include <time.h>

#include "common/packet/signature_layout.h"
#include "tests/support/tshark.h"
#include "tests/turbo/xdp_sender_support.h"
#include "turbo/xdp/kernel_plan.h"

namespace staccato::turbo::test {
namespace {

using staccato::test::L;
using staccato::test::S;

v1::VariableField* vary(v1::Stream& s, const std::string& field, v1::VariableField::Mode mode) {
  auto* v = s.add_variable_fields();
  v->set_field(field);
  v->set_mode(mode);
  return v;
}

TxPlan compiled(const v1::Stream& s) {
  auto plan = compile(s);
  EXPECT_TRUE(plan.ok()) << (plan.ok() ? "" : plan.error().toString());
  return plan.ok() ? *plan : TxPlan{};
}

/// Runs `n` packets of each plan through the kernel and the patch program; every pair must be
/// equal. Returns the kernel's frames.
std::vector<Frame> expectSameBytes(const std::vector<TxPlan>& plans, size_t n) {
  std::unique_ptr<SenderProgram> program;
  loadOrSkip(plans, program);
  if (!program) return {};
  EXPECT_TRUE(pinTo(0));
  std::vector<Frame> built;
  for (size_t i = 0; i < plans.size(); ++i) {
    SideBySide pair(*program, plans[i], i, 0);
    for (size_t p = 0; p < n; ++p) {
      Frame expected;
      Frame kernel = pair.next(expected);
      if (kernel != expected) {
        ADD_FAILURE() << "stream " << i << " packet " << p << ": kernel " << kernel.size() << " bytes, patch program "
                      << expected.size();
        for (size_t b = 0; b < std::min(kernel.size(), expected.size()); ++b)
          if (kernel[b] != expected[b]) {
            ADD_FAILURE() << "first difference at byte " << b;
            break;
          }
        return built;
      }
      built.push_back(std::move(kernel));
    }
  }
  return built;
}

void expectTsharkClean(const std::vector<Frame>& frames, const std::vector<std::string>& statusFields) {
  EXPECT_EQ(staccato::test::tsharkProblems(frames), std::vector<std::string>{});
  auto rows = staccato::test::tsharkFields(frames, statusFields);
  ASSERT_EQ(rows.size(), frames.size());
  for (size_t i = 0; i < rows.size(); ++i)
    for (const auto& f : statusFields) EXPECT_EQ(rows[i][f], "1") << "frame " << i << " " << f;
}

TEST(XdpSender, ThreeFieldsSignatureAndChecksumsAsThePatchProgram) {
  v1::Stream s = S({L("eth"), L("ip"), L("udp"), L("payload"), L("signature")});
  vary(s, "ip.src", v1::VariableField::RANDOM);
  auto* port = vary(s, "udp.srcport", v1::VariableField::INCREMENT);  // ephemeral ports: no dissector
  port->set_step(7);
  port->set_count(1000);
  vary(s, "ip.id", v1::VariableField::DECREMENT)->set_start("5");
  const auto frames = expectSameBytes({compiled(s)}, 3000);
  if (frames.empty()) return;
  // The kernel's send times are realtime, now.
  timespec real{};
  clock_gettime(CLOCK_REALTIME, &real);
  const uint64_t now = uint64_t(real.tv_sec) * 1'000'000'000 + uint64_t(real.tv_nsec);
  EXPECT_LT(now - signatureTime(frames.back()), 10'000'000'000ull);
  EXPECT_LT(signatureTime(frames.front()), signatureTime(frames.back()) + 1);
  expectTsharkClean(frames, {"ip.checksum.status", "udp.checksum.status"});
}

TEST(XdpSender, FieldsOfEveryWidthAndModeAsThePatchProgram) {
  v1::Stream a = S({L("eth"), L("vlan", {{"vlan.id", "100"}}), L("ip", {{"ip.ttl", "9"}}),
                    L("tcp", {{"tcp.srcport", "0xab00"}, {"tcp.dstport", "49153"}}), L("payload"), L("signature")},
                   128);
  a.set_id(7);
  auto* mac = vary(a, "eth.dst", v1::VariableField::LIST);  // a 6-byte window
  for (const char* m : {"02:00:00:00:00:0a", "02:00:00:00:00:0b", "02:00:00:00:00:0c"}) mac->add_values(m);
  vary(a, "vlan.id", v1::VariableField::INCREMENT)->set_count(3);  // 12 bits in 2 bytes
  vary(a, "tcp.srcport", v1::VariableField::RANDOM)->set_mask("0x00ff");
  vary(a, "tcp.seq_raw", v1::VariableField::INCREMENT)->set_step(1000);  // 4 bytes
  auto* ttl = vary(a, "ip.ttl", v1::VariableField::LIST);  // 1 byte
  for (const char* t : {"1", "64", "255"}) ttl->add_values(t);
  v1::Stream b = S({L("eth", {{"eth.src", "02:00:00:00:00:ff"}}), L("ipv6", {{"ipv6.src", "2001:db8::ffff"}}),
                    L("udp"), L("payload"), L("signature")},
                   100);
  b.set_id(8);
  vary(b, "ipv6.src", v1::VariableField::INCREMENT)->set_prefix_length(64);  // an 8-byte window
  vary(b, "eth.src", v1::VariableField::DECREMENT)->set_count(5);
  vary(b, "ipv6.flow", v1::VariableField::RANDOM);  // 20 bits
  const auto frames = expectSameBytes({compiled(a), compiled(b)}, 1500);
  if (frames.empty()) return;
  expectTsharkClean({frames.begin(), frames.begin() + 1500}, {"ip.checksum.status", "tcp.checksum.status"});
  expectTsharkClean({frames.begin() + 1500, frames.end()}, {"udp.checksum.status"});
}

TEST(XdpSender, LengthModesAsThePatchProgram) {
  std::vector<TxPlan> plans;
  for (auto mode : {v1::FrameLength::INCREMENT, v1::FrameLength::DECREMENT, v1::FrameLength::RANDOM, v1::FrameLength::IMIX}) {
    v1::Stream s = S({L("eth"), L("ip"), L("udp"), L("payload"), L("signature")});
    s.mutable_frame_length()->set_mode(mode);
    s.mutable_frame_length()->set_min(64);
    s.mutable_frame_length()->set_max(1518);
    s.mutable_frame_length()->set_step(37);
    vary(s, "udp.dstport", v1::VariableField::INCREMENT);
    vary(s, "ip.src", v1::VariableField::RANDOM);
    plans.push_back(compiled(s));
  }
  v1::Stream v6 = S({L("eth"), L("ipv6"), L("udp"), L("payload"), L("signature")});
  v6.mutable_frame_length()->set_mode(v1::FrameLength::RANDOM);
  v6.mutable_frame_length()->set_min(90);
  v6.mutable_frame_length()->set_max(3000);
  vary(v6, "ipv6.dst", v1::VariableField::RANDOM);
  plans.push_back(compiled(v6));
  const auto frames = expectSameBytes(plans, 400);
  if (frames.empty()) return;
  expectTsharkClean({frames.begin(), frames.begin() + 1600}, {"ip.checksum.status", "udp.checksum.status"});
  expectTsharkClean({frames.begin() + 1600, frames.end()}, {"udp.checksum.status"});
}

TEST(XdpSender, WorkersOnTwoCpusBuildTheirStrideOfTheStream) {
  if (!pinTo(1)) GTEST_SKIP() << "needs a second CPU";
  v1::Stream s = S({L("eth"), L("ip"), L("udp"), L("payload"), L("signature")}, 80);
  vary(s, "udp.srcport", v1::VariableField::INCREMENT)->set_count(7);
  vary(s, "ip.src", v1::VariableField::RANDOM);
  auto* ttl = vary(s, "ip.ttl", v1::VariableField::LIST);
  for (const char* t : {"1", "2", "3", "4", "5"}) ttl->add_values(t);
  v1::Stream plain = S({L("eth"), L("ip"), L("udp"), L("payload")}, 80);  // nothing per worker
  vary(plain, "udp.srcport", v1::VariableField::INCREMENT)->set_count(7);
  vary(plain, "ip.id", v1::VariableField::DECREMENT)->set_step(3);
  const std::vector<TxPlan> plans{compiled(s), compiled(plain)};
  std::unique_ptr<SenderProgram> program;
  loadOrSkip(plans, program);
  if (!program) return;
  // Worker k of 2 on CPU k, in its own lane: as the patch program strided the same way, and (for
  // a stream without random values or signature) packet k + 2j of one queue.
  std::vector<SignatureLane> lanes{{0, 0}, {1, 0}};
  std::vector<std::unique_ptr<SideBySide>> workers;
  for (unsigned k = 0; k < 2; ++k)
    for (size_t i = 0; i < plans.size(); ++i) {
      ASSERT_TRUE(pinTo(k));
      workers.push_back(std::make_unique<SideBySide>(*program, plans[i], i, k, k, 2, &lanes[k]));
    }
  PacketRenderer single(plans[1]);
  for (size_t n = 0; n < 400; ++n) {
    const unsigned k = n % 2;
    ASSERT_TRUE(pinTo(k));
    for (size_t i = 0; i < plans.size(); ++i) {
      Frame expected;
      const Frame kernel = workers[k * 2 + i]->next(expected);
      ASSERT_EQ(kernel, expected) << "worker " << k << " stream " << i << " packet " << n;
      if (i == 1) {
        const auto one = single.next(0);
        EXPECT_EQ(kernel, Frame(one.begin(), one.end())) << "packet " << n;
      }
    }
  }
}

TEST(XdpSender, SctpCrc32cAsThePatchProgram) {
  std::vector<TxPlan> plans;
  for (uint32_t length : {82u, 1518u}) {  // a region shorter than a slice's chunk, and three chunks
    v1::Stream s = S({L("eth"), L("ip"), L("sctp", {{"sctp.dstport", "49153"}}), L("payload"), L("signature")}, length);
    vary(s, "sctp.srcport", v1::VariableField::INCREMENT)->set_count(1000);
    vary(s, "ip.src", v1::VariableField::RANDOM);
    plans.push_back(compiled(s));
  }
  v1::Stream varying = S({L("eth"), L("ipv6"), L("sctp", {{"sctp.dstport", "49153"}}), L("payload"), L("signature")});
  varying.mutable_frame_length()->set_mode(v1::FrameLength::RANDOM);
  varying.mutable_frame_length()->set_min(110);
  varying.mutable_frame_length()->set_max(1518);
  plans.push_back(compiled(varying));
  const auto frames = expectSameBytes(plans, 300);
  if (frames.empty()) return;
  expectTsharkClean(frames, {"sctp.checksum.status"});
}

TEST(XdpSender, StreamsItCannotRunSayWhy) {
  v1::Stream replay;
  *replay.mutable_replay()->add_frames() = std::string(60, '\0');
  auto k = toKernelPlan(compiled(replay));
  ASSERT_FALSE(k.ok());
  EXPECT_NE(k.error().message.find("replay"), std::string::npos) << k.error().message;
  v1::Stream big = S({L("eth"), L("ip"), L("udp"), L("payload")}, 4000);
  k = toKernelPlan(compiled(big));
  ASSERT_FALSE(k.ok());
  EXPECT_NE(k.error().message.find("larger"), std::string::npos) << k.error().message;
}

}  // namespace
}  // namespace staccato::turbo::test
