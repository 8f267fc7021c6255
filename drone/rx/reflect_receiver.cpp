// A reflecting port's engine: turbo::SignatureReflector's XDP program returns every test frame
// out of the port it came in on (XDP_TX) with source and destination swapped, and passes every
// other frame to the kernel. It counts no streams (the far end does, over the round trip); it
// counts what it returned. A small thread keeps the program's clock offset current and answers
// clears.
#include <mutex>
#include <thread>

#include "common/core/clock.h"
#include "common/core/thread_affinity.h"
#include "drone/rx/clock_refresh.h"
#include "drone/rx/signature_receiver.h"
#ifdef STACCATO_HAVE_TURBO
#include "turbo/xdp/signature_reflector.h"
#endif

namespace staccato::drone {

#ifdef STACCATO_HAVE_TURBO
namespace {

class ReflectReceiver final : public SignatureReceiver {
 public:
  ReflectReceiver(std::unique_ptr<turbo::SignatureReflector> reflector, const std::string& iface, std::string swapped)
      : reflector_(std::move(reflector)),
        name_("reflect " + iface),
        swapped_(std::move(swapped)),
        thread_([this](std::stop_token st) { run(st); }) {}
  ~ReflectReceiver() override {
    thread_.request_stop();
    thread_.join();
  }

  std::string engine() const override { return "reflect"; }
  std::string engineNote() const override { return "XDP " + reflector_->hook() + ", swapping " + swapped_; }
  uint64_t examined() const override { return reflector_->port().examined - base().examined; }
  uint64_t reflected() const override { return reflector_->port().reflected - base().reflected; }

 private:
  void run(std::stop_token st) {
    nameCurrentThread(name_.c_str());
    ClockRefresh clock;
    while (!st.stop_requested()) {
      serviceClear();
      if (clock.due()) (void)reflector_->setClock(realtimeMinusMonotonicNs());  // a failure keeps the last
      std::this_thread::sleep_for(kServiceTurn);
    }
  }
  void onClear() noexcept override {
    const turbo::ReflectedPort now = reflector_->port();
    std::lock_guard lock(mu_);
    base_ = now;
  }
  turbo::ReflectedPort base() const {
    std::lock_guard lock(mu_);
    return base_;
  }

  std::unique_ptr<turbo::SignatureReflector> reflector_;
  std::string name_;
  std::string swapped_;
  mutable std::mutex mu_;
  turbo::ReflectedPort base_;  ///< the counts at the last clear
  std::jthread thread_;        // last: starts after everything it uses exists
};

}  // namespace

Result<std::unique_ptr<SignatureReceiver>> SignatureReceiver::openReflector(const PortInfo& port, v1::PortConfig::Reflect how) {
  const auto swap = how == v1::PortConfig::REFLECT_L4   ? turbo::ReflectSwap::kL4
                    : how == v1::PortConfig::REFLECT_L3 ? turbo::ReflectSwap::kL3
                                                        : turbo::ReflectSwap::kL2;
  // A veth hands what XDP_TX returns in the driver to its peer's NAPI, which exists only while
  // the peer runs XDP or GRO (else the kernel drops it, counted nowhere we can see): on a veth the
  // reflector runs at the generic hook, which any peer takes.
  auto reflector = turbo::SignatureReflector::attach(port.name, swap, port.driver == "veth");
  if (!reflector) return reflector.error();
  if (auto s = (*reflector)->setClock(realtimeMinusMonotonicNs()); !s) return s.error();
  const char* swapped = swap == turbo::ReflectSwap::kL4   ? "MAC, IP addresses and UDP/TCP ports"
                        : swap == turbo::ReflectSwap::kL3 ? "MAC and IP addresses"
                                                          : "MAC addresses";
  return std::unique_ptr<SignatureReceiver>(new ReflectReceiver(std::move(reflector).value(), port.name, swapped));
}

#else

Result<std::unique_ptr<SignatureReceiver>> SignatureReceiver::openReflector(const PortInfo& port, v1::PortConfig::Reflect) {
  return makeError(port.name, "this drone was built without turbo (libxdp, libbpf and clang were missing): it cannot reflect",
                   ErrorKind::kUnavailable);
}

#endif

}  // namespace staccato::drone
