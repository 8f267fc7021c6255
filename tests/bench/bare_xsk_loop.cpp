#include <sys/socket.h>

#include <algorithm>
#include <atomic>
#include <chrono>
#include <cstdio>
#include <cstring>
#include <thread>

#include "common/core/thread_affinity.h"
#include "tests/bench/loops.h"
#include "turbo/xsk/socket.h"

using namespace staccato;
using namespace staccato::turbo;

namespace {

constexpr uint32_t kFrames = 4096, kFrameSize = 2048, kBatch = 64;

struct QueueLoop {
  std::unique_ptr<Umem> umem;
  std::unique_ptr<XskSocket> xsk;
};

Result<QueueLoop> openQueue(const std::string& iface, uint32_t queue, const std::vector<uint8_t>& frame) {
  auto umem = Umem::create(kFrames, kFrameSize, kFrames);
  if (!umem) return umem.error();
  auto xsk = XskSocket::create(iface, queue, **umem, CopyMode::kCopy, {.tx = kFrames});
  if (!xsk) return xsk.error();
  for (uint32_t i = 0; i < kFrames; ++i) std::memcpy((*umem)->data(uint64_t{i} * kFrameSize), frame.data(), frame.size());
  return QueueLoop{std::move(*umem), std::move(*xsk)};
}

void sendAll(QueueLoop& q, uint32_t frameLen, uint64_t count) {
  xsk_ring_prod& tx = q.xsk->tx();
  xsk_ring_cons& comp = q.umem->completions();
  uint64_t sent = 0, done = 0, next = 0;
  while (done < count) {
    uint32_t idx;
    const uint32_t want = static_cast<uint32_t>(std::min<uint64_t>(kBatch, count - sent));
    if (want && sent - done + want <= kFrames && xsk_ring_prod__reserve(&tx, want, &idx) == want) {
      for (uint32_t k = 0; k < want; ++k, ++next) {
        xdp_desc* d = xsk_ring_prod__tx_desc(&tx, idx + k);
        d->addr = (next % kFrames) * kFrameSize;
        d->len = frameLen;
      }
      xsk_ring_prod__submit(&tx, want);
      sent += want;
    }
    sendto(q.xsk->fd(), nullptr, 0, MSG_DONTWAIT, nullptr, 0);
    const uint32_t n = xsk_ring_cons__peek(&comp, kFrames, &idx);
    if (n) xsk_ring_cons__release(&comp, n), done += n;
  }
}

}  // namespace

double bareXskLoop(const std::string& iface, const std::vector<uint8_t>& frame, uint64_t count, uint32_t queues) {
  std::vector<QueueLoop> loops;
  for (uint32_t k = 0; k < queues; ++k) {
    auto q = openQueue(iface, k, frame);
    if (!q) return std::fprintf(stderr, "%s\n", q.error().toString().c_str()), -1;
    loops.push_back(std::move(*q));
  }
  // All sockets exist before the clock starts; every queue sends its share from one signal.
  std::atomic<bool> go{false};
  std::vector<std::thread> threads;
  for (uint32_t k = 0; k < queues; ++k) {
    const uint64_t share = count / queues + (k < count % queues ? 1 : 0);
    threads.emplace_back([&, k, share] {
      pinCurrentThread(static_cast<int>(k));
      while (!go.load(std::memory_order_acquire)) std::this_thread::yield();
      sendAll(loops[k], static_cast<uint32_t>(frame.size()), share);
    });
  }
  const auto t0 = std::chrono::steady_clock::now();
  go.store(true, std::memory_order_release);
  for (auto& t : threads) t.join();
  const double s = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
  return double(count) / s / 1e6;
}
