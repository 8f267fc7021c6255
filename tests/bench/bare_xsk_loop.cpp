#include <sys/socket.h>

#include <chrono>
#include <cstdio>
#include <cstring>

#include "tests/bench/loops.h"
#include "turbo/xsk/socket.h"

using namespace staccato::turbo;

double bareXskLoop(const std::string& iface, const std::vector<uint8_t>& frame, uint64_t count) {
  constexpr uint32_t kFrames = 4096, kFrameSize = 2048, kBatch = 64;
  auto umem = Umem::create(kFrames, kFrameSize, kFrames);
  if (!umem) return std::fprintf(stderr, "%s\n", umem.error().toString().c_str()), -1;
  auto xsk = XskSocket::create(iface, 0, **umem, CopyMode::kCopy, {.tx = kFrames});
  if (!xsk) return std::fprintf(stderr, "%s\n", xsk.error().toString().c_str()), -1;
  for (uint32_t i = 0; i < kFrames; ++i) std::memcpy((*umem)->data(uint64_t{i} * kFrameSize), frame.data(), frame.size());
  xsk_ring_prod& tx = (*xsk)->tx();
  xsk_ring_cons& comp = (*umem)->completions();
  uint64_t sent = 0, done = 0, next = 0;
  const auto t0 = std::chrono::steady_clock::now();
  while (done < count) {
    uint32_t idx;
    const uint32_t want = static_cast<uint32_t>(std::min<uint64_t>(kBatch, count - sent));
    if (want && sent - done + want <= kFrames && xsk_ring_prod__reserve(&tx, want, &idx) == want) {
      for (uint32_t k = 0; k < want; ++k, ++next) {
        xdp_desc* d = xsk_ring_prod__tx_desc(&tx, idx + k);
        d->addr = (next % kFrames) * kFrameSize;
        d->len = static_cast<uint32_t>(frame.size());
      }
      xsk_ring_prod__submit(&tx, want);
      sent += want;
    }
    sendto((*xsk)->fd(), nullptr, 0, MSG_DONTWAIT, nullptr, 0);
    const uint32_t n = xsk_ring_cons__peek(&comp, kFrames, &idx);
    if (n) xsk_ring_cons__release(&comp, n), done += n;
  }
  const double s = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
  return double(count) / s / 1e6;
}
