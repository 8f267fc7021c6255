#pragma once
/// The words for a failed BPF call (libbpf's negative errors too), what a load or attach refused
/// for want of privilege needs, and why an XDP attach was refused: the message that says why a
/// port fell back to another engine.
#include <cerrno>
#include <string>

#include "common/core/error_text.h"

namespace staccato {

/// " (needs ...)" for EPERM (CAP_BPF and CAP_NET_ADMIN) and EACCES (the verifier refuses packet
/// access without CAP_PERFMON); "" for any other error. `err` may be negative (libbpf's style).
inline std::string bpfPrivilegeHint(int err) {
  if (err < 0) err = -err;
  if (err == EPERM) return " (needs CAP_BPF and CAP_NET_ADMIN, or root)";
  if (err == EACCES) return " (the verifier refused its packet access: needs CAP_PERFMON besides CAP_BPF, or root)";
  return "";
}

/// " (another XDP program is attached to this interface)" for the errors an XDP attach gives when
/// the interface has a program already (EBUSY, EEXIST); "" for any other. `err` may be negative.
inline std::string xdpAttachHint(int err) {
  if (err < 0) err = -err;
  return err == EBUSY || err == EEXIST ? " (another XDP program is attached to this interface)" : "";
}

}  // namespace staccato
