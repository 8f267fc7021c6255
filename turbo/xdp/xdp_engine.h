#pragma once
/// The in-kernel transmit engine for one port: the sender program loaded with the port's
/// streams, kept in the XDP dispatcher by a helper device, and one pinned worker thread per CPU
/// calling BPF_PROG_RUN with live frames. Sequential mode (stream after stream, after-stream
/// actions, all workers starting each run together) or interleaved (every stream at its own
/// rate). With Q workers, worker k sends packets k, k+Q, ... of every stream: counts split
/// exactly, values and sequence numbers (per worker lane) as on one queue.
#include <atomic>
#include <barrier>
#include <cstdint>
#include <memory>
#include <mutex>
#include <string>
#include <thread>
#include <vector>

#include "common/core/result.h"
#include "common/stream/tx_plan.h"
#include "turbo/xdp/helper_device.h"
#include "turbo/xdp/sender_program.h"

namespace staccato::turbo {

struct XdpEngineOptions {
  std::string iface;
  std::vector<int> cpus{0};  ///< one worker per CPU, all different
  bool interleaved = false;
  double lineRateBps = 10e9;       ///< for load % and burst spacing
  /// Frames the kernel builds before flushing them to the port (1..256). A veth peer queues at
  /// most 256 frames: batches of 256 overflow it now and then (measured), 64 and 128 do not.
  uint32_t kernelBatch = 64;
  /// Streams faster than this many packets/s are paced inside the program (frames that come
  /// early are dropped there), slower ones by user-space deadlines. 0 = never in the program.
  double programPacingAbovePps = 50'000;
};

class XdpEngine {
 public:
  /// Loads the sender for `plans` (each must run in the kernel; the error says why one cannot)
  /// and attaches it to its helper device. Sends nothing yet.
  static Result<std::unique_ptr<XdpEngine>> open(const XdpEngineOptions& options, PlanList plans);
  ~XdpEngine();  ///< stops and joins the workers; the helper device and program go with it

  void start();
  void requestStop() noexcept;
  bool finished() const noexcept { return running_.load() == 0; }
  /// Waits for every worker to finish.
  void wait();
  /// Non-empty when a worker failed.
  std::string error() const;
  /// Signatures carry CLOCK_REALTIME, the program reads CLOCK_MONOTONIC: the difference, kept
  /// current by the caller (realtime steps).
  void setRealtimeOffset(int64_t realtimeMinusMonoNs) noexcept;
  /// The sender's kernel id (bpftool prog show id N).
  uint32_t programId() const noexcept { return program_->programId(); }
  /// Stream i's frames sent so far, all workers.
  StreamTxCount count(size_t stream) const { return program_->count(stream); }

 private:
  XdpEngine() = default;
  void run(std::stop_token st, uint32_t k);
  void runSequential(std::stop_token st, uint32_t k, class XdpTxQueue& q);
  void runInterleaved(std::stop_token st, uint32_t k, class XdpTxQueue& q);
  /// Sends packets [sent, total) of worker k's share of a run paced as the stream asks; returns
  /// how many it sent before stopping.
  uint64_t sendRun(std::stop_token st, XdpTxQueue& q, size_t i, uint64_t start, uint64_t k, uint64_t total);
  /// All workers together: returns the shared monotonic start of the next run (`planned`, or now).
  uint64_t startTogether(uint64_t planned);
  void leave() noexcept;
  void fail(const std::string& message);

  struct Completion {
    XdpEngine* self;
    void operator()() noexcept;
  };
  XdpEngineOptions options_;
  PlanList plans_;
  std::unique_ptr<SenderProgram> program_;
  std::unique_ptr<HelperDevice> helper_;  // after program_: detached first
  std::unique_ptr<std::barrier<Completion>> barrier_;
  std::atomic<uint64_t> planned_{0}, start_{0};
  std::atomic<uint32_t> running_{0};
  mutable std::mutex errorMu_;
  std::string error_;
  std::vector<std::jthread> workers_;  // last: joined first
};

}  // namespace staccato::turbo
