#include "drone/core/port_manager.h"

#include <malloc.h>

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <set>

#include "common/stream/compiler.h"
#include "common/stream/rate.h"
#include "drone/port/kernel_stats.h"
#include "drone/clock.h"
#include "drone/core/backend_choice.h"
#include "drone/core/port_config_check.h"
#include "drone/core/sendable_plans.h"

namespace staccato::drone {
namespace {

constexpr double kDefaultLineRate = 10e9;
constexpr auto kRefreshEvery = std::chrono::seconds(1);

Error notFound(const std::string& port) {
  return makeError("port", "no port '" + port + "' on this drone (see ListPorts / staccato-cli ports)",
                   ErrorKind::kNotFound);
}

}  // namespace

PortManager::PortManager(PortFilter filter, v1::PortConfig defaults, DroneLimits limits)
    : filter_(std::move(filter)), defaults_(std::move(defaults)), limits_(limits) {
  refresh();
  watcher_ = std::jthread([this](std::stop_token st) {
    while (!st.stop_requested()) {
      std::this_thread::sleep_for(kRefreshEvery);
      if (!st.stop_requested()) refresh();
    }
  });
}

PortManager::~PortManager() {
  watcher_.request_stop();
  if (watcher_.joinable()) watcher_.join();
  std::lock_guard lock(mu_);
  for (auto& [name, p] : ports_) p.tx.reset();  // stop and join the workers
}

void PortManager::openReceiver(Port& p) {
  if (!p.config.track_rx()) {
    p.rx.reset();
    p.rxBackend = "off";
    p.rxBackendReason = "track_rx is off";
    return;
  }
  const bool askedTurbo = p.config.rx_backend() == v1::PortConfig::RX_TURBO;
  // Turbo depends on the MTU (frame size) and the receive queues (one socket each): it is
  // tried again when they change.
  const bool shapeChanged = p.info.mtu != p.rxOpenedFor.mtu || p.info.rxQueues != p.rxOpenedFor.rxQueues;
  if (p.rx && p.rxAskedTurbo == askedTurbo && !(askedTurbo && shapeChanged)) return;
  p.rx.reset();  // one engine per port: turbo's sockets would take the frames from pcap's
  p.rxAskedTurbo = askedTurbo;
  p.rxOpenedFor = p.info;
  std::string turboWhyNot;
  if (askedTurbo) {
    if (auto rx = SignatureReceiver::openTurbo(p.info); rx) {
      p.rx = std::move(rx).value();
      p.rxBackendReason = "XDP (" + p.rx->engine().substr(6) + ") + AF_XDP, " + std::to_string(std::max(1u, p.info.rxQueues)) +
                          " receive queue(s)";
    } else {
      turboWhyNot = rx.error().message;
    }
  }
  if (!p.rx) {
    auto rx = SignatureReceiver::openPcap(p.info.name);
    if (!rx) {
      p.rxError = rx.error().toString();
      p.rxBackend = "off";
      p.rxBackendReason = p.rxError;
      return;
    }
    p.rx = std::move(rx).value();
    p.rxBackendReason = askedTurbo ? "libpcap, because turbo receive is not available: " + turboWhyNot
                                   : "libpcap (the default; turbo receive: rx backend TURBO)";
  }
  p.rxError.clear();
  p.rxBackend = p.rx->engine();
}

void PortManager::refresh() {
  std::vector<PortInfo> found = discoverPorts(filter_);
  std::lock_guard lock(mu_);
  std::set<std::string> names;
  for (PortInfo& info : found) {
    names.insert(info.name);
    auto [it, added] = ports_.try_emplace(info.name);
    Port& p = it->second;
    const bool cameBack = !p.present;
    p.info = std::move(info);
    p.present = true;
    if (added) {
      p.config = defaults_;
      p.config.set_track_rx(true);
      p.config.set_tx_mode(v1::PortConfig::SEQUENTIAL);
      p.cpu = static_cast<int>(ports_.size() % std::max(1u, std::thread::hardware_concurrency()));
    }
    if (cameBack) p.error.clear();
    openReceiver(p);
  }
  for (auto& [name, p] : ports_) {
    if (names.count(name) || !p.present) continue;
    p.present = false;
    // Sending, or stopped a moment ago because sends began to fail: say what happened.
    if (p.tx && (transmitting(p) || !p.tx->error().empty())) {
      stopAndReap({&p});
      p.error = "interface " + name + " disappeared while sending; transmit stopped";
    }
    p.rx.reset();
  }
}

Result<PortManager::Port*> PortManager::find(const std::string& name) {
  auto it = ports_.find(name);
  if (it == ports_.end() || !it->second.present) return notFound(name);
  return &it->second;
}

Status PortManager::checkOwner(const Port& p, const std::string& client) const {
  if (!p.reservedBy.empty() && p.reservedBy != client)
    return makeError("port", "port " + p.info.name + " is reserved by " + p.reservedBy +
                                 " (ask them to release it, or release with force)",
                     ErrorKind::kDenied);
  return Ok{};
}

double PortManager::lineRate(const Port& p) const {
  if (p.config.line_rate_bps() > 0) return p.config.line_rate_bps();
  return p.info.speedMbps ? double(p.info.speedMbps) * 1e6 : kDefaultLineRate;
}

void PortManager::reapFinished(Port& p) {
  std::vector<std::unique_ptr<TxWorker>> released;
  if (p.tx && p.tx->releaseIfFinished(released)) {
    closer_.close(std::move(released));
    if (std::string e = p.tx->error(); !e.empty() && p.error.empty()) p.error = e;
  }
}

std::vector<v1::Port> PortManager::listPorts() {
  std::lock_guard lock(mu_);
  std::vector<v1::Port> out;
  for (auto& [name, p] : ports_) {
    if (!p.present) continue;
    reapFinished(p);
    v1::Port m;
    m.set_name(name);
    m.set_mac(p.info.mac);
    m.set_mtu(p.info.mtu);
    m.set_link_up(p.info.linkUp);
    m.set_speed_mbps(p.info.speedMbps);
    m.set_tx_queues(p.info.txQueues);
    m.set_rx_queues(p.info.rxQueues);
    m.set_driver(p.info.driver);
    m.set_xdp_capable(p.info.xdpCapable);
    if (p.backend.empty()) {
      const BackendChoice expected = expectedBackend(p.info, p.config, turboRx(p));
      m.set_backend(expected.name);
      m.set_backend_reason(expected.reason);
    } else {
      m.set_backend(p.backend);
      m.set_backend_reason(p.backendReason);
      m.set_active_queues(static_cast<uint32_t>(p.tx ? p.tx->queues() : 0));
    }
    m.set_rx_backend(p.rxBackend);
    m.set_rx_backend_reason(p.rxBackendReason);
    m.set_reserved_by(p.reservedBy);
    m.set_transmitting(transmitting(p));
    m.set_error(p.error.empty() ? p.rxError : p.error);
    m.set_line_rate_bps(lineRate(p));
    *m.mutable_config() = p.config;
    out.push_back(std::move(m));
  }
  return out;
}

Status PortManager::configurePort(const std::string& name, const v1::PortConfig& config, const std::string& client) {
  std::lock_guard lock(mu_);
  auto p = find(name);
  if (!p) return p.error();
  if (auto s = checkOwner(**p, client); !s) return s;
  if (transmitting(**p)) return makeError("port", name + " is sending; stop it first", ErrorKind::kBusy);
  reapFinished(**p);  // the last run's AF_XDP sockets go, so a new receive engine can bind
  if (auto s = checkPortConfig((*p)->info, config); !s) return s;
  (*p)->config = config;
  (*p)->backend.clear();  // the port list shows what the next start would choose
  openReceiver(**p);
  return Ok{};
}

Status PortManager::canSetStreams(const std::string& name, const std::string& client) {
  std::lock_guard lock(mu_);
  return canSetStreamsLocked(name, client);
}

Status PortManager::canSetStreamsLocked(const std::string& name, const std::string& client) {
  auto p = find(name);
  if (!p) return p.error();
  if (auto s = checkOwner(**p, client); !s) return s;
  if (transmitting(**p)) return makeError("port", name + " is sending; stop it before changing its streams", ErrorKind::kBusy);
  return Ok{};
}

size_t PortManager::streamBytesAvailable(const std::string& name) {
  std::lock_guard lock(mu_);
  return streamBytesAvailableLocked(name);
}

size_t PortManager::streamBytesAvailableLocked(const std::string& name) const {
  size_t others = 0;
  for (const auto& [n, p] : ports_)
    if (n != name) others += p.stored->bytes;
  return others >= limits_.streamMemoryBytes ? 0 : limits_.streamMemoryBytes - others;
}

Status PortManager::setStreams(const std::string& name, rpc::Streams streams, const std::string& client) {
  double rate = 0;
  {
    std::lock_guard lock(mu_);
    auto p = find(name);
    if (!p) return p.error();
    rate = lineRate(**p);
  }
  if (auto s = rpc::checkStreamCount(size_t(streams.size()), kMaxStreamsPerPort); !s) return s;
  // Compiling thousands of streams takes a while: other clients' calls go on meanwhile.
  auto plans = compileAll(streams);  // all or nothing: nothing changes unless every stream compiles
  if (!plans) return plans.error();
  auto stored = std::make_shared<StoredStreams>();
  for (size_t i = 0; i < plans->size(); ++i) {
    const TxPlan& plan = (*plans)[i];
    if (auto s = checkRate(plan, rate); !s) return s.error().withPrefix("streams[" + std::to_string(i) + "]");
    stored->bytes += plan.frameTemplate.size();
  }
  stored->bytes += static_cast<size_t>(streams.SpaceUsedExcludingSelfLong());
  stored->streams = std::move(streams);
  stored->plans = std::move(plans).value();
  std::shared_ptr<const StoredStreams> old;
  {
    std::lock_guard lock(mu_);
    if (auto s = canSetStreamsLocked(name, client); !s) return s;  // things may have changed meanwhile
    if (const size_t left = streamBytesAvailableLocked(name); stored->bytes > left)
      return makeError("streams", "these streams take " + std::to_string(stored->bytes >> 20) + " MiB; the drone's stream "
                                  "memory (" + std::to_string(limits_.streamMemoryBytes >> 20) + " MiB) has " +
                                  std::to_string(left >> 20) + " MiB left (clear other ports' streams, or start the drone "
                                  "with a larger --max-stream-memory)", ErrorKind::kExhausted);
    Port& port = ports_.at(name);
    old = std::exchange(port.stored, std::move(stored));
    // The last run's counts belong to streams that are gone; their ids would also make the
    // receivers' rows ambiguous when another port now sends the same ids.
    reapFinished(port);  // its sockets close on the closer's thread, not under the lock
    port.tx.reset();
    port.txStreamIds.clear();
  }
  const bool large = old->bytes > (size_t{16} << 20);
  old.reset();
  if (large) malloc_trim(0);  // give the freed frames back to the system, not just to malloc
  return Ok{};
}

Result<std::shared_ptr<const rpc::Streams>> PortManager::getStreams(const std::string& name) {
  std::lock_guard lock(mu_);
  auto p = find(name);
  if (!p) return p.error();
  return std::shared_ptr<const rpc::Streams>((*p)->stored, &(*p)->stored->streams);
}

Result<std::vector<PortManager::Port*>> PortManager::owned(const std::vector<std::string>& names,
                                                           const std::string& client) {
  std::vector<Port*> targets;
  for (const std::string& name : names) {
    auto p = find(name);
    if (!p) return p.error();
    if (auto s = checkOwner(**p, client); !s) return s.error();
    targets.push_back(*p);
  }
  return targets;
}

Status PortManager::startTx(const std::vector<std::string>& names, const std::string& client, uint64_t lease) {
  struct Start {
    Port* port;
    PortInfo info;
    v1::PortConfig config;
    TxJob job;
    int cpu;
    bool turboRx, afterTurbo;
    Result<BackendChoice> chosen = makeError("", "not opened");
  };
  std::vector<Start> starts;  // before the lock below: backends that did not start close unlocked
  {
    std::lock_guard lock(mu_);
    // Check every port first: either all start or none does.
    auto targets = owned(names, client);
    if (!targets) return targets.error();
    for (Port* p : *targets) {
      if (transmitting(*p)) return makeError("ports", p->info.name + " is already sending; stop it first", ErrorKind::kBusy);
      if (std::none_of(p->stored->streams.begin(), p->stored->streams.end(), streamEnabled))
        return makeError("ports", p->info.name + " has no enabled streams; set streams first", ErrorKind::kBusy);
    }
    for (Port* p : *targets) {
      TxJob job;
      job.interleaved = p->config.tx_mode() == v1::PortConfig::INTERLEAVED;
      job.lineRateBps = lineRate(*p);
      job.plans = sendablePlans(p->stored->plans);
      reapFinished(*p);
      p->tx.reset();
      p->starting = true;
      starts.push_back({p, p->info, p->config, std::move(job), p->cpu, turboRx(*p), p->backend.starts_with("turbo")});
    }
  }
  // Opening sockets waits for the kernel (seconds on a busy host): not under the lock. The ports
  // are marked as starting meanwhile, so nobody else starts or changes them.
  for (Start& s : starts) {
    // AF_XDP sockets of the last run hold the queues the new ones bind: closed first. (Packet
    // sockets hold nothing: a new run need not wait for them.)
    if (s.afterTurbo) closer_.drain();
    s.chosen = openBackends(s.info, s.config, s.job.plans, s.cpu, s.turboRx);
  }
  std::lock_guard lock(mu_);
  for (Start& s : starts) s.port->starting = false;
  for (Start& s : starts)
    if (!s.chosen) return s.chosen.error();
  for (Start& s : starts) {
    Port* p = s.port;
    if (s.chosen->name == "pcap" && s.config.backend() == v1::PortConfig::BACKEND_AUTO && turboBuiltIn())
      std::fprintf(stderr, "staccato-drone: %s: %s\n", p->info.name.c_str(), s.chosen->reason.c_str());
    p->txStreamIds.clear();
    for (const TxPlan& plan : s.job.plans) p->txStreamIds.push_back(plan.streamId);
    p->error.clear();
    p->backend = s.chosen->name;
    p->backendReason = s.chosen->reason;
    p->lease = lease;
    p->tx = std::make_unique<TxSession>(std::move(s.chosen->queues), s.job, s.chosen->cpus);
  }
  return Ok{};
}

Status PortManager::stopTx(const std::vector<std::string>& names, const std::string& client) {
  std::lock_guard lock(mu_);
  auto targets = owned(names, client);
  if (!targets) return targets.error();
  stopAndReap(*targets);
  return Ok{};
}

void PortManager::stopAndReap(const std::vector<Port*>& ports) {
  for (Port* p : ports)
    if (p->tx) p->tx->requestStop();
  for (Port* p : ports) {
    if (!p->tx) continue;
    while (!p->tx->finished()) std::this_thread::sleep_for(std::chrono::milliseconds(1));
    reapFinished(*p);
  }
}

void PortManager::expireLease(uint64_t lease, const std::string& why) {
  std::lock_guard lock(mu_);
  std::vector<Port*> leased;
  for (auto& [name, p] : ports_)
    if (p.lease == lease && transmitting(p)) leased.push_back(&p);
  stopAndReap(leased);
  for (Port* p : leased) {
    p->error = why;
    std::fprintf(stderr, "staccato-drone: %s: %s\n", p->info.name.c_str(), why.c_str());
  }
}

Status PortManager::clearStats(const std::vector<std::string>& names, const std::string& client) {
  auto kernel = readLinkCounters();
  std::lock_guard lock(mu_);
  auto targets = owned(names, client);
  if (!targets) return targets.error();
  if (names.empty()) {  // every port this client may change: others' reserved ports keep their counts
    for (auto& [n, p] : ports_)
      if (p.present && checkOwner(p, client)) targets->push_back(&p);
  }
  for (Port* p : *targets) {
    if (p->tx && !transmitting(*p)) p->tx->clearCounters();
    if (p->rx) p->rx->clear();
    p->error.clear();
    // Kernel counters cannot be reset: remember where they stood and report from there.
    if (kernel && kernel->count(p->info.name)) p->kernelBaseline = kernel->at(p->info.name);
  }
  return Ok{};
}

Status PortManager::reserve(const std::string& name, const std::string& client) {
  std::lock_guard lock(mu_);
  auto p = find(name);
  if (!p) return p.error();
  if (client.empty()) return makeError("client_id", "say who reserves the port (e.g. user@host)");
  if (auto s = checkOwner(**p, client); !s) return s;
  (*p)->reservedBy = client;
  return Ok{};
}

Status PortManager::release(const std::string& name, const std::string& client, bool force) {
  std::lock_guard lock(mu_);
  auto p = find(name);
  if (!p) return p.error();
  if (!force)
    if (auto s = checkOwner(**p, client); !s) return s;
  (*p)->reservedBy.clear();
  return Ok{};
}

v1::StatsSnapshot PortManager::collect(const std::vector<std::string>& only) {
  auto kernel = readLinkCounters();
  std::lock_guard lock(mu_);
  v1::StatsSnapshot snap;
  snap.set_timestamp_ns(monotonicNs());
  // Which port sends each stream id (to pair receive rows with their sender).
  std::map<uint32_t, std::vector<std::string>> senders;
  for (auto& [name, p] : ports_)
    if (p.present)
      for (uint32_t id : p.txStreamIds) senders[id].push_back(name);
  std::map<std::pair<std::string, uint32_t>, v1::StreamStats*> txRows;
  for (auto& [name, p] : ports_) {
    // A port that vanished while sending stays in the stats, with its error and last counts.
    if ((!p.present && p.error.empty()) || (!only.empty() && std::find(only.begin(), only.end(), name) == only.end()))
      continue;
    reapFinished(p);
    v1::PortStats* ps = snap.add_ports();
    ps->set_port(name);
    if (kernel && kernel->count(name)) {
      const LinkCounters& k = kernel->at(name);
      const LinkCounters& b = p.kernelBaseline;
      auto since = [](uint64_t now, uint64_t base) { return now >= base ? now - base : now; };  // counters can restart
      ps->set_tx_packets(since(k.txPackets, b.txPackets));
      ps->set_tx_bytes(since(k.txBytes, b.txBytes));
      ps->set_rx_packets(since(k.rxPackets, b.rxPackets));
      ps->set_rx_bytes(since(k.rxBytes, b.rxBytes));
      ps->set_tx_dropped(since(k.txDropped, b.txDropped));
      ps->set_rx_dropped(since(k.rxDropped, b.rxDropped));
      ps->set_tx_errors(since(k.txErrors, b.txErrors));
      ps->set_rx_errors(since(k.rxErrors, b.rxErrors));
    }
    ps->set_transmitting(transmitting(p));
    ps->set_error(p.error);
    if (p.rx) ps->set_drone_rx_dropped(p.rx->dropped());
    uint64_t pk = 0, by = 0;
    if (p.tx) {
      for (size_t i = 0; i < p.txStreamIds.size(); ++i) {
        const uint64_t packets = p.tx->packets(i), bytes = p.tx->bytes(i);
        pk += packets;
        by += bytes;
        v1::StreamStats* s = snap.add_streams();
        s->set_tx_port(name);
        s->set_stream_id(p.txStreamIds[i]);
        s->set_tx_packets(packets);
        s->set_tx_bytes(bytes);
        txRows[{name, p.txStreamIds[i]}] = s;
      }
    }
    ps->set_drone_tx_packets(pk);
    ps->set_drone_tx_bytes(by);
  }
  for (auto& [name, p] : ports_) {
    if (!p.present || !p.rx) continue;
    p.rx->forEachStream([&](uint16_t id, const StreamRxStats& rx) {
      v1::StreamStats* s = nullptr;
      auto who = senders.find(id);
      const bool oneSender = who != senders.end() && who->second.size() == 1;
      if (oneSender && txRows.count({who->second[0], id}) && txRows[{who->second[0], id}]->rx_port().empty()) {
        s = txRows[{who->second[0], id}];
      } else {
        if (!only.empty() && std::find(only.begin(), only.end(), name) == only.end()) return;
        s = snap.add_streams();
        s->set_stream_id(id);
        if (oneSender) s->set_tx_port(who->second[0]);
      }
      s->set_rx_port(name);
      s->set_same_clock(oneSender);
      s->set_rx_packets(rx.packets.load(std::memory_order_relaxed));
      s->set_rx_bytes(rx.bytes.load(std::memory_order_relaxed));
      // Sequence numbers cannot show packets lost after the last one that arrived: once this
      // drone's sender of the stream has stopped, what it sent and never arrived is lost too.
      uint64_t lost = rx.sequence.lost();
      if (oneSender && s->tx_packets() > 0 && !transmitting(ports_.at(who->second[0]))) {
        const uint64_t arrived = rx.packets.load(std::memory_order_relaxed) - rx.sequence.duplicates();
        if (s->tx_packets() > arrived) lost = std::max(lost, s->tx_packets() - arrived);
      }
      s->set_lost(lost);
      s->set_duplicates(rx.sequence.duplicates());
      s->set_reordered(rx.sequence.reordered());
      v1::LatencyStats* l = s->mutable_latency();
      l->set_samples(rx.latency.count());
      l->set_min_ns(rx.latency.min());
      l->set_avg_ns(rx.latency.mean());
      l->set_max_ns(rx.latency.max());
      l->set_p50_ns(rx.latency.quantile(0.5));
      l->set_p90_ns(rx.latency.quantile(0.9));
      l->set_p99_ns(rx.latency.quantile(0.99));
      l->set_p999_ns(rx.latency.quantile(0.999));
      l->set_jitter_ns(double(rx.jitterNs.load(std::memory_order_relaxed)));
    });
  }
  return snap;
}

}  // namespace staccato::drone
