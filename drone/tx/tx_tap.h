#pragma once
/// A port's capture as its transmit workers see it: frames sent by a backend that bypasses the
/// kernel's taps (AF_XDP) are copied to it after each batch. With no capture running, a worker
/// pays one relaxed load per batch.
#include <atomic>
#include <span>

#include "drone/capture/capture_sink.h"

namespace staccato::drone {

class TxTap {
 public:
  /// Sends later batches to `sink` (null: nowhere). Returns once no worker uses the previous one.
  void set(CaptureSink* sink) noexcept;
  bool active() const noexcept { return sink_.load(std::memory_order_relaxed) != nullptr; }
  /// Hands the frames to the capture, if one runs.
  void capture(std::span<const CapturedFrame> frames) noexcept;

 private:
  std::atomic<CaptureSink*> sink_{nullptr};
  std::atomic<int> users_{0};  ///< workers inside capture()
};

}  // namespace staccato::drone
