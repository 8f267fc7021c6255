// The drone's transmit workers driving the in-kernel sender: each worker's backend is an
// XdpTxQueue on the worker's CPU; a call builds and sends a batch of frames in the kernel. The
// signature clock's offset is refreshed at every run and once a second while sending (realtime
// steps). No allocation, locks or logging per call.
#include "turbo/xdp/kernel_tx_backend.h"

#include <net/if.h>
#include <sched.h>

#include <algorithm>
#include <array>
#include <set>
#include <thread>

#include "common/core/clock.h"
#include "turbo/xdp/helper_device.h"
#include "turbo/xdp/kernel_plan.h"
#include "turbo/xdp/xdp_tx_queue.h"

namespace staccato::turbo {
namespace {

/// Frames per unpaced call: ~1 ms of work at the engine's speed, so a stop waits no longer and
/// the call's fixed cost (~10 us) is a percent.
constexpr uint64_t kBatch = 4096;
constexpr uint64_t kClockRefreshNs = 1'000'000'000;

/// What a port's workers share: the loaded sender and the device keeping it in the dispatcher.
struct KernelPort {
  std::unique_ptr<SenderProgram> program;
  std::unique_ptr<HelperDevice> helper;  // after program: detached first
};

/// Whether the calling thread runs on `cpu` and only there.
bool runsOnlyOn(unsigned cpu) {
  cpu_set_t set;
  CPU_ZERO(&set);
  return sched_getaffinity(0, sizeof set, &set) == 0 && CPU_COUNT(&set) == 1 && CPU_ISSET(cpu, &set) &&
         sched_getcpu() == static_cast<int>(cpu);
}

bool pinTo(unsigned cpu) {
  cpu_set_t set;
  CPU_ZERO(&set);
  CPU_SET(cpu, &set);
  return sched_setaffinity(0, sizeof set, &set) == 0 && runsOnlyOn(cpu);
}

class KernelTxBackend final : public TxBackend, public FrameBuilder {
 public:
  KernelTxBackend(std::shared_ptr<KernelPort> port, unsigned cpu)
      : port_(std::move(port)), queue_(*port_->program, cpu), cpu_(cpu) {}

  std::string name() const override { return "turbo in-kernel"; }
  Status prepare(std::span<const TxPlan>) override {
    // The program finds a call's stream and run through the CPU it runs on.
    if (!runsOnlyOn(cpu_))
      return makeError("in-kernel sender", "the worker does not run on CPU " + std::to_string(cpu_) + " alone");
    refreshClock(monotonicNs());
    return Ok{};
  }
  size_t acquire(size_t, std::span<uint8_t*>) noexcept override { return 0; }
  size_t submit(std::span<const uint16_t>) noexcept override { return 0; }
  std::string lastError() const override { return queue_.lastError(); }
  bool bypassesKernelTaps() const noexcept override { return true; }
  FrameBuilder* builder() noexcept override { return this; }

  uint64_t maxBatch() const noexcept override { return kBatch; }
  void beginRun(size_t stream, uint64_t first, uint64_t stride, const SignatureLane* lane) noexcept override {
    refreshClock(monotonicNs());
    queue_.beginRun(stream, first, stride, lane);
  }
  uint64_t send(size_t stream, uint64_t n, uint64_t& bytes) noexcept override {
    keepClock();
    if (!sink_) {
      const uint64_t sent = queue_.send(stream, n);
      bytes += queue_.sentBytes();
      return sent;
    }
    return inPieces(n, bytes, [&](uint64_t piece) { return queue_.send(stream, piece); });
  }
  uint64_t sendPaced(size_t stream, uint64_t n, uint64_t& nextDueNs, uint64_t intervalNs, uint64_t& bytes) noexcept override {
    keepClock();
    if (!sink_) {
      const uint64_t sent = queue_.sendPaced(stream, n, nextDueNs, intervalNs);
      bytes += queue_.sentBytes();
      return sent;
    }
    return inPieces(n, bytes, [&](uint64_t piece) { return queue_.sendPaced(stream, piece, nextDueNs, intervalNs); });
  }
  void copySentTo(SentSink sink, void* ctx) noexcept override {
    sink_ = sink;
    sinkCtx_ = ctx;
    queue_.setCopying(sink != nullptr);
    queue_.takeCopies([](const xs_copy&) {});  // none left from an earlier capture
  }
  uint64_t copiesLost() const noexcept override { return queue_.copiesLost(); }

 private:
  /// While copying: calls of at most a copy slot's worth of frames, each followed by handing
  /// its copies to the sink.
  template <class Call>
  uint64_t inPieces(uint64_t n, uint64_t& bytes, Call&& call) noexcept {
    uint64_t sent = 0;
    while (sent < n) {
      const uint64_t piece = std::min<uint64_t>(n - sent, XdpTxQueue::kCopySlots);
      const uint64_t got = call(piece);
      sent += got;
      bytes += queue_.sentBytes();
      handCopies();
      if (got < piece) break;
    }
    return sent;
  }
  void handCopies() noexcept {
    std::array<SentFrame, XdpTxQueue::kCopySlots> out;
    size_t k = 0;
    queue_.takeCopies([&](const xs_copy& c) { out[k++] = {c.bytes, c.len, c.sent_ns}; });
    if (k) sink_(sinkCtx_, out.data(), k);
  }
  void refreshClock(uint64_t now) noexcept {
    port_->program->setRealtimeOffset(realtimeMinusMonotonicNs());
    clockSetNs_ = now;
  }
  void keepClock() noexcept {
    if (const uint64_t now = monotonicNs(); now - clockSetNs_ >= kClockRefreshNs) refreshClock(now);
  }

  std::shared_ptr<KernelPort> port_;
  XdpTxQueue queue_;
  unsigned cpu_;
  uint64_t clockSetNs_ = 0;
  SentSink sink_ = nullptr;
  void* sinkCtx_ = nullptr;
};

}  // namespace

Status checkKernelPlans(std::span<const TxPlan> plans) {
  if (plans.empty()) return makeError("in-kernel sender", "no streams to send");
  for (size_t i = 0; i < plans.size(); ++i)
    if (auto k = toKernelPlan(plans[i]); !k) return k.error().withPrefix("streams[" + std::to_string(i) + "]");
  return Ok{};
}

Result<std::vector<std::unique_ptr<TxBackend>>> openKernelBackends(const std::string& iface, std::span<const int> cpus,
                                                                   std::span<const TxPlan> plans) {
  const std::string label = iface + " (in-kernel sender)";
  if (cpus.empty() || std::set<int>(cpus.begin(), cpus.end()).size() != cpus.size())
    return makeError(label, "needs one core per worker, all different (the program keeps its state per core)");
  const unsigned ifindex = if_nametoindex(iface.c_str());
  if (ifindex == 0) return makeError(iface, "no such interface", ErrorKind::kNotFound);
  auto port = std::make_shared<KernelPort>();
  auto program = SenderProgram::load(plans, static_cast<int>(ifindex));
  if (!program) return program.error();
  port->program = std::move(program).value();
  for (int cpu : cpus)
    if (cpu < 0 || static_cast<unsigned>(cpu) >= port->program->cpus())
      return makeError(label, "core " + std::to_string(cpu) + " does not exist");
  auto helper = HelperDevice::attach(port->program->programFd());
  if (!helper) return helper.error();
  port->helper = std::move(helper).value();
  // Live frames on every worker's core (a kernel without them, or a core this process may not
  // use, fails here, not at the first send).
  for (int cpu : cpus) {
    std::string probe = "cannot run on core " + std::to_string(cpu);
    std::thread([&] {
      if (pinTo(static_cast<unsigned>(cpu))) probe = XdpTxQueue(*port->program, static_cast<unsigned>(cpu)).probe();
    }).join();
    if (!probe.empty()) return makeError(label, probe, ErrorKind::kUnavailable);
  }
  std::vector<std::unique_ptr<TxBackend>> out;
  for (int cpu : cpus) out.push_back(std::make_unique<KernelTxBackend>(port, static_cast<unsigned>(cpu)));
  return out;
}

}  // namespace staccato::turbo
