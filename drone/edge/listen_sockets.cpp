#include "drone/edge/listen_sockets.h"

#include <netdb.h>
#include <netinet/in.h>
#include <netinet/tcp.h>
#include <sys/socket.h>
#include <sys/un.h>

#include <cerrno>
#include <cstring>

namespace staccato::drone::edge {
namespace {

constexpr int kBacklog = 4096;  // the kernel caps it at net.core.somaxconn

Result<UniqueFd> bindUnix(const std::string& path) {
  sockaddr_un to{};
  to.sun_family = AF_UNIX;
  if (path.empty() || path.size() >= sizeof to.sun_path)
    return makeError("unix:" + path, "a socket path of 1.." + std::to_string(sizeof to.sun_path - 1) + " bytes");
  std::memcpy(to.sun_path, path.data(), path.size());
  UniqueFd fd(::socket(AF_UNIX, SOCK_STREAM | SOCK_NONBLOCK | SOCK_CLOEXEC, 0));
  if (!fd || ::bind(fd.get(), reinterpret_cast<sockaddr*>(&to), sizeof to) != 0 || ::listen(fd.get(), kBacklog) != 0)
    return makeError("unix:" + path, std::string("cannot listen: ") + std::strerror(errno));
  return fd;
}

int portOf(int fd) {
  sockaddr_storage ss{};
  socklen_t len = sizeof ss;
  ::getsockname(fd, reinterpret_cast<sockaddr*>(&ss), &len);
  return ntohs(ss.ss_family == AF_INET ? reinterpret_cast<sockaddr_in&>(ss).sin_port
                                       : reinterpret_cast<sockaddr_in6&>(ss).sin6_port);
}

void setPort(sockaddr* a, int port) {
  if (a->sa_family == AF_INET) reinterpret_cast<sockaddr_in*>(a)->sin_port = htons(static_cast<uint16_t>(port));
  else reinterpret_cast<sockaddr_in6*>(a)->sin6_port = htons(static_cast<uint16_t>(port));
}

}  // namespace

Result<Listeners> listenUnix(const std::string& path) {
  auto fd = bindUnix(path);
  if (!fd) return fd.error();
  Listeners out;
  out.fds.push_back(std::move(fd).value());
  out.local = true;
  return out;
}

Result<Listeners> listenTcp(const std::string& address) {
  Listeners out;
  const size_t colon = address.rfind(':');
  if (colon == std::string::npos) return makeError(address, "give HOST:PORT");
  std::string host = address.substr(0, colon);
  const std::string service = address.substr(colon + 1);
  if (host.size() > 1 && host.front() == '[' && host.back() == ']') host = host.substr(1, host.size() - 2);
  addrinfo hints{}, *found = nullptr;
  hints.ai_flags = AI_PASSIVE | AI_NUMERICSERV;
  hints.ai_socktype = SOCK_STREAM;
  if (int rc = ::getaddrinfo(host.empty() ? nullptr : host.c_str(), service.c_str(), &hints, &found); rc != 0)
    return makeError(address, std::string("cannot resolve: ") + ::gai_strerror(rc));
  bool hasV4 = false;
  for (addrinfo* a = found; a; a = a->ai_next) hasV4 = hasV4 || a->ai_family == AF_INET;
  std::string why;
  for (addrinfo* a = found; a; a = a->ai_next) {
    UniqueFd fd(::socket(a->ai_family, SOCK_STREAM | SOCK_NONBLOCK | SOCK_CLOEXEC, 0));
    if (!fd) continue;
    const int one = 1, v6only = hasV4 ? 1 : 0;  // "[::]" alone takes IPv4 too; beside an IPv4 address it must not
    ::setsockopt(fd.get(), SOL_SOCKET, SO_REUSEADDR, &one, sizeof one);
    ::setsockopt(fd.get(), IPPROTO_TCP, TCP_NODELAY, &one, sizeof one);
    if (a->ai_family == AF_INET6) ::setsockopt(fd.get(), IPPROTO_IPV6, IPV6_V6ONLY, &v6only, sizeof v6only);
    if (out.port != 0) setPort(a->ai_addr, out.port);  // port 0: every address gets the port the first got
    if (::bind(fd.get(), a->ai_addr, a->ai_addrlen) != 0 || ::listen(fd.get(), kBacklog) != 0) {
      why = std::strerror(errno);
      if (errno == EADDRNOTAVAIL || errno == EAFNOSUPPORT) continue;  // e.g. ::1 where IPv6 is off
      ::freeaddrinfo(found);
      return makeError(address, "cannot listen: " + why);
    }
    out.port = portOf(fd.get());
    out.fds.push_back(std::move(fd));
  }
  ::freeaddrinfo(found);
  if (out.fds.empty()) return makeError(address, "cannot listen: " + (why.empty() ? "no usable address" : why));
  return out;
}

}  // namespace staccato::drone::edge
