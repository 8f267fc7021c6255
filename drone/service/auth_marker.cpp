#include "drone/service/auth_marker.h"

#include "drone/service/health_service.h"

namespace staccato::drone {
namespace {

class AuthMarker final : public grpc::experimental::Interceptor {
 public:
  AuthMarker(grpc::experimental::ServerRpcInfo* info, const std::function<void(const std::string&)>& authenticated)
      : info_(info), authenticated_(authenticated) {}

  void Intercept(grpc::experimental::InterceptorBatchMethods* methods) override {
    using grpc::experimental::InterceptionHookPoints;
    // Generic calls (the health service, unknown methods) may carry no method name: never marked.
    const char* method = info_->method();
    if (methods->QueryInterceptionHookPoint(InterceptionHookPoints::POST_RECV_INITIAL_METADATA) && method &&
        *method && !isHealthPath(method))
      authenticated_(info_->server_context()->peer());
    methods->Proceed();
  }

 private:
  grpc::experimental::ServerRpcInfo* info_;
  const std::function<void(const std::string&)>& authenticated_;
};

class AuthMarkerFactory final : public grpc::experimental::ServerInterceptorFactoryInterface {
 public:
  explicit AuthMarkerFactory(std::function<void(const std::string&)> authenticated)
      : authenticated_(std::move(authenticated)) {}
  grpc::experimental::Interceptor* CreateServerInterceptor(grpc::experimental::ServerRpcInfo* info) override {
    return new AuthMarker(info, authenticated_);
  }

 private:
  std::function<void(const std::string&)> authenticated_;
};

}  // namespace

std::unique_ptr<grpc::experimental::ServerInterceptorFactoryInterface> authMarker(
    std::function<void(const std::string&)> authenticated) {
  return std::make_unique<AuthMarkerFactory>(std::move(authenticated));
}

}  // namespace staccato::drone
