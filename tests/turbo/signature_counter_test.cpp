// The in-kernel receive counter on crafted frames (BPF_PROG_RUN: root, no interface): it counts
// signature frames of registered streams with the drone's sequence rules (drone/rx's
// LaneSequences is the reference), latency in the RPC's bucket layout, and leaves every other
// frame to the kernel.
#include <bpf/bpf.h>
#include <gtest/gtest.h>
#include <time.h>
#include <unistd.h>

#include <linux/pkt_cls.h>

#include <array>
#include <cstring>
#include <random>

#include "common/core/bits.h"
#include "common/packet/signature_layout.h"
#include "drone/rx/lane_sequences.h"
#include "rpc/stats/latency_bucket_bounds.h"
#include "turbo/xdp/signature_counter.h"

namespace staccato::turbo {
namespace {

constexpr uint64_t kMs = 1'000'000;

uint64_t nowNs(clockid_t clock) {
  timespec ts{};
  clock_gettime(clock, &ts);
  return uint64_t(ts.tv_sec) * 1'000'000'000 + uint64_t(ts.tv_nsec);
}

std::vector<uint8_t> signatureFrame(uint16_t magic, uint16_t stream, uint32_t seq, uint64_t sentNs, size_t length = 128) {
  std::vector<uint8_t> f(length, 0);
  writeBits(f.data() + 12, 0, 16, 0x0800);
  uint8_t* t = f.data() + f.size() - kSignatureBytes;
  writeBits(t + kSigMagicOffset, 0, 16, magic);
  writeBits(t + kSigStreamIdOffset, 0, 16, stream);
  writeBits(t + kSigSeqOffset, 0, 32, seq);
  writeBits(t + kSigTimestampOffset, 0, 64, sentNs);
  return f;
}

class SignatureCounterTest : public ::testing::Test {
 protected:
  void SetUp() override {
    auto loaded = SignatureCounter::load("signature-counter-test", 4);
    if (!loaded && geteuid() != 0) GTEST_SKIP() << "needs root (CAP_BPF): " << loaded.error().toString();
    ASSERT_TRUE(loaded.ok()) << loaded.error().toString();
    counter_ = std::move(loaded).value();
    ASSERT_TRUE(counter_->setClock(int64_t(nowNs(CLOCK_REALTIME) - nowNs(CLOCK_MONOTONIC)), kSignatureClockWindowNs));
    ASSERT_TRUE(counter_->addStream(7));
  }
  /// The program's verdict on a frame: XDP_DROP (counted) or XDP_PASS (the kernel's).
  uint32_t run(const std::vector<uint8_t>& frame) {
    LIBBPF_OPTS(bpf_test_run_opts, opts, .data_in = frame.data(), .data_size_in = uint32_t(frame.size()), .repeat = 1);
    EXPECT_EQ(bpf_prog_test_run_opts(counter_->programFd(), &opts), 0) << std::strerror(errno);
    return opts.retval;
  }
  std::unique_ptr<SignatureCounter> counter_;
};

TEST_F(SignatureCounterTest, SequencesAsTheDronesReceiver) {
  drone::LaneSequences reference;
  std::mt19937 rng(25);
  const uint64_t now = nowNs(CLOCK_REALTIME);
  uint32_t next[3] = {0, 0, 0};
  size_t frames = 0;
  for (int i = 0; i < 6000; ++i) {  // in order mostly; gaps, late frames, duplicates, far jumps
    const unsigned lane = rng() % 3;
    uint32_t seq = next[lane]++;
    const unsigned r = rng() % 100;
    if (r < 5) seq += 1 + rng() % 40, next[lane] = seq + 1;  // a gap
    else if (r < 10 && seq > 50) seq -= 1 + rng() % 50;      // late, or a duplicate
    else if (r < 11) seq += 1500, next[lane] = seq + 1;      // beyond the window
    else if (r < 12 && seq > 2000) seq -= 1500;              // older than the window
    else if (r < 14 && seq > 2000) seq -= 600 + rng() % 400; // deep inside it
    reference.onPacket(lane, seq);
    EXPECT_EQ(run(signatureFrame(laneMagic(lane), 7, seq, now)), uint32_t(XDP_DROP));
    ++frames;
  }
  auto c = counter_->read(7);
  ASSERT_TRUE(c.ok()) << c.error().toString();
  EXPECT_EQ(c->packets, frames);
  EXPECT_EQ(c->bytes, frames * (128 + 4));
  EXPECT_EQ(c->unique, reference.unique());
  EXPECT_EQ(c->duplicates, reference.duplicates());
  EXPECT_EQ(c->reordered, reference.reordered());
  EXPECT_EQ(c->lost, reference.lost());
  EXPECT_GT(c->duplicates, 0u);
  EXPECT_GT(c->lost, 0u);
  EXPECT_EQ(c->latencyCount, frames - c->duplicates) << "a duplicate is no latency sample";
}

TEST_F(SignatureCounterTest, LatencyInTheRpcBuckets) {
  // Each frame is stamped this long before it runs: a fifth into a bucket 524 us wide (2^25 ns +
  // 31 sub-buckets of 2^19), so the time a run takes (more under a sanitizer) keeps the ten together.
  constexpr uint64_t kShared = (1ull << 25) + 31 * (1ull << 19) + 100'000;
  const uint64_t now = nowNs(CLOCK_REALTIME);
  for (uint32_t i = 0; i < 10; ++i) run(signatureFrame(kSignatureMagic, 7, i, nowNs(CLOCK_REALTIME) - kShared));
  run(signatureFrame(kSignatureMagic, 7, 10, now - 900 * kMs));
  auto c = counter_->read(7);
  ASSERT_TRUE(c.ok());
  ASSERT_EQ(c->latencyCount, 11u);
  EXPECT_GE(c->latencyMinNs, kShared);
  EXPECT_LT(c->latencyMinNs, kShared + 2000 * kMs);
  EXPECT_GE(c->latencyMaxNs, 900 * kMs);
  uint64_t inBuckets = 0;
  for (auto [b, n] : c->buckets) {
    inBuckets += n;
    EXPECT_LE(rpc::latencyBucketLow(b, SignatureCounter::kSubBucketBits), n == 1 ? c->latencyMaxNs : c->latencyMinNs);
  }
  EXPECT_EQ(inBuckets, 11u);
  ASSERT_EQ(c->buckets.size(), 2u) << "ten samples 50 ms back share a bucket; the late one has its own";
  EXPECT_EQ(c->buckets.back().first, rpc::latencyBucketOf(c->latencyMaxNs, SignatureCounter::kSubBucketBits));
  EXPECT_GE(c->firstNs, now);
  EXPECT_GE(c->lastNs, c->firstNs);
}

TEST_F(SignatureCounterTest, LeavesEverythingElseToTheKernel) {
  const uint64_t now = nowNs(CLOCK_REALTIME);
  EXPECT_EQ(run(signatureFrame(kSignatureMagic, 9, 0, now)), uint32_t(XDP_PASS)) << "a stream nobody registered";
  EXPECT_EQ(run(signatureFrame(kSignatureMagic, 7, 0, now - 2 * kSignatureClockWindowNs)), uint32_t(XDP_PASS));
  EXPECT_EQ(run(signatureFrame(0x5b00, 7, 0, now)), uint32_t(XDP_PASS)) << "0x5b00 is no lane's magic";
  EXPECT_EQ(run(std::vector<uint8_t>(60, 0)), uint32_t(XDP_PASS));
  EXPECT_EQ(counter_->read(7)->packets, 0u);
  const CountedPort p = counter_->port();
  EXPECT_EQ(p.examined, 4u);
  EXPECT_EQ(p.counted, 0u);
  EXPECT_EQ(p.unknown, 1u);
  ASSERT_TRUE(counter_->setPassCounted(true));
  EXPECT_EQ(run(signatureFrame(kSignatureMagic, 7, 0, now)), uint32_t(XDP_PASS)) << "counted, and on to tcpdump";
  EXPECT_EQ(counter_->read(7)->packets, 1u);
  ASSERT_TRUE(counter_->clear(7));
  EXPECT_EQ(counter_->read(7)->packets, 0u);
  EXPECT_EQ(counter_->read(7)->unique, 0u);
}

TEST(SignatureCounterEvery, CountsEveryStreamItSeesUpToItsSlotsAndForgetsThemOnRequest) {
  auto loaded = SignatureCounter::load("signature-counter-every", 3);
  if (!loaded && geteuid() != 0) GTEST_SKIP() << "needs root (CAP_BPF): " << loaded.error().toString();
  ASSERT_TRUE(loaded.ok()) << loaded.error().toString();
  SignatureCounter& c = **loaded;
  ASSERT_TRUE(c.setClock(int64_t(nowNs(CLOCK_REALTIME) - nowNs(CLOCK_MONOTONIC)), kSignatureClockWindowNs));
  ASSERT_TRUE(c.countEveryStream());
  auto run = [&](uint16_t id, uint32_t seq) {
    const auto f = signatureFrame(kSignatureMagic, id, seq, nowNs(CLOCK_REALTIME));
    LIBBPF_OPTS(bpf_test_run_opts, opts, .data_in = f.data(), .data_size_in = uint32_t(f.size()), .repeat = 1);
    EXPECT_EQ(bpf_prog_test_run_opts(c.programFd(), &opts), 0);
    return opts.retval;
  };
  for (uint32_t seq = 0; seq < 5; ++seq)
    for (uint16_t id : {40, 7, 900}) EXPECT_EQ(run(id, seq), uint32_t(XDP_DROP)) << "id " << id << ": its first frame too";
  EXPECT_EQ(run(1234, 0), uint32_t(XDP_PASS)) << "a fourth id: no slot left, the kernel's";
  EXPECT_EQ(c.streams(), (std::vector<uint32_t>{7, 40, 900}));
  for (uint32_t id : {7u, 40u, 900u}) {
    EXPECT_EQ(c.packets(id), 5u);
    EXPECT_EQ(c.read(id)->lost, 0u) << "nothing of a new stream is missed while user space learns of it";
  }
  EXPECT_EQ(c.port().unknown, 1u);
  ASSERT_TRUE(c.forgetAll());
  EXPECT_TRUE(c.streams().empty());
  EXPECT_EQ(run(1234, 0), uint32_t(XDP_DROP)) << "after forgetting, slots are free again";
  EXPECT_EQ(c.streams(), (std::vector<uint32_t>{1234}));
  EXPECT_EQ(c.packets(1234), 1u) << "from a cleared slot";
}


TEST(SignatureCounterAtTc, TheTcProgramCountsAsTheXdpOne) {
  auto loaded = SignatureCounter::load("signature-counter-tc", 2);
  if (!loaded && geteuid() != 0) GTEST_SKIP() << "needs root (CAP_BPF): " << loaded.error().toString();
  ASSERT_TRUE(loaded.ok()) << loaded.error().toString();
  SignatureCounter& c = **loaded;
  ASSERT_TRUE(c.setClock(int64_t(nowNs(CLOCK_REALTIME) - nowNs(CLOCK_MONOTONIC)), kSignatureClockWindowNs));
  ASSERT_TRUE(c.addStream(7));
  const int tc = c.tcProgramFd();
  ASSERT_GE(tc, 0);
  auto run = [&](const std::vector<uint8_t>& f) {
    LIBBPF_OPTS(bpf_test_run_opts, opts, .data_in = f.data(), .data_size_in = uint32_t(f.size()), .repeat = 1);
    EXPECT_EQ(bpf_prog_test_run_opts(tc, &opts), 0) << std::strerror(errno);
    return opts.retval;
  };
  const uint64_t now = nowNs(CLOCK_REALTIME);
  for (uint32_t seq : {0u, 1u, 2u, 4u, 3u, 3u}) EXPECT_EQ(run(signatureFrame(kSignatureMagic, 7, seq, now)), uint32_t(TC_ACT_SHOT));
  EXPECT_EQ(run(signatureFrame(kSignatureMagic, 8, 0, now)), uint32_t(TC_ACT_OK)) << "a stream nobody registered";
  EXPECT_EQ(run(std::vector<uint8_t>(60, 0)), uint32_t(TC_ACT_OK));
  auto r = c.read(7);
  ASSERT_TRUE(r.ok());
  EXPECT_EQ(r->packets, 6u);
  EXPECT_EQ(r->bytes, 6u * (128 + 4)) << "the whole frame, from the Ethernet header";
  EXPECT_EQ((std::array<uint64_t, 4>{r->unique, r->duplicates, r->reordered, r->lost}), (std::array<uint64_t, 4>{5, 1, 1, 0}));
  ASSERT_TRUE(c.setPassCounted(true));
  EXPECT_EQ(run(signatureFrame(kSignatureMagic, 7, 5, now)), uint32_t(TC_ACT_OK));
}

}  // namespace
}  // namespace staccato::turbo
