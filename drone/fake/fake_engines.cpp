// Fake engines. The transmit backend keeps a few buffers per stream, prefilled with its
// template as the real backends do, so the patch program rewrites only what varies; a batch
// crosses the wire at once, seen by both ends' taps (their captures). The receiver drains its
// port's inbox on its own thread and counts with the real receive code (SignatureReceiver::
// onFrame); standing in for turbo, it takes signature frames away from the port's tap, as the
// XDP program does, and copies them to the capture through its own tap.
#include "drone/fake/fake_engines.h"

#include <algorithm>
#include <array>
#include <thread>

#include "common/core/thread_affinity.h"
#include "common/packet/signature_layout.h"
#include "common/core/clock.h"
#include "common/stream/patch_program.h"

namespace staccato::drone::fake {
namespace {

constexpr size_t kBuffersPerStream = 32;  ///< the largest batch a worker asks for
constexpr int kWaitMs = 20;               ///< also bounds how long a clear or a stop waits

class FakeTxBackend final : public TxBackend {
 public:
  FakeTxBackend(std::shared_ptr<FakePortSource::Port> port, std::string name)
      : port_(std::move(port)), name_(std::move(name)), turbo_(name_.starts_with("turbo")) {}

  std::string name() const override { return name_; }
  bool bypassesKernelTaps() const noexcept override { return turbo_; }

  Status prepare(std::span<const TxPlan> plans) override {
    buffers_.assign(plans.size(), {});
    for (size_t i = 0; i < plans.size(); ++i)
      buffers_[i].assign(kBuffersPerStream, plans[i].frameTemplate);
    return Ok{};
  }

  size_t acquire(size_t stream, std::span<uint8_t*> out) noexcept override {
    if (port_->txHeld.load(std::memory_order_relaxed)) return 0;
    const size_t n = std::min(out.size(), kBuffersPerStream);
    for (size_t k = 0; k < n; ++k) out[k] = pending_[k] = buffers_[stream][k].data();
    return n;
  }

  size_t submit(std::span<const uint16_t> lengths) noexcept override {
    if (!port_->plugged.load()) {
      error_ = port_->spec.name + ": send failed: No such device (the interface went away)";
      return 0;
    }
    uint64_t bytes = 0;
    for (uint16_t len : lengths) bytes += len;
    const std::span<uint8_t* const> frames(pending_.data(), lengths.size());
    const uint64_t now = realtimeNs();
    port_->counters.txPackets.fetch_add(lengths.size(), std::memory_order_relaxed);
    port_->counters.txBytes.fetch_add(bytes, std::memory_order_relaxed);
    if (!turbo_) port_->tap.deliver(frames, lengths, now, kCapturedOutbound, false);  // AF_XDP passes no tap: the worker hands them over
    if (FakePortSource::Port* peer = port_->peer.get(); peer && peer->plugged.load()) {
      peer->counters.rxPackets.fetch_add(lengths.size(), std::memory_order_relaxed);
      peer->counters.rxBytes.fetch_add(bytes, std::memory_order_relaxed);
      peer->tap.deliver(frames, lengths, now, kCapturedInbound, peer->turboReceives.load());
      peer->inbox.deliver(frames, lengths, now);
    }
    return lengths.size();
  }

  std::string lastError() const override { return error_; }

 private:
  std::shared_ptr<FakePortSource::Port> port_;
  std::string name_;
  bool turbo_;
  std::vector<std::vector<std::vector<uint8_t>>> buffers_;  ///< [stream][buffer]
  std::array<uint8_t*, kBuffersPerStream> pending_{};
  std::string error_;
};

/// Stands in for the in-kernel sender: builds its frames itself (FrameBuilder) with the patch
/// program, in user space, and sends them through a fake backend; paces by waiting for each
/// frame's time, as the program does.
class FakeBuilderBackend final : public TxBackend, public FrameBuilder {
 public:
  explicit FakeBuilderBackend(std::shared_ptr<FakePortSource::Port> port)
      : inner_(std::move(port), "turbo in-kernel") {}

  std::string name() const override { return inner_.name(); }
  bool bypassesKernelTaps() const noexcept override { return true; }
  Status prepare(std::span<const TxPlan> plans) override {
    plans_ = plans;
    states_.assign(plans.size(), PatchState{});
    return inner_.prepare(plans);
  }
  size_t acquire(size_t, std::span<uint8_t*>) noexcept override { return 0; }
  size_t submit(std::span<const uint16_t>) noexcept override { return 0; }
  std::string lastError() const override { return inner_.lastError(); }
  FrameBuilder* builder() noexcept override { return this; }

  uint64_t maxBatch() const noexcept override { return 256; }
  void beginRun(size_t stream, uint64_t first, uint64_t stride, const SignatureLane* lane) noexcept override {
    states_[stream] = makePatchState(plans_[stream], first, stride, 0, lane);
  }
  uint64_t send(size_t stream, uint64_t n, uint64_t& bytes) noexcept override {
    uint64_t sent = 0;
    while (sent < n) {
      std::array<uint8_t*, kBuffersPerStream> frames;
      std::array<uint16_t, kBuffersPerStream> lengths;
      std::array<SentFrame, kBuffersPerStream> copies;
      const size_t got = inner_.acquire(stream, std::span(frames.data(), std::min<uint64_t>(n - sent, kBuffersPerStream)));
      const uint64_t now = realtimeNs();
      for (size_t k = 0; k < got; ++k) {
        lengths[k] = applyPatchProgram(plans_[stream], states_[stream], frames[k], now);
        copies[k] = {frames[k], lengths[k], now};
      }
      const size_t done = inner_.submit(std::span(lengths.data(), got));
      for (size_t k = 0; k < done; ++k) bytes += lengths[k] + 4u;
      if (sink_ && done) sink_(sinkCtx_, copies.data(), done);
      sent += done;
      if (done < got || got == 0) break;
    }
    return sent;
  }
  uint64_t sendPaced(size_t stream, uint64_t n, uint64_t& nextDueNs, uint64_t intervalNs, uint64_t& bytes) noexcept override {
    uint64_t sent = 0;
    for (; sent < n; ++sent, nextDueNs += intervalNs) {
      waitUntil(nextDueNs);
      if (send(stream, 1, bytes) != 1) break;
    }
    return sent;
  }
  void copySentTo(SentSink sink, void* ctx) noexcept override {
    sink_ = sink;
    sinkCtx_ = ctx;
  }
  uint64_t copiesLost() const noexcept override { return 0; }

 private:
  FakeTxBackend inner_;
  std::span<const TxPlan> plans_;
  std::vector<PatchState> states_;
  SentSink sink_ = nullptr;
  void* sinkCtx_ = nullptr;
};

class FakeReceiver final : public SignatureReceiver {
 public:
  FakeReceiver(std::shared_ptr<FakePortSource::Port> port, std::string engine)
      : port_(std::move(port)), engine_(std::move(engine)), turbo_(engine_.starts_with("turbo")) {
    port_->inbox.setListening(true);
    if (turbo_) port_->turboReceives.store(true);
    thread_ = std::jthread([this](std::stop_token st) { run(st); });
  }
  ~FakeReceiver() override {
    thread_.request_stop();
    thread_.join();
    if (turbo_) port_->turboReceives.store(false);
    port_->inbox.setListening(false);
  }

  std::string engine() const override { return engine_; }
  uint64_t dropped() const override { return port_->inbox.dropped(); }

 private:
  void onClear() noexcept override { port_->inbox.resetDropped(); }

  void run(std::stop_token st) {
    nameCurrentThread(("rx " + port_->spec.name).c_str());
    while (!st.stop_requested()) {
      serviceClear();
      CaptureSink* capture = turbo_ ? tap() : nullptr;  // once per batch, as turbo does
      port_->inbox.drain([&](const uint8_t* frame, uint16_t len, uint64_t arrivalNs) {
        onFrame(frame, len, len, arrivalNs);
        if (capture && endsWithSignature({frame, len})) {
          const CapturedFrame f{frame, len, len, arrivalNs,
                                uint8_t{kCapturedInbound | kCapturedByTurboRx | kCapturedUnfiltered}};
          capture->onCaptured({&f, 1});
        }
      }, kWaitMs);
    }
  }

  std::shared_ptr<FakePortSource::Port> port_;
  std::string engine_;
  bool turbo_;
  std::jthread thread_;
};

class FakeCaptureEngine final : public CaptureEngine {
 public:
  FakeCaptureEngine(std::shared_ptr<FakePortSource::Port> port, CaptureSink& sink) : port_(std::move(port)), sink_(sink) {
    port_->tap.set(&sink_);
  }
  ~FakeCaptureEngine() override { port_->tap.unset(&sink_); }

 private:
  std::shared_ptr<FakePortSource::Port> port_;
  CaptureSink& sink_;
};

}  // namespace

std::unique_ptr<TxBackend> fakeTxBackend(std::shared_ptr<FakePortSource::Port> port, std::string name) {
  return std::make_unique<FakeTxBackend>(std::move(port), std::move(name));
}

std::unique_ptr<TxBackend> fakeBuilderBackend(std::shared_ptr<FakePortSource::Port> port) {
  return std::make_unique<FakeBuilderBackend>(std::move(port));
}

std::unique_ptr<CaptureEngine> fakeCaptureEngine(std::shared_ptr<FakePortSource::Port> port, CaptureSink& sink) {
  return std::make_unique<FakeCaptureEngine>(std::move(port), sink);
}

std::unique_ptr<SignatureReceiver> fakeReceiver(std::shared_ptr<FakePortSource::Port> port, std::string engine) {
  return std::make_unique<FakeReceiver>(std::move(port), std::move(engine));
}

}  // namespace staccato::drone::fake
