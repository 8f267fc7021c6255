#pragma once
/// staccato-drone command-line options.
#include <string>
#include <vector>

#include "common/core/result.h"
#include "drone/edge/fd_budget.h"
#include "drone/port/port_info.h"
#include "drone/rx/signature_receiver.h"
#include "rpc/drone_address.h"

namespace staccato::drone {

inline constexpr const char* kDefaultListen = rpc::kDefaultDroneAddress;
/// Where a --demo-lab drone listens unless told otherwise (its TCP ports exist only inside its
/// private network namespace).
inline constexpr const char* kDemoLabListen = "unix:/run/staccato/demo-lab.sock";
/// Where a --router-lab drone listens unless told otherwise.
inline constexpr const char* kRouterLabListen = rpc::kRouterLabAddress;
inline constexpr const char* kFakeLabPortA = "fake0";
inline constexpr const char* kFakeLabPortB = "fake1";

struct DroneOptions {
  std::string listen = kDefaultListen;
  std::string tokenFile;
  std::string tlsCert, tlsKey;
  std::string metricsListen;     ///< --metrics: Prometheus' listener ("" = none)
  std::string logFormat = "text";  ///< --log-format text|json
  std::string metricsTokenFile;  ///< --metrics-token-file: its own token (read-only)
  std::string metricsTlsCert, metricsTlsKey;  ///< --metrics-tls-cert/-key ("": --tls-cert/-key)
  PortFilter ports;
  std::string backend = "auto";  ///< every port's transmit backend until a client configures it
  uint32_t txQueues = 0;         ///< turbo queues per port; 0 = all
  std::string rxBackend = "auto";  ///< every port's receive engine until a client configures it
  bool demoLab = false;            ///< own network namespace with the veth pair demo0 <-> demo1
  bool routerLab = false;          ///< the demo lab with a router between its ports (demoLab is set too)
  bool fakeLab = false;            ///< fake ports fake0 <-> fake1 instead of the host's
  size_t streamMemoryBytes = 0;    ///< --max-stream-memory; 0 = the default
  size_t captureMemoryBytes = 0;   ///< --max-capture-memory; 0 = the default
  uint32_t flowLoops = 0;          ///< --flow-loops; 0 = the default
  size_t rxBufferBytes = 0;        ///< --rx-buffer: libpcap's receive ring; 0 = the default
  bool userRxTimestamps = false;   ///< --rx-timestamps user
  std::string generateToken;       ///< --generate-token FILE: write a token there and exit
  std::string socketGroup;         ///< --socket-group: unix socket mode 0660 for this group
  edge::ConnectionLimitOptions connections;  ///< --max-connections, --max-connections-per-address, --fd-reserve
  bool help = false;
};

/// "--router-lab" or "--demo-lab": the lab the options ask for, for messages.
const char* labOption(const DroneOptions& options);

Result<DroneOptions> parseDroneOptions(int argc, char** argv);
/// The receive engines' options the command line asked for.
RxOptions rxOptionsOf(const DroneOptions& options);

extern const char* kDroneUsage;

}  // namespace staccato::drone
