#include "client/widgets/benchmark_drones.h"

#include "client/models/qs.h"

namespace staccato::client {

Result<BenchmarkDrones> BenchmarkDrones::of(const Workspace& workspace, const std::vector<std::string>& keys) {
  BenchmarkDrones drones;
  for (const std::string& key : keys) {
    DroneSession* s = workspace.session(qs(key));
    if (!s) return makeError(key, "no drone is connected at this address", ErrorKind::kNotFound);
    drones.addresses_[key] = s->address();
  }
  return drones;
}

Status BenchmarkDrones::connect() {
  if (!map_.empty()) return Ok{};
  for (const auto& [key, address] : addresses_) {
    auto c = DroneConnection::open(address);
    if (!c) {
      map_.clear();  // all or none: a later call tries every drone again
      connections_.clear();
      return c.error();
    }
    map_[key] = c->get();
    connections_.push_back(std::move(*c));
  }
  return Ok{};
}

std::function<void(const std::string&)> benchmarkWarnings(Workspace* workspace, const QString& source) {
  return [workspace, source](const std::string& text) {
    QMetaObject::invokeMethod(workspace, [workspace, source, text] { emit workspace->log(LogLevel::kWarning, source, qs(text)); },
                              Qt::QueuedConnection);
  };
}

}  // namespace staccato::client
