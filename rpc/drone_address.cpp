#include "rpc/drone_address.h"

#include <arpa/inet.h>
#include <netdb.h>
#include <netinet/in.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <cstdlib>

#include "common/core/error_text.h"

namespace staccato::rpc {

std::string fakeLabAddress() {
  const char* runtime = std::getenv("XDG_RUNTIME_DIR");
  const std::string dir = runtime && runtime[0] == '/' ? std::string(runtime) : "/tmp/staccato-" + std::to_string(::geteuid());
  return "unix:" + dir + "/staccato-fake-lab.sock";
}

Status checkPrivateDirectory(const std::string& dir) {
  struct stat st {};
  if (::lstat(dir.c_str(), &st) != 0) return makeError(dir, "cannot be read: " + errorText(errno), ErrorKind::kNotFound);
  if (!S_ISDIR(st.st_mode)) return makeError(dir, "is not a directory (a link or a file): remove it");
  if (st.st_uid != ::geteuid() && st.st_uid != 0)
    return makeError(dir, "belongs to uid " + std::to_string(st.st_uid) +
                              ", not to you: another user may have put a socket there first; remove it (as root) or "
                              "choose another --listen path",
                     ErrorKind::kDenied);
  if (st.st_mode & 077)
    return makeError(dir, "may be entered by other users (mode " + std::to_string((st.st_mode >> 6) & 7) +
                              std::to_string((st.st_mode >> 3) & 7) + std::to_string(st.st_mode & 7) + "): chmod 700 it",
                     ErrorKind::kDenied);
  return Ok{};
}

bool isUnixAddress(const std::string& address) { return address.rfind("unix:", 0) == 0; }

std::string unixAddressPath(const std::string& address) {
  std::string path = address.substr(5);
  if (path.rfind("//", 0) == 0) path.erase(0, 2);
  return path;
}

namespace {

bool loopback(const sockaddr* a) {
  if (a->sa_family == AF_INET) return (ntohl(reinterpret_cast<const sockaddr_in*>(a)->sin_addr.s_addr) >> 24) == 127;
  if (a->sa_family != AF_INET6) return false;
  const in6_addr& v6 = reinterpret_cast<const sockaddr_in6*>(a)->sin6_addr;
  if (IN6_IS_ADDR_LOOPBACK(&v6)) return true;
  return IN6_IS_ADDR_V4MAPPED(&v6) && v6.s6_addr[12] == 127;
}

}  // namespace

bool isLoopbackAddress(const std::string& address) {
  if (isUnixAddress(address)) return false;
  std::string host = address.substr(0, address.rfind(':'));
  if (!host.empty() && host.front() == '[') host = host.substr(1, host.size() - 2);
  if (host.empty()) return false;
  // From the address itself, never from how the name looks ("127.0.0.1.lab-a.example" is a host
  // elsewhere): a numeric address as it is, "localhost" only when every address it names is one.
  addrinfo hints{};
  hints.ai_family = AF_UNSPEC;
  hints.ai_flags = host == "localhost" ? 0 : AI_NUMERICHOST;
  addrinfo* found = nullptr;
  if (::getaddrinfo(host.c_str(), nullptr, &hints, &found) != 0) return false;
  bool all = found != nullptr;
  for (const addrinfo* a = found; a; a = a->ai_next) all = all && loopback(a->ai_addr);
  ::freeaddrinfo(found);
  return all;
}

}  // namespace staccato::rpc
