#pragma once
/// The reflector (reflect.bpf.c) on one interface: test frames (a signature trailer) go back out
/// of the port they came in on, in the driver (XDP_TX), with source and destination swapped as
/// deep as asked; every other frame goes to the kernel untouched. Attached through a BPF link:
/// it goes away with this object or the process, even on a crash.
#include <cstdint>
#include <memory>
#include <string>

#include "common/core/result.h"

struct bpf_object;

namespace staccato::turbo {

/// How deep the reflector swaps source and destination (reflect_abi.h's XR_SWAP_*).
enum class ReflectSwap : uint32_t {
  kL2 = 1,  ///< Ethernet addresses
  kL3 = 2,  ///< and IPv4 / IPv6 addresses
  kL4 = 3,  ///< and UDP / TCP ports
};

/// What the program did on the port, summed over CPUs.
struct ReflectedPort {
  uint64_t examined = 0, reflected = 0, reflectedBytes = 0;  ///< bytes without FCS
};

class SignatureReflector {
 public:
  /// A trailer whose send time is further than this from the reflector's clock is not a test
  /// frame. A day, not the receivers' minute: the reflector measures nothing with its clock, so it
  /// need not be synchronised with the tester's; the magic and a plausible time still keep other
  /// frames out (a random frame passes both about once in 10^9).
  static constexpr uint64_t kWindowNs = 86'400'000'000'000;

  /// Loads the program and attaches it to `iface`: in the driver when it can run XDP there,
  /// unless `genericOnly`, else at the generic hook.
  static Result<std::unique_ptr<SignatureReflector>> attach(const std::string& iface, ReflectSwap swap, bool genericOnly);
  /// Loads it without attaching (`name` names it in errors): for BPF_PROG_RUN checks.
  static Result<std::unique_ptr<SignatureReflector>> load(const std::string& name, ReflectSwap swap);
  ~SignatureReflector();
  SignatureReflector(const SignatureReflector&) = delete;
  SignatureReflector& operator=(const SignatureReflector&) = delete;

  /// `realtimeMinusMonoNs` turns the program's monotonic clock into the signatures' realtime one:
  /// refresh it now and then (realtime steps). Nothing is reflected until it is set.
  Status setClock(int64_t realtimeMinusMonoNs);
  ReflectedPort port() const;
  /// "native" or "generic" (XDP); empty when loaded only.
  const std::string& hook() const noexcept { return hook_; }
  int programFd() const noexcept { return programFd_; }

 private:
  SignatureReflector() = default;

  bpf_object* object_ = nullptr;
  int programFd_ = -1, linkFd_ = -1, configFd_ = -1, portFd_ = -1;
  unsigned cpus_ = 0;
  ReflectSwap swap_ = ReflectSwap::kL2;
  std::string hook_;
  std::string name_;
};

/// The compiled program (generated from reflect.bpf.c at build time).
extern const unsigned char kReflectObject[];
extern const unsigned long kReflectObjectSize;

}  // namespace staccato::turbo
