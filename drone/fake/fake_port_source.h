#pragma once
/// Fake ports: pairs of ports joined by a FakeWire, so that what one sends arrives at its
/// peer and is counted there by the drone's real receive code. They need no privileges and no
/// network: the drone's tests run every rule on them, the GUI's tests run the real drone over
/// them, and `staccato-drone --fake-lab` lets anyone try the drone. Their engines stand in for
/// libpcap and (on ports that say so) AF_XDP copy mode on a driver without native XDP.
#include <map>
#include <memory>
#include <mutex>
#include <string>
#include <vector>

#include "drone/core/port_source.h"
#include "drone/fake/fake_control.h"
#include "drone/fake/fake_wire.h"

namespace staccato::drone::fake {

struct FakePortSpec {
  std::string name;
  std::string peer;        ///< the port at the other end of the wire ("" = none: frames vanish)
  uint32_t queues = 1;     ///< transmit and receive queues
  bool turbo = false;      ///< offers AF_XDP (copy mode, generic hook)
  bool inKernel = false;   ///< offers the in-kernel sender (a stand-in that builds frames itself)
  uint64_t speedMbps = 0;  ///< 0 = unknown, as veth says
  std::string driver = "simulated";  ///< what the port list says (the receive choice is per driver)
  size_t inboxFrames = 8192;
  bool lossless = true;    ///< false: frames finding the receiver's inbox full are dropped (missed)
};

/// Two ports `a` <-> `b`, each with `queues` queues and AF_XDP.
std::vector<FakePortSpec> fakePair(const std::string& a, const std::string& b, uint32_t queues = 2);

class FakePortSource final : public PortSource {
 public:
  explicit FakePortSource(std::vector<FakePortSpec> ports);
  ~FakePortSource() override;

  Result<std::vector<PortInfo>> discover() override;
  Result<std::map<std::string, LinkCounters>> counters() override;
  XdpFeatures xdpFeatures(const PortInfo& port) override;
  bool hasTurbo() const override { return true; }
  Result<std::unique_ptr<TxBackend>> openPcapTx(const PortInfo& port) override;
  Result<std::unique_ptr<TxBackend>> openTurboTx(const PortInfo& port, uint32_t queue, TurboMode mode,
                                                 std::span<const TxPlan> plans) override;
  Result<std::unique_ptr<TxBackend>> openSharedTurboTx(const PortInfo& port, uint32_t queue, SignatureReceiver& receiver,
                                                       std::span<const TxPlan> plans) override;
  Result<std::vector<std::unique_ptr<TxBackend>>> openKernelTx(const PortInfo& port, std::span<const int> cpus,
                                                               std::span<const TxPlan> plans) override;
  Result<std::unique_ptr<SignatureReceiver>> openPcapRx(const PortInfo& port) override;
  Result<std::unique_ptr<SignatureReceiver>> openTurboRx(const PortInfo& port) override;
  Result<std::unique_ptr<SignatureReceiver>> openXdpCountRx(const PortInfo& port, bool atTc) override;
  Result<std::unique_ptr<SignatureReceiver>> openReflector(const PortInfo& port, v1::PortConfig::Reflect how) override;
  Result<std::unique_ptr<CaptureEngine>> openCapture(const PortInfo& port, const CaptureSpec& spec, uint32_t snapLength,
                                                     CaptureSink& sink) override;
  Result<std::unique_ptr<devices::ControlSocket>> openControl(const PortInfo& port) override;

  // ---- what a test does to the hardware (the drone notices at its next refresh) ----
  /// The interface goes away: it leaves discover() and sends on it fail.
  void unplug(const std::string& port);
  void plug(const std::string& port);
  /// The port's transmit ring stays full (a stalled NIC): no frame goes out until released.
  void holdTx(const std::string& port, bool held);
  /// The next open of any engine on `port` fails with `error`.
  void failNextOpen(const std::string& port, std::string error);
  /// The next discover() fails with `error` (as when the drone has no descriptor left).
  void failNextDiscovery(std::string error);

  /// One port's state, shared with its engines (which may outlive a refresh).
  struct Port {
    FakePortSpec spec;
    int ifindex = 0;
    std::atomic<bool> plugged{true};
    std::atomic<bool> txHeld{false};       ///< no transmit buffer is free (holdTx)
    FakeCounters counters;
    FakeInbox inbox;
    FakeTap tap;                           ///< what a capture of this port sees
    std::atomic<bool> turboReceives{false};  ///< its receiver stands in for turbo: it takes signature frames
    std::shared_ptr<ControlQueue> control = std::make_shared<ControlQueue>();
    std::shared_ptr<Port> peer;
    explicit Port(FakePortSpec s, int index)
        : spec(std::move(s)), ifindex(index), inbox(spec.inboxFrames, spec.lossless) {}
  };

 private:
  std::shared_ptr<Port> find(const std::string& name);
  Status takeFailure(const std::string& name);

  std::mutex mu_;
  std::map<std::string, std::shared_ptr<Port>> ports_;
  std::map<std::string, std::string> failNext_;
  std::string failDiscovery_;
};

}  // namespace staccato::drone::fake
