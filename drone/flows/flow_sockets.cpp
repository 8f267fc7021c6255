#include "drone/flows/flow_sockets.h"

#include <arpa/inet.h>
#include <netinet/tcp.h>
#include <sys/socket.h>

#include <algorithm>
#include <cerrno>
#include <cstring>
#include <ctime>

namespace staccato::drone {

sockaddr_in socketAddress(uint32_t ipv4, uint16_t port) {
  sockaddr_in a{};
  a.sin_family = AF_INET;
  a.sin_port = htons(port);
  a.sin_addr.s_addr = htonl(ipv4);
  return a;
}

std::string ipv4Text(uint32_t ipv4) {
  char text[INET_ADDRSTRLEN];
  const in_addr a{htonl(ipv4)};
  inet_ntop(AF_INET, &a, text, sizeof text);
  return text;
}

uint64_t flowNowNs() {
  timespec ts{};
  clock_gettime(CLOCK_MONOTONIC, &ts);
  return uint64_t(ts.tv_sec) * 1'000'000'000ull + uint64_t(ts.tv_nsec);
}

const char* payloadBytes() {
  static const auto* chunk = [] {
    auto* bytes = new char[kPayloadChunk];
    for (size_t i = 0; i < kPayloadChunk; ++i) bytes[i] = char('a' + i % 26);
    return bytes;
  }();
  return chunk;
}

ssize_t sendMessagePart(int fd, const std::string& head, uint64_t sent, uint64_t total) {
  const uint64_t headSent = std::min<uint64_t>(sent, head.size());
  const uint64_t bodyLeft = total - sent - (head.size() - headSent);
  iovec iov[2];
  size_t n = 0;
  if (headSent < head.size()) iov[n++] = {const_cast<char*>(head.data() + headSent), head.size() - headSent};
  if (bodyLeft) iov[n++] = {const_cast<char*>(payloadBytes()), size_t(std::min<uint64_t>(bodyLeft, kPayloadChunk))};
  msghdr msg{};
  msg.msg_iov = iov;
  msg.msg_iovlen = n;
  return ::sendmsg(fd, &msg, MSG_NOSIGNAL | MSG_DONTWAIT);
}

FlowFailure failureOf(int err) {
  switch (err) {
    case ECONNREFUSED: return FlowFailure::kRefused;
    case EPROTO: return FlowFailure::kInvalid;  // TLS: the peer spoke no TLS we accept
    case ECONNRESET:
    case EPIPE:
    case ECONNABORTED: return FlowFailure::kReset;
    case ETIMEDOUT:
    case EHOSTUNREACH:
    case ENETUNREACH: return FlowFailure::kTimeout;
    case EMFILE:
    case ENFILE:
    case ENOBUFS:
    case ENOMEM:
    case EADDRNOTAVAIL:
    case EADDRINUSE: return FlowFailure::kLocal;
    default: return FlowFailure::kReset;
  }
}

uint64_t retransmissionsOf(int fd) {
  tcp_info info{};
  socklen_t size = sizeof info;
  if (getsockopt(fd, IPPROTO_TCP, TCP_INFO, &info, &size) != 0) return 0;
  return info.tcpi_total_retrans;
}

int bindToHost(int fd, const FlowAddress& host, uint16_t port, bool deferPort) {
  const int one = 1;
  if (deferPort && setsockopt(fd, IPPROTO_IP, IP_BIND_ADDRESS_NO_PORT, &one, sizeof one) != 0) return errno;
  if (!host.device.empty() &&
      setsockopt(fd, SOL_SOCKET, SO_BINDTODEVICE, host.device.c_str(), socklen_t(host.device.size())) != 0)
    return errno;
  const sockaddr_in a = socketAddress(host.ipv4, port);
  if (bind(fd, reinterpret_cast<const sockaddr*>(&a), sizeof a) != 0) return errno;
  return 0;
}

}  // namespace staccato::drone
