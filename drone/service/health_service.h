#pragma once
/// The standard health service (grpc.health.v1) as probes need it, without the token and without
/// reading a byte of what a tokenless caller sends: gRPC 1.51 buffers a request whole before it
/// checks its size (grpc/grpc#43012), so this service never asks for the request. It answers
/// about the server as a whole whatever service a request names: SERVING while the drone serves,
/// NOT_SERVING once it shuts down. Check answers at once; Watch answers, then stays open until
/// the drone shuts down (NOT_SERVING) or the caller leaves, at most kMaxHealthWatches at once and
/// kMaxHealthWatchesPerAddress from one address (more: RESOURCE_EXHAUSTED). Every other method
/// the drone does not serve is UNIMPLEMENTED, as gRPC's own answer.
#include <grpcpp/generic/async_generic_service.h>

#include <mutex>
#include <set>
#include <string>
#include <string_view>
#include <unordered_map>

namespace staccato::drone {

inline constexpr std::string_view kHealthCheckPath = "/grpc.health.v1.Health/Check";
inline constexpr std::string_view kHealthWatchPath = "/grpc.health.v1.Health/Watch";
inline bool isHealthPath(std::string_view path) { return path == kHealthCheckPath || path == kHealthWatchPath; }

inline constexpr int kMaxHealthWatches = 64;
inline constexpr int kMaxHealthWatchesPerAddress = 4;

class HealthCall;

class HealthService final : public grpc::CallbackGenericService {
 public:
  grpc::ServerGenericBidiReactor* CreateReactor(grpc::GenericCallbackServerContext* ctx) override;
  /// NOT_SERVING from now on; every Watch is told so and ends. Before the server shuts down.
  void shutdown();
  bool serving() const;
  int watches() const;

 private:
  friend class HealthCall;
  /// A Watch from `address` may start (and is counted); false when at a limit.
  bool admitWatch(HealthCall* call, const std::string& address);
  void watchEnded(HealthCall* call, const std::string& address);

  mutable std::mutex mu_;
  bool serving_ = true;
  std::set<HealthCall*> watches_;
  std::unordered_map<std::string, int> perAddress_;
};

}  // namespace staccato::drone
