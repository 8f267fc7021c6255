#include "tests/turbo/xdp_sender_support.h"

#include <sched.h>
#include <time.h>
#include <unistd.h>

#include "common/core/bits.h"
#include "common/packet/signature_layout.h"

namespace staccato::turbo::test {

bool pinTo(unsigned cpu) {
  cpu_set_t set;
  CPU_ZERO(&set);
  CPU_SET(cpu, &set);
  return sched_setaffinity(0, sizeof set, &set) == 0 && sched_getcpu() == static_cast<int>(cpu);
}

int64_t realtimeMinusMono() {
  timespec real{}, mono{};
  clock_gettime(CLOCK_MONOTONIC, &mono);
  clock_gettime(CLOCK_REALTIME, &real);
  return (int64_t(real.tv_sec) - int64_t(mono.tv_sec)) * 1'000'000'000 + (int64_t(real.tv_nsec) - int64_t(mono.tv_nsec));
}

uint64_t signatureTime(const Frame& frame) {
  if (frame.size() < kSignatureBytes) return 0;
  return readBits(frame.data() + frame.size() - kSignatureBytes + kSigTimestampOffset, 0, 64);
}

void loadOrSkip(const std::vector<TxPlan>& plans, std::unique_ptr<SenderProgram>& program) {
  auto loaded = SenderProgram::load(plans, 0);
  if (!loaded && geteuid() != 0) GTEST_SKIP() << "needs root (CAP_BPF): " << loaded.error().toString();
  ASSERT_TRUE(loaded.ok()) << loaded.error().toString();
  (*loaded)->setRealtimeOffset(realtimeMinusMono());
  program = std::move(loaded).value();
}

SideBySide::SideBySide(SenderProgram& program, const TxPlan& plan, size_t stream, unsigned cpu, uint64_t first,
                       uint64_t stride, const SignatureLane* lane)
    : plan_(plan), stream_(stream), queue_(program, cpu), state_(makePatchState(plan, first, stride, 0, lane)),
      buffer_(plan.frameTemplate) {
  queue_.beginRun(stream, first, stride, lane);
}

Frame SideBySide::next(Frame& expected) {
  Frame out(buffer_.size() + 256);
  const uint32_t len = queue_.buildOne(stream_, buffer_, out);
  EXPECT_GT(len, 0u) << queue_.lastError();
  out.resize(len);
  const uint16_t ours = applyPatchProgram(plan_, state_, buffer_.data(), plan_.tracked ? signatureTime(out) : 0);
  expected.assign(buffer_.begin(), buffer_.begin() + ours);
  return out;
}

}  // namespace staccato::turbo::test
