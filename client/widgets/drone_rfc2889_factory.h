#pragma once
/// The RFC 2889 page bound to the drones: the drone probes the CLI uses (DroneAddressProbe,
/// DroneTrafficProbe) over connections of their own to the drones of the chosen ports, with the
/// sessions' addresses and credentials (BenchmarkDrones, as the other tool pages'). Their
/// warnings go to the Workspace's log.
#include "client/widgets/rfc2889_probe_factory.h"

namespace staccato::client {

class DroneRfc2889Factory : public Rfc2889ProbeFactory {
 public:
  explicit DroneRfc2889Factory(Workspace* workspace) : workspace_(workspace) {}
  /// A port of a drone no session holds is an error.
  Result<Opener> create(const Rfc2889Setup& setup) override;

 private:
  Workspace* workspace_;
};

}  // namespace staccato::client
