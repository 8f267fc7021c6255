// The turbo receive engine: turbo::TurboRx stamps and hands over signature frames; one thread
// drains every receive queue into the table. Arrival stamps are CLOCK_MONOTONIC (all XDP has);
// they become realtime, the signature's clock, by an offset read once per batch. The frames it
// takes never reach the kernel's taps: while a capture of the port runs, each batch is copied to
// it too (when none runs, the cost is one atomic load per batch).
#include <algorithm>
#include <array>
#include <atomic>
#include <thread>

#include "common/core/thread_affinity.h"
#include "drone/rx/clock_refresh.h"
#include "drone/rx/signature_receiver.h"
#include "common/core/clock.h"
#ifdef STACCATO_HAVE_TURBO
#include "turbo/rx/turbo_rx.h"
#endif

namespace staccato::drone {

#ifdef STACCATO_HAVE_TURBO
namespace {

constexpr int kIdleWaitMs = 50;  // also bounds how long a clear or a stop waits

class TurboSignatureReceiver final : public SignatureReceiver, private turbo::RxFrameSink {
 public:
  TurboSignatureReceiver(std::shared_ptr<turbo::TurboRx> rx, const std::string& iface, bool userTimestamps)
      : SignatureReceiver(userTimestamps), rx_(std::move(rx)), name_("rx " + iface),
        thread_([this](std::stop_token st) { run(st); }) {}
  ~TurboSignatureReceiver() override {
    thread_.request_stop();
    thread_.join();
  }

  std::string engine() const override { return std::string("turbo-") + rx_->hook(); }
  std::shared_ptr<turbo::TurboRx> turboQueues() const override { return rx_; }
  std::string engineTimestamps() const override { return "XDP"; }
  uint64_t dropped() const override { return rx_->dropped() - droppedAtClear_.load(std::memory_order_relaxed); }

 private:
  void run(std::stop_token st) {
    nameCurrentThread(name_.c_str());
    ClockRefresh clock;
    while (!st.stop_requested()) {
      serviceClear();
      if (rx_->drain(*this) == 0) rx_->wait(kIdleWaitMs);
      if (clock.due()) (void)rx_->setRealtimeOffset(realtimeMinusMonotonicNs());  // a failure keeps the last offset
    }
  }

  void onFrames(const turbo::RxFrame* frames, size_t n) noexcept override {
    const uint64_t now = realtimeNs();
    const uint64_t monoToReal = static_cast<uint64_t>(realtimeMinusMonotonicNs());
    for (size_t i = 0; i < n; ++i) {
      const turbo::RxFrame& f = frames[i];
      onFrame(f.data, f.len, f.len, f.arrivalMonoNs ? f.arrivalMonoNs + monoToReal : now);
    }
    if (CaptureSink* capture = tap()) copyToCapture(*capture, frames, n, now, monoToReal);
  }

  /// A capture of the port runs: it gets the frames the XDP program took from the kernel.
  static void copyToCapture(CaptureSink& capture, const turbo::RxFrame* frames, size_t n, uint64_t now,
                            uint64_t monoToReal) noexcept {
    constexpr size_t kChunk = 64;
    std::array<CapturedFrame, kChunk> out;
    for (size_t i = 0; i < n; i += kChunk) {
      const size_t m = std::min(kChunk, n - i);
      for (size_t k = 0; k < m; ++k) {
        const turbo::RxFrame& f = frames[i + k];
        out[k] = {f.data, f.len, f.len, f.arrivalMonoNs ? f.arrivalMonoNs + monoToReal : now,
                  uint8_t{kCapturedInbound | kCapturedByTurboRx | kCapturedUnfiltered}};
      }
      capture.onCaptured({out.data(), m});
    }
  }

  void onClear() noexcept override { droppedAtClear_.store(rx_->dropped(), std::memory_order_relaxed); }

  std::shared_ptr<turbo::TurboRx> rx_;
  std::string name_;
  std::atomic<uint64_t> droppedAtClear_{0};
  std::jthread thread_;  // last: starts after everything it uses exists
};

}  // namespace

Result<std::unique_ptr<SignatureReceiver>> SignatureReceiver::openTurbo(const PortInfo& port, const RxOptions& options) {
  auto rx = turbo::TurboRx::open(
      {.iface = port.name, .queues = port.rxQueues, .mtu = port.mtu, .speedMbps = port.speedMbps,
       .realtimeMinusMonoNs = realtimeMinusMonotonicNs()});
  if (!rx) return rx.error();
  return std::unique_ptr<SignatureReceiver>(new TurboSignatureReceiver(std::move(rx).value(), port.name, options.userTimestamps));
}

#else

Result<std::unique_ptr<SignatureReceiver>> SignatureReceiver::openTurbo(const PortInfo& port, const RxOptions&) {
  return makeError(port.name, "this drone was built without turbo (libxdp, libbpf and clang were missing)",
                   ErrorKind::kUnavailable);
}

#endif

}  // namespace staccato::drone
