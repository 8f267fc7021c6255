#pragma once
/// Each port's capture (one at a time), the engine that feeds it and the drone's capture memory.
/// Not thread-safe: the DroneCore's lock guards it. Engines close (joining their threads)
/// outside that lock: calls that end one hand it back in `closing`.
#include <map>
#include <memory>
#include <string>
#include <vector>

#include "drone/capture/capture.h"
#include "drone/port/port_info.h"

namespace staccato::drone {

/// An engine to close once the DroneCore's lock is released, with the capture it feeds (which
/// must outlive it: the engine's thread may hand it frames until it is joined).
struct ClosingEngine {
  std::shared_ptr<Capture> capture;
  std::unique_ptr<CaptureEngine> engine;  ///< after capture: destroyed first
};
/// Declare before the lock.
using ClosingEngines = std::vector<ClosingEngine>;

class Captures {
 public:
  explicit Captures(size_t memoryBytes);

  /// A capture of the port as `spec` asks, its filter compiled and its memory reserved, not yet
  /// fed: the port is starting until install() or abandon(). An ended capture of the port is
  /// dropped (its memory is free once no fetch holds it).
  Result<std::shared_ptr<Capture>> prepare(const PortInfo& port, const CaptureSpec& spec, CaptureTaps& taps,
                                           ClosingEngines& closing);
  /// The prepared capture runs, fed by `engine`, and through `taps` by what the port's engines
  /// take or send past the kernel's taps (turbo receive, AF_XDP transmit).
  void install(const std::string& port, std::shared_ptr<Capture> capture, std::unique_ptr<CaptureEngine> engine,
               CaptureTaps& taps);
  void abandon(const std::string& port);
  /// Stops the port's capture (it keeps what it holds unless `discard`).
  Status stop(const std::string& port, bool discard, CaptureTaps& taps, ClosingEngines& closing);
  /// The port went away: its capture fails, saying so.
  void vanished(const std::string& port, CaptureTaps& taps, ClosingEngines& closing);
  /// The port's capture (state STATE_NONE when there is none).
  v1::PortCapture status(const std::string& port, CaptureTaps& taps, ClosingEngines& closing);
  /// Ports that hold a capture, sorted.
  std::vector<std::string> ports() const;
  /// The port's capture to read, once it no longer runs.
  Result<std::shared_ptr<const Capture>> fetchable(const std::string& port, CaptureTaps& taps, ClosingEngines& closing);

  size_t memoryBytes() const { return budget_->total(); }
  size_t memoryUsed() const { return budget_->used(); }

 private:
  struct Slot {
    std::shared_ptr<Capture> capture;       ///< null: none
    std::unique_ptr<CaptureEngine> engine;  ///< while it runs (after capture: closes first)
    bool starting = false;
  };
  /// A capture that ended by itself (bound reached, engine error) lets go of its engine and tap.
  void reap(const std::string& port, Slot& slot, CaptureTaps& taps, ClosingEngines& closing);
  /// Ends the slot's capture (if running) as `state`, unhooks it and hands its engine over.
  void end(const std::string& port, Slot& slot, v1::PortCapture::State state, const std::string& error, CaptureTaps& taps,
           ClosingEngines& closing);

  std::shared_ptr<MemoryBudget> budget_;
  std::map<std::string, Slot> slots_;
};

}  // namespace staccato::drone
