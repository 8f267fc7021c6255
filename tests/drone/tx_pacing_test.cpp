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

/// Records when each frame was submitted; sends nothing.
class RecordingBackend final : public TxBackend {
 public:
  explicit RecordingBackend(std::vector<uint64_t>& times) : times_(times) {}
  std::string name() const override { return "recording"; }
  Status prepare(std::span<const TxPlan> plans) override {
    size_t longest = 0;
    for (const TxPlan& p : plans) longest = std::max(longest, p.frameTemplate.size());
    for (auto& f : frames_) f.assign(longest, 0);
    return Ok{};
  }
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
