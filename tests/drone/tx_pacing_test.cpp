// The transmit worker keeps a stream's pace across runs: a GOTO loop or a sequence of streams
// sends at the rate its streams ask for (before, each run restarted the clock: a 1-packet
// stream at 10 pps looping on itself 200 times went out in 0.54 ms).
#include <gtest/gtest.h>

#include <mutex>
#include <thread>

#include "common/stream/compiler.h"
#include "common/core/clock.h"
#include "drone/tx/tx_worker.h"
#include "tests/support/stacks.h"

namespace staccato::drone {
namespace {

/// A test backend's buffers, each as long as the longest template.
template <size_t N>
Status sizeFrames(std::array<std::vector<uint8_t>, N>& frames, std::span<const TxPlan> plans) {
  size_t longest = 0;
  for (const TxPlan& p : plans) longest = std::max(longest, p.frameTemplate.size());
  for (auto& f : frames) f.assign(longest, 0);
  return Ok{};
}

/// Records when each frame was submitted; sends nothing.
class RecordingBackend final : public TxBackend {
 public:
  explicit RecordingBackend(std::vector<uint64_t>& times) : times_(times) {}
  std::string name() const override { return "recording"; }
  Status prepare(std::span<const TxPlan> plans) override { return sizeFrames(frames_, plans); }
  size_t acquire(size_t, std::span<uint8_t*> out) noexcept override {
    const size_t n = std::min(out.size(), frames_.size());
    for (size_t k = 0; k < n; ++k) out[k] = frames_[k].data();
    return n;
  }
  size_t submit(std::span<const uint16_t> lengths) noexcept override {
    const uint64_t now = monotonicNs();
    for (size_t k = 0; k < lengths.size(); ++k) times_.push_back(now);
    return lengths.size();
  }
  std::string lastError() const override { return {}; }

 private:
  std::vector<uint64_t>& times_;
  std::array<std::vector<uint8_t>, 32> frames_;
};

v1::Stream oneAt(uint32_t id, double pps, uint64_t count) {
  v1::Stream s = test::S({test::L("eth"), test::L("ip"), test::L("udp"), test::L("payload")});
  s.set_id(id);
  s.mutable_rate()->set_unit(v1::Rate::PPS);
  s.mutable_rate()->set_value(pps);
  s.mutable_control()->set_mode(v1::Control::PACKETS);
  s.mutable_control()->set_count(count);
  return s;
}

struct Sent {
  uint64_t before = 0;          ///< a clock reading taken before the worker started
  std::vector<uint64_t> times;  ///< when each frame was submitted
  uint64_t firstNs = 0, lastNs = 0;  ///< the first stream's first and last batch (realtime), as counted
};

/// Runs the streams sequentially on one queue to the end.
Sent send(const std::vector<v1::Stream>& streams) {
  TxJob job;
  auto plans = std::make_shared<std::vector<TxPlan>>();
  for (const auto& s : streams) {
    auto plan = compile(s);
    EXPECT_TRUE(plan.ok()) << plan.error().toString();
    plans->push_back(std::move(plan).value());
  }
  job.plans = plans;
  Sent sent;
  std::vector<StreamTxCounters> counters(streams.size());
  sent.before = monotonicNs();
  TxWorker worker(std::make_unique<RecordingBackend>(sent.times), job, counters);
  while (!worker.finished()) std::this_thread::sleep_for(std::chrono::milliseconds(5));
  EXPECT_EQ(worker.error(), "");
  sent.firstNs = counters[0].firstNs.load();
  sent.lastNs = counters[0].lastNs.load();
  return sent;
}

/// A stall of the test machine only delays frames (the worker then catches up), so the oracle
/// is one-sided and exact: no frame goes out before its due time, counted from a moment that
/// precedes the worker's own start.
void expectNoneEarly(const Sent& sent, const std::vector<uint64_t>& dueNs) {
  ASSERT_EQ(sent.times.size(), dueNs.size());
  for (size_t i = 0; i < dueNs.size(); ++i)
    EXPECT_GE(sent.times[i], sent.before + dueNs[i])
        << "frame " << i << " went out " << (sent.before + dueNs[i] - sent.times[i]) / 1000
        << " us before its due time";
  // Far late means pacing that drifts; a second of slack covers a loaded machine.
  EXPECT_LT(sent.times.back(), sent.before + dueNs.back() + 1'000'000'000)
      << "the last frame came more than a second after its due time";
}

/// A benchmark's real sending time: the counters' first and last batch times span the frames'
/// own submit times (one frame per batch at this rate), and clearing forgets them.
TEST(TxPacing, FirstAndLastTransmitTimesSpanTheStream) {
  const uint64_t before = realtimeNs();
  const Sent sent = send({oneAt(1, 1000, 50)});
  ASSERT_EQ(sent.times.size(), 50u);
  EXPECT_GE(sent.firstNs, before);
  const int64_t counted = int64_t(sent.lastNs - sent.firstNs), submitted = int64_t(sent.times.back() - sent.times.front());
  EXPECT_NEAR(double(counted), double(submitted), 2e6) << "counted " << counted << " ns, submitted over " << submitted << " ns";
  EXPECT_GE(counted, 48'000'000);  // 49 intervals of 1 ms, never early
  StreamTxCounters c;
  c.add(0, 0);
  EXPECT_EQ(c.firstNs.load(), 0u) << "an empty batch is no transmit";
  c.add(1, 64);
  EXPECT_NE(c.firstNs.load(), 0u);
  c.clear();
  EXPECT_EQ(c.firstNs.load() + c.lastNs.load(), 0u);
}

/// A device that takes one frame a millisecond into its queue and holds each of the port's 4
/// frames until it took it in (as a veth peer holds an AF_XDP frame until its core took it):
/// acquire finds no free frame, or (`waitsInSubmit`) submit waits until the device took the
/// frames before (as AF_XDP copy mode does when the socket's buffer is full) and says so.
class PushingBackBackend final : public TxBackend {
 public:
  explicit PushingBackBackend(bool waitsInSubmit) : waitsInSubmit_(waitsInSubmit) {}
  std::string name() const override { return "pushing back"; }
  Status prepare(std::span<const TxPlan> plans) override { return sizeFrames(frames_, plans); }
  size_t acquire(size_t, std::span<uint8_t*> out) noexcept override {
    const uint64_t now = monotonicNs();
    size_t n = 0;
    if (waitsInSubmit_) {  // room for every frame asked: only submit waits
      for (; n < out.size(); ++n) out[n] = frames_[n % frames_.size()].data();
      return n;
    }
    for (size_t k = 0; k < frames_.size() && n < out.size(); ++k)
      if (takenAt_[k] <= now) pending_[n] = k, out[n++] = frames_[k].data();
    return n;
  }
  size_t submit(std::span<const uint16_t> lengths) noexcept override {
    if (const uint64_t from = monotonicNs(); waitsInSubmit_ && lastTake_ > from) {
      while (monotonicNs() < lastTake_) std::this_thread::yield();
      waitedNs_ += monotonicNs() - from;
    }
    for (size_t k = 0; k < lengths.size(); ++k) {
      lastTake_ = std::max(lastTake_, monotonicNs()) + 1'000'000;
      if (!waitsInSubmit_) takenAt_[pending_[k]] = lastTake_;
    }
    return lengths.size();
  }
  uint64_t portWaitNs() const noexcept override { return waitedNs_; }
  std::string lastError() const override { return {}; }

 private:
  bool waitsInSubmit_;
  uint64_t waitedNs_ = 0;
  std::array<std::vector<uint8_t>, 4> frames_;
  std::array<uint64_t, 4> takenAt_{};
  std::array<size_t, 4> pending_{};
  uint64_t lastTake_ = 0;
};

/// The device's pace is counted as the port's back pressure, apart from the sender's own
/// lateness: 100 frames asked at 10 kpps into a device taking 1 kpps wait ~96 ms for room; a
/// port that always has room counts none.
TEST(TxPacing, TimeWaitingForRoomAtThePortIsCountedAsBackPressure) {
  TxJob job;
  auto plan = compile(oneAt(1, 10'000, 100));
  ASSERT_TRUE(plan.ok()) << plan.error().toString();
  job.plans = std::make_shared<std::vector<TxPlan>>(std::vector<TxPlan>{std::move(plan).value()});
  std::vector<StreamTxCounters> counters(1);
  for (bool waitsInSubmit : {false, true}) {
    const uint64_t before = monotonicNs();
    {
      TxWorker worker(std::make_unique<PushingBackBackend>(waitsInSubmit), job, counters);
      while (!worker.finished()) std::this_thread::sleep_for(std::chrono::milliseconds(5));
      EXPECT_EQ(worker.error(), "");
    }
    const uint64_t elapsed = monotonicNs() - before;
    EXPECT_EQ(counters[0].packets.load(), 100u);
    EXPECT_GE(counters[0].blockedNs.load(), 48'000'000u) << "frames beyond the 4 in flight, 1 ms each; in submit: " << waitsInSubmit;
    EXPECT_LE(counters[0].blockedNs.load(), elapsed);
    counters[0].clear();
    EXPECT_EQ(counters[0].blockedNs.load(), 0u);
  }

  std::vector<uint64_t> times;
  TxWorker roomy(std::make_unique<RecordingBackend>(times), job, counters);
  while (!roomy.finished()) std::this_thread::sleep_for(std::chrono::milliseconds(5));
  EXPECT_EQ(times.size(), 100u);
  EXPECT_EQ(counters[0].blockedNs.load(), 0u) << "a port with room never pushed back";
}

TEST(TxPacing, AStreamLoopingOnItselfKeepsItsRate) {
  v1::Stream s = oneAt(1, 1000, 1);
  s.mutable_control()->set_after(v1::Control::GOTO_FIRST);
  s.mutable_control()->set_loop_count(99);  // 100 packets at 1000 pps: 1 ms apart
  std::vector<uint64_t> due;
  for (uint64_t i = 0; i < 100; ++i) due.push_back(i * 1'000'000);
  expectNoneEarly(send({s}), due);
}

TEST(TxPacing, TheNextStreamStartsOneIntervalAfterTheLastPacketOfTheOneBefore) {
  // 5 packets at 200 pps (5 ms apart), then 5 at 1000 pps: the second stream's first packet is
  // due 5 ms after the first stream's last one, its others 1 ms apart.
  expectNoneEarly(send({oneAt(1, 200, 5), oneAt(2, 1000, 5)}),
                  {0, 5'000'000, 10'000'000, 15'000'000, 20'000'000,  //
                   25'000'000, 26'000'000, 27'000'000, 28'000'000, 29'000'000});
}

}  // namespace
}  // namespace staccato::drone
