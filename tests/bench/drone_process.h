#pragma once
// A staccato-drone process started by a benchmark (as a user runs it), and what the kernel says
// it costs: CPU time and resident memory from /proc. Stopped (SIGTERM, then SIGKILL) by PID on
// destruction.
#include <signal.h>
#include <sys/wait.h>
#include <unistd.h>

#include <chrono>
#include <fstream>
#include <sstream>
#include <string>
#include <thread>
#include <vector>

namespace staccato::bench {

class DroneProcess {
 public:
  /// Starts `binary` with `args`; its stderr goes to `logFile`.
  DroneProcess(const std::string& binary, std::vector<std::string> args, const std::string& logFile) {
    pid_ = ::fork();
    if (pid_ == 0) {
      if (FILE* f = std::fopen(logFile.c_str(), "w")) ::dup2(::fileno(f), STDERR_FILENO);
      std::vector<char*> argv{const_cast<char*>(binary.c_str())};
      for (auto& a : args) argv.push_back(a.data());
      argv.push_back(nullptr);
      ::execv(binary.c_str(), argv.data());
      _exit(127);
    }
  }
  ~DroneProcess() {
    if (pid_ <= 0) return;
    ::kill(pid_, SIGTERM);
    for (int i = 0; i < 50; ++i) {
      if (::waitpid(pid_, nullptr, WNOHANG) == pid_) return;
      std::this_thread::sleep_for(std::chrono::milliseconds(100));
    }
    ::kill(pid_, SIGKILL);
    ::waitpid(pid_, nullptr, 0);
  }
  DroneProcess(const DroneProcess&) = delete;
  DroneProcess& operator=(const DroneProcess&) = delete;

  pid_t pid() const { return pid_; }
  bool running() const { return pid_ > 0 && ::waitpid(pid_, nullptr, WNOHANG) == 0; }

  /// User + system CPU seconds the process has used so far (all its threads).
  double cpuSeconds() const {
    std::ifstream f("/proc/" + std::to_string(pid_) + "/stat");
    std::string line;
    std::getline(f, line);
    std::istringstream rest(line.substr(line.rfind(')') + 2));  // fields after "(comm)"
    std::string field;
    unsigned long utime = 0, stime = 0;
    for (int i = 3; i <= 15 && rest >> field; ++i) {
      if (i == 14) utime = std::stoul(field);
      if (i == 15) stime = std::stoul(field);
    }
    return double(utime + stime) / double(::sysconf(_SC_CLK_TCK));
  }
  /// A /proc/PID/status value in KiB: "VmRSS" (now) or "VmHWM" (peak).
  long statusKiB(const std::string& key) const {
    std::ifstream f("/proc/" + std::to_string(pid_) + "/status");
    for (std::string line; std::getline(f, line);)
      if (line.rfind(key + ":", 0) == 0) return std::stol(line.substr(key.size() + 1));
    return -1;
  }

 private:
  pid_t pid_ = -1;
};

}  // namespace staccato::bench
