#include "drone/app/options.h"

#include <sstream>

#include "rpc/names/backend_names.h"

namespace staccato::drone {

const char* kDroneUsage = R"(Usage: staccato-drone [OPTIONS]

The Staccato drone: owns this host's ports, sends and receives streams, reports stats over gRPC.

  --listen unix:PATH     where to listen (default unix:/run/staccato/drone.sock): a unix socket
                         of mode 0600, owned by the user who ran sudo or pkexec, if any; no
                         token needed. A stale socket file is replaced, the file is removed
                         on exit
  --socket-group GROUP   unix socket: mode 0660 and this group, so its members may connect
                         (the system service uses group staccato)
  --listen ADDR:PORT     listen on TCP instead (e.g. 127.0.0.1:7878 or 0.0.0.0:7878): needs
                         --token-file, on loopback too (every local user can reach it)
  --demo-lab             a private demo network (root): the drone moves into its own network
                         namespace with a veth pair demo0 <-> demo1 (2 queues each), its only
                         ports; what one sends the other receives. The kernel removes it all
                         when the drone exits, however it exits. Listens on
                         unix:/run/staccato/demo-lab.sock unless --listen unix:PATH is given.
  --router-lab           the demo lab with a Linux router between demo0 and demo1 (root), in a
                         private namespace of its own: 10.0.0.1/24 and 2001:db8:0::1/64 face
                         demo0, 10.0.1.1/24 and 2001:db8:1::1/64 face demo1, IPv4 and IPv6
                         forwarding on. For emulated hosts and routed streams; gone when the
                         drone exits. Listens on unix:/run/staccato/router-lab.sock unless
                         --listen unix:PATH is given.
  --fake-lab             fake ports fake0 <-> fake1 (2 queues each) instead of this
                         host's: no root and no network needed; what one sends the other
                         receives, counted by the real receive code. For trying the drone and
                         the GUI. Listens on $XDG_RUNTIME_DIR/staccato-fake-lab.sock (else
                         /tmp/staccato-UID/, made 0700) unless --listen is given; clients
                         reach it as --drone fake-lab.
  --token-file FILE      clients must send this access token (first line of FILE; at least
                         22 random characters)
  --generate-token FILE  write a new random token to FILE (mode 0600) and exit
  --max-stream-memory MIB
                         memory all ports' streams may take together (default 1024; a replay
                         stream holds up to 256 MiB of frames)
  --max-capture-memory MIB
                         memory all captures may hold together (default 1024, 16..1048576): a
                         capture reserves its bound (a ring its size; a packet count that many
                         full-size frames) and is refused when it does not fit
  --flow-loops N          client loops (threads, one a core) each flow run's client side uses
                         (default: one a core the drone may run on, less one for the rest of
                         the drone, at least 1; 1..256)
  --tls-cert FILE --tls-key FILE
                         serve TLS with this certificate and key (PEM)
  --log-format text|json how the log is written to stderr (default text; under systemd, fields
                         such as the request id of a failed call go to the journal): json
                         writes one object per line (time, level, program, message, fields)
  --metrics ADDRESS      serve Prometheus metrics at GET /metrics on ADDRESS (HOST:PORT or
                         unix:PATH; off by default): see docs/observability.md
  --metrics-token-file FILE
                         the metrics listener's own token (a scraper sends it as a bearer
                         token; it cannot drive the drone). Required on TCP, where TLS
                         (--tls-cert/--tls-key) is required too unless the address is loopback
  --metrics-tls-cert FILE --metrics-tls-key FILE
                         the metrics listener's own certificate and key (PEM), when it is
                         not the drone's (e.g. the drone listens on a unix socket)
  --max-connections N    connections open at once, all clients together (default 1024, or
                         fewer when the descriptor limit leaves less room); when all are in use
                         the oldest one that has not sent a byte yet makes room, else a new one
                         is refused
  --max-connections-per-address N
                         connections open at once from one address (default 64; a unix
                         socket's clients share the total)
  --fd-reserve N         descriptors kept for ports, captures and emulated hosts, which
                         connections may never take (default a quarter of the limit, at least
                         256). The drone raises its descriptor limit to the hard limit at start
  --include PATTERNS     only these interfaces (comma-separated shell patterns, e.g. 'eth*,ens1f?')
  --exclude PATTERNS     never these interfaces (default: none; lo is left out unless included)
  --backend B            every port's transmit backend until a client configures it:
                         auto (default: AF_XDP zero-copy, else in-kernel XDP, else AF_XDP copy
                         mode, else libpcap), pcap, turbo (AF_XDP), turbo-zerocopy, turbo-xdp
                         (in-kernel only), turbo-copy
  --tx-queues N          turbo: transmit queues per port (default 0 = all the port has)
  --rx-backend B         every port's receive engine until a client configures it: auto
                         (default: per driver, docs/turbo.md: xdp-count on veth, else turbo;
                         libpcap where they do not open), pcap, turbo (XDP + AF_XDP: millions of
                         frames/s), xdp-count (counted in the kernel, nothing copied), tc-count
                         (the same at tc ingress); with turbo and xdp-count tcpdump on the port
                         no longer sees signature frames: receive with pcap or tc-count to
                         capture them with tcpdump
  --rx-buffer KIB        libpcap receive: the packet ring of each port (default 16384; 64..1048576):
                         what arrives while the receive thread is busy waits there, and what
                         does not fit is reported as missed (the kernel maps about twice this).
                         16 MiB holds about 100,000 64-byte frames (10,000 with user timestamps)
  --rx-timestamps T      kernel (default: the kernel's arrival time, or the driver's with turbo)
                         or user (when the receive thread reads the frame: to measure the
                         difference; latency then includes the thread's scheduling delay)
  --help                 this text
)";

namespace {

std::vector<std::string> splitComma(const std::string& s) {
  std::vector<std::string> out;
  std::stringstream ss(s);
  for (std::string item; std::getline(ss, item, ',');)
    if (!item.empty()) out.push_back(item);
  return out;
}

}  // namespace

const char* labOption(const DroneOptions& o) { return o.routerLab ? "--router-lab" : "--demo-lab"; }

RxOptions rxOptionsOf(const DroneOptions& o) {
  RxOptions rx;
  if (o.rxBufferBytes) rx.pcapBufferBytes = o.rxBufferBytes;
  rx.userTimestamps = o.userRxTimestamps;
  return rx;
}

Result<DroneOptions> parseDroneOptions(int argc, char** argv) {
  DroneOptions o;
  bool listenGiven = false;
  for (int i = 1; i < argc; ++i) {
    const std::string a = argv[i];
    auto value = [&]() -> Result<std::string> {
      if (i + 1 >= argc) return makeError(a, "needs a value");
      return std::string(argv[++i]);
    };
    if (a == "--help" || a == "-h") {
      o.help = true;
    } else if (a == "--demo-lab") {
      o.demoLab = true;
    } else if (a == "--router-lab") {
      o.routerLab = true;
    } else if (a == "--fake-lab") {
      o.fakeLab = true;
    } else if (a == "--listen" || a == "--token-file" || a == "--tls-cert" || a == "--tls-key" || a == "--include" ||
               a == "--exclude" || a == "--backend" || a == "--tx-queues" || a == "--rx-backend" ||
               a == "--max-stream-memory" || a == "--max-capture-memory" || a == "--generate-token" || a == "--socket-group" || a == "--rx-buffer" ||
               a == "--rx-timestamps" || a == "--max-connections" || a == "--max-connections-per-address" ||
               a == "--fd-reserve" || a == "--metrics" || a == "--metrics-token-file" || a == "--metrics-tls-cert" ||
               a == "--metrics-tls-key" || a == "--log-format" || a == "--flow-loops") {
      auto v = value();
      if (!v) return v.error();
      if (a == "--listen") {
        o.listen = *v;
        listenGiven = true;
      }
      if (a == "--token-file") o.tokenFile = *v;
      if (a == "--metrics") o.metricsListen = *v;
      if (a == "--log-format") {
        if (*v != "text" && *v != "json") return makeError(a, "'" + *v + "' is not a log format (text or json)");
        o.logFormat = *v;
      }
      if (a == "--metrics-token-file") o.metricsTokenFile = *v;
      if (a == "--metrics-tls-cert") o.metricsTlsCert = *v;
      if (a == "--metrics-tls-key") o.metricsTlsKey = *v;
      if (a == "--tls-cert") o.tlsCert = *v;
      if (a == "--tls-key") o.tlsKey = *v;
      if (a == "--include") o.ports.include = splitComma(*v);
      if (a == "--exclude") o.ports.exclude = splitComma(*v);
      if (a == "--backend") o.backend = *v;
      if (a == "--rx-backend") o.rxBackend = *v;
      if (a == "--generate-token") o.generateToken = *v;
      if (a == "--socket-group") o.socketGroup = *v;
      if (a == "--max-stream-memory" || a == "--max-capture-memory") {
        if (v->empty() || v->size() > 7 || v->find_first_not_of("0123456789") != std::string::npos ||
            std::stoul(*v) < 16 || std::stoul(*v) > 1048576)
          return makeError(a, "'" + *v + "' is not a size in MiB (allowed 16..1048576)");
        (a == "--max-stream-memory" ? o.streamMemoryBytes : o.captureMemoryBytes) = size_t{std::stoul(*v)} << 20;
      }
      if (a == "--rx-buffer") {
        if (v->empty() || v->size() > 7 || v->find_first_not_of("0123456789") != std::string::npos ||
            std::stoul(*v) < 64 || std::stoul(*v) > 1048576)
          return makeError(a, "'" + *v + "' is not a size in KiB (allowed 64..1048576)");
        o.rxBufferBytes = size_t{std::stoul(*v)} << 10;
      }
      if (a == "--rx-timestamps") {
        if (*v != "kernel" && *v != "user") return makeError(a, "'" + *v + "' (allowed: kernel, user)");
        o.userRxTimestamps = *v == "user";
      }
      if (a == "--max-connections" || a == "--max-connections-per-address" || a == "--fd-reserve") {
        const bool reserve = a == "--fd-reserve";
        if (v->empty() || v->size() > 7 || v->find_first_not_of("0123456789") != std::string::npos ||
            std::stoul(*v) < (reserve ? 0u : 1u) || std::stoul(*v) > 1000000)
          return makeError(a, "'" + *v + "' is not a count (allowed " + (reserve ? "0" : "1") + "..1000000)");
        const int n = static_cast<int>(std::stoul(*v));
        if (a == "--max-connections") o.connections.maxConnections = n;
        if (a == "--max-connections-per-address") o.connections.maxPerAddress = n;
        if (reserve) o.connections.fdReserve = n;
      }
      if (a == "--flow-loops") {
        if (v->empty() || v->size() > 3 || v->find_first_not_of("0123456789") != std::string::npos || std::stoul(*v) < 1 ||
            std::stoul(*v) > 256)
          return makeError(a, "'" + *v + "' is not a loop count (allowed 1..256)");
        o.flowLoops = static_cast<uint32_t>(std::stoul(*v));
      }
      if (a == "--tx-queues") {
        if (v->empty() || v->size() > 4 || v->find_first_not_of("0123456789") != std::string::npos)
          return makeError(a, "'" + *v + "' is not a queue count (allowed 0 = all, 1..9999)");
        o.txQueues = static_cast<uint32_t>(std::stoul(*v));
      }
    } else {
      return makeError(a, "unknown option (see --help)");
    }
  }
  if (!rpc::backendFromName(o.backend))
    return makeError("--backend", "'" + o.backend + "' (allowed: " + rpc::kBackendChoices + ")");
  if (!rpc::rxBackendFromName(o.rxBackend))
    return makeError("--rx-backend", "'" + o.rxBackend + "' (allowed: " + rpc::kRxBackendChoices + ")");
  if (o.demoLab && o.routerLab)
    return makeError("--router-lab", "choose one lab: --router-lab (a router between demo0 and demo1) or --demo-lab (demo0 <-> demo1)");
  if (o.fakeLab && (o.demoLab || o.routerLab))
    return makeError("--fake-lab", std::string("choose one lab: --fake-lab (fake ports, no root) or ") + labOption(o) + " (veth, root)");
  if (o.routerLab) o.demoLab = true;
  if (o.demoLab) {
    const std::string lab = labOption(o);
    const char* listenDefault = o.routerLab ? kRouterLabListen : kDemoLabListen;
    if (!listenGiven) o.listen = listenDefault;
    if (!rpc::isUnixAddress(o.listen))
      return makeError("--listen", o.listen + " with " + lab + " would be reachable only inside the drone's private "
                                   "network namespace: listen on a unix socket, e.g. --listen unix:/tmp/demo.sock "
                                   "(default " + listenDefault + ")");
    if (!o.ports.include.empty() || !o.ports.exclude.empty())
      return makeError(lab, "the lab's only ports are demo0 and demo1: drop --include/--exclude");
    o.ports.include = {"demo0", "demo1"};
  }
  if (o.fakeLab) {
    if (!o.ports.include.empty() || !o.ports.exclude.empty())
      return makeError("--fake-lab", std::string("the fake lab's only ports are ") + kFakeLabPortA + " and " + kFakeLabPortB +
                                         ": drop --include/--exclude");
    if (!listenGiven) o.listen = rpc::fakeLabAddress();
  }
  if (rpc::isUnixAddress(o.listen) && rpc::unixAddressPath(o.listen).empty())
    return makeError("--listen", "give a socket path, e.g. unix:/run/staccato/drone.sock");
  if (!o.socketGroup.empty() && !rpc::isUnixAddress(o.listen))
    return makeError("--socket-group", "only a unix socket has a group: drop it or --listen unix:PATH");
  if (o.listen.find(':') == std::string::npos)
    return makeError("--listen", "give ADDR:PORT, e.g. 127.0.0.1:7878, or unix:PATH");
  if (o.connections.maxPerAddress > 0 && o.connections.maxConnections > 0 &&
      o.connections.maxPerAddress > o.connections.maxConnections)
    return makeError("--max-connections-per-address", std::to_string(o.connections.maxPerAddress) +
                                                          " is more than --max-connections " +
                                                          std::to_string(o.connections.maxConnections));
  if (o.tlsCert.empty() != o.tlsKey.empty()) return makeError("--tls-cert", "TLS needs both --tls-cert and --tls-key");
  if (!o.metricsListen.empty() && !rpc::isUnixAddress(o.metricsListen) && o.metricsListen.find(':') == std::string::npos)
    return makeError("--metrics", "give ADDR:PORT, e.g. 0.0.0.0:9478, or unix:PATH");
  if (o.metricsTlsCert.empty() != o.metricsTlsKey.empty())
    return makeError("--metrics-tls-cert", "TLS needs both --metrics-tls-cert and --metrics-tls-key");
  if ((!o.metricsTokenFile.empty() || !o.metricsTlsCert.empty()) && o.metricsListen.empty())
    return makeError(o.metricsTokenFile.empty() ? "--metrics-tls-cert" : "--metrics-token-file",
                     "there is no metrics listener: add --metrics ADDRESS");
  if (!o.metricsTokenFile.empty() && o.metricsTokenFile == o.tokenFile)
    return makeError("--metrics-token-file", "give the metrics listener a token of its own: with the drone's, a scraper could drive the drone");
  if (!rpc::isUnixAddress(o.listen) && o.tokenFile.empty())
    return makeError("--listen", o.listen + (rpc::isLoopbackAddress(o.listen) ? " is reachable by every user of this host"
                                                                        : " is reachable from other hosts") +
                                 ": give an access token with --token-file (staccato-drone --generate-token FILE makes "
                                 "one; off loopback add --tls-cert/--tls-key), or listen on a unix socket; see "
                                 "docs/security.md");
  return o;
}

}  // namespace staccato::drone
