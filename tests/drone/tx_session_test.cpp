// A port's transmit session is read by a stop that waits for it without the drone's lock while a
// call under the lock (ListPorts, stats) releases its finished workers. The soak once crashed the
// drone there: the waiting stop read the worker list while the release emptied it.
#include <gtest/gtest.h>

#include <array>
#include <atomic>
#include <thread>

#include "common/stream/compiler.h"
#include "drone/tx/tx_session.h"
#include "tests/support/stacks.h"

namespace staccato::drone {
namespace {

/// Takes every frame and sends nothing.
class DiscardBackend final : public TxBackend {
 public:
  std::string name() const override { return "discard"; }
  Status prepare(std::span<const TxPlan> plans) override {
    for (const TxPlan& p : plans) frame_.resize(std::max(frame_.size(), p.frameTemplate.size()));
    return Ok{};
  }
  size_t acquire(size_t, std::span<uint8_t*> out) noexcept override {
    for (uint8_t*& f : out) f = frame_.data();
    return out.size();
  }
  size_t submit(std::span<const uint16_t> lengths) noexcept override { return lengths.size(); }
  std::string lastError() const override { return {}; }

 private:
  std::vector<uint8_t> frame_;
};

/// Sends `before` frames, then fails every submit without saying why.
class SilentlyFailingBackend final : public TxBackend {
 public:
  explicit SilentlyFailingBackend(size_t before) : left_(before) {}
  std::string name() const override { return "mute"; }
  Status prepare(std::span<const TxPlan> plans) override {
    for (const TxPlan& p : plans) frame_.resize(std::max(frame_.size(), p.frameTemplate.size()));
    return Ok{};
  }
  size_t acquire(size_t, std::span<uint8_t*> out) noexcept override {
    for (uint8_t*& f : out) f = frame_.data();
    return out.size();
  }
  size_t submit(std::span<const uint16_t> lengths) noexcept override {
    const size_t n = std::min(lengths.size(), left_);
    left_ -= n;
    return n;
  }
  std::string lastError() const override { return {}; }

 private:
  size_t left_;
  std::vector<uint8_t> frame_;
};

TxJob tenPacketJob() {
  v1::Stream s = test::S({test::L("eth"), test::L("ip"), test::L("udp"), test::L("payload")});
  s.set_id(1);
  s.mutable_rate()->set_unit(v1::Rate::FASTEST);
  s.mutable_control()->set_mode(v1::Control::PACKETS);
  s.mutable_control()->set_count(10);
  auto plan = compile(s);
  EXPECT_TRUE(plan.ok()) << plan.error().toString();
  TxJob job;
  job.plans = std::make_shared<std::vector<TxPlan>>(std::vector<TxPlan>{std::move(plan).value()});
  return job;
}

TEST(TxSession, ReleasingTheWorkersWhileAnotherThreadAsksWhetherTheyFinishedIsSafe) {
  const TxJob job = tenPacketJob();
  constexpr size_t kQueues = 8;  // a long worker list: a wide window for the race
  for (int round = 0; round < 300; ++round) {
    std::vector<std::unique_ptr<TxBackend>> backends;
    for (size_t q = 0; q < kQueues; ++q) backends.push_back(std::make_unique<DiscardBackend>());
    TxSession session(std::move(backends), job, {});
    std::atomic<bool> released{false};
    std::thread waiter([&] {  // as a stop waits: no lock of the drone's
      while (!released) session.finished();
    });
    std::vector<std::unique_ptr<TxWorker>> closeLater;
    while (!session.releaseIfFinished(closeLater)) {
    }
    released = true;
    waiter.join();
    EXPECT_EQ(closeLater.size(), kQueues) << "round " << round;
    EXPECT_TRUE(session.finished());
    EXPECT_EQ(session.packets(0), 10u) << "round " << round;
  }
}

TEST(TxSession, ASendThatFailsWithoutAReasonStillStopsWithAnError) {
  for (size_t before : {size_t{0}, size_t{3}}) {
    std::vector<std::unique_ptr<TxBackend>> backends;
    backends.push_back(std::make_unique<SilentlyFailingBackend>(before));
    TxSession session(std::move(backends), tenPacketJob(), {});
    while (!session.finished()) std::this_thread::yield();
    EXPECT_EQ(session.packets(0), before);
    EXPECT_NE(session.error(), "") << "a run that stopped after " << before << " of 10 packets says nothing";
    EXPECT_NE(session.error().find("mute"), std::string::npos) << session.error();
  }
}

}  // namespace
}  // namespace staccato::drone
