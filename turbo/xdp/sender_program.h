#pragma once
/// RAII over the in-kernel sender (sender.bpf.c) loaded for one port and one list of streams:
/// its maps filled from the streams' plans, its per-CPU worker entries and its configuration
/// mapped into memory, and the port in its redirect map. Nothing is attached to the port: the
/// program runs only in BPF_PROG_RUN calls (XdpTxQueue) and redirects what it builds there.
#include <cstdint>
#include <memory>
#include <span>
#include <string>
#include <vector>

#include "common/core/result.h"
#include "common/stream/tx_plan.h"
#include "turbo/xdp/sender_abi.h"

struct bpf_object;

namespace staccato::turbo {

struct StreamTxCount {
  uint64_t packets = 0;
  uint64_t bytes = 0;  ///< with FCS
};

class SenderProgram {
 public:
  /// Loads the program for `plans` (each must pass toKernelPlan; the error names the stream
  /// that does not) sending to interface `portIfindex`.
  static Result<std::unique_ptr<SenderProgram>> load(std::span<const TxPlan> plans, int portIfindex);
  ~SenderProgram();
  SenderProgram(const SenderProgram&) = delete;
  SenderProgram& operator=(const SenderProgram&) = delete;

  int programFd() const noexcept { return programFd_; }
  /// The kernel's id of the program (bpftool prog show id N), 0 when unknown.
  uint32_t programId() const noexcept;
  size_t streams() const noexcept { return templates_.size(); }
  /// Stream i's template: what every call's fresh frames start as.
  std::span<const uint8_t> frameTemplate(size_t i) const noexcept { return templates_[i]; }
  /// The worker entry of CPU `cpu` (shared memory with the program; see xs_worker).
  xs_worker& worker(unsigned cpu) noexcept { return workers_[cpu]; }
  unsigned cpus() const noexcept { return cpus_; }
  /// CPU `cpu`'s copy slot `slot` (XS_COPY_SLOTS per CPU): what the program copied of a frame
  /// it sent while the CPU's worker entry asked for copies.
  const xs_copy& copy(unsigned cpu, uint32_t slot) const noexcept { return copies_[cpu * XS_COPY_SLOTS + slot]; }
  /// Signatures carry CLOCK_REALTIME; the program reads CLOCK_MONOTONIC and adds this (refresh
  /// it now and then: realtime steps).
  void setRealtimeOffset(int64_t realtimeMinusMonoNs) noexcept;
  /// Stream i's frames sent, summed over CPUs.
  StreamTxCount count(size_t i) const;

 private:
  SenderProgram() = default;
  Status fill(std::span<const TxPlan> plans, int portIfindex);

  bpf_object* object_ = nullptr;
  int programFd_ = -1;
  int statesFd_ = -1;
  unsigned cpus_ = 0;
  xs_worker* workers_ = nullptr;  // mmapped
  size_t workersBytes_ = 0;
  xs_config* config_ = nullptr;   // mmapped
  size_t configBytes_ = 0;
  xs_copy* copies_ = nullptr;     // mmapped
  size_t copiesBytes_ = 0;
  std::vector<std::vector<uint8_t>> templates_;
};

/// The compiled program (generated from sender.bpf.c at build time).
extern const unsigned char kSenderObject[];
extern const unsigned long kSenderObjectSize;

}  // namespace staccato::turbo
