// Turbo receive's XDP program, run by the kernel on frames in memory (BPF_PROG_RUN): it takes a
// signature trailer sent about now (stamping its arrival in the metadata in front of the frame)
// and leaves everything else to the kernel untouched, notably frames whose last bytes merely
// start like a magic (the router in tests/netns/router_test.sh sends such ARP requests).
#include <bpf/bpf.h>
#include <gtest/gtest.h>
#include <time.h>

#include <cerrno>
#include <cstring>
#include <vector>

#include "common/core/bits.h"
#include "common/packet/signature_layout.h"
#include "turbo/rx/xdp_program.h"

namespace staccato::turbo {
namespace {

constexpr uint64_t kSecond = 1'000'000'000;
constexpr size_t kMetaBytes = 16;  // the program's struct rx_meta

uint64_t nowNs(clockid_t clock) {
  timespec ts{};
  clock_gettime(clock, &ts);
  return uint64_t(ts.tv_sec) * kSecond + uint64_t(ts.tv_nsec);
}
int64_t realtimeMinusMono() { return int64_t(nowNs(CLOCK_REALTIME) - nowNs(CLOCK_MONOTONIC)); }

void putBe(std::vector<uint8_t>& f, size_t at, uint64_t v, size_t bytes) { writeBits(f.data() + at, 0, unsigned(bytes * 8), v); }

/// A 128-byte IPv4/UDP frame ending in a trailer of `magic` sent at `sentNs` (realtime).
std::vector<uint8_t> signatureFrame(uint16_t magic, uint64_t sentNs) {
  std::vector<uint8_t> f(128, 0);
  putBe(f, 12, 0x0800, 2);
  const size_t trailer = f.size() - kSignatureBytes;
  putBe(f, trailer + kSigMagicOffset, magic, 2);
  putBe(f, trailer + kSigStreamIdOffset, 7, 2);
  putBe(f, trailer + kSigSeqOffset, 42, 4);
  putBe(f, trailer + kSigTimestampOffset, sentNs, 8);
  return f;
}

/// An ARP request for 10.0.1.10 from 02:00:00:00:5b:01: its last 16 bytes start 5b 01.
std::vector<uint8_t> arpRequestFromMagicLookingMac() {
  return {0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0x02, 0x00, 0x00, 0x00, 0x5b, 0x01, 0x08, 0x06,  // Ethernet
          0x00, 0x01, 0x08, 0x00, 6, 4, 0x00, 0x01,                                          // request
          0x02, 0x00, 0x00, 0x00, 0x5b, 0x01, 10, 0, 1, 1,                                   // sender
          0, 0, 0, 0, 0, 0, 10, 0, 1, 10};                                                   // target
}

class XdpProgramTest : public ::testing::Test {
 protected:
  void SetUp() override {
    auto loaded = XdpProgram::load("xdp-program-test");
    if (!loaded) GTEST_SKIP() << "cannot load the XDP program here: " << loaded.error().toString();
    program_ = std::move(loaded).value();
  }
  void setClock() { ASSERT_TRUE(program_->setSignatureClock(realtimeMinusMono(), kSignatureClockWindowNs)); }

  /// Whether the program took the frame for user space: it then stamps its metadata, which
  /// BPF_PROG_RUN returns in front of the frame. Untaken frames come back byte for byte.
  bool taken(const std::vector<uint8_t>& frame) {
    std::vector<uint8_t> out(frame.size() + 256);
    LIBBPF_OPTS(bpf_test_run_opts, opts, .data_in = frame.data(), .data_out = out.data(),
                .data_size_in = uint32_t(frame.size()), .data_size_out = uint32_t(out.size()), .repeat = 1);
    EXPECT_EQ(bpf_prog_test_run_opts(program_->programFd(), &opts), 0) << std::strerror(errno);
    EXPECT_EQ(opts.retval, uint32_t(XDP_PASS)) << "no AF_XDP socket is bound: the redirect falls back to pass";
    if (opts.data_size_out == frame.size() + kMetaBytes) {
      EXPECT_EQ(std::vector<uint8_t>(out.begin() + kMetaBytes, out.begin() + opts.data_size_out), frame);
      return true;
    }
    EXPECT_EQ(std::vector<uint8_t>(out.begin(), out.begin() + opts.data_size_out), frame);
    return false;
  }

  std::unique_ptr<XdpProgram> program_;
};

TEST_F(XdpProgramTest, TakesTrailersOfEveryLaneSentWithinTheWindow) {
  setClock();
  const uint64_t now = nowNs(CLOCK_REALTIME);
  EXPECT_TRUE(taken(signatureFrame(kSignatureMagic, now)));
  EXPECT_TRUE(taken(signatureFrame(laneMagic(1), now)));
  EXPECT_TRUE(taken(signatureFrame(laneMagic(255), now)));
  EXPECT_TRUE(taken(signatureFrame(kSignatureMagic, now - 10 * kSecond))) << "a late frame is still ours";
  EXPECT_TRUE(taken(signatureFrame(kSignatureMagic, now + 10 * kSecond))) << "a sender's clock a little ahead";
}

TEST_F(XdpProgramTest, LeavesFramesThatOnlyStartLikeAMagicToTheKernel) {
  setClock();
  const uint64_t now = nowNs(CLOCK_REALTIME);
  EXPECT_FALSE(taken(arpRequestFromMagicLookingMac())) << "the emulated hosts must hear this ARP request";
  EXPECT_FALSE(taken(signatureFrame(kSignatureMagic, now - 2 * kSignatureClockWindowNs)));
  EXPECT_FALSE(taken(signatureFrame(kSignatureMagic, now + 2 * kSignatureClockWindowNs)));
  EXPECT_FALSE(taken(signatureFrame(0x5b00, now))) << "0x5b00 is no lane's magic";
  EXPECT_FALSE(taken(signatureFrame(0x1234, now)));
}

TEST_F(XdpProgramTest, TakesNothingUntilItKnowsTheClock) {
  EXPECT_FALSE(taken(signatureFrame(kSignatureMagic, nowNs(CLOCK_REALTIME))));
  setClock();
  EXPECT_TRUE(taken(signatureFrame(kSignatureMagic, nowNs(CLOCK_REALTIME))));
}

}  // namespace
}  // namespace staccato::turbo
