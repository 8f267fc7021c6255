#include "drone/app/lab_setup.h"

#include <fcntl.h>
#include <sched.h>
#include <sys/mount.h>
#include <sys/statvfs.h>
#include <sys/wait.h>
#include <unistd.h>

#include <array>
#include <cerrno>
#include <cstring>

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

Result<IpCommand> IpCommand::find(const std::string& option) {
  for (const char* path : {"/usr/sbin/ip", "/sbin/ip", "/usr/bin/ip", "/bin/ip"})
    if (::access(path, X_OK) == 0) return IpCommand(option, path);
  return makeError(option, "cannot find the ip command: install iproute2 (apt-get install iproute2)", ErrorKind::kUnavailable);
}

Status IpCommand::run(std::vector<std::string> args) const {
  args.insert(args.begin(), "ip");
  std::string command;
  for (const auto& a : args) command += (command.empty() ? "" : " ") + a;
  int out[2];
  if (::pipe2(out, O_CLOEXEC) != 0) return makeError(option_, "pipe: " + errorText(errno), ErrorKind::kInternal);
  const pid_t pid = ::fork();
  if (pid < 0) {
    const int err = errno;
    ::close(out[0]);
    ::close(out[1]);
    return makeError(option_, "fork: " + errorText(err), ErrorKind::kInternal);
  }
  if (pid == 0) {
    ::dup2(out[1], STDOUT_FILENO);
    ::dup2(out[1], STDERR_FILENO);
    std::vector<char*> argv;
    for (auto& a : args) argv.push_back(a.data());
    argv.push_back(nullptr);
    ::execv(path_.c_str(), argv.data());
    ::_exit(127);
  }
  ::close(out[1]);
  std::string printed;
  std::array<char, 512> buf;
  for (ssize_t n; (n = ::read(out[0], buf.data(), buf.size())) != 0;) {
    if (n < 0 && errno == EINTR) continue;
    if (n < 0) break;
    printed.append(buf.data(), static_cast<size_t>(n));
  }
  ::close(out[0]);
  int status = 0;
  while (::waitpid(pid, &status, 0) < 0 && errno == EINTR) {
  }
  if (WIFEXITED(status) && WEXITSTATUS(status) == 0) return Ok{};
  while (!printed.empty() && (printed.back() == '\n' || printed.back() == ' ')) printed.pop_back();
  std::string how = WIFEXITED(status) ? "exit code " + std::to_string(WEXITSTATUS(status)) : "killed by a signal";
  std::string hint;
  if (printed.find("Operation not supported") != std::string::npos || printed.find("Unknown device type") != std::string::npos)
    hint = " (no veth support in this kernel? try: modprobe veth)";
  return makeError(option_, "'" + command + "' failed (" + how + "): " + (printed.empty() ? "no output" : printed) + hint,
                   ErrorKind::kUnavailable);
}

Status writeSysctl(const std::string& path, const std::string& value) {
  const int fd = ::open(path.c_str(), O_WRONLY | O_CLOEXEC);
  if (fd < 0) return makeError(path, errorText(errno));
  const bool ok = ::write(fd, value.data(), value.size()) == static_cast<ssize_t>(value.size());
  const int err = errno;
  ::close(fd);
  if (!ok) return makeError(path, errorText(err));
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
