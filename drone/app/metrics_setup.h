#pragma once
/// The drone's metrics listener as its options ask (--metrics, --metrics-token-file, the TLS
/// identity of --tls-cert/--tls-key): rendered from the drone's core, service and gRPC server.
#include <memory>
#include <string>

#include "common/core/result.h"
#include "drone/app/options.h"
#include "drone/app/unix_socket_file.h"
#include "drone/metrics/metrics_server.h"

namespace staccato::drone {

class DroneCore;
class DroneService;
class DroneServer;

struct MetricsListener {
  std::unique_ptr<UnixSocketFile> socketFile;  ///< a unix socket's file: 0600, removed at exit
  std::unique_ptr<metrics::MetricsServer> server;  ///< null when no --metrics was given
};

/// `grpcToken`: the drone's own, which the metrics token must not be.
Result<MetricsListener> startMetrics(const DroneOptions& options, const std::string& grpcToken,
                                                             DroneCore& core, DroneService& service, const DroneServer& server);

}  // namespace staccato::drone
