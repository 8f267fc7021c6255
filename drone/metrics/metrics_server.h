#pragma once
/// The drone's metrics listener (--metrics ADDRESS): Prometheus scrapes GET /metrics. Its own
/// front door (drone/edge/front_door.h) admits connections within small caps; two workers answer
/// one request per connection. On TCP a bearer token of its own is required (read-only: it is
/// not the drone's token, so it cannot drive the drone) and TLS unless the address is loopback;
/// without the token the answer is 401 and nothing is rendered. Every connection ends within
/// kConnectionDeadline.
#include <chrono>
#include <functional>
#include <memory>
#include <optional>
#include <string>

#include "common/core/result.h"

namespace staccato::drone::metrics {

inline constexpr std::chrono::seconds kConnectionDeadline{10};
/// Connections at once, in all and from one address: a few Prometheus servers and a curl.
inline constexpr int kMaxMetricsConnections = 32, kMaxMetricsPerAddress = 4;

struct MetricsServerOptions {
  std::string listen;  ///< "HOST:PORT" or "unix:PATH"
  std::string token;   ///< required on TCP
  std::optional<std::pair<std::string, std::string>> tlsPem;  ///< certificate chain, private key
};

class MetricsServer {
 public:
  /// The exposition, rendered for each authorised scrape (any worker thread).
  using Render = std::function<std::string()>;
  static Result<std::unique_ptr<MetricsServer>> start(const MetricsServerOptions& options, Render render);
  ~MetricsServer();  ///< stops accepting and joins the workers
  int port() const;  ///< the TCP port; 0 for a unix socket
  /// Scrapes answered, refused for want of the token (since the start).
  uint64_t served() const;
  uint64_t unauthorized() const;

 private:
  class Impl;
  explicit MetricsServer(std::unique_ptr<Impl> impl);
  std::unique_ptr<Impl> impl_;
};

}  // namespace staccato::drone::metrics
