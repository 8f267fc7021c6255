#pragma once
/// A synchronous connection to one drone: channel + stub + the per-call metadata (access
/// token, protocol version). Used by the CLI; the GUI wraps it off its main thread.
#include <grpcpp/grpcpp.h>

#include <cstdint>
#include <memory>
#include <string>

#include "common/core/result.h"
#include "rpc/drone_address.h"
#include "staccato/v1/drone.grpc.pb.h"

namespace staccato::client {

/// The protocol version this client speaks (sent in every call's metadata and in GetVersion).
inline constexpr uint32_t kClientProtocolMajor = 1;
inline constexpr uint32_t kClientProtocolMinor = 2;

/// Where a drone listens unless told otherwise.
inline constexpr const char* kDefaultDroneTarget = rpc::kDefaultDroneAddress;
inline constexpr const char* kRouterLabTarget = rpc::kRouterLabAddress;

/// A target as users type it: "host" gets the default port 7878; "fake-lab" is the fake lab's
/// socket (rpc::fakeLabAddress); "host:port", "[v6]:port" and "unix:/path" and a fleet name
/// "@lab-a" stay as they are.
std::string withDefaultPort(std::string target);

struct DroneAddress {
  std::string target = kDefaultDroneTarget;  ///< HOST:PORT, or unix:/PATH for a drone's unix socket
  std::string token;      ///< empty = none
  bool tls = false;
  std::string caCertFile; ///< TLS: trust this CA (PEM); empty = system roots
  /// The user said the token may cross the network in clear text to this drone (without it, a
  /// token goes only to a local drone or over TLS).
  bool plaintextToken = false;
  /// Its name in a fleet file ("" = none): what the GUI calls it ("@lab-a"), rather than the
  /// host name the drone gives (several drones may run on hosts of one name).
  std::string fleetName;
};

/// Whether `address` may carry its token: printable, and over TLS unless the drone is on this
/// host or the user allowed clear text for it. The error says how to fix it.
Status checkTokenTransport(const DroneAddress& address);

class DroneConnection {
 public:
  /// Refuses an address whose token checkTokenTransport refuses: nothing is sent then.
  static Result<std::unique_ptr<DroneConnection>> open(const DroneAddress& address);

  v1::Drone::Stub& stub() { return *stub_; }
  /// A context carrying token and version; `deadlineSeconds` 0 = none (streaming calls).
  std::unique_ptr<grpc::ClientContext> context(double deadlineSeconds = 10) const;
  const DroneAddress& address() const { return address_; }
  /// A client id for reservations: $STACCATO_CLIENT_ID, else user@host.
  static std::string clientId();

 private:
  DroneAddress address_;
  std::shared_ptr<grpc::Channel> channel_;
  std::unique_ptr<v1::Drone::Stub> stub_;
};

/// "UNAVAILABLE: ..." style text for a failed call, with a hint for the usual causes.
std::string describe(const grpc::Status& status, const std::string& target);

}  // namespace staccato::client
