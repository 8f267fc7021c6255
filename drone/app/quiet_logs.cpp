#include "drone/app/quiet_logs.h"

#include <google/protobuf/stubs/logging.h>
#include <grpc/support/log.h>

#include <chrono>
#include <mutex>
#include <string>

#include "common/core/log.h"

namespace staccato::drone {
namespace {

constexpr int kLinesPerWindow = 5;
constexpr auto kWindow = std::chrono::seconds(10);

/// Lets kLinesPerWindow lines through per window; says how many it held back when the next
/// window opens.
class LogLimiter {
 public:
  void print(const char* origin, const std::string& line) {
    std::lock_guard lock(mu_);
    const auto now = std::chrono::steady_clock::now();
    if (now - windowStart_ >= kWindow) {
      if (held_) log::warning(std::to_string(held_) + " more library log lines left out (rate limit)");
      windowStart_ = now;
      shown_ = held_ = 0;
    }
    if (shown_ >= kLinesPerWindow) {
      ++held_;
      return;
    }
    ++shown_;
    log::warning(std::string(origin) + ": " + line);
  }

 private:
  std::mutex mu_;
  std::chrono::steady_clock::time_point windowStart_{};
  int shown_ = 0, held_ = 0;
};

LogLimiter& limiter() {
  static LogLimiter l;
  return l;
}

}  // namespace

void quietLibraryLogs() {
  google::protobuf::SetLogHandler([](google::protobuf::LogLevel, const char*, int, const std::string& message) {
    limiter().print("protobuf", message);
  });
  gpr_set_log_function([](gpr_log_func_args* args) { limiter().print("grpc", args->message); });
}

}  // namespace staccato::drone
