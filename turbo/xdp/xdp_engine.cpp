// In-kernel transmit loop, user-space side: per worker, runs of streams cut into BPF_PROG_RUN
// calls. Unpaced streams go in calls of up to XdpTxQueue::kMaxCallFrames; fast paced streams
// (constant interval) are paced inside the program in chunks whose first deadline comes from
// the stream's schedule, so rounding never accumulates beyond a chunk; slow ones by user-space
// deadlines, a call per batch of due frames. Each run starts on all workers at one instant.
#include "turbo/xdp/xdp_engine.h"

#include <net/if.h>
#include <sched.h>
#include <time.h>

#include <algorithm>
#include <limits>
#include <set>

#include "common/stream/rate.h"
#include "turbo/xdp/xdp_tx_queue.h"

namespace staccato::turbo {
namespace {

constexpr uint64_t kForever = std::numeric_limits<uint64_t>::max();
constexpr uint64_t kUserBatch = 256;          ///< due frames per call when paced by user space
constexpr uint64_t kPacedChunkNs = 2'000'000; ///< in-program pacing: frames due within this per chunk
constexpr uint64_t kEarlyLeadNs = 20'000;     ///< a paced chunk's call starts this long before its first frame

uint64_t monoNs() noexcept {
  timespec ts;
  clock_gettime(CLOCK_MONOTONIC, &ts);
  return uint64_t(ts.tv_sec) * 1'000'000'000ull + uint64_t(ts.tv_nsec);
}

/// Sleeps until shortly before `deadline`, then spins.
void sleepUntil(uint64_t deadline) noexcept {
  constexpr uint64_t kSpinNs = 50'000;
  const uint64_t now = monoNs();
  if (deadline > now + kSpinNs) {
    const uint64_t wake = deadline - kSpinNs;
    const timespec ts{static_cast<time_t>(wake / 1'000'000'000), static_cast<long>(wake % 1'000'000'000)};
    clock_nanosleep(CLOCK_MONOTONIC, TIMER_ABSTIME, &ts, nullptr);
  }
  while (monoNs() < deadline) {
  }
}

/// Worker k of q sends the run's packets k, k+q, ...: this many of them.
uint64_t shareOf(uint64_t total, uint64_t k, uint64_t q) {
  if (total == kForever) return kForever;
  return total > k ? (total - k + q - 1) / q : 0;
}

bool pinStrictly(int cpu) {
  cpu_set_t set;
  CPU_ZERO(&set);
  CPU_SET(cpu, &set);
  return sched_setaffinity(0, sizeof set, &set) == 0 && sched_getcpu() == cpu;
}

}  // namespace

Result<std::unique_ptr<XdpEngine>> XdpEngine::open(const XdpEngineOptions& options, PlanList plans) {
  const std::string label = options.iface + " (in-kernel sender)";
  if (options.cpus.empty() || std::set<int>(options.cpus.begin(), options.cpus.end()).size() != options.cpus.size())
    return makeError(label, "needs one CPU per worker, all different (the program keeps its state per CPU)");
  const unsigned ifindex = if_nametoindex(options.iface.c_str());
  if (ifindex == 0) return makeError(options.iface, "no such interface", ErrorKind::kNotFound);
  std::unique_ptr<XdpEngine> e(new XdpEngine());
  e->options_ = options;
  e->options_.kernelBatch = std::clamp(options.kernelBatch, 1u, 256u);
  e->plans_ = std::move(plans);
  auto program = SenderProgram::load(*e->plans_, static_cast<int>(ifindex));
  if (!program) return program.error().withPrefix(label);
  e->program_ = std::move(program).value();
  for (int cpu : options.cpus)
    if (cpu < 0 || static_cast<unsigned>(cpu) >= e->program_->cpus())
      return makeError(label, "CPU " + std::to_string(cpu) + " does not exist");
  auto helper = HelperDevice::attach(e->program_->programFd());
  if (!helper) return helper.error();
  e->helper_ = std::move(helper).value();
  std::string probe = "cannot run on CPU " + std::to_string(options.cpus[0]);
  std::thread([&] {
    if (pinStrictly(options.cpus[0])) probe = XdpTxQueue(*e->program_, static_cast<unsigned>(options.cpus[0])).probe();
  }).join();
  if (!probe.empty()) return makeError(label, probe, ErrorKind::kUnavailable);
  return e;
}

XdpEngine::~XdpEngine() {
  requestStop();
  workers_.clear();  // joins
}

void XdpEngine::setRealtimeOffset(int64_t realtimeMinusMonoNs) noexcept { program_->setRealtimeOffset(realtimeMinusMonoNs); }

void XdpEngine::start() {
  const auto q = static_cast<uint32_t>(options_.cpus.size());
  running_ = q;
  barrier_ = std::make_unique<std::barrier<Completion>>(q, Completion{this});
  for (uint32_t k = 0; k < q; ++k) workers_.emplace_back([this, k](std::stop_token st) { run(st, k); });
}

void XdpEngine::requestStop() noexcept {
  for (auto& w : workers_) w.request_stop();
}

void XdpEngine::wait() {
  for (auto& w : workers_)
    if (w.joinable()) w.join();
}

std::string XdpEngine::error() const {
  std::lock_guard lock(errorMu_);
  return error_;
}

void XdpEngine::fail(const std::string& message) {
  std::lock_guard lock(errorMu_);
  if (error_.empty()) error_ = message;
}

void XdpEngine::Completion::operator()() noexcept {
  const uint64_t planned = self->planned_.load();
  self->start_.store(planned ? planned : monoNs());
}

uint64_t XdpEngine::startTogether(uint64_t planned) {
  planned_.store(planned);
  barrier_->arrive_and_wait();
  return start_.load();
}

void XdpEngine::leave() noexcept {
  barrier_->arrive_and_drop();
  running_.fetch_sub(1);
}

void XdpEngine::run(std::stop_token st, uint32_t k) {
  const int cpu = options_.cpus[k];
  if (!pinStrictly(cpu)) {
    fail("cannot run worker " + std::to_string(k) + " on CPU " + std::to_string(cpu));
  } else {
    XdpTxQueue q(*program_, static_cast<unsigned>(cpu), options_.kernelBatch);
    if (options_.interleaved) runInterleaved(st, k, q);
    else runSequential(st, k, q);
  }
  leave();
}

uint64_t XdpEngine::sendRun(std::stop_token st, XdpTxQueue& q, size_t i, uint64_t start, uint64_t k, uint64_t total) {
  const TxPlan& plan = (*plans_)[i];
  const RateSchedule schedule(plan, options_.lineRateBps);
  const uint64_t stride = options_.cpus.size();
  auto deadline = [&](uint64_t j) { return afterNs(start, schedule.offsetNs(k + j * stride)); };
  const double pps = planPacketsPerSecond(plan, options_.lineRateBps);
  const bool inProgram = !schedule.unpaced() && plan.rate.unit != v1::Rate::BURSTS_PER_SECOND && !plan.replay.active &&
                         options_.programPacingAbovePps > 0 && pps > options_.programPacingAbovePps;
  uint64_t sent = 0;
  while (sent < total && !st.stop_requested()) {
    uint64_t asked = 0, got = 0;
    if (schedule.unpaced()) {
      asked = std::min<uint64_t>(total - sent, XdpTxQueue::kMaxCallFrames);
      got = q.send(i, asked);
    } else if (inProgram) {
      uint64_t due = deadline(sent);
      sleepUntil(due > kEarlyLeadNs ? due - kEarlyLeadNs : 0);
      asked = 1;
      while (asked < total - sent && deadline(sent + asked) < due + kPacedChunkNs) ++asked;
      const uint64_t interval = (deadline(sent + asked) - due) / asked;  // this chunk's spacing
      got = q.sendPaced(i, asked, due, std::max<uint64_t>(interval, 1));
    } else {
      const uint64_t now = monoNs(), next = deadline(sent);
      if (next > now) {
        sleepUntil(std::min(next, now + 50'000'000));  // wakes at least every 50 ms to see a stop
        continue;
      }
      asked = 1;
      while (asked < kUserBatch && sent + asked < total && deadline(sent + asked) <= now) ++asked;
      got = q.send(i, asked);
    }
    sent += got;
    if (got < asked) {
      fail(q.lastError());
      break;
    }
  }
  return sent;
}

void XdpEngine::runSequential(std::stop_token st, uint32_t k, XdpTxQueue& q) {
  const std::vector<TxPlan>& plans = *plans_;
  const size_t count = plans.size();
  const uint32_t workers = static_cast<uint32_t>(options_.cpus.size());
  std::vector<uint32_t> jumps(count, 0);
  std::vector<uint64_t> before(count, 0), laneBefore(count, 0);  // as the drone's TxWorker
  uint64_t nextStart = 0;
  size_t i = 0;
  while (i < count && !st.stop_requested() && error().empty()) {
    const TxPlan& plan = plans[i];
    const uint64_t perRun = plan.run.packetsPerRun.value_or(kForever);
    const SignatureLane lane{k, laneBefore[i]};
    q.beginRun(i, before[i] + k, workers, workers > 1 ? &lane : nullptr);
    const uint64_t start = startTogether(nextStart);
    const uint64_t sent = sendRun(st, q, i, start, k, shareOf(perRun, k, workers));
    if (st.stop_requested() || !error().empty()) break;
    before[i] += perRun;
    laneBefore[i] += sent;
    const RateSchedule schedule(plan, options_.lineRateBps);
    nextStart = schedule.unpaced() ? 0 : afterNs(start, schedule.runNs(perRun));
    i = plan.run.nextAfter(i, count, jumps[i]);
  }
}

void XdpEngine::runInterleaved(std::stop_token st, uint32_t k, XdpTxQueue& q) {
  const std::vector<TxPlan>& plans = *plans_;
  const uint32_t workers = static_cast<uint32_t>(options_.cpus.size());
  std::vector<RateSchedule> schedules;
  std::vector<uint64_t> sent(plans.size(), 0), total(plans.size());
  for (size_t i = 0; i < plans.size(); ++i) {
    const SignatureLane lane{k, 0};
    q.beginRun(i, k, workers, workers > 1 ? &lane : nullptr);
    schedules.emplace_back(plans[i], options_.lineRateBps);
    total[i] = shareOf(plans[i].run.packetsPerRun.value_or(kForever), k, workers);
  }
  const uint64_t start = startTogether(0);
  auto deadline = [&](size_t i, uint64_t j) { return afterNs(start, schedules[i].offsetNs(k + j * workers)); };
  while (!st.stop_requested() && error().empty()) {
    size_t best = plans.size();
    uint64_t bestDeadline = kForever;
    for (size_t i = 0; i < plans.size(); ++i)
      if (sent[i] < total[i] && deadline(i, sent[i]) < bestDeadline) bestDeadline = deadline(i, sent[i]), best = i;
    if (best == plans.size()) break;  // every finite stream is done
    const uint64_t now = monoNs();
    if (bestDeadline > now) {
      sleepUntil(std::min(bestDeadline, now + 50'000'000));
      continue;
    }
    uint64_t due = 1;
    while (due < kUserBatch && sent[best] + due < total[best] && deadline(best, sent[best] + due) <= now) ++due;
    const uint64_t got = q.send(best, due);
    sent[best] += got;
    if (got < due) fail(q.lastError());
  }
}

}  // namespace staccato::turbo
