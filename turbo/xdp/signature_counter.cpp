#include "turbo/xdp/signature_counter.h"

#include <bpf/bpf.h>
#include <bpf/libbpf.h>
#include <net/if.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <cstring>

#include "common/core/bpf_privilege.h"
#include "turbo/bpf/xdp_link.h"
#include "turbo/xdp/count_abi.h"

namespace staccato::turbo {
namespace {

Error failure(const std::string& name, const std::string& what, int err) {
  return makeError(name, what + ": " + errorText(err) + bpfPrivilegeHint(err),
                   ErrorKind::kUnavailable);
}

}  // namespace

uint32_t SignatureCounter::streamsFitting(size_t bytes, uint32_t lanes) {
  const int cpus = libbpf_num_possible_cpus();
  const size_t perStream = sizeof(xc_stream) + sizeof(xc_histogram) + size_t{std::clamp(lanes, 1u, uint32_t{XC_MAX_LANES})} * sizeof(xc_lane);
  return static_cast<uint32_t>(bytes / (perStream * static_cast<size_t>(std::max(cpus, 1))));
}

Result<std::unique_ptr<SignatureCounter>> SignatureCounter::load(const std::string& name, uint32_t maxStreams,
                                                                  uint32_t lanes) {
  std::unique_ptr<SignatureCounter> c(new SignatureCounter());
  c->name_ = name;
  c->maxStreams_ = std::max(maxStreams, 1u);
  c->lanes_ = std::clamp(lanes, 1u, uint32_t{XC_MAX_LANES});
  LIBBPF_OPTS(bpf_object_open_opts, openOpts, .object_name = "staccato_count");
  c->object_ = bpf_object__open_mem(kSignatureCountObject, kSignatureCountObjectSize, &openOpts);
  if (!c->object_) return failure(name, "cannot open the receive counting program", errno);
  const int cpus = libbpf_num_possible_cpus();
  if (cpus <= 0) return failure(name, "cannot count the CPUs", cpus);
  c->cpus_ = static_cast<unsigned>(cpus);
  auto size = [&](const char* map, uint32_t entries) {
    bpf_map* m = bpf_object__find_map_by_name(c->object_, map);
    return m && bpf_map__set_max_entries(m, entries) == 0;
  };
  if (!size("stream_stats", c->maxStreams_) || !size("histograms", c->maxStreams_) ||
      !size("lanes", c->maxStreams_ * c->lanes_) || !size("slot_ids", c->maxStreams_))
    return makeError(name, "the receive counting program lacks a map", ErrorKind::kInternal);
  // The structs are compiled twice (BPF and C++): the maps' value sizes come from the BPF side.
  auto valueSize = [&](const char* map) { return bpf_map__value_size(bpf_object__find_map_by_name(c->object_, map)); };
  if (valueSize("stream_stats") != sizeof(xc_stream) || valueSize("histograms") != sizeof(xc_histogram) ||
      valueSize("lanes") != sizeof(xc_lane) || valueSize("config") != sizeof(xc_config) || valueSize("port") != sizeof(xc_port))
    return makeError(name, "the program's structs differ from user space's (count_abi.h)", ErrorKind::kInternal);
  if (int rc = bpf_object__load(c->object_); rc != 0) return failure(name, "cannot load the receive counting program", rc);
  bpf_program* prog = bpf_object__find_program_by_name(c->object_, "staccato_signature_count");
  if (!prog) return makeError(name, "the receive counting program is missing", ErrorKind::kInternal);
  c->programFd_ = bpf_program__fd(prog);
  auto fd = [&](const char* map) { return bpf_object__find_map_fd_by_name(c->object_, map); };
  c->slotsFd_ = fd("slots");
  c->statsFd_ = fd("stream_stats");
  c->histogramsFd_ = fd("histograms");
  c->lanesFd_ = fd("lanes");
  c->configFd_ = fd("config");
  c->portFd_ = fd("port");
  c->slotIdsFd_ = fd("slot_ids");
  c->nextSlotFd_ = fd("next_slot");
  if (auto s = c->writeConfig(); !s) return s.error();
  return c;
}

Result<std::unique_ptr<SignatureCounter>> SignatureCounter::attach(const std::string& iface, uint32_t maxStreams,
                                                                    uint32_t lanes, CountHook hook) {
  const unsigned ifindex = if_nametoindex(iface.c_str());
  if (ifindex == 0) return makeError(iface, "no such interface", ErrorKind::kNotFound);
  auto loaded = load(iface, maxStreams, lanes);
  if (!loaded) return loaded.error();
  std::unique_ptr<SignatureCounter> c = std::move(loaded).value();
  if (hook == CountHook::kTc) {
    constexpr auto kTcxIngress = static_cast<bpf_attach_type>(46);  // BPF_TCX_INGRESS (Linux 6.6; newer than our headers)
    bpf_program* tc = bpf_object__find_program_by_name(c->object_, "staccato_signature_count_tc");
    const int fd = tc ? bpf_link_create(bpf_program__fd(tc), static_cast<int>(ifindex), kTcxIngress, nullptr) : -ENOENT;
    if (fd < 0)
      return makeError(iface, "cannot attach the receive counting program at tc ingress (tcx needs Linux 6.6): " +
                                  errorText(fd),
                       ErrorKind::kUnavailable);
    c->linkFd_ = fd;
    c->hook_ = "tc";
    return c;
  }
  auto link = linkXdp(c->programFd_, ifindex, iface, "the receive counting program");
  if (!link) return link.error();
  c->linkFd_ = link->fd;
  c->hook_ = link->native ? "native" : "generic";
  return c;
}

int SignatureCounter::tcProgramFd() const noexcept {
  bpf_program* tc = bpf_object__find_program_by_name(object_, "staccato_signature_count_tc");
  return tc ? bpf_program__fd(tc) : -1;
}

SignatureCounter::~SignatureCounter() {
  if (linkFd_ >= 0) ::close(linkFd_);  // detaches the program
  if (object_) bpf_object__close(object_);
}

Status SignatureCounter::addStream(uint32_t id) {
  if (slots_.count(id)) return Ok{};
  if (autoSlots_) return makeError(name_, "counts every stream it sees already", ErrorKind::kInternal);
  if (slots_.size() >= maxStreams_)
    return makeError(name_, "counts at most " + std::to_string(maxStreams_) + " streams", ErrorKind::kExhausted);
  const uint32_t slot = static_cast<uint32_t>(slots_.size());
  if (id >= XC_STREAM_IDS) return makeError(name_, "stream id " + std::to_string(id) + " does not fit a signature");
  slots_[id] = slot;
  if (auto s = clear(id); !s) return s;
  const uint32_t value = slot + 1, zero = 0, next = slot + 1;
  if (bpf_map_update_elem(slotsFd_, &id, &value, BPF_ANY) != 0 || bpf_map_update_elem(nextSlotFd_, &zero, &next, BPF_ANY) != 0)
    return failure(name_, "cannot register a stream", errno);
  known_ = next;
  return Ok{};
}

Status SignatureCounter::countEveryStream() {
  autoSlots_ = maxStreams_;
  return writeConfig();
}

Status SignatureCounter::forgetAll() {
  streams();  // the slots the program took since the last look
  const uint32_t zero = 0, none = 0;
  for (const auto& [id, slot] : slots_)
    if (bpf_map_update_elem(slotsFd_, &id, &none, BPF_ANY) != 0) return failure(name_, "cannot forget a stream", errno);
  for (const auto& [id, slot] : slots_)
    if (auto s = clear(id); !s) return s;
  slots_.clear();
  known_ = 0;
  if (bpf_map_update_elem(nextSlotFd_, &zero, &zero, BPF_ANY) != 0) return failure(name_, "cannot forget the streams", errno);
  return Ok{};
}

std::vector<uint32_t> SignatureCounter::streams() {
  const uint32_t zero = 0;
  uint32_t next = 0;
  if (autoSlots_ && bpf_map_lookup_elem(nextSlotFd_, &zero, &next) == 0) {
    // Slots the program took since: each names its id, whose entry names it back (a slot that
    // lost a race between CPUs names an id whose entry names another; one being taken, nothing).
    for (; known_ < std::min(next, maxStreams_); ++known_) {
      uint32_t id = 0, value = 0;
      if (bpf_map_lookup_elem(slotIdsFd_, &known_, &id) != 0 || bpf_map_lookup_elem(slotsFd_, &id, &value) != 0 || value == 0)
        break;  // not written yet: read again next time
      if (value == known_ + 1) slots_[id] = known_;
    }
  }
  std::vector<uint32_t> ids;
  for (const auto& [id, slot] : slots_) ids.push_back(id);
  std::sort(ids.begin(), ids.end());
  return ids;
}

uint64_t SignatureCounter::packets(uint32_t id) const {
  const auto it = slots_.find(id);
  if (it == slots_.end()) return 0;
  std::vector<xc_stream> stats(cpus_);
  if (bpf_map_lookup_elem(statsFd_, &it->second, stats.data()) != 0) return 0;
  uint64_t n = 0;
  for (const xc_stream& s : stats) n += s.packets;
  return n;
}

Status SignatureCounter::clear(uint32_t id) {
  const auto it = slots_.find(id);
  if (it == slots_.end()) return makeError(name_, "stream " + std::to_string(id) + " is not counted", ErrorKind::kNotFound);
  const uint32_t slot = it->second;
  std::vector<xc_stream> stats(cpus_);
  std::vector<xc_histogram> histograms(cpus_);
  std::vector<xc_lane> lanes(cpus_);
  bool ok = bpf_map_update_elem(statsFd_, &slot, stats.data(), BPF_ANY) == 0 &&
            bpf_map_update_elem(histogramsFd_, &slot, histograms.data(), BPF_ANY) == 0;
  for (uint32_t l = 0; ok && l < lanes_; ++l) {
    const uint32_t key = slot * lanes_ + l;
    ok = bpf_map_update_elem(lanesFd_, &key, lanes.data(), BPF_ANY) == 0;
  }
  return ok ? Status(Ok{}) : Status(failure(name_, "cannot clear a stream's counters", errno));
}

Status SignatureCounter::writeConfig() {
  const xc_config cfg{realtimeMinusMono_, windowNs_, passCounted_ ? 1u : 0u, lanes_, autoSlots_, 0};
  const uint32_t zero = 0;
  if (bpf_map_update_elem(configFd_, &zero, &cfg, BPF_ANY) != 0) return failure(name_, "cannot configure the counter", errno);
  return Ok{};
}

Status SignatureCounter::setClock(int64_t realtimeMinusMonoNs, uint64_t windowNs) {
  realtimeMinusMono_ = realtimeMinusMonoNs;
  windowNs_ = windowNs;
  return writeConfig();
}

Status SignatureCounter::setPassCounted(bool pass) {
  passCounted_ = pass;
  return writeConfig();
}

Result<CountedStream> SignatureCounter::read(uint32_t id) const {
  const auto it = slots_.find(id);
  if (it == slots_.end()) return makeError(name_, "stream " + std::to_string(id) + " is not counted", ErrorKind::kNotFound);
  const uint32_t slot = it->second;
  std::vector<xc_stream> stats(cpus_);
  std::vector<xc_histogram> histograms(cpus_);
  if (bpf_map_lookup_elem(statsFd_, &slot, stats.data()) != 0 || bpf_map_lookup_elem(histogramsFd_, &slot, histograms.data()) != 0)
    return failure(name_, "cannot read a stream's counters", errno);
  CountedStream c;
  uint64_t lanesSeen = 0;
  for (const xc_stream& s : stats) {
    c.packets += s.packets;
    c.bytes += s.bytes;
    c.untracked += s.untracked;
    if (s.first_ns && (!c.firstNs || s.first_ns < c.firstNs)) c.firstNs = s.first_ns;
    c.lastNs = std::max<uint64_t>(c.lastNs, s.last_ns);
    if (s.latency_count && (!c.latencyCount || s.latency_min_ns < c.latencyMinNs)) c.latencyMinNs = s.latency_min_ns;
    c.latencyCount += s.latency_count;
    c.latencySumNs += s.latency_sum_ns;
    c.latencyMaxNs = std::max<uint64_t>(c.latencyMaxNs, s.latency_max_ns);
    lanesSeen |= s.lanes_seen;
  }
  for (uint32_t b = 0; b < XC_BUCKETS; ++b) {
    uint64_t n = 0;
    for (const auto& h : histograms) n += h.buckets[b];
    if (n) c.buckets.emplace_back(b, n);
  }
  std::vector<xc_lane> perCpu(cpus_);
  for (uint32_t l = 0; l < lanes_; ++l) {
    if (!(lanesSeen >> l & 1)) continue;
    const uint32_t key = slot * lanes_ + l;
    if (bpf_map_lookup_elem(lanesFd_, &key, perCpu.data()) != 0) return failure(name_, "cannot read a lane", errno);
    uint64_t expected = 0, unique = 0;  // the lane over all CPUs: see struct xc_lane
    for (const xc_lane& lane : perCpu) {
      if (lane.started) expected = std::max<uint64_t>(expected, lane.highest + 1);
      unique += lane.unique;
      c.duplicates += lane.duplicates;
      c.reordered += lane.reordered;
      c.jitterNs = std::max<uint64_t>(c.jitterNs, lane.jitter_x16_ns / 16);
    }
    c.unique += unique;
    c.lost += expected > unique ? expected - unique : 0;
  }
  return c;
}

CountedPort SignatureCounter::port() const {
  std::vector<xc_port> perCpu(cpus_);
  const uint32_t zero = 0;
  CountedPort p;
  if (bpf_map_lookup_elem(portFd_, &zero, perCpu.data()) != 0) return p;
  for (const xc_port& c : perCpu) {
    p.examined += c.examined;
    p.counted += c.counted;
    p.unknown += c.unknown;
  }
  return p;
}

}  // namespace staccato::turbo
