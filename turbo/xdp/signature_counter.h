#pragma once
/// In-kernel receive counting (signature_count.bpf.c) on one interface: signature frames of the
/// streams registered here are counted in maps by an XDP program and never copied to user
/// space; every other frame goes to the kernel untouched. Attached through a BPF link: it goes
/// away with this object or the process, even on a crash. Reads are a few system calls per
/// stream (live stats); the counters are the kernel's, no receive thread runs.
#include <cstdint>
#include <memory>
#include <string>
#include <unordered_map>
#include <utility>
#include <vector>

#include "common/core/result.h"

struct bpf_object;

namespace staccato::turbo {

/// One stream's receive counters, summed over CPUs and lanes.
struct CountedStream {
  uint64_t packets = 0;
  uint64_t bytes = 0;  ///< with FCS
  uint64_t unique = 0, lost = 0, duplicates = 0, reordered = 0;  ///< SequenceTracker's meaning, per lane, summed
  uint64_t untracked = 0;  ///< frames of lanes beyond the program's (counted, not sequenced)
  uint64_t firstNs = 0, lastNs = 0;  ///< arrivals, CLOCK_REALTIME
  uint64_t latencyCount = 0, latencySumNs = 0, latencyMinNs = 0, latencyMaxNs = 0;
  uint64_t jitterNs = 0;  ///< RFC 3550, per lane and receiving CPU; the largest
  /// Non-empty latency buckets (index in rpc::latencyBucketOf's layout with kSubBucketBits, count).
  std::vector<std::pair<uint32_t, uint64_t>> buckets;
};

/// What the program looked at on the port, summed over CPUs.
struct CountedPort {
  uint64_t examined = 0, counted = 0, unknown = 0;
};

/// Where the counter runs on the interface.
enum class CountHook {
  kXdp,  ///< in the driver (native XDP, else generic): every frame, before any skb exists
  kTc,   ///< at tc ingress (tcx, Linux 6.6+): on skbs, after the packet taps
};

class SignatureCounter {
 public:
  static constexpr unsigned kSubBucketBits = 6;  ///< the histogram's layout (LatencyHistogram's)

  /// Lanes sequenced per stream by default (a sender's queues); frames of higher lanes are
  /// counted, not sequenced. Each costs ~450 bytes per stream and CPU.
  static constexpr uint32_t kDefaultLanes = 16;

  /// How many streams fit `bytes` of kernel memory here: every possible CPU holds each stream's
  /// counters (about 23 KiB with 16 lanes, most of it the latency histogram).
  static uint32_t streamsFitting(size_t bytes, uint32_t lanes = kDefaultLanes);

  /// Loads the program for up to `maxStreams` streams and attaches it to `iface`: in the driver
  /// when it can run XDP there, else generic; or at tc ingress.
  static Result<std::unique_ptr<SignatureCounter>> attach(const std::string& iface, uint32_t maxStreams,
                                                           uint32_t lanes = kDefaultLanes, CountHook hook = CountHook::kXdp);
  /// Loads it without attaching (`name` names it in errors): for BPF_PROG_RUN checks.
  static Result<std::unique_ptr<SignatureCounter>> load(const std::string& name, uint32_t maxStreams,
                                                         uint32_t lanes = kDefaultLanes);
  ~SignatureCounter();
  SignatureCounter(const SignatureCounter&) = delete;
  SignatureCounter& operator=(const SignatureCounter&) = delete;

  /// Counts stream `id` from now on (ids are 16-bit on the wire).
  Status addStream(uint32_t id);
  /// From now on the program counts every stream id it sees (up to maxStreams; frames of further
  /// ids are `unknown`), taking a slot for a new id itself: nothing is missed while user space
  /// learns of it. No addStream after this.
  Status countEveryStream();
  /// Forgets every stream (counting every stream id: the program takes slots anew, from the
  /// first); a frame counted meanwhile may be lost to it.
  Status forgetAll();
  /// The ids counted (registered, or taken by the program since the last call), ascending.
  std::vector<uint32_t> streams();
  /// Stream `id`'s packets so far (one small read: to see whether read() would tell anything new).
  uint64_t packets(uint32_t id) const;
  uint32_t maxStreams() const noexcept { return maxStreams_; }
  /// Zeroes stream `id`'s counters (a frame counted meanwhile may be lost to the clear).
  Status clear(uint32_t id);
  /// Counts a trailer only when its send time is within `windowNs` of now; until this is set,
  /// nothing is counted. `realtimeMinusMonoNs` turns the program's monotonic clock into the
  /// signatures' realtime one: refresh it now and then (realtime steps).
  Status setClock(int64_t realtimeMinusMonoNs, uint64_t windowNs);
  /// Counted frames go on to the kernel too (for tcpdump or a capture), or are dropped there.
  Status setPassCounted(bool pass);

  Result<CountedStream> read(uint32_t id) const;
  CountedPort port() const;
  bool native() const noexcept { return hook_ == "native"; }
  /// "native", "generic" (XDP) or "tc"; empty when loaded only.
  const std::string& hook() const noexcept { return hook_; }
  int programFd() const noexcept { return programFd_; }
  /// The tc ingress program (the same counting on skbs), for BPF_PROG_RUN checks.
  int tcProgramFd() const noexcept;

 private:
  SignatureCounter() = default;
  Status writeConfig();

  bpf_object* object_ = nullptr;
  int programFd_ = -1, linkFd_ = -1;
  int slotsFd_ = -1, statsFd_ = -1, histogramsFd_ = -1, lanesFd_ = -1, configFd_ = -1, portFd_ = -1;
  int slotIdsFd_ = -1, nextSlotFd_ = -1;
  uint32_t autoSlots_ = 0;  ///< xc_config.auto_slots
  uint32_t known_ = 0;      ///< slots whose ids slots_ knows (or that lost a race)
  unsigned cpus_ = 0;
  uint32_t maxStreams_ = 0;
  uint32_t lanes_ = 0;
  std::unordered_map<uint32_t, uint32_t> slots_;  ///< stream id -> slot
  int64_t realtimeMinusMono_ = 0;
  uint64_t windowNs_ = 0;
  bool passCounted_ = false;
  std::string hook_;
  std::string name_;
};

/// The compiled program (generated from signature_count.bpf.c at build time).
extern const unsigned char kSignatureCountObject[];
extern const unsigned long kSignatureCountObjectSize;

}  // namespace staccato::turbo
