#pragma once
// Running the in-kernel sender on frames in memory (BPF_PROG_RUN without live frames: root, no
// interface) next to the user-space patch program, for tests that compare the two.
#include <gtest/gtest.h>

#include <memory>
#include <vector>

#include "common/stream/compiler.h"
#include "common/stream/patch_program.h"
#include "tests/support/stacks.h"
#include "turbo/xdp/sender_program.h"
#include "turbo/xdp/xdp_tx_queue.h"

namespace staccato::turbo::test {

using staccato::test::Frame;

/// Pins the calling thread to `cpu`; false when it cannot run there.
bool pinTo(unsigned cpu);

/// CLOCK_REALTIME - CLOCK_MONOTONIC now.
int64_t realtimeMinusMono();

/// The signature's send time of a built frame (its last 16 bytes), 0 when it has none.
uint64_t signatureTime(const Frame& frame);

/// Loads the sender for `plans` into `program`; skips the test when not root (no BPF), fails
/// when root cannot load it. Callers return when `program` stays empty.
void loadOrSkip(const std::vector<TxPlan>& plans, std::unique_ptr<SenderProgram>& program);

/// One worker of a stream: the kernel's queue and the user-space patch program side by side,
/// each with its own frame buffer holding the template and then its previous packet.
class SideBySide {
 public:
  SideBySide(SenderProgram& program, const TxPlan& plan, size_t stream, unsigned cpu, uint64_t first = 0,
             uint64_t stride = 1, const SignatureLane* lane = nullptr);
  /// The next packet from the kernel; the patch program's next packet (with the kernel's
  /// send time) goes to `expected`. Empty when the kernel built nothing.
  Frame next(Frame& expected);

 private:
  const TxPlan& plan_;
  size_t stream_;
  XdpTxQueue queue_;
  PatchState state_;
  Frame buffer_;  ///< the user-space side's frame buffer, at the template's length
};

}  // namespace staccato::turbo::test
