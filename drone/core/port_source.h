#pragma once
/// Where a drone's ports come from and how their engines open: the host's interfaces
/// (drone/system/SystemPortSource) or fake ones (drone/fake/FakePortSource, for tests and for
/// trying the drone without privileges). Everything above it, every rule of the drone, is the same.
#include <map>
#include <memory>
#include <span>
#include <string>
#include <vector>

#include "common/core/result.h"
#include "common/stream/tx_backend.h"
#include "drone/capture/capture_sink.h"
#include "drone/capture/capture_spec.h"
#include "drone/devices/control_socket.h"
#include "drone/port/kernel_stats.h"
#include "drone/port/port_info.h"
#include "drone/port/xdp_features.h"
#include "drone/rx/signature_receiver.h"

namespace staccato::drone {

/// An AF_XDP binding mode to try.
enum class TurboMode { kZeroCopy, kCopy };

class PortSource {
 public:
  virtual ~PortSource() = default;

  /// The ports there are now, sorted by name; an error when they cannot be read (which says
  /// nothing about whether they are there).
  virtual Result<std::vector<PortInfo>> discover() = 0;
  /// Interface counters of every port (what the kernel counted), by name.
  virtual Result<std::map<std::string, LinkCounters>> counters() = 0;
  /// The driver's XDP features (unknown: known = false).
  virtual XdpFeatures xdpFeatures(const PortInfo& port) = 0;
  /// Whether AF_XDP turbo transmit and receive exist at all in this drone.
  virtual bool hasTurbo() const = 0;

  virtual Result<std::unique_ptr<TxBackend>> openPcapTx(const PortInfo& port) = 0;
  /// One AF_XDP queue, its memory sized for `plans`; fails when the mode cannot bind.
  virtual Result<std::unique_ptr<TxBackend>> openTurboTx(const PortInfo& port, uint32_t queue, TurboMode mode,
                                                         std::span<const TxPlan> plans) = 0;
  /// Queue `queue` of a port that receives with turbo, sending through `receiver`'s socket there.
  virtual Result<std::unique_ptr<TxBackend>> openSharedTurboTx(const PortInfo& port, uint32_t queue,
                                                               SignatureReceiver& receiver,
                                                               std::span<const TxPlan> plans) = 0;
  /// The in-kernel engine (turbo/xdp): one backend per core in `cpus` (worker k runs on cpus[k]),
  /// all sharing a sender loaded with `plans`; fails saying why (a stream it cannot run in the
  /// kernel, no live frames, no rights).
  virtual Result<std::vector<std::unique_ptr<TxBackend>>> openKernelTx(const PortInfo& port, std::span<const int> cpus,
                                                                       std::span<const TxPlan> plans) = 0;
  virtual Result<std::unique_ptr<SignatureReceiver>> openPcapRx(const PortInfo& port) = 0;
  virtual Result<std::unique_ptr<SignatureReceiver>> openTurboRx(const PortInfo& port) = 0;
  /// In-kernel receive counting: an XDP program (`atTc`: a tc ingress program) counts signature
  /// frames in maps (turbo/xdp).
  virtual Result<std::unique_ptr<SignatureReceiver>> openXdpCountRx(const PortInfo& port, bool atTc) = 0;
  /// The reflector (PortConfig.reflect): test frames go back out of the port, swapped as `how` says.
  virtual Result<std::unique_ptr<SignatureReceiver>> openReflector(const PortInfo& port, v1::PortConfig::Reflect how) = 0;
  /// A capture engine handing what crosses the port (as `spec` asks; frames cut to `snapLength`)
  /// to `sink`, which outlives it.
  virtual Result<std::unique_ptr<CaptureEngine>> openCapture(const PortInfo& port, const CaptureSpec& spec,
                                                             uint32_t snapLength, CaptureSink& sink) = 0;
  /// The low-rate path of the port's emulated hosts (ARP, neighbour discovery, echo).
  virtual Result<std::unique_ptr<devices::ControlSocket>> openControl(const PortInfo& port) = 0;
};

}  // namespace staccato::drone
