// The reflector program on crafted frames (BPF_PROG_RUN: root, no interface): a test frame comes
// back (XDP_TX) with exactly its source and destination fields swapped, as deep as configured and
// behind VLAN tags; every other frame, and a test frame whose send time is too far off, goes to
// the kernel unchanged and uncounted.
#include <bpf/bpf.h>
#include <gtest/gtest.h>
#include <linux/bpf.h>
#include <time.h>
#include <unistd.h>

#include <algorithm>
#include <cstring>
#include <vector>

#include "common/core/bits.h"
#include "common/packet/signature_layout.h"
#include "turbo/xdp/signature_reflector.h"

namespace staccato::turbo {
namespace {

uint64_t nowNs(clockid_t clock) {
  timespec ts{};
  clock_gettime(clock, &ts);
  return uint64_t(ts.tv_sec) * 1'000'000'000 + uint64_t(ts.tv_nsec);
}

/// Where a frame's fields are, as built below.
struct Layout {
  size_t l3 = 14;
  size_t l4 = 0;
  size_t addressBytes = 4;  ///< 4 (IPv4) or 16 (IPv6)
  size_t srcAddress = 0;    ///< offset of the source address
};

/// Ethernet (`vlanTags` tags), IPv4 or IPv6, UDP or TCP, a payload and a signature trailer sent
/// `sentNs`; every byte not set below is distinct so that a wrong swap shows.
std::vector<uint8_t> testFrame(int vlanTags, bool ipv6, uint8_t protocol, uint64_t sentNs, Layout* at) {
  std::vector<uint8_t> f(160);
  for (size_t i = 0; i < f.size(); ++i) f[i] = static_cast<uint8_t>(i * 7 + 3);
  size_t p = 12;
  for (int t = 0; t < vlanTags; ++t, p += 4) writeBits(f.data() + p, 0, 16, t == 0 && vlanTags == 2 ? 0x88a8 : 0x8100);
  writeBits(f.data() + p, 0, 16, ipv6 ? 0x86dd : 0x0800);
  at->l3 = p + 2;
  if (ipv6) {
    f[at->l3] = 0x60;
    f[at->l3 + 6] = protocol;
    at->l4 = at->l3 + 40, at->addressBytes = 16, at->srcAddress = at->l3 + 8;
  } else {
    f[at->l3] = 0x46;  // 24-byte header: one option word
    f[at->l3 + 6] = 0x40, f[at->l3 + 7] = 0;  // DF, first fragment
    f[at->l3 + 9] = protocol;
    at->l4 = at->l3 + 24, at->addressBytes = 4, at->srcAddress = at->l3 + 12;
  }
  uint8_t* t = f.data() + f.size() - kSignatureBytes;
  writeBits(t + kSigMagicOffset, 0, 16, kSignatureMagic);
  writeBits(t + kSigTimestampOffset, 0, 64, sentNs);
  return f;
}

void swapRanges(std::vector<uint8_t>& f, size_t a, size_t b, size_t n) {
  std::swap_ranges(f.begin() + long(a), f.begin() + long(a + n), f.begin() + long(b));
}

class SignatureReflectorTest : public ::testing::Test {
 protected:
  std::unique_ptr<SignatureReflector> loaded(ReflectSwap swap) {
    auto r = SignatureReflector::load("reflector-test", swap);
    if (!r && geteuid() != 0) return nullptr;
    EXPECT_TRUE(r.ok()) << r.error().toString();
    if (!r) return nullptr;
    EXPECT_TRUE((*r)->setClock(int64_t(nowNs(CLOCK_REALTIME) - nowNs(CLOCK_MONOTONIC))));
    return std::move(r).value();
  }
  /// The program's verdict on `frame`, which it may change.
  static uint32_t run(const SignatureReflector& r, std::vector<uint8_t>& frame) {
    std::vector<uint8_t> out(frame.size() + 256);
    LIBBPF_OPTS(bpf_test_run_opts, opts, .data_in = frame.data(), .data_out = out.data(),
                .data_size_in = uint32_t(frame.size()), .data_size_out = uint32_t(out.size()), .repeat = 1);
    EXPECT_EQ(bpf_prog_test_run_opts(r.programFd(), &opts), 0) << std::strerror(errno);
    out.resize(opts.data_size_out);
    frame = out;
    return opts.retval;
  }
};

#define LOAD_OR_SKIP(var, swap)                                     \
  auto var = loaded(swap);                                          \
  if (!var && geteuid() != 0) GTEST_SKIP() << "needs root (CAP_BPF)"; \
  ASSERT_TRUE(var)

TEST_F(SignatureReflectorTest, SwapsExactlyTheFieldsOfItsDepth) {
  const uint64_t now = nowNs(CLOCK_REALTIME);
  for (ReflectSwap swap : {ReflectSwap::kL2, ReflectSwap::kL3, ReflectSwap::kL4}) {
    LOAD_OR_SKIP(r, swap);
    uint64_t sent = 0;
    for (int tags : {0, 1, 2})
      for (bool ipv6 : {false, true})
        for (uint8_t protocol : {uint8_t(17), uint8_t(6), uint8_t(1)}) {
          SCOPED_TRACE("swap " + std::to_string(int(swap)) + ", " + std::to_string(tags) + " tags, " +
                       (ipv6 ? "IPv6" : "IPv4") + ", protocol " + std::to_string(protocol));
          Layout at;
          std::vector<uint8_t> frame = testFrame(tags, ipv6, protocol, now, &at);
          std::vector<uint8_t> want = frame;
          swapRanges(want, 0, 6, 6);
          if (swap >= ReflectSwap::kL3) swapRanges(want, at.srcAddress, at.srcAddress + at.addressBytes, at.addressBytes);
          if (swap >= ReflectSwap::kL4 && protocol != 1) swapRanges(want, at.l4, at.l4 + 2, 2);
          EXPECT_EQ(run(*r, frame), uint32_t(XDP_TX));
          EXPECT_EQ(frame, want);
          ++sent;
        }
    const ReflectedPort p = r->port();
    EXPECT_EQ(p.reflected, sent);
    EXPECT_EQ(p.examined, sent);
    EXPECT_EQ(p.reflectedBytes, sent * 160);
  }
}

TEST_F(SignatureReflectorTest, LeavesTheLaterFragmentsPortsAlone) {
  LOAD_OR_SKIP(r, ReflectSwap::kL4);
  Layout at;
  std::vector<uint8_t> frame = testFrame(0, false, 17, nowNs(CLOCK_REALTIME), &at);
  frame[at.l3 + 6] = 0x00, frame[at.l3 + 7] = 0xb9;  // offset 185 * 8: UDP's header is not in it
  std::vector<uint8_t> want = frame;
  swapRanges(want, 0, 6, 6);
  swapRanges(want, at.srcAddress, at.srcAddress + 4, 4);
  EXPECT_EQ(run(*r, frame), uint32_t(XDP_TX));
  EXPECT_EQ(frame, want);
}

TEST_F(SignatureReflectorTest, PassesEverythingElseUntouched) {
  LOAD_OR_SKIP(r, ReflectSwap::kL4);
  const uint64_t now = nowNs(CLOCK_REALTIME);
  Layout at;
  std::vector<std::vector<uint8_t>> others;
  others.push_back(testFrame(0, false, 17, now, &at));
  others.back()[others.back().size() - kSignatureBytes] ^= 0xff;  // no magic
  others.push_back(testFrame(0, false, 17, now - SignatureReflector::kWindowNs - 1'000'000'000, &at));  // a day old
  others.push_back(testFrame(0, false, 17, now + SignatureReflector::kWindowNs + 1'000'000'000, &at));  // from the future
  others.push_back(testFrame(0, false, 17, 0, &at));
  std::vector<uint8_t> arp(42, 0xff);  // a broadcast ARP request: shorter than a trailer's frame
  writeBits(arp.data() + 12, 0, 16, 0x0806);
  others.push_back(arp);
  for (std::vector<uint8_t> frame : others) {
    const std::vector<uint8_t> before = frame;
    EXPECT_EQ(run(*r, frame), uint32_t(XDP_PASS));
    EXPECT_EQ(frame, before);
  }
  EXPECT_EQ(r->port().reflected, 0u);
  EXPECT_EQ(r->port().examined, others.size());
}

TEST_F(SignatureReflectorTest, ReflectsNothingBeforeItsClockIsSet) {
  auto r = SignatureReflector::load("reflector-test", ReflectSwap::kL2);
  if (!r && geteuid() != 0) GTEST_SKIP() << "needs root (CAP_BPF)";
  ASSERT_TRUE(r.ok()) << r.error().toString();
  Layout at;
  std::vector<uint8_t> frame = testFrame(0, false, 17, nowNs(CLOCK_REALTIME), &at);
  EXPECT_EQ(run(**r, frame), uint32_t(XDP_PASS));
}

}  // namespace
}  // namespace staccato::turbo
