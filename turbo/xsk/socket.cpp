#include "turbo/xsk/socket.h"

#include <sys/socket.h>

#include <cerrno>
#include <chrono>
#include <cstring>
#include <thread>

namespace staccato::turbo {
namespace {
constexpr int kBusyRetries = 100;  ///< x 20 ms
}  // namespace

Result<std::unique_ptr<XskSocket>> XskSocket::create(const std::string& iface, uint32_t queue, Umem& umem, CopyMode mode,
                                                     XskRings rings) {
  std::unique_ptr<XskSocket> s(new XskSocket());
  xsk_socket_config cfg{};
  cfg.rx_size = rings.rx;
  cfg.tx_size = rings.tx;
  cfg.libxdp_flags = XSK_LIBXDP_FLAGS__INHIBIT_PROG_LOAD;  // our own program, or none at all
  cfg.xdp_flags = 0;
  const uint16_t copyFlag = mode == CopyMode::kZeroCopy ? XDP_ZEROCOPY : mode == CopyMode::kCopy ? XDP_COPY : 0;
  cfg.bind_flags = static_cast<uint16_t>(XDP_USE_NEED_WAKEUP | copyFlag);
  // A socket closed a moment ago (a previous run) frees its queue in deferred kernel work: until
  // then binding says EBUSY. Wait for that, but not for a queue another program really holds.
  int rc = 0;
  for (int attempt = 0; attempt < kBusyRetries; ++attempt) {
    rc = xsk_socket__create(&s->xsk_, iface.c_str(), queue, umem.handle(), rings.rx ? &s->rx_ : nullptr,
                            rings.tx ? &s->tx_ : nullptr, &cfg);
    if (rc != -EBUSY) break;
    std::this_thread::sleep_for(std::chrono::milliseconds(20));
  }
  if (rc != 0) {
    s->xsk_ = nullptr;
    return makeError(iface + " queue " + std::to_string(queue),
                     std::string(mode == CopyMode::kZeroCopy ? "zero-copy " : mode == CopyMode::kCopy ? "copy-mode " : "") + "AF_XDP socket: " + std::strerror(-rc) +
                         (rc == -EBUSY ? " (another AF_XDP program uses this queue)" : ""),
                     -rc == EAFNOSUPPORT ? ErrorKind::kUnavailable : ErrorKind::kInvalid);
  }
  return s;
}

bool XskSocket::zeroCopy() const noexcept {
  xdp_options options{};
  socklen_t len = sizeof options;
  return getsockopt(fd(), SOL_XDP, XDP_OPTIONS, &options, &len) == 0 && (options.flags & XDP_OPTIONS_ZEROCOPY);
}

XskSocket::~XskSocket() {
  if (xsk_) xsk_socket__delete(xsk_);
}

}  // namespace staccato::turbo
