#include "drone/system/system_port_source.h"

#include "drone/capture/pcap_capture_engine.h"
#include "drone/tx/pcap_backend.h"
#ifdef STACCATO_HAVE_TURBO
#include "turbo/tx/turbo_backend.h"
#include "turbo/xdp/helper_device.h"
#include "turbo/xdp/kernel_tx_backend.h"
#endif

namespace staccato::drone {
namespace {

class SystemPortSource final : public PortSource {
 public:
  SystemPortSource(PortFilter filter, RxOptions rx) : filter_(std::move(filter)), rx_(rx) {
#ifdef STACCATO_HAVE_TURBO
    turbo::HelperDevice::removeLeftovers();  // a killed drone's in-kernel helper devices
#endif
  }

  Result<std::vector<PortInfo>> discover() override {
    auto ports = discoverPorts(filter_);
#ifdef STACCATO_HAVE_TURBO
    // The in-kernel sender's helper devices (when they live in the drone's namespace) are no ports.
    if (ports) std::erase_if(*ports, [](const PortInfo& p) { return turbo::HelperDevice::isHelper(p.name); });
#endif
    return ports;
  }
  Result<std::map<std::string, LinkCounters>> counters() override { return readLinkCounters(); }
  XdpFeatures xdpFeatures(const PortInfo& port) override {
    auto f = queryXdpFeatures(static_cast<unsigned>(port.ifindex));
    return f ? *f : XdpFeatures{};
  }
#ifdef STACCATO_HAVE_TURBO
  bool hasTurbo() const override { return true; }
#else
  bool hasTurbo() const override { return false; }
#endif

  Result<std::unique_ptr<TxBackend>> openPcapTx(const PortInfo& port) override { return openPcapBackend(port.name); }

  Result<std::unique_ptr<TxBackend>> openTurboTx(const PortInfo& port, uint32_t queue, TurboMode mode,
                                                 std::span<const TxPlan> plans) override {
#ifdef STACCATO_HAVE_TURBO
    return turbo::openTurboBackend(
        {port.name, queue, mode == TurboMode::kZeroCopy ? turbo::CopyMode::kZeroCopy : turbo::CopyMode::kCopy}, plans);
#else
    (void)queue, (void)mode, (void)plans;
    return makeError(port.name, "this drone was built without turbo", ErrorKind::kUnavailable);
#endif
  }

  Result<std::unique_ptr<TxBackend>> openSharedTurboTx(const PortInfo& port, uint32_t queue, SignatureReceiver& receiver,
                                                       std::span<const TxPlan> plans) override {
#ifdef STACCATO_HAVE_TURBO
    auto queues = receiver.turboQueues();
    if (!queues) return makeError(port.name, "the port does not receive with turbo", ErrorKind::kInternal);
    return turbo::openSharedTurboBackend(std::move(queues), port.name, queue, plans);
#else
    (void)queue, (void)receiver, (void)plans;
    return makeError(port.name, "this drone was built without turbo", ErrorKind::kUnavailable);
#endif
  }

  Result<std::vector<std::unique_ptr<TxBackend>>> openKernelTx(const PortInfo& port, std::span<const int> cpus,
                                                               std::span<const TxPlan> plans) override {
#ifdef STACCATO_HAVE_TURBO
    return turbo::openKernelBackends(port.name, cpus, plans);
#else
    (void)cpus, (void)plans;
    return makeError(port.name, "this drone was built without turbo", ErrorKind::kUnavailable);
#endif
  }

  Result<std::unique_ptr<SignatureReceiver>> openPcapRx(const PortInfo& port) override {
    return SignatureReceiver::openPcap(port, rx_);
  }
  Result<std::unique_ptr<SignatureReceiver>> openTurboRx(const PortInfo& port) override {
    return SignatureReceiver::openTurbo(port, rx_);
  }
  Result<std::unique_ptr<SignatureReceiver>> openXdpCountRx(const PortInfo& port, bool atTc) override {
    return SignatureReceiver::openXdpCount(port, rx_, atTc);
  }
  Result<std::unique_ptr<SignatureReceiver>> openReflector(const PortInfo& port, v1::PortConfig::Reflect how) override {
    return SignatureReceiver::openReflector(port, how);
  }
  Result<std::unique_ptr<CaptureEngine>> openCapture(const PortInfo& port, const CaptureSpec& spec, uint32_t snapLength,
                                                     CaptureSink& sink) override {
    return openPcapCapture(port.name, spec, snapLength, sink);
  }

  Result<std::unique_ptr<devices::ControlSocket>> openControl(const PortInfo& port) override {
    return devices::openPacketSocket(port.name, port.ifindex);
  }

 private:
  PortFilter filter_;
  RxOptions rx_;
};

}  // namespace

std::unique_ptr<PortSource> systemPortSource(PortFilter filter, RxOptions rx) {
  return std::make_unique<SystemPortSource>(std::move(filter), rx);
}

}  // namespace staccato::drone
