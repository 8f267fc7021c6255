#include "turbo/xdp/sender_program.h"

#include <bpf/bpf.h>
#include <bpf/libbpf.h>
#include <sys/mman.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>

#include "common/core/bpf_privilege.h"
#include "common/core/crc32c.h"
#include "turbo/xdp/kernel_plan.h"

namespace staccato::turbo {
namespace {

static_assert(sizeof(xs_worker) == 128, "a worker entry is two cache lines");

Error loadError(const std::string& what, int err) {
  return makeError("in-kernel sender", what + ": " + errorText(err) + bpfPrivilegeHint(err),
                   ErrorKind::kUnavailable);
}

/// Maps an array map created with BPF_F_MMAPABLE.
void* mapShared(int fd, size_t bytes) {
  void* p = mmap(nullptr, bytes, PROT_READ | PROT_WRITE, MAP_SHARED, fd, 0);
  return p == MAP_FAILED ? nullptr : p;
}

size_t pageRounded(size_t bytes) {
  const size_t page = static_cast<size_t>(sysconf(_SC_PAGESIZE));
  return (bytes + page - 1) / page * page;
}

}  // namespace

Result<std::unique_ptr<SenderProgram>> SenderProgram::load(std::span<const TxPlan> plans, int portIfindex) {
  if (plans.empty()) return makeError("in-kernel sender", "no streams to send");
  std::vector<KernelPlan> kernel;
  uint32_t lists = 0, tables = 0;
  for (size_t i = 0; i < plans.size(); ++i) {
    auto k = toKernelPlan(plans[i]);
    if (!k) return k.error().withPrefix("streams[" + std::to_string(i) + "]");
    k->stream.list_base = lists;
    k->stream.table_base = tables;
    lists += static_cast<uint32_t>(k->listValues.size());
    tables += static_cast<uint32_t>(k->lengthTable.size());
    kernel.push_back(std::move(k).value());
  }

  std::unique_ptr<SenderProgram> p(new SenderProgram());
  LIBBPF_OPTS(bpf_object_open_opts, openOpts, .object_name = "staccato_tx");
  p->object_ = bpf_object__open_mem(kSenderObject, kSenderObjectSize, &openOpts);
  if (!p->object_) return loadError("cannot open the program", errno);
  const int cpus = libbpf_num_possible_cpus();
  if (cpus <= 0) return loadError("cannot count the CPUs", cpus);
  p->cpus_ = static_cast<unsigned>(cpus);
  auto size = [&](const char* map, uint32_t entries) {
    bpf_map* m = bpf_object__find_map_by_name(p->object_, map);
    return m && bpf_map__set_max_entries(m, std::max(entries, 1u)) == 0;
  };
  const auto streams = static_cast<uint32_t>(plans.size());
  if (!size("streams", streams) || !size("templates", streams) || !size("states", streams) || !size("list_values", lists) ||
      !size("length_table", tables) || !size("workers", p->cpus_) || !size("copies", p->cpus_ * XS_COPY_SLOTS))
    return makeError("in-kernel sender", "the program lacks a map", ErrorKind::kInternal);
  // The structs are compiled twice (BPF and C++): the maps' value sizes come from the BPF side.
  auto valueSize = [&](const char* map) { return bpf_map__value_size(bpf_object__find_map_by_name(p->object_, map)); };
  if (valueSize("streams") != sizeof(xs_stream) || valueSize("states") != sizeof(xs_state) ||
      valueSize("workers") != sizeof(xs_worker) || valueSize("config") != sizeof(xs_config) ||
      valueSize("copies") != sizeof(xs_copy))
    return makeError("in-kernel sender", "the program's structs differ from user space's (sender_abi.h)", ErrorKind::kInternal);
  if (int rc = bpf_object__load(p->object_); rc != 0) return loadError("cannot load the program", rc);
  bpf_program* prog = bpf_object__find_program_by_name(p->object_, "staccato_xdp_send");
  if (!prog) return makeError("in-kernel sender", "the program is missing", ErrorKind::kInternal);
  p->programFd_ = bpf_program__fd(prog);

  auto fd = [&](const char* map) { return bpf_object__find_map_fd_by_name(p->object_, map); };
  p->statesFd_ = fd("states");
  p->workersBytes_ = pageRounded(sizeof(xs_worker) * p->cpus_);
  p->workers_ = static_cast<xs_worker*>(mapShared(fd("workers"), p->workersBytes_));
  p->configBytes_ = pageRounded(sizeof(xs_config));
  p->config_ = static_cast<xs_config*>(mapShared(fd("config"), p->configBytes_));
  p->copiesBytes_ = pageRounded(sizeof(xs_copy) * p->cpus_ * XS_COPY_SLOTS);
  p->copies_ = static_cast<xs_copy*>(mapShared(fd("copies"), p->copiesBytes_));
  if (!p->workers_ || !p->config_ || !p->copies_) return loadError("cannot map the program's control memory", errno);

  for (uint32_t i = 0; i < streams; ++i) {
    std::vector<uint8_t> bytes(XS_MAX_FRAME, 0);
    std::memcpy(bytes.data(), plans[i].frameTemplate.data(), plans[i].frameTemplate.size());
    if (bpf_map_update_elem(fd("streams"), &i, &kernel[i].stream, BPF_ANY) != 0 ||
        bpf_map_update_elem(fd("templates"), &i, bytes.data(), BPF_ANY) != 0)
      return loadError("cannot fill the stream maps", errno);
    for (uint32_t v = 0; v < kernel[i].listValues.size(); ++v) {
      const uint32_t at = kernel[i].stream.list_base + v;
      if (bpf_map_update_elem(fd("list_values"), &at, &kernel[i].listValues[v], BPF_ANY) != 0)
        return loadError("cannot fill the list values", errno);
    }
    for (uint32_t v = 0; v < kernel[i].lengthTable.size(); ++v) {
      const uint32_t at = kernel[i].stream.table_base + v;
      if (bpf_map_update_elem(fd("length_table"), &at, &kernel[i].lengthTable[v], BPF_ANY) != 0)
        return loadError("cannot fill the length table", errno);
    }
    p->templates_.push_back(plans[i].frameTemplate);
  }
  const uint32_t zero = 0, port = static_cast<uint32_t>(portIfindex);
  static_assert(sizeof(crc32c_detail::kTables) == sizeof(xs_crc_tables));
  if (bpf_map_update_elem(fd("crc_tables"), &zero, crc32c_detail::kTables.data(), BPF_ANY) != 0)
    return loadError("cannot fill the CRC32c tables", errno);
  if (portIfindex > 0 && bpf_map_update_elem(fd("ports"), &zero, &port, BPF_ANY) != 0)
    return loadError("cannot redirect to the port (its driver cannot transmit XDP frames)", errno);
  return p;
}

uint32_t SenderProgram::programId() const noexcept {
  bpf_prog_info info{};
  uint32_t len = sizeof info;
  return bpf_obj_get_info_by_fd(programFd_, &info, &len) == 0 ? info.id : 0;
}

void SenderProgram::setRealtimeOffset(int64_t realtimeMinusMonoNs) noexcept {
  __atomic_store_n(&config_->realtime_minus_mono, realtimeMinusMonoNs, __ATOMIC_RELAXED);
}

StreamTxCount SenderProgram::count(size_t i) const {
  std::vector<xs_state> perCpu(cpus_);
  const uint32_t key = static_cast<uint32_t>(i);
  StreamTxCount c;
  if (bpf_map_lookup_elem(statesFd_, &key, perCpu.data()) != 0) return c;
  for (const xs_state& s : perCpu) {
    c.packets += s.packets;
    c.bytes += s.bytes;
  }
  return c;
}

SenderProgram::~SenderProgram() {
  if (workers_) munmap(workers_, workersBytes_);
  if (config_) munmap(config_, configBytes_);
  if (copies_) munmap(copies_, copiesBytes_);
  if (object_) bpf_object__close(object_);
}

}  // namespace staccato::turbo
