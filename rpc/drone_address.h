#pragma once
/// Where a drone listens, and clients look for it, unless told otherwise: a unix socket only its
/// owner may use (TCP, even on loopback, needs an access token). And the one rule, for the drone
/// and its clients, of which addresses stay on this host.
#include <string>

#include "common/core/result.h"

namespace staccato::rpc {

inline constexpr const char* kDefaultDroneAddress = "unix:/run/staccato/drone.sock";
/// Where a router-lab drone (staccato-drone --router-lab, or the one `staccato --router-lab`
/// starts) listens, so that the GUI, the CLI and scripts all find the same lab.
inline constexpr const char* kRouterLabAddress = "unix:/run/staccato/router-lab.sock";
/// The TCP port of a drone address given as a host alone.
inline constexpr const char* kDefaultTcpPort = "7878";

/// The fake lab's socket (staccato-drone --fake-lab without --listen): in a directory of this
/// user's that nobody else may enter, $XDG_RUNTIME_DIR (or /tmp/staccato-UID), so that another
/// user cannot take the path first. Clients name it "fake-lab".
std::string fakeLabAddress();
inline constexpr const char* kFakeLabName = "fake-lab";
/// Ok when `dir` belongs to this user (or root) and nobody else may enter or write it; the error
/// says what is wrong and how to fix it.
Status checkPrivateDirectory(const std::string& dir);

/// "unix:PATH": a unix socket, local to this host.
bool isUnixAddress(const std::string& address);
/// The socket path of a "unix:" address: "unix:/p" and "unix:///p" give "/p", "unix:p" gives "p".
std::string unixAddressPath(const std::string& address);
/// 127.0.0.0/8 or ::1 with a port ("127.0.0.1:7878", "[::1]:7878"), decided from the address
/// (numeric, or "localhost" when all it resolves to is loopback), never from how a name begins.
bool isLoopbackAddress(const std::string& address);
/// What never leaves this host: a unix socket or a loopback address.
inline bool isLocalAddress(const std::string& address) { return isUnixAddress(address) || isLoopbackAddress(address); }

}  // namespace staccato::rpc
