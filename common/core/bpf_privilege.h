#pragma once
/// What a BPF load or attach refused for want of privilege needs: the end of the message that says
/// why a port fell back to another engine.
#include <cerrno>
#include <string>

namespace staccato {

/// " (needs ...)" for EPERM (CAP_BPF and CAP_NET_ADMIN) and EACCES (the verifier refuses packet
/// access without CAP_PERFMON); "" for any other error. `err` may be negative (libbpf's style).
inline std::string bpfPrivilegeHint(int err) {
  if (err < 0) err = -err;
  if (err == EPERM) return " (needs CAP_BPF and CAP_NET_ADMIN, or root)";
  if (err == EACCES) return " (the verifier refused its packet access: needs CAP_PERFMON besides CAP_BPF, or root)";
  return "";
}

}  // namespace staccato
