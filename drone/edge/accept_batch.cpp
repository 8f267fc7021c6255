#include "drone/edge/accept_batch.h"

#include <fcntl.h>
#include <sys/socket.h>

#include <cerrno>

namespace staccato::drone::edge {

ReserveFd::ReserveFd() : fd_(::open("/dev/null", O_RDONLY | O_CLOEXEC)) {}

bool ReserveFd::shedOne(int listenFd) {
  fd_.reset();
  const UniqueFd conn(::accept4(listenFd, nullptr, nullptr, SOCK_CLOEXEC));
  fd_.reset(::open("/dev/null", O_RDONLY | O_CLOEXEC));  // -1 when another thread took the slot: next time
  return static_cast<bool>(conn);
}

AcceptResult acceptBatch(int listenFd, ReserveFd& reserve, AcceptCounts& counts,
                         const std::function<void(UniqueFd, const PeerAddress&)>& accepted) {
  for (int i = 0; i < kAcceptBatch; ++i) {
    sockaddr_storage from{};
    socklen_t len = sizeof from;
    UniqueFd fd(::accept4(listenFd, reinterpret_cast<sockaddr*>(&from), &len, SOCK_NONBLOCK | SOCK_CLOEXEC));
    if (fd) {
      ++counts.accepted;
      accepted(std::move(fd), PeerAddress::of(from));
      continue;
    }
    switch (errno) {
      case EAGAIN:
        return AcceptResult::kDrained;
      case EINTR:
      case ECONNABORTED:
      case EPROTO:
      case EPERM:  // a firewall rule refused it
        continue;
      case EMFILE:
      case ENFILE:
        if (reserve.shedOne(listenFd)) {
          ++counts.shed;
          continue;
        }
        ++counts.failed;
        return AcceptResult::kPause;
      default:  // ENOBUFS, ENOMEM
        ++counts.failed;
        return AcceptResult::kPause;
    }
  }
  return AcceptResult::kMore;
}

}  // namespace staccato::drone::edge
