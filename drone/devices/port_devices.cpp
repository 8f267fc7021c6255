#include "drone/devices/port_devices.h"

#include <pthread.h>

#include <algorithm>
#include <cstdio>

#include "common/core/clock.h"

namespace staccato::drone::devices {
namespace {

constexpr int kPollMs = 20;
constexpr size_t kFrameBuffer = 9216 + 8;

}  // namespace

PortDevices::PortDevices(std::string port, std::unique_ptr<ControlSocket> socket, std::shared_ptr<const HostTable> hosts,
                         Clock clock)
    : port_(std::move(port)), socket_(std::move(socket)), clock_(clock ? std::move(clock) : Clock(monotonicNs)) {
  setHosts(std::move(hosts));
  thread_ = std::jthread([this](std::stop_token st) { run(st); });
  pthread_setname_np(thread_.native_handle(), ("hosts " + port_).substr(0, 15).c_str());
}

PortDevices::~PortDevices() {
  thread_.request_stop();
  changed_.notify_all();
}

void PortDevices::setHosts(std::shared_ptr<const HostTable> hosts) {
  std::lock_guard lock(mu_);
  hosts_ = std::move(hosts);
  table_.clear();
  buildAnnouncements(*hosts_, pending_);
  changed_.notify_all();
}

std::shared_ptr<const HostTable> PortDevices::hosts() {
  std::lock_guard lock(mu_);
  return hosts_;
}

std::vector<Neighbor> PortDevices::neighbors() {
  std::lock_guard lock(mu_);
  return table_.snapshot(clock_());
}

std::string PortDevices::error() {
  std::lock_guard lock(mu_);
  return error_;
}

std::vector<std::optional<Neighbor>> PortDevices::resolve(const std::vector<ResolveTarget>& targets) {
  std::unique_lock lock(mu_);
  std::vector<bool> room(targets.size());
  for (size_t i = 0; i < targets.size(); ++i) room[i] = table_.resolve(targets[i].key, targets[i].host, clock_());
  auto unsettled = [&] {
    for (size_t i = 0; i < targets.size(); ++i) {
      auto n = table_.find(targets[i].key, clock_());
      if (room[i] && n && n->state == NeighborState::kIncomplete) return true;
    }
    return false;
  };
  // The thread probes and settles them; the last probe's answer is due kRetryNs after it.
  const auto limit = std::chrono::steady_clock::now() + std::chrono::nanoseconds(kRetryNs * (kMaxTries + 1));
  while (unsettled() && std::chrono::steady_clock::now() < limit && !thread_.get_stop_token().stop_requested())
    changed_.wait_for(lock, std::chrono::milliseconds(50));
  std::vector<std::optional<Neighbor>> out;
  for (size_t i = 0; i < targets.size(); ++i)
    out.push_back(room[i] ? table_.find(targets[i].key, clock_()) : std::nullopt);
  return out;
}

void PortDevices::ask(const std::vector<Probe>& probes) {
  std::lock_guard lock(mu_);
  for (const Probe& p : probes) {
    pending_.emplace_back();
    buildProbe(p, *hosts_, pending_.back());
  }
  changed_.notify_all();
}

void PortDevices::sendAll(std::vector<std::vector<uint8_t>>& frames) {
  for (const auto& f : frames) {
    auto s = socket_->send(f);
    std::lock_guard lock(mu_);
    error_ = s ? "" : s.error().message;  // the last send tells whether the path works
  }
  frames.clear();
}

void PortDevices::run(std::stop_token stop) {
  std::vector<uint8_t> buf(kFrameBuffer);
  std::vector<std::vector<uint8_t>> out;
  while (!stop.stop_requested()) {
    auto got = socket_->receive(buf, kPollMs);
    std::unique_lock lock(mu_);
    if (!got) {
      error_ = got.error().message;
    } else if (*got > 0) {
      error_.clear();
      const size_t before = table_.size();
      responder_.handle({buf.data(), *got}, *hosts_, table_, clock_(), out);
      if (table_.pending() || table_.size() != before) changed_.notify_all();
    }
    std::vector<Probe> probes = table_.due(clock_());
    for (const Probe& p : probes) {
      out.emplace_back();
      buildProbe(p, *hosts_, out.back());
    }
    if (!pending_.empty()) {
      out.insert(out.end(), std::make_move_iterator(pending_.begin()), std::make_move_iterator(pending_.end()));
      pending_.clear();
    }
    changed_.notify_all();
    lock.unlock();
    sendAll(out);
  }
}

}  // namespace staccato::drone::devices
