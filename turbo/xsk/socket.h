#pragma once
/// RAII over one AF_XDP socket bound to (interface, queue) over a Umem. libxdp never loads its own
/// XDP program for it: a transmit socket leaves the interface's receive path alone, and a receive
/// socket gets frames from the program turbo/rx attaches (XdpProgram::bindQueue).
#include <xdp/xsk.h>

#include <cstdint>
#include <memory>
#include <string>

#include "common/core/result.h"
#include "turbo/xsk/umem.h"

namespace staccato::turbo {

enum class CopyMode { kZeroCopy, kCopy, kAny /* zero-copy when the driver can, else copy */ };

/// Ring sizes (entries, powers of two); 0 = no such ring.
struct XskRings {
  uint32_t tx = 0, rx = 0;
};

class XskSocket {
 public:
  static Result<std::unique_ptr<XskSocket>> create(const std::string& iface, uint32_t queue, Umem& umem, CopyMode mode,
                                                   XskRings rings);
  ~XskSocket();
  XskSocket(const XskSocket&) = delete;
  XskSocket& operator=(const XskSocket&) = delete;

  int fd() const noexcept { return xsk_socket__fd(xsk_); }
  /// Whether the kernel bound it in zero-copy mode (CopyMode::kAny leaves it to the driver).
  bool zeroCopy() const noexcept;
  xsk_ring_prod& tx() noexcept { return tx_; }
  xsk_ring_cons& rx() noexcept { return rx_; }

 private:
  XskSocket() = default;
  xsk_socket* xsk_ = nullptr;
  xsk_ring_prod tx_{};
  xsk_ring_cons rx_{};
};

}  // namespace staccato::turbo
