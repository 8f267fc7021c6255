// Transmit loop. Each stream is paced by absolute deadlines on CLOCK_MONOTONIC from its
// RateSchedule: packet n is due at start + n / pps (bursts: back to back inside the burst;
// timed replays: the recorded times). A live rate change re-anchors the schedule at the next
// packet: it is due now, and the ones after it at the new rate. In sequential mode the next run starts where the last
// one's schedule ended, so a sequence or a GOTO loop keeps the pace its streams ask for. A worker
// that falls behind catches up, so the average rate over any long window is the one asked for;
// how far behind it fell at worst is counted (StreamTxCounters::late): that catch-up was a burst.
// A start may bound the catch-up (TxJob::maxCatchUpNs): further behind, the rest is let go and
// counted (StreamTxCounters::skipped).
// The loop allocates nothing, logs nothing and takes no locks.
#include "drone/tx/tx_worker.h"

#include <array>
#include <limits>
#include <thread>

#include "common/core/thread_affinity.h"
#include "common/stream/patch_program.h"
#include "common/stream/rate.h"
#include "common/core/clock.h"
#include "common/core/push_back.h"

namespace staccato::drone {
namespace {

constexpr size_t kMaxBatch = 32;
/// The longest a worker sleeps before it looks again for a stop or a rate change.
constexpr uint64_t kMaxWaitNs = 5'000'000;
constexpr uint64_t kForever = std::numeric_limits<uint64_t>::max();

/// Packets of the stream in one run (all queues together); kForever when continuous.
uint64_t runLength(const TxPlan& plan) { return plan.run.packetsPerRun.value_or(kForever); }

/// Queue k of Q sends the run's packets k, k+Q, ...: this many of them.
uint64_t shareOf(uint64_t total, uint32_t k, uint32_t q) {
  if (total == kForever) return kForever;
  return total > k ? (total - k + q - 1) / q : 0;
}

/// With several queues each numbers its signatures in a lane of its own (queues interleave on the
/// wire, so only each queue's own order can be checked); one queue keeps the stream's numbering.
PatchState stateFor(const TxPlan& plan, uint64_t first, uint32_t k, uint32_t q, uint64_t laneFirst) {
  if (q == 1) return makePatchState(plan, first, 1);
  const SignatureLane lane{k, laneFirst};
  return makePatchState(plan, first, q, 0, &lane);
}

/// The one pacing rule for a backend that builds its frames (the in-kernel engine): a run faster
/// than kBuilderPacesAbovePps, evenly spaced, is paced by the builder itself (sendPaced: the
/// kernel spaces the frames inside one call, in chunks of kPacedChunkNs, each call made
/// kPacedLeadNs before its first packet is due); a slower one gets a call per batch of due
/// packets, which keeps its spacing without holding the core in the kernel.
constexpr double kBuilderPacesAbovePps = 50'000;
constexpr uint64_t kPacedChunkNs = 2'000'000;
constexpr uint64_t kPacedLeadNs = 20'000;

}  // namespace

/// One worker's part of one run of a stream: its j-th packet is the run's packet first + j*stride.
/// Its packets are due `schedule`'s offsets after the anchor: at first the run's start (packet 0's
/// time), after a rate change the packet next due at that moment.
struct TxWorker::StreamRun {
  PatchState state;
  RateSchedule schedule;
  uint64_t start = 0;  ///< monotonic ns of the anchor
  uint64_t sent = 0;
  uint64_t total = 0;
  uint64_t first = 0;
  uint64_t stride = 1;
  uint64_t anchorOffset = 0;  ///< the schedule's offset of the anchor packet
  uint64_t at(uint64_t offset) const noexcept { return afterNs(start, offset > anchorOffset ? offset - anchorOffset : 0); }
  uint64_t deadline(uint64_t j) const noexcept { return at(schedule.offsetNs(first + j * stride)); }
  /// A new schedule from packet `sent` on, which is due `now`.
  void retime(RateSchedule next, uint64_t now) noexcept {
    schedule = next;
    start = now;
    anchorOffset = schedule.offsetNs(first + sent * stride);
  }
  /// Packet `sent`, due at `due`, goes out `now`: counts how late (what is sent back to back to
  /// catch up). Later than `maxCatchUpNs` (not 0), the worker lets the rest of the gap go, counted
  /// as skipped: that packet becomes due maxCatchUpNs ago, so no more than that is caught up.
  void catchUp(uint64_t now, uint64_t due, uint64_t maxCatchUpNs, StreamTxCounters& counters) noexcept {
    uint64_t late = now - due;
    if (maxCatchUpNs != 0 && late > maxCatchUpNs) {
      retime(schedule, now - maxCatchUpNs);
      counters.skipped(late - maxCatchUpNs);
      late = maxCatchUpNs;
    }
    counters.late(late);
  }
};


TxWorker::TxWorker(std::unique_ptr<TxBackend> backend, TxJob job, std::vector<StreamTxCounters>& counters)
    : backend_(std::move(backend)), job_(std::move(job)), builder_(backend_->builder()),
      tap_(backend_->bypassesKernelTaps() ? job_.tap.get() : nullptr),
      counters_(counters), thread_([this](std::stop_token st) { run(st); }) {}

TxWorker::~TxWorker() {
  thread_.request_stop();
  if (thread_.joinable()) thread_.join();
}

std::string TxWorker::error() const { return failed_.load() ? error_ : std::string(); }

void TxWorker::fail(const std::string& message) {
  // A stopped run always says why, even when the backend did not.
  error_ = !message.empty() ? message : backend_->name() + ": sending failed (the backend gave no reason)";
  failed_.store(true);
}

void TxWorker::run(std::stop_token st) {
  if (job_.cpu >= 0) pinCurrentThread(job_.cpu);
  if (auto s = backend_->prepare(plans()); !s) {
    fail(s.error().toString());
    if (job_.sync) job_.sync->leave(job_.queue);
  } else if (!waitForStart(st)) {
    if (job_.sync) job_.sync->leave(job_.queue);
  } else if (job_.interleaved) {
    runInterleaved(st);
  } else {
    runSequential(st);
  }
  finished_.store(true);
}

PatchState TxWorker::beginRun(size_t i, uint64_t first, uint64_t laneFirst) {
  const uint32_t k = job_.queue, q = job_.queues;
  if (!builder_) return stateFor(plans()[i], first, k, q, laneFirst);
  const SignatureLane lane{k, laneFirst};
  builder_->beginRun(i, first, q, q > 1 ? &lane : nullptr);
  return {};
}

size_t TxWorker::maxBatch() const noexcept { return builder_ ? static_cast<size_t>(builder_->maxBatch()) : kMaxBatch; }

bool TxWorker::builderPaces(size_t i, const StreamRun& run) const noexcept {
  const TxPlan& plan = plans()[i];
  const RatePlan rate = rateOf(i);
  return builder_ && !run.schedule.unpaced() && rate.unit != v1::Rate::BURSTS_PER_SECOND && !plan.replay.active &&
         packetsPerSecond(rate, plan.averageFrameBytes, job_.lineRateBps) > kBuilderPacesAbovePps;
}

size_t TxWorker::sendPacedChunk(size_t i, StreamRun& run) {
  uint64_t due = run.deadline(run.sent);
  const uint64_t now = monotonicNs();
  if (due > now + kPacedLeadNs) {
    waitUntil(std::min(due - kPacedLeadNs, now + kMaxWaitNs));  // wakes often enough to see a stop or a rate change
    if (due > monotonicNs() + kPacedLeadNs) return 0;
  }
  if (const uint64_t at = monotonicNs(); at > due) {
    run.catchUp(at, due, job_.maxCatchUpNs, counters_[i]);
    due = run.deadline(run.sent);
  }
  // The packets due within the chunk, spaced evenly: each chunk's first deadline comes from the
  // schedule, so rounding never accumulates beyond a chunk.
  uint64_t n = 1;
  while (n < maxBatch() && run.sent + n < run.total && run.deadline(run.sent + n) < due + kPacedChunkNs) ++n;
  const uint64_t interval = std::max<uint64_t>((run.deadline(run.sent + n) - due) / n, 1);
  uint64_t bytes = 0;
  copyWhileCapturing();
  const uint64_t sent = builder_->sendPaced(i, n, due, interval, bytes);
  if (sent < n) fail(backend_->lastError());
  counters_[i].add(sent, bytes);
  return static_cast<size_t>(sent);
}

size_t TxWorker::sendBatch(size_t i, PatchState& state, size_t max) {
  if (builder_) {
    uint64_t bytes = 0;
    copyWhileCapturing();
    const uint64_t sent = builder_->send(i, max, bytes);
    if (sent < max) fail(backend_->lastError());
    counters_[i].add(sent, bytes);
    return static_cast<size_t>(sent);
  }
  const TxPlan& plan = plans()[i];
  std::array<uint8_t*, kMaxBatch> frames;
  std::array<uint16_t, kMaxBatch> lengths;
  const size_t n = backend_->acquire(i, std::span(frames.data(), std::min(max, kMaxBatch)));
  notePortRoom(i, n, std::min(max, kMaxBatch));
  uint64_t bytes = 0;
  for (size_t k = 0; k < n; ++k) {
    lengths[k] = applyPatchProgram(plan, state, frames[k], realtimeNs());
    bytes += lengths[k] + 4;
  }
  const size_t sent = backend_->submit(std::span(lengths.data(), n));
  // The submit's own wait for room, unless the port is already being timed as full (acquire ran short).
  if (const uint64_t waited = backend_->portWaitNs(); waited != portWaitSeenNs_) {
    if (portFullSinceNs_ == 0) counters_[i].blocked(waited - portWaitSeenNs_);
    portWaitSeenNs_ = waited;
  }
  if (tap_ && tap_->active()) tapSent(frames.data(), lengths.data(), sent);  // sent frames stay put until reaped here
  if (sent < n) {
    bytes = 0;
    for (size_t k = 0; k < sent; ++k) bytes += lengths[k] + 4;
    fail(backend_->lastError());
  }
  counters_[i].add(sent, bytes);
  return sent;
}

void TxWorker::notePortRoom(size_t i, size_t got, size_t asked) noexcept {
  // A clock read only while the port is full and when it has room again, never per packet. The
  // wait is counted between looks: a stop of this worker in between is not the device's pace.
  if (got < asked) {
    const uint64_t now = monotonicNs();
    if (portFullSinceNs_ != 0) counters_[i].blocked(portWaitBetween(portFullSinceNs_, now));
    portFullSinceNs_ = now;
  } else if (portFullSinceNs_ != 0) {
    counters_[i].blocked(portWaitBetween(portFullSinceNs_, monotonicNs()));
    portFullSinceNs_ = 0;
  }
}

void TxWorker::copyWhileCapturing() noexcept {
  const bool capturing = tap_ && tap_->active();
  if (capturing == copying_) return;
  builder_->copySentTo(capturing ? &TxWorker::copiesToTap : nullptr, this);
  copying_ = capturing;
}

void TxWorker::copiesToTap(void* self, const SentFrame* frames, size_t n) noexcept {
  std::array<CapturedFrame, kMaxBatch> out;
  for (size_t i = 0; i < n; i += kMaxBatch) {
    const size_t m = std::min(kMaxBatch, n - i);
    for (size_t k = 0; k < m; ++k) {
      const SentFrame& f = frames[i + k];
      out[k] = {f.data, f.length, f.length, f.realtimeNs, uint8_t{kCapturedOutbound | kCapturedUnfiltered}};
    }
    static_cast<TxWorker*>(self)->tap_->capture({out.data(), m});
  }
}

void TxWorker::tapSent(const uint8_t* const* frames, const uint16_t* lengths, size_t n) noexcept {
  std::array<CapturedFrame, kMaxBatch> out;
  const uint64_t now = realtimeNs();
  for (size_t k = 0; k < n; ++k)
    out[k] = {frames[k], lengths[k], lengths[k], now, uint8_t{kCapturedOutbound | kCapturedUnfiltered}};
  tap_->capture({out.data(), n});
}

uint64_t TxWorker::sendOwed(size_t i, PatchState& state, uint64_t sent, uint64_t owed) {
  while (sent < owed && !failed_.load())
    sent += sendBatch(i, state, static_cast<size_t>(std::min<uint64_t>(maxBatch(), owed - sent)));
  return sent;
}

bool TxWorker::waitForStart(std::stop_token st) {
  // A scheduled start: every worker of every port of the start waits for the same instant
  // (fastest streams too, which otherwise look at no clock).
  while (job_.startNs && !st.stop_requested()) {
    const uint64_t now = monotonicNs();
    if (now >= job_.startNs) break;
    waitUntil(std::min(job_.startNs, now + kMaxWaitNs));
  }
  return !st.stop_requested();
}

bool TxWorker::ratesChanged() {
  if (!job_.rates || job_.rates->version() == ratesSeen_) return false;
  ratesSeen_ = job_.rates->version();
  changes_ = job_.rates->get();  // a rare moment: a lock and a copy, never per packet
  return true;
}

uint64_t TxWorker::startTogether(uint64_t planned) {
  const uint64_t now = job_.sync ? job_.sync->arriveAndWait() : monotonicNs();
  return planned ? planned : now;
}

void TxWorker::runSequential(std::stop_token st) {
  const size_t count = plans().size();
  const uint32_t k = job_.queue, q = job_.queues;
  std::vector<uint32_t> jumps(count, 0);
  // Packets of each stream sent in earlier runs (all queues): sequence numbers and variable
  // fields carry on when a stream comes round again.
  std::vector<uint64_t> before(count, 0);
  std::vector<uint64_t> laneBefore(count, 0);  ///< this queue's packets of each stream so far
  // Where the last run's schedule ended: the next run starts there, so the pace of a sequence
  // (and of a stream looping on itself) carries on across runs. 0 = now (first run, or after
  // an unpaced one).
  uint64_t nextStart = job_.startNs;
  bool firstRun = true;
  size_t i = 0;
  while (i < count && !st.stop_requested() && !failed_.load()) {
    const TxPlan& plan = plans()[i];
    const uint64_t perRun = runLength(plan);
    // A replay plays its capture from the first frame each run.
    const uint64_t carried = plan.replay.active ? 0 : before[i];
    ratesChanged();
    StreamRun run{beginRun(i, carried + k, plan.replay.active ? 0 : laneBefore[i]),
                  RateSchedule(plan, job_.lineRateBps, rateOf(i)).withRamp(firstRun ? job_.rampNs : 0),
                  startTogether(nextStart), 0, shareOf(perRun, k, q), k, q};
    firstRun = false;
    bool unpaced = run.schedule.unpaced();
    bool builderPaced = builderPaces(i, run);
    QueueSync* sync = job_.sync;
    auto nextIndex = [&] { return k + run.sent * q; };  // in the run, over all queues
    while (run.sent < run.total && !st.stop_requested() && !failed_.load()) {
      if (ratesChanged()) {
        run.retime(RateSchedule(plan, job_.lineRateBps, rateOf(i)), monotonicNs());
        unpaced = run.schedule.unpaced();
        builderPaced = builderPaces(i, run);
      }
      if (sync) {
        if (sync->tooFarAhead(k, nextIndex())) {
          std::this_thread::yield();  // the core may be what the slow queue (or the receiver) lacks
          continue;
        }
        sync->publish(k, nextIndex());
      }
      if (unpaced) {  // as fast as possible: no clock, no deadlines
        run.sent += sendBatch(i, run.state, static_cast<size_t>(std::min<uint64_t>(maxBatch(), run.total - run.sent)));
        continue;
      }
      if (builderPaced) {
        run.sent += sendPacedChunk(i, run);
        continue;
      }
      const uint64_t now = monotonicNs();
      const uint64_t next = run.deadline(run.sent);
      if (next > now) {
        waitUntil(std::min(next, now + kMaxWaitNs));  // wake often enough to see a stop or a rate change
        continue;
      }
      run.catchUp(now, next, job_.maxCatchUpNs, counters_[i]);
      // How many are due by now (at least one); batch them.
      size_t due = 1;
      while (due < maxBatch() && run.sent + due < run.total && run.deadline(run.sent + due) <= now) ++due;
      run.sent += sendBatch(i, run.state, due);
    }
    if (sync) {
      sync->markStopped(k, nextIndex());
      if (st.stop_requested() && !failed_.load()) {
        // Stopped mid-run: send what this queue owes below the highest index any queue reached.
        run.sent = sendOwed(i, run.state, run.sent, std::min(shareOf(sync->agreedEnd(), k, q), run.total));
      }
    }
    if (st.stop_requested() || failed_.load()) break;
    before[i] += perRun;
    laneBefore[i] += run.sent;
    nextStart = unpaced ? 0 : run.at(run.schedule.runNs(perRun));
    i = plan.run.nextAfter(i, count, jumps[i]);
  }
  // Leaving (done, stopped or failed): the other queues must not wait for this one any more.
  if (job_.sync) job_.sync->leave(k);
}

void TxWorker::runInterleaved(std::stop_token st) {
  const uint64_t start = startTogether(job_.startNs);
  const uint32_t k = job_.queue, q = job_.queues;
  ratesChanged();
  std::vector<StreamRun> runs;
  for (size_t i = 0; i < plans().size(); ++i) {
    const TxPlan& plan = plans()[i];
    runs.push_back({beginRun(i, k, 0), RateSchedule(plan, job_.lineRateBps, rateOf(i)).withRamp(job_.rampNs),
                    start, 0, shareOf(runLength(plan), k, q), k, q});
  }
  while (!st.stop_requested() && !failed_.load()) {
    if (ratesChanged()) {
      const uint64_t now = monotonicNs();
      for (size_t i = 0; i < runs.size(); ++i) runs[i].retime(RateSchedule(plans()[i], job_.lineRateBps, rateOf(i)), now);
    }
    // The stream whose next packet is due first.
    size_t best = runs.size();
    uint64_t bestDeadline = kForever;
    for (size_t i = 0; i < runs.size(); ++i) {
      if (runs[i].sent >= runs[i].total) continue;
      const uint64_t d = runs[i].deadline(runs[i].sent);
      if (d < bestDeadline) bestDeadline = d, best = i;
    }
    if (best == runs.size()) break;  // all finite streams done
    const uint64_t now = monotonicNs();
    if (bestDeadline > now) {
      waitUntil(std::min(bestDeadline, now + kMaxWaitNs));
      continue;
    }
    // One packet at a time keeps the streams' order exact; a builder (a call per batch) sends
    // the stream's packets that are due together.
    size_t due = 1;
    StreamRun& r = runs[best];
    if (!r.schedule.unpaced()) r.catchUp(now, bestDeadline, job_.maxCatchUpNs, counters_[best]);
    while (builder_ && due < maxBatch() && r.sent + due < r.total && r.deadline(r.sent + due) <= now) ++due;
    r.sent += sendBatch(best, r.state, due);
  }
  if (QueueSync* sync = job_.sync) {
    // Every exit notes where this queue is in each stream (a finished share too: the others
    // must not stop below it), then, when stopped, sends what it owes below each agreed end.
    for (size_t i = 0; i < runs.size(); ++i) sync->noteStreamEnd(i, k + runs[i].sent * q);
    sync->markStopped(k, 0);
    if (st.stop_requested() && !failed_.load()) {
      sync->agreedEnd();
      for (size_t i = 0; i < runs.size(); ++i)
        runs[i].sent = sendOwed(i, runs[i].state, runs[i].sent, std::min(shareOf(sync->streamEnd(i), k, q), runs[i].total));
    }
    sync->leave(k);
  }
}

}  // namespace staccato::drone
