// Transmit hot path of the in-kernel sender, user-space side: one BPF_PROG_RUN call with live
// frames (BPF_F_TEST_XDP_LIVE_FRAMES) per batch. Before a call the worker writes its CPU's entry
// in the program's memory-mapped worker array (which stream, which run, how many frames); the
// kernel builds every frame from the stream's template page (or the stream's previous packet in
// a recycled page) and redirects it to the port. No allocation, locks or logging per call,
// except on failure.
#include "turbo/xdp/xdp_tx_queue.h"

#include <bpf/bpf.h>

#include <algorithm>
#include <cerrno>
#include <cstring>

namespace staccato::turbo {

XdpTxQueue::XdpTxQueue(SenderProgram& program, unsigned cpu, uint32_t kernelBatch)
    : program_(program), cpu_(cpu), kernelBatch_(kernelBatch),
      // Carries on from the last run this CPU had, so no stream state looks current by accident.
      generations_(program.worker(cpu).generation), runs_(program.streams()) {}

void XdpTxQueue::beginRun(size_t stream, uint64_t first, uint64_t stride, const SignatureLane* lane) noexcept {
  Run& r = runs_[stream];
  r.generation = ++generations_;  // differs from every state this CPU has: the program starts over
  r.first = first;
  r.stride = static_cast<uint16_t>(stride ? stride : 1);
  r.laneMode = lane != nullptr;
  r.lane = lane ? static_cast<uint8_t>(lane->lane) : 0;
  r.laneFirst = lane ? lane->first : 0;
}

void XdpTxQueue::arm(size_t stream, uint64_t limit) noexcept {
  xs_worker& w = program_.worker(cpu_);
  const Run& r = runs_[stream];
  w.stream = static_cast<uint16_t>(stream);
  w.generation = r.generation;
  w.first = r.first;
  w.stride = r.stride;
  w.lane = r.lane;
  w.lane_mode = r.laneMode;
  w.lane_first = r.laneFirst;
  w.sent = 0;
  w.bytes = 0;
  w.limit = limit;
  w.active = 1;
}

uint64_t XdpTxQueue::call(size_t stream, uint32_t repeat, uint64_t limit, uint32_t batch) noexcept {
  error_.clear();
  arm(stream, limit);
  xs_worker& w = program_.worker(cpu_);
  const std::span<const uint8_t> frame = program_.frameTemplate(stream);
  LIBBPF_OPTS(bpf_test_run_opts, opts, .data_in = frame.data(), .data_size_in = static_cast<uint32_t>(frame.size()),
              .repeat = static_cast<int>(repeat), .flags = BPF_F_TEST_XDP_LIVE_FRAMES, .batch_size = batch);
  // The system call orders our stores before the program's loads, and its stores before ours.
  const int rc = bpf_prog_test_run_opts(program_.programFd(), &opts);
  w.active = 0;
  if (rc != 0) {
    error_ = std::string("in-kernel sender: BPF_PROG_RUN failed: ") + std::strerror(errno);
    return 0;
  }
  bytes_ += w.bytes;
  return w.sent;
}

std::string XdpTxQueue::probe() noexcept {
  program_.worker(cpu_).interval_ns = 0;
  call(0, 1, 0, 1);
  if (error_.empty()) return {};
  return error_ + (error_.find("Invalid argument") != std::string::npos ? " (live frames need Linux 5.18 or later)" : "");
}

uint32_t XdpTxQueue::buildOne(size_t stream, std::span<const uint8_t> in, std::span<uint8_t> out) noexcept {
  error_.clear();
  program_.worker(cpu_).interval_ns = 0;
  arm(stream, 1);
  LIBBPF_OPTS(bpf_test_run_opts, opts, .data_in = in.data(), .data_out = out.data(),
              .data_size_in = static_cast<uint32_t>(in.size()), .data_size_out = static_cast<uint32_t>(out.size()),
              .repeat = 1);
  const int rc = bpf_prog_test_run_opts(program_.programFd(), &opts);
  xs_worker& w = program_.worker(cpu_);
  w.active = 0;
  if (rc != 0 || w.sent != 1) {
    error_ = rc != 0 ? std::string("in-kernel sender: BPF_PROG_RUN failed: ") + std::strerror(errno)
                     : "in-kernel sender: the program built no frame (action " + std::to_string(opts.retval) + ")";
    return 0;
  }
  return opts.data_size_out;
}

uint64_t XdpTxQueue::send(size_t stream, uint64_t n) noexcept {
  program_.worker(cpu_).interval_ns = 0;
  bytes_ = 0;
  const uint32_t repeat = static_cast<uint32_t>(std::min<uint64_t>(n, kMaxCallFrames));
  const uint64_t sent = call(stream, repeat, repeat, kernelBatch_);
  if (sent < repeat && error_.empty()) error_ = "in-kernel sender: the program failed to build some frames";
  return sent;
}

uint64_t XdpTxQueue::sendPaced(size_t stream, uint64_t n, uint64_t& nextDueNs, uint64_t intervalNs) noexcept {
  constexpr uint64_t kFlushEveryNs = 20'000;  // paced frames wait in the kernel's batch no longer
  xs_worker& w = program_.worker(cpu_);
  w.interval_ns = intervalNs ? intervalNs : 1;
  w.next_due_ns = nextDueNs;
  const auto batch = static_cast<uint32_t>(std::clamp<uint64_t>(kFlushEveryNs / w.interval_ns, 1, kernelBatch_));
  uint64_t sent = 0;
  bytes_ = 0;
  while (sent < n) {
    const uint64_t early = w.early;
    const uint64_t got = call(stream, static_cast<uint32_t>(std::min<uint64_t>(n - sent, kMaxCallFrames)), n - sent, batch);
    sent += got;
    if (got == 0 && (w.early == early || !error_.empty())) {  // neither sent nor early: the program failed
      if (error_.empty()) error_ = "in-kernel sender: the program failed to build some frames";
      break;
    }
  }
  nextDueNs = w.next_due_ns;
  w.interval_ns = 0;
  return sent;
}

}  // namespace staccato::turbo
