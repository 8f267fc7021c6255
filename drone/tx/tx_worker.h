#pragma once
/// One transmit worker per port queue: runs the port's compiled streams through its TxBackend,
/// sequentially (with after-stream actions) or interleaved, paced by absolute deadlines.
/// With Q queues, worker k sends packets k, k+Q, k+2Q... of every stream: each stream's count,
/// rate, sequence numbers and variable-field values are split exactly across the queues.
#include <atomic>
#include <memory>
#include <string>
#include <thread>
#include <vector>

#include "common/stream/tx_plan.h"
#include "drone/tx/queue_sync.h"
#include "drone/tx/rate_control.h"
#include "drone/tx/stream_counters.h"
#include "drone/tx/tx_tap.h"
#include "common/stream/tx_backend.h"

namespace staccato::drone {

struct TxJob {
  PlanList plans;             ///< enabled streams in order
  bool interleaved = false;
  double lineRateBps = 10e9;
  int cpu = -1;               ///< pin the worker here; -1 = no pinning
  uint32_t queue = 0;         ///< this worker's share: packets queue, queue + queues, ...
  uint32_t queues = 1;
  QueueSync* sync = nullptr;  ///< shared by a port's workers when there are several
  std::shared_ptr<TxTap> tap;  ///< the port's capture, for backends that bypass the kernel's taps
  std::shared_ptr<RateControl> rates;  ///< live rate changes (null: none)
  uint64_t startNs = 0;  ///< monotonic time of the first packet (a scheduled start); 0 = now
  uint64_t rampNs = 0;   ///< the first run rises from no rate to its own over this long
  uint64_t maxCatchUpNs = 0;  ///< behind schedule by more, the worker lets the rest go; 0 = catch up in full
};

class TxWorker {
 public:
  /// Starts sending at once. `counters` has one entry per plan, is this worker's own, and
  /// outlives the worker.
  TxWorker(std::unique_ptr<TxBackend> backend, TxJob job, std::vector<StreamTxCounters>& counters);
  ~TxWorker();  ///< stops and joins

  void requestStop() noexcept { thread_.request_stop(); }
  bool finished() const noexcept { return finished_.load(); }
  std::string error() const;  ///< non-empty when sending failed

 private:
  struct StreamRun;
  void run(std::stop_token st);
  void runSequential(std::stop_token st);
  void runInterleaved(std::stop_token st);
  /// Starts worker's share of a run of stream i at run packet `first` (its lane counting from
  /// laneFirst): the patch state for it, or the builder told.
  PatchState beginRun(size_t i, uint64_t first, uint64_t laneFirst);
  /// Sends up to `max` packets of stream i that are due; returns how many were sent.
  size_t sendBatch(size_t i, PatchState& state, size_t max);
  /// Packets one sendBatch sends at most.
  size_t maxBatch() const noexcept;
  /// A builder that paces: sends the run's packets due in the next chunk of time, paced by the
  /// builder (none when the first is not due soon). Returns how many.
  size_t sendPacedChunk(size_t i, StreamRun& run);
  /// Whether stream i's packets go paced by the builder rather than a call per batch of due ones.
  bool builderPaces(size_t i, const StreamRun& run) const noexcept;
  /// A builder copies what it sends while the port's capture runs (the copies cost time).
  void copyWhileCapturing() noexcept;
  static void copiesToTap(void* self, const SentFrame* frames, size_t n) noexcept;
  /// Keeps time of the port's back pressure: from a batch the port had too little room for
  /// (`got` of `asked` frames) until one it took whole, counted as stream i's wait (a submit's
  /// own wait for room the backend counts: TxBackend::portWaitNs).
  void notePortRoom(size_t i, size_t got, size_t asked) noexcept;
  /// Gives a running capture the batch's sent frames.
  void tapSent(const uint8_t* const* frames, const uint16_t* lengths, size_t n) noexcept;
  /// Stopped mid-run: sends stream i's packets until this worker has sent `owed` of them (its
  /// share below the end the queues agreed); returns how many it has sent.
  uint64_t sendOwed(size_t i, PatchState& state, uint64_t sent, uint64_t owed);
  void fail(const std::string& message);
  const std::vector<TxPlan>& plans() const noexcept { return *job_.plans; }
  /// The start time of the next stream run: `planned` when not 0, else now (with several
  /// queues, the shared now). Every queue passes the same `planned`; all wait for each other.
  uint64_t startTogether(uint64_t planned);
  /// Waits for a scheduled start (job_.startNs); false when stopped meanwhile.
  bool waitForStart(std::stop_token st);
  /// True when the rates changed since this worker last looked; `changes_` is then the new ones.
  bool ratesChanged();
  /// The rate plan i sends at now.
  RatePlan rateOf(size_t i) const { return RateControl::rateOf(plans()[i], changes_); }

  std::unique_ptr<TxBackend> backend_;
  TxJob job_;
  FrameBuilder* builder_ = nullptr;  ///< the backend builds its own frames (in-kernel)
  TxTap* tap_ = nullptr;  ///< job_.tap when the backend bypasses the kernel's taps
  bool copying_ = false;  ///< the builder copies what it sends to tap_
  std::vector<StreamTxCounters>& counters_;
  RateChanges changes_;     ///< the rates as this worker applies them
  uint64_t ratesSeen_ = 0;  ///< RateControl::version() when it last took them
  uint64_t portFullSinceNs_ = 0;  ///< monotonic: the last look that found the port full; 0 = it took the last batch whole
  uint64_t portWaitSeenNs_ = 0;   ///< the backend's portWaitNs() when last counted
  std::atomic<bool> finished_{false};
  std::atomic<bool> failed_{false};
  std::string error_;
  std::jthread thread_;
};

}  // namespace staccato::drone
