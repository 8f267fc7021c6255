#include "drone/core/transmitter.h"

#include <chrono>
#include <thread>

#include "common/core/log.h"

namespace staccato::drone {

Transmitter::~Transmitter() {
  for (auto& [name, tx] : ports_)
    if (tx.session) tx.session->requestStop();
  ports_.clear();  // joins the workers before the closer goes
}

bool Transmitter::transmitting(const std::string& port) {
  const PortTx& tx = ports_[port];
  return tx.starting || (tx.session && !tx.session->finished());
}

void Transmitter::reap(const std::string& port) {
  PortTx& tx = ports_[port];
  std::vector<std::unique_ptr<TxWorker>> released;
  // Only when the workers are released (once): an error cleared since (ClearStats, the port
  // plugged back in) stays cleared.
  if (!tx.session || !tx.session->releaseIfFinished(released) || released.empty()) return;
  closer_.close(std::move(released));
  if (std::string e = tx.session->error(); !e.empty() && tx.error.empty()) tx.error = e;
}

PendingStart Transmitter::begin(const PortEntry& port, PlanList plans, std::shared_ptr<SignatureReceiver> turboReceiver) {
  PortTx& tx = ports_[port.info.name];
  reap(port.info.name);
  PendingStart s;
  s.port = port.info.name;
  s.info = port.info;
  s.config = port.config;
  s.job.interleaved = port.config.tx_mode() == v1::PortConfig::INTERLEAVED;
  s.job.lineRateBps = lineRateOf(port);
  s.job.plans = std::move(plans);
  s.job.tap = tx.tap;
  s.cpu = port.cpu;
  s.turboReceiver = std::move(turboReceiver);
  s.afterTurbo = tx.backend.starts_with("turbo");
  tx.session.reset();
  tx.starting = true;
  return s;
}

void Transmitter::open(PendingStart& s) {
  // AF_XDP sockets of the last run hold the queues the new ones bind: closed first. (Packet
  // sockets hold nothing: a new run need not wait for them.)
  if (s.afterTurbo) closer_.drain();
  s.chosen = openBackends(source_, s.info, s.config, *s.job.plans, s.cpu, s.turboReceiver.get());
}

void Transmitter::abandon(const PendingStart& s) { ports_[s.port].starting = false; }

void Transmitter::finish(PendingStart& s, uint64_t lease, const std::string& client, const v1::RunLabel& run) {
  PortTx& tx = ports_[s.port];
  tx.startedBy = client;
  tx.run = run;
  tx.startsAtNs = s.job.startNs;
  tx.starting = false;
  if (s.chosen->name == "pcap" && s.config.backend() == v1::PortConfig::BACKEND_AUTO && source_.hasTurbo())
    log::notice(s.port + ": " + s.chosen->reason);
  tx.streams.clear();
  for (const TxPlan& plan : *s.job.plans) tx.streams.push_back({plan.streamId, plan.tracked});
  tx.error.clear();
  tx.backend = s.chosen->name;
  tx.reason = s.chosen->reason;
  tx.lease = lease;
  tx.cpus = s.chosen->cpus;
  tx.plans = s.job.plans;
  tx.rates = s.job.rates = std::make_shared<RateControl>();
  tx.session = std::make_shared<TxSession>(std::move(s.chosen->queues), s.job, s.chosen->cpus);
}

std::vector<std::shared_ptr<TxSession>> Transmitter::requestStop(const std::vector<std::string>& ports) {
  std::vector<std::shared_ptr<TxSession>> sessions;
  for (const std::string& port : ports)
    if (auto& session = ports_[port].session) {
      session->requestStop();
      sessions.push_back(session);
    }
  return sessions;
}

void Transmitter::waitFinished(const std::vector<std::shared_ptr<TxSession>>& sessions) {
  for (const auto& s : sessions)
    while (!s->finished()) std::this_thread::sleep_for(std::chrono::milliseconds(1));
}

uint64_t Transmitter::busyCores() {
  uint64_t cores = 0;
  for (auto& [name, tx] : ports_)
    if (transmitting(name))
      for (int cpu : tx.cpus)
        if (cpu >= 0 && cpu < 64) cores |= uint64_t{1} << cpu;
  return cores;
}

std::vector<std::string> Transmitter::leasedTo(uint64_t lease) {
  std::vector<std::string> out;
  for (auto& [name, tx] : ports_)
    if (tx.lease == lease && transmitting(name)) out.push_back(name);
  return out;
}

void Transmitter::setTap(const std::string& port, CaptureSink* sink) { ports_[port].tap->set(sink); }

void Transmitter::forget(const std::string& port) {
  reap(port);  // its sockets close on the closer's thread, not under the lock
  PortTx& tx = ports_[port];
  tx.session.reset();
  tx.streams.clear();
}

void Transmitter::clearCounters(const std::string& port) {
  PortTx& tx = ports_[port];
  if (tx.session && !transmitting(port)) tx.session->clearCounters();
  tx.error.clear();
}

}  // namespace staccato::drone
