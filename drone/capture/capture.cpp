#include "drone/capture/capture.h"

#include "common/core/clock.h"

namespace staccato::drone {

Capture::Capture(std::string port, CaptureSpec spec, std::shared_ptr<const CaptureFilter> filter, uint32_t snapLength,
                 MemoryBudget::Lease memory)
    : port_(std::move(port)), spec_(std::move(spec)), filter_(std::move(filter)), snapLength_(snapLength),
      memory_(std::move(memory)), startedNs_(realtimeNs()), store_(spec_.bound, spec_.limit, memory_.bytes()) {}

void Capture::onCaptured(std::span<const CapturedFrame> frames) noexcept {
  std::lock_guard lock(mu_);
  if (state_ != v1::PortCapture::RUNNING) return;
  for (const CapturedFrame& f : frames) {
    const bool wanted = (f.flags & kCapturedInbound) ? spec_.receives() : spec_.sends();
    if (!wanted || ((f.flags & kCapturedUnfiltered) && !filter_->matches(f))) continue;
    const bool kept = store_.add(f, snapLength_);
    if (kept || !store_.complete()) ++seen_;  // the frame that found the bound reached was not taken
    if (store_.complete()) {
      state_ = v1::PortCapture::DONE;
      endedNs_ = realtimeNs();
      complete_.store(true, std::memory_order_relaxed);
      return;
    }
  }
}

void Capture::onCaptureError(const std::string& message) noexcept { end(v1::PortCapture::FAILED, message); }

void Capture::end(v1::PortCapture::State state, const std::string& error) {
  std::lock_guard lock(mu_);
  if (state_ != v1::PortCapture::RUNNING) return;
  state_ = state;
  error_ = error;
  endedNs_ = realtimeNs();
}

bool Capture::running() const {
  std::lock_guard lock(mu_);
  return state_ == v1::PortCapture::RUNNING;
}

v1::PortCapture Capture::status() const {
  v1::PortCapture s;
  s.set_port(port_);
  describeBound(spec_, s);
  s.set_memory_bytes(memoryBytes());
  s.set_started_ns(startedNs_);
  s.set_kernel_dropped(kernelDropped_.load(std::memory_order_relaxed));
  std::lock_guard lock(mu_);
  s.set_state(state_);
  s.set_error(error_);
  s.set_ended_ns(endedNs_);
  s.set_packets(store_.packets());
  s.set_bytes(store_.bytes());
  s.set_seen(seen_);
  s.set_ring_dropped(store_.dropped());
  s.set_ring_wraps(store_.wraps());
  return s;
}

}  // namespace staccato::drone
