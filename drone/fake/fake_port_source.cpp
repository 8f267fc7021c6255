#include "drone/fake/fake_port_source.h"

#include <cstdio>
#include <utility>

#include "drone/fake/fake_engines.h"

namespace staccato::drone::fake {
namespace {

std::string macOf(int index) {
  char mac[18];
  std::snprintf(mac, sizeof mac, "02:00:00:00:00:%02x", index & 0xff);
  return mac;
}

}  // namespace

std::vector<FakePortSpec> fakePair(const std::string& a, const std::string& b, uint32_t queues) {
  return {{.name = a, .peer = b, .queues = queues, .turbo = true}, {.name = b, .peer = a, .queues = queues, .turbo = true}};
}

FakePortSource::FakePortSource(std::vector<FakePortSpec> ports) {
  int index = 100;
  for (auto& spec : ports) {
    const std::string name = spec.name;
    ports_[name] = std::make_shared<Port>(std::move(spec), ++index);
  }
  for (auto& [name, p] : ports_)
    if (auto peer = ports_.find(p->spec.peer); peer != ports_.end()) p->peer = peer->second;
}

FakePortSource::~FakePortSource() {
  for (auto& [name, p] : ports_) p->peer.reset();  // the ports hold each other
}

std::shared_ptr<FakePortSource::Port> FakePortSource::find(const std::string& name) {
  std::lock_guard lock(mu_);
  auto it = ports_.find(name);
  return it == ports_.end() ? nullptr : it->second;
}

Result<std::vector<PortInfo>> FakePortSource::discover() {
  std::lock_guard lock(mu_);
  if (!failDiscovery_.empty()) return makeError("fake ports", std::exchange(failDiscovery_, {}), ErrorKind::kInternal);
  std::vector<PortInfo> out;
  for (auto& [name, p] : ports_) {
    if (!p->plugged.load()) continue;
    PortInfo info;
    info.name = name;
    info.ifindex = p->ifindex;
    info.mac = macOf(p->ifindex);
    info.mtu = 1500;
    info.linkUp = true;
    info.speedMbps = p->spec.speedMbps;
    info.txQueues = info.rxQueues = p->spec.queues;
    info.driver = p->spec.driver;
    info.xdpCapable = p->spec.turbo;
    out.push_back(std::move(info));
  }
  return out;
}

void FakePortSource::failNextDiscovery(std::string error) {
  std::lock_guard lock(mu_);
  failDiscovery_ = std::move(error);
}

Result<std::map<std::string, LinkCounters>> FakePortSource::counters() {
  std::lock_guard lock(mu_);
  std::map<std::string, LinkCounters> out;
  for (auto& [name, p] : ports_)
    if (p->plugged.load()) out[name] = p->counters.read();
  return out;
}

XdpFeatures FakePortSource::xdpFeatures(const PortInfo& info) {
  auto p = find(info.name);
  return {.known = true, .native = false, .redirect = false, .ndoXmit = p && p->spec.inKernel, .zeroCopy = false};
}

Status FakePortSource::takeFailure(const std::string& name) {
  std::lock_guard lock(mu_);
  auto it = failNext_.find(name);
  if (it == failNext_.end()) return Ok{};
  Error e = makeError(name, it->second, ErrorKind::kUnavailable);
  failNext_.erase(it);
  return e;
}

Result<std::unique_ptr<TxBackend>> FakePortSource::openPcapTx(const PortInfo& info) {
  if (auto s = takeFailure(info.name); !s) return s.error();
  auto p = find(info.name);
  if (!p || !p->plugged.load()) return makeError(info.name, "cannot open: no such device", ErrorKind::kUnavailable);
  return fakeTxBackend(p, "pcap");
}

Result<std::unique_ptr<TxBackend>> FakePortSource::openTurboTx(const PortInfo& info, uint32_t queue, TurboMode mode,
                                                               std::span<const TxPlan>) {
  if (auto s = takeFailure(info.name); !s) return s.error();
  auto p = find(info.name);
  if (!p || !p->spec.turbo) return makeError(info.name, "fake port without AF_XDP", ErrorKind::kUnavailable);
  if (mode == TurboMode::kZeroCopy) return makeError(info.name, "fake port without zero-copy", ErrorKind::kUnavailable);
  if (queue >= p->spec.queues) return makeError(info.name, "no tx queue " + std::to_string(queue), ErrorKind::kUnavailable);
  return fakeTxBackend(p, "turbo copy");
}

Result<std::unique_ptr<TxBackend>> FakePortSource::openSharedTurboTx(const PortInfo& info, uint32_t queue,
                                                                     SignatureReceiver& receiver,
                                                                     std::span<const TxPlan> plans) {
  if (receiver.engine().rfind("turbo", 0) != 0)
    return makeError(info.name, "the port does not receive with turbo", ErrorKind::kInternal);
  return openTurboTx(info, queue, TurboMode::kCopy, plans);
}

Result<std::vector<std::unique_ptr<TxBackend>>> FakePortSource::openKernelTx(const PortInfo& info, std::span<const int> cpus,
                                                                             std::span<const TxPlan> plans) {
  if (auto s = takeFailure(info.name); !s) return s.error();
  auto p = find(info.name);
  if (!p || !p->spec.inKernel) return makeError(info.name, "fake port without the in-kernel sender", ErrorKind::kUnavailable);
  for (size_t i = 0; i < plans.size(); ++i)  // as the real sender refuses them
    if (plans[i].replay.active) return makeError("streams[" + std::to_string(i) + "]", "a replay does not run in the kernel");
  std::vector<std::unique_ptr<TxBackend>> out;
  for (size_t k = 0; k < cpus.size(); ++k) out.push_back(fakeBuilderBackend(p));
  return out;
}

Result<std::unique_ptr<SignatureReceiver>> FakePortSource::openPcapRx(const PortInfo& info) {
  if (auto s = takeFailure(info.name); !s) return s.error();
  auto p = find(info.name);
  if (!p) return makeError(info.name, "cannot open for receiving: no such device", ErrorKind::kUnavailable);
  return fakeReceiver(p, "pcap");
}

Result<std::unique_ptr<SignatureReceiver>> FakePortSource::openTurboRx(const PortInfo& info) {
  if (auto s = takeFailure(info.name); !s) return s.error();
  auto p = find(info.name);
  if (!p || !p->spec.turbo) return makeError(info.name, "fake port without AF_XDP", ErrorKind::kUnavailable);
  return fakeReceiver(p, "turbo-generic");
}

Result<std::unique_ptr<SignatureReceiver>> FakePortSource::openXdpCountRx(const PortInfo& info, bool atTc) {
  if (auto s = takeFailure(info.name); !s) return s.error();
  auto p = find(info.name);
  if (!p || !p->spec.inKernel) return makeError(info.name, "fake port without in-kernel counting", ErrorKind::kUnavailable);
  return fakeReceiver(p, atTc ? "tc-count" : "xdp-count");
}

Result<std::unique_ptr<SignatureReceiver>> FakePortSource::openReflector(const PortInfo& info, v1::PortConfig::Reflect) {
  return makeError(info.name, "fake ports cannot reflect (the reflector is an XDP program: use a real interface)",
                   ErrorKind::kUnavailable);
}

Result<std::unique_ptr<CaptureEngine>> FakePortSource::openCapture(const PortInfo& info, const CaptureSpec&, uint32_t,
                                                                   CaptureSink& sink) {
  if (auto s = takeFailure(info.name); !s) return s.error();
  auto p = find(info.name);
  if (!p || !p->plugged.load()) return makeError(info.name, "cannot open for capturing: no such device", ErrorKind::kUnavailable);
  return fakeCaptureEngine(p, sink);
}

Result<std::unique_ptr<devices::ControlSocket>> FakePortSource::openControl(const PortInfo& info) {
  auto p = find(info.name);
  if (!p) return makeError(info.name, "no such fake port", ErrorKind::kNotFound);
  return fakeControlSocket(p->control, p->peer ? p->peer->control : nullptr);
}

void FakePortSource::unplug(const std::string& port) {
  if (auto p = find(port)) p->plugged.store(false);
}

void FakePortSource::plug(const std::string& port) {
  if (auto p = find(port)) p->plugged.store(true);
}

void FakePortSource::holdTx(const std::string& port, bool held) {
  if (auto p = find(port)) p->txHeld.store(held);
}

void FakePortSource::failNextOpen(const std::string& port, std::string error) {
  std::lock_guard lock(mu_);
  failNext_[port] = std::move(error);
}

}  // namespace staccato::drone::fake
