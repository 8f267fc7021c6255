#include "drone/app/in_process_drone.h"

#include <unistd.h>

#include <chrono>
#include <cstdlib>

#include "common/core/log.h"

namespace staccato::drone {

InProcessDrone::InProcessDrone(InProcessDroneOptions options) : options_(std::move(options)) {
  // Named after the drone, so that drones' addresses sort as their names do.
  std::string dir = "/tmp/staccato-drone-" + options_.hostname + (options_.hostname.empty() ? "" : "-") + "XXXXXX";
  if (::mkdtemp(dir.data())) dir_ = dir;
  socket_ = dir_ + "/drone.sock";
  auto source = std::make_unique<fake::FakePortSource>(options_.ports);
  ports_ = source.get();
  core_ = std::make_unique<DroneCore>(std::move(source), options_.core);
  service_ = std::make_unique<DroneService>(*core_, options_.hostname);
  // A drone that cannot listen says so here; its users see listening() false.
  if (auto s = start(); !s) log::error("in-process drone: " + s.error().toString());
}

InProcessDrone::~InProcessDrone() {
  stop();
  service_.reset();
  core_.reset();
  if (!dir_.empty()) ::rmdir(dir_.c_str());
}

Status InProcessDrone::start() {
  if (server_) return Ok{};
  if (dir_.empty()) return makeError("drone", "cannot make a directory for its socket under /tmp", ErrorKind::kInternal);
  ServerOptions server;
  server.listen = target();
  server.policy.protocolMajor = kProtocolMajor;
  server.policy.token = options_.token;
  auto started = DroneServer::start({service_.get()}, server);
  if (!started) return started.error();
  server_ = std::move(started).value();
  return Ok{};
}

void InProcessDrone::stop() {
  if (!server_) return;
  // Stats streams end only when cancelled: the deadline makes Shutdown cancel them.
  server_->shutdown(std::chrono::system_clock::now() + std::chrono::milliseconds(100));
  server_->wait();
  server_.reset();
  ::unlink(socket_.c_str());
}

}  // namespace staccato::drone
