// staccato-drone: the headless agent.
#include <fcntl.h>
#include <grpcpp/grpcpp.h>
#include <signal.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>
#include <iostream>
#include <optional>
#include <thread>

#include "common/core/log.h"
#include "common/files/file_reading.h"
#include "drone/app/access_token.h"
#include "drone/app/demo_lab.h"
#include "drone/app/lab_setup.h"
#include "drone/app/metrics_setup.h"
#include "drone/app/options.h"
#include "drone/app/periodic_trim.h"
#include "drone/app/quiet_logs.h"
#include "drone/app/router_lab.h"
#include "drone/app/unix_socket_file.h"
#include "drone/core/drone_core.h"
#include "drone/edge/fd_budget.h"
#include "drone/fake/fake_port_source.h"
#include "drone/service/drone_server.h"
#include "drone/service/drone_service.h"
#include "drone/system/system_port_source.h"
#include "rpc/names/backend_names.h"

using namespace staccato;
using namespace staccato::drone;

namespace {

int stopPipe[2] = {-1, -1};

void onStopSignal(int sig) {
  const int saved = errno;
  [[maybe_unused]] ssize_t n = ::write(stopPipe[1], &sig, sizeof sig);
  errno = saved;
}

}  // namespace

int main(int argc, char** argv) {
  log::setProgram("staccato-drone");
  auto opts = parseDroneOptions(argc, argv);
  if (!opts) {
    log::error(opts.error().toString());
    return 2;
  }
  if (opts->help) {
    std::cout << kDroneUsage;
    return 0;
  }
  if (opts->logFormat == "json") log::setFormat(log::Format::kJson);
  if (!opts->generateToken.empty()) {
    if (auto s = generateTokenFile(opts->generateToken); !s) {
      log::error(s.error().toString());
      return 1;
    }
    log::notice("wrote a new access token to " + opts->generateToken + " (mode 0600): start the drone with --token-file " +
                opts->generateToken + " and give clients the same file");
    return 0;
  }
  if (opts->demoLab) {
    if (auto s = checkLabPermitted(labOption(*opts)); !s) {
      log::error(s.error().toString());
      return 1;
    }
  }
  // Before the demo lab, so that a drone already listening there is found without building a lab.
  std::optional<UnixSocketFile> socketFile;
  if (rpc::isUnixAddress(opts->listen)) {
    socketFile.emplace(rpc::unixAddressPath(opts->listen));
    using Directory = UnixSocketFile::Directory;
    const Directory dir = opts->listen == rpc::fakeLabAddress() ? Directory::kPrivate
                          : opts->listen == kDemoLabListen || opts->listen == kRouterLabListen || opts->listen == kDefaultListen
                              ? Directory::kShared
                              : Directory::kMustExist;
    if (auto s = socketFile->prepare(dir); !s) {
      log::error(s.error().toString());
      return 1;
    }
  }
  // unshare() moves only the calling thread, and a new mount namespace needs a process without
  // threads: before gRPC or any library starts one.
  if (opts->demoLab) {
    auto lab = opts->routerLab ? enterRouterLab() : enterDemoLab();
    if (!lab) {
      log::error(lab.error().toString());
      return 1;
    }
    for (const auto& w : lab->warnings) log::warning(lab->name + ": " + w);
    log::notice(lab->name + ": " + lab->summary + "; see its traffic with: nsenter -t " + std::to_string(::getpid()) +
                " -n tcpdump -i " + kDemoLabPortB);
  }
  ServerOptions server;
  server.listen = opts->listen;
  server.policy.protocolMajor = kProtocolMajor;
  server.connections = opts->connections;
  if (!opts->tokenFile.empty()) {
    auto t = readAccessToken(opts->tokenFile);
    if (!t) {
      log::error(t.error().toString());
      return 2;
    }
    server.policy.token = *t;
  }
  if (!opts->tlsCert.empty()) {
    auto cert = readTextFile(opts->tlsCert, kMaxSmallFileBytes), key = readTextFile(opts->tlsKey, kMaxSmallFileBytes);
    if (!cert || !key) {
      log::error((!cert ? cert.error() : key.error()).toString());
      return 2;
    }
    server.tls = TlsIdentity{*cert, *key};
  }
  // SIGINT/SIGTERM may land on any thread (libraries start their own): the handler only
  // writes to a pipe; a thread of ours reads it and shuts the server down.
  if (pipe2(stopPipe, O_CLOEXEC) != 0) {
    log::error(std::string("pipe: ") + std::strerror(errno));
    return 1;
  }
  struct sigaction sa {};
  sa.sa_handler = onStopSignal;
  sigemptyset(&sa.sa_mask);
  sigaction(SIGINT, &sa, nullptr);
  sigaction(SIGTERM, &sa, nullptr);
  signal(SIGPIPE, SIG_IGN);

  // Before any port or connection opens: connections are capped from this limit.
  const edge::FdLimit fds = edge::raiseFdLimit();
  (fds.soft < fds.hard ? log::warning : log::notice)(
      "descriptor limit: started with " + std::to_string(fds.before) + ", now " + std::to_string(fds.soft) +
      " (the hard limit is " + std::to_string(fds.hard) + ")");
  DroneCoreOptions coreOptions;
  coreOptions.defaults.set_backend(*rpc::backendFromName(opts->backend));
  coreOptions.defaults.set_rx_backend(*rpc::rxBackendFromName(opts->rxBackend));
  coreOptions.defaults.set_tx_queues(opts->txQueues);
  if (opts->streamMemoryBytes) coreOptions.limits.streamMemoryBytes = opts->streamMemoryBytes;
  if (opts->captureMemoryBytes) coreOptions.limits.captureMemoryBytes = opts->captureMemoryBytes;
  if (opts->flowLoops) coreOptions.limits.flowLoops = opts->flowLoops;
  // Flows take what the connections' caps and the ports' minimum leave of the limit.
  if (auto budget = edge::sizeConnections(fds.soft, edge::openFdCount(), opts->connections))
    coreOptions.limits.flowDescriptors = edge::flowDescriptors(*budget);
  std::unique_ptr<PortSource> source = opts->fakeLab
                                           ? std::make_unique<fake::FakePortSource>(fake::fakePair(kFakeLabPortA, kFakeLabPortB))
                                           : systemPortSource(opts->ports, rxOptionsOf(*opts));
  DroneCore core(std::move(source), coreOptions);
  DroneService service(core);
  quietLibraryLogs();
  PeriodicTrim trim;
  // A unix socket is born private (0600 before anyone can connect), then given to its user.
  mode_t oldMask = 0;
  if (socketFile) oldMask = ::umask(0077);
  auto started = DroneServer::start({&service}, server);
  if (socketFile) ::umask(oldMask);
  if (!started) {
    log::error(started.error().toString());
    return 1;
  }
  std::unique_ptr<DroneServer> grpcServer = std::move(started).value();
  std::string access;
  if (socketFile) {
    auto who = socketFile->secure(opts->socketGroup);
    if (!who) {
      log::error(who.error().toString());
      return 1;
    }
    access = " (" + *who + ")";
  }
  log::notice("listening on " + opts->listen + access + (server.policy.token.empty() ? "" : " (token required)") +
              (server.tls ? " (TLS)" : "") + ", " + std::to_string(core.listPorts().size()) + " ports; " +
              grpcServer->budget().text());
  auto metricsListener = startMetrics(*opts, server.policy.token, core, service, *grpcServer);
  if (!metricsListener) {
    log::error(metricsListener.error().toString());
    grpcServer->shutdown(std::chrono::system_clock::now());
    return 2;
  }
  if (metricsListener->server)
    log::notice("metrics on " + opts->metricsListen + (opts->metricsTokenFile.empty() ? "" : " (token required)") +
                ((opts->tlsCert.empty() && opts->metricsTlsCert.empty()) || rpc::isUnixAddress(opts->metricsListen) ? ""
                                                                                                       : " (TLS)"));
  std::thread stopper([&] {
    int sig = 0;
    while (::read(stopPipe[0], &sig, sizeof sig) < 0 && errno == EINTR) {
    }
    log::notice("stopping (signal " + std::to_string(sig) + ")");
    grpcServer->shutdown(std::chrono::system_clock::now() + std::chrono::seconds(2));
  });
  grpcServer->wait();
  stopper.join();
  return 0;
}
