#pragma once
/// Where a drone listens, and clients look for it, unless told otherwise: a unix socket only its
/// owner may use (TCP, even on loopback, needs an access token).
namespace staccato::rpc {

inline constexpr const char* kDefaultDroneAddress = "unix:/run/staccato/drone.sock";
/// The TCP port of a drone address given as a host alone.
inline constexpr const char* kDefaultTcpPort = "7878";

}  // namespace staccato::rpc
