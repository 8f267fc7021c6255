// DroneCore's capture calls: the rules (the port exists, reservations) and the lock; the
// captures themselves are the Captures part's (drone/capture).
#include "drone/core/drone_core.h"
#include "drone/core/drone_errors.h"

namespace staccato::drone {

Status DroneCore::startCapture(const std::string& name, const CaptureSpec& spec, const std::string& client) {
  ClosingEngines closing;  // before the locks: engines close once they are released
  std::shared_ptr<Capture> pending;
  PortInfo info;
  {
    std::lock_guard lock(mu_);
    auto p = table_.find(name);
    if (!p) return p.error();
    if (auto s = table_.checkOwner(**p, client); !s) return s;
    auto prepared = captures_.prepare((*p)->info, spec, taps_, closing);
    if (!prepared) return prepared.error();
    pending = std::move(prepared).value();
    info = (*p)->info;
  }
  // Opening capture sockets waits for the kernel: not under the lock (the port is marked as
  // starting a capture meanwhile).
  auto engine = source_->openCapture(info, spec, frameSnapLength(info), *pending);
  std::lock_guard lock(mu_);
  if (!engine) {
    captures_.abandon(name);
    return engine.error();
  }
  if (!table_.find(name)) {  // gone meanwhile
    captures_.abandon(name);
    closing.push_back({pending, std::move(engine).value()});
    return errors::noSuchPort(name);
  }
  captures_.install(name, std::move(pending), std::move(engine).value(), taps_);
  return Ok{};
}

Status DroneCore::stopCapture(const std::string& name, const std::string& client, bool discard) {
  ClosingEngines closing;
  std::lock_guard lock(mu_);
  PortEntry* p = table_.any(name);  // a port that went away keeps its capture to fetch
  if (!p) return errors::noSuchPort(name);
  if (auto s = table_.checkOwner(*p, client); !s) return s;
  return captures_.stop(name, discard, taps_, closing);
}

Result<v1::CaptureStatusReply> DroneCore::captureStatus(const std::vector<std::string>& ports) {
  ClosingEngines closing;
  std::lock_guard lock(mu_);
  for (const std::string& name : ports)
    if (!table_.any(name)) return errors::noSuchPort(name);
  v1::CaptureStatusReply reply;
  for (const std::string& name : ports.empty() ? captures_.ports() : ports) {
    *reply.add_captures() = captures_.status(name, taps_, closing);
  }
  reply.set_memory_bytes(captures_.memoryBytes());
  reply.set_memory_used(captures_.memoryUsed());
  return reply;
}

Result<std::shared_ptr<const Capture>> DroneCore::fetchCapture(const std::string& name) {
  ClosingEngines closing;
  std::lock_guard lock(mu_);
  if (!table_.any(name)) return errors::noSuchPort(name);
  return captures_.fetchable(name, taps_, closing);
}

}  // namespace staccato::drone
