#include "drone/app/demo_lab.h"

#include <fcntl.h>
#include <sched.h>
#include <sys/mount.h>
#include <sys/statvfs.h>
#include <sys/wait.h>
#include <unistd.h>

#include <array>
#include <cerrno>
#include <cstring>

namespace staccato::drone {

namespace {

constexpr const char* kNeedsRoot = "needs root (CAP_SYS_ADMIN + CAP_NET_ADMIN): run with sudo";

std::string errnoText(int err) { return std::strerror(err); }

Result<std::string> findIp() {
  for (const char* path : {"/usr/sbin/ip", "/sbin/ip", "/usr/bin/ip", "/bin/ip"})
    if (::access(path, X_OK) == 0) return std::string(path);
  return makeError("--demo-lab", "cannot find the ip command: install iproute2 (apt-get install iproute2)",
                   ErrorKind::kUnavailable);
}

/// Runs `ip ARGS...` and waits; on failure the error quotes the command and what it printed.
/// Plain fork/exec: the process has a single thread at this point.
Status runIp(const std::string& ip, std::vector<std::string> args) {
  args.insert(args.begin(), "ip");
  std::string command;
  for (const auto& a : args) command += (command.empty() ? "" : " ") + a;
  int out[2];
  if (::pipe2(out, O_CLOEXEC) != 0) return makeError("--demo-lab", "pipe: " + errnoText(errno), ErrorKind::kInternal);
  const pid_t pid = ::fork();
  if (pid < 0) {
    const int err = errno;
    ::close(out[0]);
    ::close(out[1]);
    return makeError("--demo-lab", "fork: " + errnoText(err), ErrorKind::kInternal);
  }
  if (pid == 0) {
    ::dup2(out[1], STDOUT_FILENO);
    ::dup2(out[1], STDERR_FILENO);
    std::vector<char*> argv;
    for (auto& a : args) argv.push_back(a.data());
    argv.push_back(nullptr);
    ::execv(ip.c_str(), argv.data());
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
  return makeError("--demo-lab", "'" + command + "' failed (" + how + "): " + (printed.empty() ? "no output" : printed) + hint,
                   ErrorKind::kUnavailable);
}

Status writeSysctl(const std::string& path, const std::string& value) {
  const int fd = ::open(path.c_str(), O_WRONLY | O_CLOEXEC);
  if (fd < 0) return makeError(path, errnoText(errno));
  const bool ok = ::write(fd, value.data(), value.size()) == static_cast<ssize_t>(value.size());
  const int err = errno;
  ::close(fd);
  if (!ok) return makeError(path, errnoText(err));
  return Ok{};
}

/// Port discovery reads /sys/class/net, which shows the network namespace of whoever mounted
/// sysfs: like `ip netns exec`, mount a fresh sysfs in a mount namespace of our own.
Status remountSys() {
  // Slave: the host's mounts still reach us, ours never reach the host.
  if (::mount("", "/", nullptr, MS_SLAVE | MS_REC, nullptr) != 0)
    return makeError("--demo-lab", "cannot make the mount namespace private: " + errnoText(errno), ErrorKind::kDenied);
  unsigned long flags = 0;
  if (::umount2("/sys", MNT_DETACH) != 0) {
    // Not unmountable: mount over it; a read-only /sys cannot be shadowed read-write.
    struct statvfs fs {};
    if (::statvfs("/sys", &fs) == 0 && (fs.f_flag & ST_RDONLY)) flags = MS_RDONLY;
  }
  if (::mount("staccato-demo-lab", "/sys", "sysfs", flags, nullptr) != 0)
    return makeError("--demo-lab", "cannot mount sysfs for the private namespace: " + errnoText(errno), ErrorKind::kDenied);
  return Ok{};
}

}  // namespace

Status checkDemoLabPermitted() {
  if (::geteuid() != 0) return makeError("--demo-lab", kNeedsRoot, ErrorKind::kDenied);
  return Ok{};
}

Result<DemoLab> enterDemoLab() {
  if (auto s = checkDemoLabPermitted(); !s) return s.error();
  auto ip = findIp();
  if (!ip) return ip.error();
  if (::unshare(CLONE_NEWNET | CLONE_NEWNS) != 0) {
    const int err = errno;
    if (err == EPERM) return makeError("--demo-lab", std::string(kNeedsRoot) + " (unshare: " + errnoText(err) + ")", ErrorKind::kDenied);
    if (err == EINVAL)  // the kernel refuses a new mount namespace to a process with threads
      return makeError("--demo-lab", "unshare: " + errnoText(err) + " (the drone must enter the lab before it starts threads)",
                       ErrorKind::kInternal);
    return makeError("--demo-lab", "cannot create a network namespace (unshare: " + errnoText(err) + ")", ErrorKind::kUnavailable);
  }
  if (auto s = remountSys(); !s) return s.error();

  DemoLab lab;
  if (auto s = runIp(*ip, {"link", "set", "lo", "up"}); !s) return s.error();
  // Before the pair exists, so that it is born without IPv6 (no autoconfiguration frames in the
  // counters). A kernel without IPv6 has nothing to turn off.
  for (const char* conf : {"all", "default"}) {
    const std::string path = std::string("/proc/sys/net/ipv6/conf/") + conf + "/disable_ipv6";
    if (::access("/proc/sys/net/ipv6", F_OK) != 0) break;
    if (auto s = writeSysctl(path, "1"); !s)
      lab.warnings.push_back("cannot turn IPv6 off (" + s.error().toString() + "): the ports may see IPv6 autoconfiguration frames");
  }
  const std::string queues = std::to_string(kDemoLabQueues);
  if (auto s = runIp(*ip, {"link", "add", kDemoLabPortA, "numtxqueues", queues, "numrxqueues", queues, "type", "veth",
                           "peer", "name", kDemoLabPortB, "numtxqueues", queues, "numrxqueues", queues});
      !s)
    return s.error();
  for (const char* port : {kDemoLabPortA, kDemoLabPortB})
    if (auto s = runIp(*ip, {"link", "set", port, "up"}); !s) return s.error();
  lab.summary = std::string("veth pair ") + kDemoLabPortA + " <-> " + kDemoLabPortB + " (" + queues +
                " queues) in a private network namespace, removed when the drone exits";
  return lab;
}

}  // namespace staccato::drone
