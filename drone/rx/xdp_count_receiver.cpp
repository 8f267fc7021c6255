// The in-kernel receive engine: turbo::SignatureCounter's XDP program counts signature frames in
// per-CPU maps and drops them (or, while a capture of the port runs, passes them on to the
// kernel's taps); every other frame goes to the kernel untouched. No frame is copied and no
// thread drains anything: stats read the maps (a stream whose packet count did not change is not
// read again). A small thread keeps the program's clock offset current, answers clears and
// switches passing on and off with the port's capture.
#include <algorithm>
#include <map>
#include <mutex>
#include <thread>

#include "common/core/clock.h"
#include "common/core/thread_affinity.h"
#include "common/packet/signature_layout.h"
#include "drone/rx/clock_refresh.h"
#include "drone/rx/signature_receiver.h"
#ifdef STACCATO_HAVE_TURBO
#include "turbo/xdp/signature_counter.h"
#endif

namespace staccato::drone {

#ifdef STACCATO_HAVE_TURBO
namespace {

constexpr size_t kCounterBytes = size_t{32} << 20;  ///< kernel memory for one port's counters
constexpr uint32_t kMaxCountedStreams = 1024;

StreamRxCounts countsOf(const turbo::CountedStream& c) {
  StreamRxCounts r;
  r.packets = c.packets;
  r.bytes = c.bytes;
  r.lost = c.lost;
  r.duplicates = c.duplicates;
  r.reordered = c.reordered;
  r.latencySamples = c.latencyCount;
  r.latencyMinNs = c.latencyMinNs;
  r.latencyMeanNs = c.latencyCount ? c.latencySumNs / c.latencyCount : 0;
  r.latencyMaxNs = c.latencyMaxNs;
  r.buckets = c.buckets;
  r.jitterNs = c.jitterNs;
  r.firstNs = c.firstNs;
  r.lastNs = c.lastNs;
  return r;
}

class XdpCountReceiver final : public SignatureReceiver {
 public:
  XdpCountReceiver(std::unique_ptr<turbo::SignatureCounter> counter, const std::string& iface)
      : counter_(std::move(counter)), name_("rx " + iface), thread_([this](std::stop_token st) { run(st); }) {}
  ~XdpCountReceiver() override {
    thread_.request_stop();
    thread_.join();
  }

  std::string engine() const override { return counter_->hook() == "tc" ? "tc-count" : "xdp-count"; }
  std::string engineTimestamps() const override { return counter_->hook() == "tc" ? "tc" : "XDP"; }
  std::string engineNote() const override {
    return (counter_->hook() == "tc" ? std::string("tc ingress") : "XDP " + counter_->hook()) + ", up to " +
           std::to_string(counter_->maxStreams()) + " stream ids";
  }
  uint64_t examined() const override { return port().examined - base_.examined; }
  uint64_t ignored() const override { return port().unknown - base_.unknown; }

  void requestRestart(std::span<const uint16_t> ids) override {
    std::lock_guard lock(mu_);
    const std::vector<uint32_t> counted = counter_->streams();
    for (uint16_t id : ids)
      if (std::binary_search(counted.begin(), counted.end(), uint32_t{id})) {
        (void)counter_->clear(id);  // a failure leaves the old counts: the next ClearStats takes them
        cache_.erase(id);
      }
  }

  void forEachCount(const std::function<void(uint16_t, const StreamRxCounts&)>& fn) const override {
    std::lock_guard lock(mu_);
    for (uint32_t id : counter_->streams()) {
      const uint64_t packets = counter_->packets(id);
      if (packets == 0) continue;
      Cached& c = cache_[id];
      if (c.counts.packets != packets) {
        if (auto read = counter_->read(id); read) c.counts = countsOf(*read);
      }
      if (c.counts.packets) fn(static_cast<uint16_t>(id), c.counts);
    }
  }

 private:
  struct Cached {
    StreamRxCounts counts;
  };

  turbo::CountedPort port() const {
    std::lock_guard lock(mu_);
    return counter_->port();
  }

  void run(std::stop_token st) {
    nameCurrentThread(name_.c_str());
    ClockRefresh clock;
    while (!st.stop_requested()) {
      // Before serviceClear acknowledges a new tap: captures see counted frames from then on.
      if (const bool capture = tap() != nullptr; capture != passing_) {
        std::lock_guard lock(mu_);
        if (counter_->setPassCounted(capture)) passing_ = capture;
      }
      serviceClear();
      if (clock.due()) {
        std::lock_guard lock(mu_);
        (void)counter_->setClock(realtimeMinusMonotonicNs(), kSignatureClockWindowNs);  // a failure keeps the last
      }
      std::this_thread::sleep_for(kServiceTurn);
    }
  }

  void onClear() noexcept override {
    // Forgets the ids too (as the other engines do): ids invented on the wire do not keep their
    // slots past a ClearStats.
    std::lock_guard lock(mu_);
    (void)counter_->forgetAll();
    cache_.clear();
    base_ = counter_->port();
  }

  std::unique_ptr<turbo::SignatureCounter> counter_;
  std::string name_;
  mutable std::mutex mu_;  ///< over counter_'s bookkeeping and the cache (stats thread, this thread)
  mutable std::map<uint32_t, Cached> cache_;
  turbo::CountedPort base_;  ///< the port's counts at the last clear
  bool passing_ = false;     ///< counted frames go on to the kernel (a capture runs)
  std::jthread thread_;      // last: starts after everything it uses exists
};

}  // namespace

Result<std::unique_ptr<SignatureReceiver>> SignatureReceiver::openXdpCount(const PortInfo& port, const RxOptions&,
                                                                          bool atTc) {
  const uint32_t streams = std::min(kMaxCountedStreams, turbo::SignatureCounter::streamsFitting(kCounterBytes));
  auto counter = turbo::SignatureCounter::attach(port.name, std::max(streams, 1u), turbo::SignatureCounter::kDefaultLanes,
                                                 atTc ? turbo::CountHook::kTc : turbo::CountHook::kXdp);
  if (!counter) return counter.error();
  if (auto s = (*counter)->countEveryStream(); !s) return s.error();
  if (auto s = (*counter)->setClock(realtimeMinusMonotonicNs(), kSignatureClockWindowNs); !s) return s.error();
  return std::unique_ptr<SignatureReceiver>(new XdpCountReceiver(std::move(counter).value(), port.name));
}

#else

Result<std::unique_ptr<SignatureReceiver>> SignatureReceiver::openXdpCount(const PortInfo& port, const RxOptions&, bool) {
  return makeError(port.name, "this drone was built without turbo (libxdp, libbpf and clang were missing)",
                   ErrorKind::kUnavailable);
}

#endif

}  // namespace staccato::drone
