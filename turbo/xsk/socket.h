#pragma once
/// RAII over one AF_XDP socket bound to (interface, queue), sending from a Umem. Transmit only:
/// no XDP program is loaded for it, so binding does not change what the interface receives.
#include <xdp/xsk.h>

#include <cstdint>
#include <memory>
#include <string>

#include "common/core/result.h"
#include "turbo/xsk/umem.h"

namespace staccato::turbo {

enum class CopyMode { kZeroCopy, kCopy };

class XskSocket {
 public:
  static Result<std::unique_ptr<XskSocket>> create(const std::string& iface, uint32_t queue, Umem& umem, CopyMode mode,
                                                   uint32_t txRingSize);
  ~XskSocket();
  XskSocket(const XskSocket&) = delete;
  XskSocket& operator=(const XskSocket&) = delete;

  int fd() const noexcept { return xsk_socket__fd(xsk_); }
  xsk_ring_prod& tx() noexcept { return tx_; }

 private:
  XskSocket() = default;
  xsk_socket* xsk_ = nullptr;
  xsk_ring_prod tx_{};
};

}  // namespace staccato::turbo
