#pragma once
/// One port's capture: its spec, its store, its share of the capture memory, and its state.
/// Frames arrive from the capture engine's thread and from the turbo receive thread (a lock
/// per batch guards the store); clients read its status and, once it no longer runs, its
/// frames (no lock: nothing writes any more).
#include <atomic>
#include <memory>
#include <mutex>
#include <string>

#include "common/core/memory_budget.h"
#include "drone/capture/capture_filter.h"
#include "drone/capture/capture_sink.h"
#include "drone/capture/capture_spec.h"
#include "drone/capture/capture_store.h"
#include "staccato/v1/drone.pb.h"

namespace staccato::drone {

class Capture final : public CaptureSink {
 public:
  Capture(std::string port, CaptureSpec spec, std::shared_ptr<const CaptureFilter> filter, uint32_t snapLength,
          MemoryBudget::Lease memory);

  void onCaptured(std::span<const CapturedFrame> frames) noexcept override;
  void onCaptureError(const std::string& message) noexcept override;

  /// Ends a running capture: STOPPED by a client, or FAILED with `error`. The first end counts.
  void end(v1::PortCapture::State state, const std::string& error = "");
  /// Running, or ended: from then on nothing is added.
  bool running() const;
  /// The packet or byte bound was reached: its engine may stop reading.
  bool complete() const noexcept override { return complete_.load(std::memory_order_relaxed); }
  /// The engine's count of frames the kernel dropped (kept after the engine is gone).
  void setKernelDropped(uint64_t n) { kernelDropped_.store(n, std::memory_order_relaxed); }

  v1::PortCapture status() const;
  const std::string& port() const { return port_; }
  /// Of the drone's capture memory, what it holds.
  size_t memoryBytes() const { return memory_.bytes(); }
  const CaptureSpec& spec() const { return spec_; }
  /// Its frames, oldest first; only once it no longer runs (see running()).
  const CaptureStore& store() const { return store_; }

 private:
  const std::string port_;
  const CaptureSpec spec_;
  const std::shared_ptr<const CaptureFilter> filter_;
  const uint32_t snapLength_;
  MemoryBudget::Lease memory_;
  const uint64_t startedNs_;

  mutable std::mutex mu_;
  CaptureStore store_;
  uint64_t seen_ = 0;
  v1::PortCapture::State state_ = v1::PortCapture::RUNNING;
  std::string error_;
  uint64_t endedNs_ = 0;
  std::atomic<bool> complete_{false};
  std::atomic<uint64_t> kernelDropped_{0};
};

}  // namespace staccato::drone
