#include "turbo/rx/turbo_rx.h"

#include <linux/if_xdp.h>
#include <poll.h>
#include <sys/socket.h>

#include <algorithm>
#include <bit>

#include "common/packet/signature_layout.h"

namespace staccato::turbo {
namespace {

constexpr uint64_t kMetaMagic = 0x5354414343415430ull;  // as in signature_redirect.bpf.c
struct RxMeta {
  uint64_t arrivalNs;
  uint64_t magic;
};
constexpr uint32_t kL2Overhead = 18;  // Ethernet header + one VLAN tag on top of the MTU
/// The receive thread may be away this long (a busy core, a page fault): the port's frames of
/// that time wait in the queues' memory.
constexpr uint64_t kStallNs = 2'000'000;
/// The most a port delivers to its receive thread (one thread drains every queue of a port;
/// measured below 8 Mpps here): a faster link does not need memory for more.
constexpr uint64_t kDrainPps = 8'000'000;
constexpr uint64_t kUnknownSpeedMbps = 1000;  // ports that do not say
constexpr uint32_t kMinFramesPerQueue = 1024, kMaxFramesPerQueue = 16384;

/// Receive frames per queue, by need: the smallest frames (84 bytes on the wire) the port
/// delivers in kStallNs at its speed (at most kDrainPps), spread over its queues (RSS),
/// 1024..16384 each. A 1 Gb/s port with one queue gets 4096 frames (8 MiB of 2 KiB frames);
/// a 10 Gb/s port (veth says so too) with one queue 16384 (32 MiB), with 8 queues 2048 each.
uint32_t framesPerQueue(uint32_t queues, uint64_t speedMbps) {
  const uint64_t pps = std::min(kDrainPps, (speedMbps ? speedMbps : kUnknownSpeedMbps) * 1'000'000 / (84 * 8));
  const uint64_t frames = pps * kStallNs / 1'000'000'000 / std::max(queues, 1u);
  return std::bit_ceil(static_cast<uint32_t>(std::clamp<uint64_t>(frames, kMinFramesPerQueue, kMaxFramesPerQueue)));
}

}  // namespace

Result<std::unique_ptr<TurboRx>> TurboRx::open(const Options& o) {
  const uint32_t largestFrame = o.mtu + kL2Overhead;
  if (largestFrame > kMaxFrame)
    return makeError(o.iface, "MTU " + std::to_string(o.mtu) + " is too large for turbo receive (frames up to " +
                                  std::to_string(kMaxFrame) + " bytes)",
                     ErrorKind::kUnavailable);
  const uint32_t queues = std::clamp(o.queues, 1u, XdpProgram::kMaxQueues);
  std::unique_ptr<TurboRx> rx(new TurboRx());
  auto program = XdpProgram::attach(o.iface);
  if (!program) return program.error();
  rx->program_ = std::move(program).value();
  if (auto s = rx->setRealtimeOffset(o.realtimeMinusMonoNs); !s) return s.error();
  const uint32_t frameSize = largestFrame + kXdpHeadroom <= 2048 ? 2048 : 4096;
  const uint32_t frames = framesPerQueue(queues, o.speedMbps);
  const uint32_t rings = std::max(frames, kTxFramesPerQueue);
  rx->queues_.reserve(queues);
  for (uint32_t q = 0; q < queues; ++q) {
    auto umem = Umem::create(frames + kTxFramesPerQueue, frameSize, rings);
    if (!umem) return umem.error();
    auto xsk = XskSocket::create(o.iface, q, **umem, CopyMode::kAny, {.tx = kTxFramesPerQueue, .rx = frames});
    if (!xsk) return xsk.error();
    Umem& u = **umem;
    uint32_t idx = 0;
    if (xsk_ring_prod__reserve(&u.fill(), frames, &idx) != frames)
      return makeError(o.iface, "cannot fill the receive ring", ErrorKind::kInternal);
    for (uint32_t f = 0; f < frames; ++f) *xsk_ring_prod__fill_addr(&u.fill(), idx + f) = uint64_t{f} * frameSize;
    xsk_ring_prod__submit(&u.fill(), frames);
    if (auto s = rx->program_->bindQueue(q, (*xsk)->fd()); !s) return s.error();
    const bool zeroCopy = (*xsk)->zeroCopy();
    rx->queues_.push_back({std::move(umem).value(), std::move(xsk).value(), frames, zeroCopy});
  }
  return rx;
}

Status TurboRx::setRealtimeOffset(int64_t realtimeMinusMonoNs) {
  return program_->setSignatureClock(realtimeMinusMonoNs, kSignatureClockWindowNs);
}

Result<TurboRx::TxShare> TurboRx::lendTx(uint32_t queue) {
  std::lock_guard lock(lendMu_);
  if (queue >= queues_.size())
    return makeError("queue " + std::to_string(queue), "turbo receive has " + std::to_string(queues_.size()) + " queue(s)",
                     ErrorKind::kUnavailable);
  Queue& q = queues_[queue];
  if (q.lent) return makeError("queue " + std::to_string(queue), "already sending", ErrorKind::kBusy);
  q.lent = true;
  return TxShare{q.umem.get(), q.xsk.get(), q.rxFrames, kTxFramesPerQueue, q.zeroCopy};
}

void TurboRx::returnTx(uint32_t queue) noexcept {
  std::lock_guard lock(lendMu_);
  if (queue < queues_.size()) queues_[queue].lent = false;
}

size_t TurboRx::drain(RxFrameSink& sink) noexcept {
  size_t n = 0;
  for (Queue& q : queues_) n += drainQueue(q, sink);
  return n;
}

size_t TurboRx::drainQueue(Queue& q, RxFrameSink& sink) noexcept {
  xsk_ring_cons& ring = q.xsk->rx();
  uint32_t idx = 0;
  const uint32_t n = xsk_ring_cons__peek(&ring, kBatch, &idx);
  if (n == 0) return 0;
  RxFrame frames[kBatch];
  uint64_t chunks[kBatch];
  for (uint32_t i = 0; i < n; ++i) {
    const xdp_desc* d = xsk_ring_cons__rx_desc(&ring, idx + i);
    uint8_t* data = q.umem->data(d->addr);
    // The stamp sits right in front of the frame; clear its magic so a later frame placed
    // here without one cannot pass off this one's time as its own.
    auto* meta = reinterpret_cast<RxMeta*>(data - sizeof(RxMeta));
    const bool stamped = meta->magic == kMetaMagic;
    frames[i] = {data, d->len, stamped ? meta->arrivalNs : 0};
    meta->magic = 0;
    chunks[i] = d->addr & ~uint64_t{q.umem->frameSize() - 1};
  }
  sink.onFrames(frames, n);
  xsk_ring_cons__release(&ring, n);

  // Every frame taken goes straight back to the fill ring, which is as large as the receive
  // frames, so the reservation gets all n.
  xsk_ring_prod& fill = q.umem->fill();
  uint32_t fidx = 0;
  const uint32_t room = xsk_ring_prod__reserve(&fill, n, &fidx);
  for (uint32_t i = 0; i < room; ++i) *xsk_ring_prod__fill_addr(&fill, fidx + i) = chunks[i];
  xsk_ring_prod__submit(&fill, room);
  if (xsk_ring_prod__needs_wakeup(&fill)) recvfrom(q.xsk->fd(), nullptr, 0, MSG_DONTWAIT, nullptr, nullptr);
  return n;
}

void TurboRx::wait(int timeoutMs) noexcept {
  pollfd fds[XdpProgram::kMaxQueues];
  for (size_t i = 0; i < queues_.size(); ++i) fds[i] = {queues_[i].xsk->fd(), POLLIN, 0};
  ::poll(fds, queues_.size(), timeoutMs);
}

uint64_t TurboRx::dropped() const noexcept {
  uint64_t total = 0;
  for (const Queue& q : queues_) {
    xdp_statistics st{};
    socklen_t len = sizeof st;
    if (getsockopt(q.xsk->fd(), SOL_XDP, XDP_STATISTICS, &st, &len) != 0) continue;
    // In zero-copy the driver drops a frame it finds no fill buffer for, counted only as an
    // empty fill ring; in copy mode that case is counted in rx_dropped already.
    total += st.rx_dropped + st.rx_ring_full + (q.zeroCopy ? st.rx_fill_ring_empty_descs : 0);
  }
  return total;
}

}  // namespace staccato::turbo
