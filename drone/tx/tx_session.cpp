#include "drone/tx/tx_session.h"

#include <algorithm>

namespace staccato::drone {

TxSession::TxSession(std::vector<std::unique_ptr<TxBackend>> backends, const TxJob& job, const std::vector<int>& cpus) {
  const uint32_t q = static_cast<uint32_t>(backends.size());
  queues_ = q;
  counters_.resize(q);
  for (auto& c : counters_) c = std::vector<StreamTxCounters>(job.plans->size());
  if (q > 1) {
    // Workers that send a big batch per call may be a call of every queue apart, no less.
    FrameBuilder* builder = backends.front()->builder();
    const uint64_t skew = std::max<uint64_t>(QueueSync::kMaxSkew, builder ? 2 * q * builder->maxBatch() : 0);
    sync_ = std::make_unique<QueueSync>(q, job.plans->size(), skew);
  }
  for (uint32_t k = 0; k < q; ++k) {
    TxJob mine = job;
    mine.queue = k;
    mine.queues = q;
    mine.cpu = k < cpus.size() ? cpus[k] : -1;
    mine.sync = sync_.get();
    workers_.push_back(std::make_unique<TxWorker>(std::move(backends[k]), std::move(mine), counters_[k]));
  }
}

TxSession::~TxSession() {
  requestStop();
  workers_.clear();  // joins before the sync and counters go
}

void TxSession::requestStop() noexcept {
  std::lock_guard lock(workersMu_);
  requestStopLocked();
}

void TxSession::requestStopLocked() noexcept {
  for (auto& w : workers_) w->requestStop();
}

namespace {

bool allFinished(const std::vector<std::unique_ptr<TxWorker>>& workers) noexcept {
  return std::all_of(workers.begin(), workers.end(), [](const auto& w) { return w->finished(); });
}

std::string firstError(const std::vector<std::unique_ptr<TxWorker>>& workers) {
  for (auto& w : workers)
    if (std::string e = w->error(); !e.empty()) return e;
  return {};
}

}  // namespace

bool TxSession::finished() noexcept {
  std::lock_guard lock(workersMu_);
  if (!firstError(workers_).empty()) requestStopLocked();  // a failed worker stops the others
  return allFinished(workers_);
}

std::string TxSession::error() const {
  std::lock_guard lock(workersMu_);
  std::string e = firstError(workers_);
  return e.empty() ? releasedError_ : e;
}

bool TxSession::releaseIfFinished(std::vector<std::unique_ptr<TxWorker>>& closeLater) noexcept {
  std::lock_guard lock(workersMu_);
  if (!allFinished(workers_)) return false;
  if (!workers_.empty()) {
    releasedError_ = firstError(workers_);
    for (auto& w : workers_) closeLater.push_back(std::move(w));
    workers_.clear();
  }
  return true;
}

uint64_t TxSession::packets(size_t stream) const noexcept {
  uint64_t n = 0;
  for (const auto& c : counters_) n += c[stream].packets.load(std::memory_order_relaxed);
  return n;
}

uint64_t TxSession::bytes(size_t stream) const noexcept {
  uint64_t n = 0;
  for (const auto& c : counters_) n += c[stream].bytes.load(std::memory_order_relaxed);
  return n;
}

uint64_t TxSession::firstNs(size_t stream) const noexcept {
  uint64_t first = 0;
  for (const auto& c : counters_)
    if (const uint64_t t = c[stream].firstNs.load(std::memory_order_relaxed); t && (!first || t < first)) first = t;
  return first;
}

uint64_t TxSession::maxOverWorkers(size_t stream, std::atomic<uint64_t> StreamTxCounters::*field) const noexcept {
  uint64_t most = 0;
  for (const auto& c : counters_) most = std::max(most, (c[stream].*field).load(std::memory_order_relaxed));
  return most;
}

uint64_t TxSession::lastNs(size_t stream) const noexcept { return maxOverWorkers(stream, &StreamTxCounters::lastNs); }

uint64_t TxSession::maxLateNs(size_t stream) const noexcept { return maxOverWorkers(stream, &StreamTxCounters::maxLateNs); }

uint64_t TxSession::lateNs(size_t stream) const noexcept { return maxOverWorkers(stream, &StreamTxCounters::lateNs); }

uint64_t TxSession::blockedNs(size_t stream) const noexcept { return maxOverWorkers(stream, &StreamTxCounters::blockedNs); }

uint64_t TxSession::skippedNs(size_t stream) const noexcept { return maxOverWorkers(stream, &StreamTxCounters::skippedNs); }

void TxSession::clearCounters() noexcept {
  for (auto& per : counters_)
    for (auto& c : per) c.clear();
}

}  // namespace staccato::drone
