#pragma once
/// A whole drone inside the calling process: the real DroneCore and DroneService over simulated
/// ports, listening on a unix socket of its own. Clients (the GUI's session, the CLI's code,
/// tests) talk to it as to any drone; it can go away and come back on the same address.
#include <grpcpp/grpcpp.h>

#include <memory>
#include <string>
#include <vector>

#include "common/core/result.h"
#include "drone/core/drone_core.h"
#include "drone/fake/fake_port_source.h"
#include "drone/service/drone_server.h"
#include "drone/service/drone_service.h"

namespace staccato::drone {

struct InProcessDroneOptions {
  std::vector<fake::FakePortSpec> ports = fake::fakePair("a", "b");
  std::string hostname;  ///< what GetVersion calls it ("" = the host's name)
  std::string token;  ///< required of clients when not empty
  DroneCoreOptions core;
};

class InProcessDrone {
 public:
  explicit InProcessDrone(InProcessDroneOptions options = {});
  ~InProcessDrone();

  /// Listens (again) on the drone's address.
  Status start();
  /// The drone goes away (calls in flight are cancelled); its ports keep their state.
  void stop();
  bool listening() const { return server_ != nullptr; }
  /// "unix:/tmp/staccato-drone-XXXXXX/drone.sock"
  std::string target() const { return "unix:" + socket_; }
  DroneCore& core() { return *core_; }
  fake::FakePortSource& ports() { return *ports_; }

 private:
  InProcessDroneOptions options_;
  std::string dir_, socket_;
  fake::FakePortSource* ports_ = nullptr;  ///< owned by core_
  std::unique_ptr<DroneCore> core_;
  std::unique_ptr<DroneService> service_;
  std::unique_ptr<DroneServer> server_;
};

}  // namespace staccato::drone
