#pragma once
/// RAII over a libxdp UMEM: the packet memory one AF_XDP socket sends from, with its fill and
/// completion rings.
#include <xdp/xsk.h>

#include <cstdint>
#include <memory>

#include "common/core/result.h"

namespace staccato::turbo {

class Umem {
 public:
  /// `frames` buffers of `frameSize` bytes (2048 or 4096); rings of `ringSize` entries (power of 2).
  static Result<std::unique_ptr<Umem>> create(uint32_t frames, uint32_t frameSize, uint32_t ringSize);
  ~Umem();
  Umem(const Umem&) = delete;
  Umem& operator=(const Umem&) = delete;

  uint8_t* data(uint64_t addr) noexcept { return area_ + addr; }
  uint32_t frameSize() const noexcept { return frameSize_; }
  uint32_t frames() const noexcept { return frames_; }
  xsk_umem* handle() noexcept { return umem_; }
  xsk_ring_prod& fill() noexcept { return fill_; }
  xsk_ring_cons& completions() noexcept { return comp_; }

 private:
  Umem() = default;
  uint8_t* area_ = nullptr;
  size_t bytes_ = 0;
  uint32_t frames_ = 0, frameSize_ = 0;
  xsk_umem* umem_ = nullptr;
  xsk_ring_prod fill_{};
  xsk_ring_cons comp_{};
};

}  // namespace staccato::turbo
