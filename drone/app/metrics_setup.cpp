#include "drone/app/metrics_setup.h"

#include <sys/stat.h>

#include "common/files/file_reading.h"
#include "drone/app/access_token.h"
#include "drone/core/drone_core.h"
#include "drone/metrics/drone_metrics.h"
#include "drone/service/drone_server.h"
#include "drone/service/drone_service.h"
#include "rpc/drone_address.h"

namespace staccato::drone {

Result<MetricsListener> startMetrics(const DroneOptions& o, const std::string& grpcToken, DroneCore& core,
                                     DroneService& service, const DroneServer& server) {
  MetricsListener out;
  if (o.metricsListen.empty()) return out;
  metrics::MetricsServerOptions m;
  m.listen = o.metricsListen;
  if (!o.metricsTokenFile.empty()) {
    auto token = readAccessToken(o.metricsTokenFile);
    if (!token) return token.error();
    if (*token == grpcToken)
      return makeError("--metrics-token-file", "it holds the drone's own token: give the metrics listener one of its own "
                                               "(staccato-drone --generate-token FILE), or a scraper could drive the drone");
    m.token = *token;
  }
  const bool own = !o.metricsTlsCert.empty();
  if (own || !o.tlsCert.empty()) {
    auto cert = readTextFile(own ? o.metricsTlsCert : o.tlsCert, kMaxSmallFileBytes),
         key = readTextFile(own ? o.metricsTlsKey : o.tlsKey, kMaxSmallFileBytes);
    if (!cert || !key) return !cert ? cert.error() : key.error();
    m.tlsPem = std::make_pair(*cert, *key);
  }
  if (rpc::isUnixAddress(o.metricsListen)) {
    out.socketFile = std::make_unique<UnixSocketFile>(rpc::unixAddressPath(o.metricsListen));
    if (auto s = out.socketFile->prepare(UnixSocketFile::Directory::kMustExist); !s) return s.error().withPrefix("--metrics");
  }
  const mode_t mask = ::umask(0077);  // a unix socket is born private
  auto started = metrics::MetricsServer::start(m, [&core, &service, &server] {
    metrics::MetricsInput in;
    in.health.version = droneVersion();
    in.health.clock = clockStateNow();
    in.health.connections = server.counts().open;
    in.health.leases = service.openLeases();
    if (auto captures = core.captureStatus({})) {
      in.health.captureMemoryBytes = captures->memory_used();
      in.health.captureMemoryLimitBytes = captures->memory_bytes();
    }
    in.ports = core.listPorts();
    in.stats = core.collect(true);
    return metrics::renderMetrics(in);
  });
  ::umask(mask);
  if (!started) return started.error();
  out.server = std::move(started).value();
  if (out.socketFile)
    if (auto who = out.socketFile->secure(); !who) return who.error().withPrefix("--metrics");
  return out;
}

}  // namespace staccato::drone
