#include "drone/service/request_ids.h"

#include <atomic>
#include <chrono>
#include <cstdio>
#include <mutex>
#include <random>
#include <utility>

#include <grpcpp/server_context.h>

#include "common/core/log.h"

namespace staccato::drone {
namespace {

/// "5f3a9c-17": this process's random prefix (ids of a restarted drone differ), then a count.
std::string nextId() {
  static const unsigned prefix = std::random_device{}() & 0xffffff;
  static std::atomic<uint64_t> count{0};
  char buf[32];
  std::snprintf(buf, sizeof buf, "%06x-%llu", prefix, static_cast<unsigned long long>(++count));
  return buf;
}

const char* codeName(grpc::StatusCode c) {
  switch (c) {
    case grpc::StatusCode::INVALID_ARGUMENT: return "INVALID_ARGUMENT";
    case grpc::StatusCode::NOT_FOUND: return "NOT_FOUND";
    case grpc::StatusCode::ALREADY_EXISTS: return "ALREADY_EXISTS";
    case grpc::StatusCode::PERMISSION_DENIED: return "PERMISSION_DENIED";
    case grpc::StatusCode::RESOURCE_EXHAUSTED: return "RESOURCE_EXHAUSTED";
    case grpc::StatusCode::FAILED_PRECONDITION: return "FAILED_PRECONDITION";
    case grpc::StatusCode::ABORTED: return "ABORTED";
    case grpc::StatusCode::OUT_OF_RANGE: return "OUT_OF_RANGE";
    case grpc::StatusCode::UNIMPLEMENTED: return "UNIMPLEMENTED";
    case grpc::StatusCode::INTERNAL: return "INTERNAL";
    case grpc::StatusCode::UNAVAILABLE: return "UNAVAILABLE";
    case grpc::StatusCode::UNAUTHENTICATED: return "UNAUTHENTICATED";
    case grpc::StatusCode::DEADLINE_EXCEEDED: return "DEADLINE_EXCEEDED";
    default: return "UNKNOWN";
  }
}

/// At most kLinesPerWindow failed calls logged per kWindow: a client that fails on purpose (2,000
/// bad requests a second) cannot flood the log. The first line of the next window says how many
/// were left out; every status still carries its id.
class FailureLogBudget {
 public:
  static constexpr int kLinesPerWindow = 5;
  static constexpr std::chrono::seconds kWindow{10};

  /// Whether to log this failure; `leftOut` is then how many were not logged before it.
  bool take(uint64_t& leftOut) {
    std::lock_guard lock(mu_);
    const auto now = std::chrono::steady_clock::now();
    if (now - windowStart_ >= kWindow) {
      windowStart_ = now;
      lines_ = 0;
    }
    if (lines_ >= kLinesPerWindow) {
      ++leftOut_;
      return false;
    }
    ++lines_;
    leftOut = std::exchange(leftOut_, 0);
    return true;
  }

 private:
  std::mutex mu_;
  std::chrono::steady_clock::time_point windowStart_{};
  int lines_ = 0;
  uint64_t leftOut_ = 0;
};

class RequestIds final : public grpc::experimental::Interceptor {
 public:
  RequestIds(grpc::experimental::ServerRpcInfo* info, FailureLogBudget& budget) : info_(info), budget_(budget) {}

  void Intercept(grpc::experimental::InterceptorBatchMethods* methods) override {
    using grpc::experimental::InterceptionHookPoints;
    if (methods->QueryInterceptionHookPoint(InterceptionHookPoints::PRE_SEND_STATUS)) {
      const grpc::Status s = methods->GetSendStatus();
      // A client that went away (WatchStats ended, a cancelled call) is no failure to trace.
      if (!s.ok() && s.error_code() != grpc::StatusCode::CANCELLED) {
        const std::string id = nextId(), method = info_->method() ? info_->method() : "?";
        const std::string peer = info_->server_context() ? info_->server_context()->peer() : "";
        methods->ModifySendStatus(grpc::Status(s.error_code(), s.error_message() + requestIdSuffix(id), s.error_details()));
        if (uint64_t leftOut = 0; budget_.take(leftOut))
          log::write(log::Level::kInfo,
                     "request " + id + ": " + method + " from " + peer + ": " + codeName(s.error_code()) + ": " +
                         s.error_message() +
                         (leftOut ? " (" + std::to_string(leftOut) + " failed calls before it were not logged: at most " +
                                        std::to_string(FailureLogBudget::kLinesPerWindow) + " every " +
                                        std::to_string(FailureLogBudget::kWindow.count()) + " s)"
                                  : ""),
                     {{"request_id", id}, {"method", method}, {"peer", peer}, {"code", codeName(s.error_code())}});
      }
    }
    methods->Proceed();
  }

 private:
  grpc::experimental::ServerRpcInfo* info_;
  FailureLogBudget& budget_;
};

class RequestIdsFactory final : public grpc::experimental::ServerInterceptorFactoryInterface {
 public:
  grpc::experimental::Interceptor* CreateServerInterceptor(grpc::experimental::ServerRpcInfo* info) override {
    return new RequestIds(info, budget_);
  }

 private:
  FailureLogBudget budget_;  ///< one per server: its calls share it, another server's do not
};

}  // namespace

std::unique_ptr<grpc::experimental::ServerInterceptorFactoryInterface> requestIds() {
  return std::make_unique<RequestIdsFactory>();
}

std::string requestIdSuffix(const std::string& id) { return " (drone request " + id + ")"; }

}  // namespace staccato::drone
