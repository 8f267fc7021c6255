#include "turbo/xdp/signature_reflector.h"

#include <bpf/bpf.h>
#include <bpf/libbpf.h>
#include <net/if.h>
#include <unistd.h>

#include <cerrno>
#include <vector>

#include "common/core/bpf_privilege.h"
#include "turbo/bpf/xdp_link.h"
#include "turbo/xdp/reflect_abi.h"

namespace staccato::turbo {
namespace {

Error failure(const std::string& name, const std::string& what, int err) {
  return makeError(name, what + ": " + errorText(err) + bpfPrivilegeHint(err), ErrorKind::kUnavailable);
}

}  // namespace

Result<std::unique_ptr<SignatureReflector>> SignatureReflector::load(const std::string& name, ReflectSwap swap) {
  std::unique_ptr<SignatureReflector> r(new SignatureReflector());
  r->name_ = name;
  r->swap_ = swap;
  LIBBPF_OPTS(bpf_object_open_opts, openOpts, .object_name = "staccato_reflect");
  r->object_ = bpf_object__open_mem(kReflectObject, kReflectObjectSize, &openOpts);
  if (!r->object_) return failure(name, "cannot open the reflector program", errno);
  const int cpus = libbpf_num_possible_cpus();
  if (cpus <= 0) return failure(name, "cannot count the CPUs", cpus);
  r->cpus_ = static_cast<unsigned>(cpus);
  if (int rc = bpf_object__load(r->object_); rc != 0) return failure(name, "cannot load the reflector program", rc);
  bpf_program* prog = bpf_object__find_program_by_name(r->object_, "staccato_reflect");
  if (!prog) return makeError(name, "the reflector program is missing", ErrorKind::kInternal);
  r->programFd_ = bpf_program__fd(prog);
  r->configFd_ = bpf_object__find_map_fd_by_name(r->object_, "config");
  r->portFd_ = bpf_object__find_map_fd_by_name(r->object_, "port");
  return r;
}

Result<std::unique_ptr<SignatureReflector>> SignatureReflector::attach(const std::string& iface, ReflectSwap swap,
                                                                        bool genericOnly) {
  const unsigned ifindex = if_nametoindex(iface.c_str());
  if (ifindex == 0) return makeError(iface, "no such interface", ErrorKind::kNotFound);
  auto loaded = load(iface, swap);
  if (!loaded) return loaded.error();
  std::unique_ptr<SignatureReflector> r = std::move(loaded).value();
  auto link = linkXdp(r->programFd_, ifindex, iface, "the reflector program", genericOnly);
  if (!link) return link.error();
  r->linkFd_ = link->fd;
  r->hook_ = link->native ? "native" : "generic";
  return r;
}

SignatureReflector::~SignatureReflector() {
  if (linkFd_ >= 0) ::close(linkFd_);  // detaches the program
  if (object_) bpf_object__close(object_);
}

Status SignatureReflector::setClock(int64_t realtimeMinusMonoNs) {
  const xr_config cfg{realtimeMinusMonoNs, kWindowNs, static_cast<uint32_t>(swap_), 0};
  const uint32_t zero = 0;
  if (bpf_map_update_elem(configFd_, &zero, &cfg, BPF_ANY) != 0) return failure(name_, "cannot configure the reflector", errno);
  return Ok{};
}

ReflectedPort SignatureReflector::port() const {
  std::vector<xr_port> perCpu(cpus_);
  const uint32_t zero = 0;
  ReflectedPort p;
  if (bpf_map_lookup_elem(portFd_, &zero, perCpu.data()) != 0) return p;
  for (const xr_port& c : perCpu) {
    p.examined += c.examined;
    p.reflected += c.reflected;
    p.reflectedBytes += c.reflected_bytes;
  }
  return p;
}

}  // namespace staccato::turbo
