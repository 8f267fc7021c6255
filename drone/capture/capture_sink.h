#pragma once
/// Where captured frames go: a capture's store. Engines (libpcap, fake ports) and the turbo
/// receive thread hand frames to it from their own threads.
#include <cstdint>
#include <span>
#include <string>

namespace staccato::drone {

/// What a captured frame carries besides its bytes.
enum CaptureFlags : uint8_t {
  kCapturedInbound = 1,       ///< received (pcapng epb_flags direction 01)
  kCapturedOutbound = 2,      ///< sent (10)
  kCapturedByTurboRx = 4,     ///< counted by turbo receive, which took it before the kernel's taps
  kCapturedUnfiltered = 8,    ///< the capture's filter was not applied yet (only libpcap's kernel filter is)
};

struct CapturedFrame {
  const uint8_t* data = nullptr;
  uint32_t length = 0;      ///< bytes at data (may be cut short of wireLength)
  uint32_t wireLength = 0;  ///< on the wire, without FCS
  uint64_t realtimeNs = 0;  ///< arrival or departure time
  uint8_t flags = 0;        ///< CaptureFlags
};

class CaptureSink {
 public:
  virtual ~CaptureSink() = default;
  /// Frames valid only during the call. Any thread; never blocks for long.
  virtual void onCaptured(std::span<const CapturedFrame> frames) noexcept = 0;
  /// The engine can capture no more (e.g. its interface went away).
  virtual void onCaptureError(const std::string& message) noexcept = 0;
  /// Nothing more will be kept (the packet or byte bound was reached): engines may stop reading.
  virtual bool complete() const noexcept = 0;
};

/// Where frames that engines take past the kernel's taps go (turbo receive takes signature
/// frames before them; AF_XDP transmit never passes them): a port's capture, or nowhere.
class CaptureTaps {
 public:
  virtual ~CaptureTaps() = default;
  /// Frames the port receives / sends past the kernel's taps go to these (null: nowhere).
  /// Returns once no engine uses the previous ones.
  virtual void setTaps(const std::string& port, CaptureSink* received, CaptureSink* sent) = 0;
};

/// A running capture engine: captures into its sink from its own thread until destroyed.
class CaptureEngine {
 public:
  virtual ~CaptureEngine() = default;
  /// Frames the kernel had no room for (the capture socket's buffer was full).
  virtual uint64_t kernelDropped() const { return 0; }
};

}  // namespace staccato::drone
