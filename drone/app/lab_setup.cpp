#include "drone/app/lab_setup.h"

#include <sched.h>
#include <sys/mount.h>
#include <sys/statvfs.h>
#include <unistd.h>

#include <cerrno>

#include "common/core/error_text.h"

namespace staccato::drone {

namespace {

constexpr const char* kNeedsRoot = "needs root (CAP_SYS_ADMIN + CAP_NET_ADMIN): run with sudo";


/// Port discovery reads /sys/class/net, which shows the network namespace of whoever mounted
/// sysfs: like `ip netns exec`, mount a fresh sysfs in a mount namespace of our own.
Status remountSys(const std::string& option) {
  // Slave: the host's mounts still reach us, ours never reach the host.
  if (::mount("", "/", nullptr, MS_SLAVE | MS_REC, nullptr) != 0)
    return makeError(option, "cannot make the mount namespace private: " + errorText(errno), ErrorKind::kDenied);
  unsigned long flags = 0;
  if (::umount2("/sys", MNT_DETACH) != 0) {
    // Not unmountable: mount over it; a read-only /sys cannot be shadowed read-write.
    struct statvfs fs {};
    if (::statvfs("/sys", &fs) == 0 && (fs.f_flag & ST_RDONLY)) flags = MS_RDONLY;
  }
  if (::mount("staccato-lab", "/sys", "sysfs", flags, nullptr) != 0)
    return makeError(option, "cannot mount sysfs for the private namespace: " + errorText(errno), ErrorKind::kDenied);
  return Ok{};
}

}  // namespace

Status checkLabPermitted(const std::string& option) {
  if (::geteuid() != 0) return makeError(option, kNeedsRoot, ErrorKind::kDenied);
  return Ok{};
}

Status enterPrivateNamespaces(const std::string& option) {
  if (::unshare(CLONE_NEWNET | CLONE_NEWNS) != 0) {
    const int err = errno;
    if (err == EPERM) return makeError(option, std::string(kNeedsRoot) + " (unshare: " + errorText(err) + ")", ErrorKind::kDenied);
    if (err == EINVAL)  // the kernel refuses a new mount namespace to a process with threads
      return makeError(option, "unshare: " + errorText(err) + " (the drone must enter the lab before it starts threads)",
                       ErrorKind::kInternal);
    return makeError(option, "cannot create a network namespace (unshare: " + errorText(err) + ")", ErrorKind::kUnavailable);
  }
  return remountSys(option);
}

std::optional<std::string> turnIpv6Off() {
  if (::access("/proc/sys/net/ipv6", F_OK) != 0) return std::nullopt;
  for (const char* conf : {"all", "default"})
    if (auto s = writeSysctl(std::string("/proc/sys/net/ipv6/conf/") + conf + "/disable_ipv6", "1"); !s)
      return "cannot turn IPv6 off (" + s.error().toString() + "): the ports may see IPv6 autoconfiguration frames";
  return std::nullopt;
}

}  // namespace staccato::drone
