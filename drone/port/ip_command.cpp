#include "drone/port/ip_command.h"

#include <fcntl.h>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <array>
#include <cerrno>

#include "common/core/error_text.h"
#include "common/core/unique_fd.h"

namespace staccato::drone {

namespace {

/// What an error quotes of the command's output: a failing batch of a thousand lines prints a
/// thousand errors, and the first say what went wrong.
constexpr size_t kQuotedLines = 4;

std::string firstLines(const std::string& printed) {
  size_t end = 0;
  for (size_t line = 0; line < kQuotedLines; ++line) {
    end = printed.find('\n', end);
    if (end == std::string::npos) return printed;
    ++end;
  }
  const auto more = std::count(printed.begin() + static_cast<std::ptrdiff_t>(end), printed.end(), '\n') + 1;
  return printed.substr(0, end - 1) + " ... (" + std::to_string(more) + " more lines)";
}

std::string hintFor(const std::string& printed) {
  if (printed.find("Operation not supported") != std::string::npos || printed.find("Unknown device type") != std::string::npos)
    return " (a device type this kernel lacks? load its module: modprobe veth, macvlan or 8021q)";
  return "";
}

}  // namespace

Result<IpCommand> IpCommand::find(const std::string& option) {
  for (const char* path : {"/usr/sbin/ip", "/sbin/ip", "/usr/bin/ip", "/bin/ip"})
    if (::access(path, X_OK) == 0) return IpCommand(option, path);
  return makeError(option, "cannot find the ip command: install iproute2 (apt-get install iproute2)", ErrorKind::kUnavailable);
}

Status IpCommand::run(std::vector<std::string> args) const {
  args.insert(args.begin(), "ip");
  std::string command;
  for (const auto& a : args) command += (command.empty() ? "" : " ") + a;
  // Built before fork: the drone has threads, and the child may only exec.
  std::vector<char*> argv;
  for (auto& a : args) argv.push_back(a.data());
  argv.push_back(nullptr);
  int out[2];
  if (::pipe2(out, O_CLOEXEC) != 0) return makeError(option_, "pipe: " + errorText(errno), ErrorKind::kInternal);
  UniqueFd reading(out[0]), writing(out[1]);
  const pid_t pid = ::fork();
  if (pid < 0) return makeError(option_, "fork: " + errorText(errno), ErrorKind::kInternal);
  if (pid == 0) {
    ::dup2(out[1], STDOUT_FILENO);
    ::dup2(out[1], STDERR_FILENO);
    ::execv(path_.c_str(), argv.data());
    ::_exit(127);
  }
  writing.reset();
  std::string printed;
  std::array<char, 4096> buf;
  for (ssize_t n; (n = ::read(reading.get(), buf.data(), buf.size())) != 0;) {
    if (n < 0 && errno == EINTR) continue;
    if (n < 0) break;
    printed.append(buf.data(), static_cast<size_t>(n));
  }
  int status = 0;
  while (::waitpid(pid, &status, 0) < 0 && errno == EINTR) {
  }
  if (WIFEXITED(status) && WEXITSTATUS(status) == 0) return Ok{};
  while (!printed.empty() && (printed.back() == '\n' || printed.back() == ' ')) printed.pop_back();
  std::string how = WIFEXITED(status) ? "exit code " + std::to_string(WEXITSTATUS(status)) : "killed by a signal";
  return makeError(option_,
                   "'" + command + "' failed (" + how + "): " + (printed.empty() ? "no output" : firstLines(printed)) +
                       hintFor(printed),
                   ErrorKind::kUnavailable);
}

Status IpCommand::runBatch(const std::vector<std::string>& lines) const {
  char path[] = "/tmp/staccato-ip-XXXXXX";
  UniqueFd file(::mkstemp(path));
  if (!file) return makeError(option_, "cannot write the ip batch file: " + errorText(errno), ErrorKind::kUnavailable);
  std::string text;
  for (const auto& line : lines) text += line + '\n';
  bool written = true;
  for (size_t at = 0; written && at < text.size();) {
    const ssize_t n = ::write(file.get(), text.data() + at, text.size() - at);
    if (n < 0 && errno == EINTR) continue;
    written = n > 0;
    if (written) at += static_cast<size_t>(n);
  }
  const int err = errno;
  file.reset();
  Status ran = written ? run({"-force", "-batch", path})
                       : Status(makeError(option_, std::string("cannot write ") + path + ": " + errorText(err),
                                          ErrorKind::kUnavailable));
  ::unlink(path);
  return ran;
}

Status writeSysctl(const std::string& path, const std::string& value) {
  UniqueFd fd(::open(path.c_str(), O_WRONLY | O_CLOEXEC));
  if (!fd) return makeError(path, errorText(errno));
  if (::write(fd.get(), value.data(), value.size()) != static_cast<ssize_t>(value.size())) return makeError(path, errorText(errno));
  return Ok{};
}

}  // namespace staccato::drone
