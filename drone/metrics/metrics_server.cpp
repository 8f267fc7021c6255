#include "drone/metrics/metrics_server.h"

#include <netinet/in.h>
#include <sys/socket.h>

#include <atomic>
#include <condition_variable>
#include <deque>
#include <mutex>
#include <thread>
#include <vector>

#include "common/core/log.h"
#include "drone/edge/front_door.h"
#include "drone/edge/peer_key.h"
#include "drone/metrics/http_exchange.h"
#include "drone/metrics/metrics_connection.h"
#include "rpc/drone_address.h"

namespace staccato::drone::metrics {
namespace {

constexpr int kWorkers = 2;
constexpr size_t kMaxQueued = kMaxMetricsConnections;  ///< connections waiting for a worker
constexpr std::string_view kTextFormat = "text/plain; version=0.0.4; charset=utf-8";

/// Whether every address "HOST:PORT" names is a loopback one (then TLS is not required).
bool loopbackOnly(const std::string& listen) { return rpc::isLoopbackAddress(listen); }

}  // namespace

class MetricsServer::Impl {
 public:
  Impl(MetricsServerOptions options, Render render, std::shared_ptr<TlsContext> tls)
      : options_(std::move(options)), render_(std::move(render)), tls_(std::move(tls)) {
    for (int i = 0; i < kWorkers; ++i) workers_.emplace_back([this](std::stop_token st) { work(st); });
  }
  ~Impl() {
    if (door_) door_->stop();
    {
      std::lock_guard lock(mu_);
      stopping_ = true;
    }
    ready_.notify_all();
    for (auto& w : workers_) w.request_stop();
    workers_.clear();  // joins
  }

  void setDoor(std::unique_ptr<edge::FrontDoor> door, int port) {
    door_ = std::move(door);
    port_ = port;
  }
  /// The door's thread: queue the connection for a worker, or end it when all are busy.
  void take(int fd) {
    std::lock_guard lock(mu_);
    if (queue_.size() >= kMaxQueued) {
      UniqueFd dropped(fd);
      return;
    }
    queue_.emplace_back(fd);
    ready_.notify_one();
  }
  int port() const { return port_; }
  uint64_t served() const { return served_.load(); }
  uint64_t unauthorized() const { return unauthorized_.load(); }

 private:
  void work(std::stop_token st) {
    for (;;) {
      UniqueFd fd;
      {
        std::unique_lock lock(mu_);
        ready_.wait(lock, [&] { return stopping_ || !queue_.empty(); });
        if (stopping_ || st.stop_requested()) return;
        fd = std::move(queue_.front());
        queue_.pop_front();
      }
      serve(std::move(fd));
    }
  }

  void serve(UniqueFd fd) {
    sockaddr_storage peer{};
    socklen_t len = sizeof peer;
    const bool tcp = ::getpeername(fd.get(), reinterpret_cast<sockaddr*>(&peer), &len) == 0 &&
                     (peer.ss_family == AF_INET || peer.ss_family == AF_INET6);
    const Deadline deadline = std::chrono::steady_clock::now() + kConnectionDeadline;
    MetricsConnection c(std::move(fd), tls_);
    if (!c.handshake(deadline)) return;
    const auto head = c.readHead(kMaxRequestHead, deadline);
    if (!head) return;
    const auto request = parseRequestHead(*head);
    if (!request) {
      c.writeAll(httpResponse(400, "Bad Request", "text/plain", "not an HTTP/1.1 request\n"), deadline);
      return;
    }
    if (!options_.token.empty() && !(request->bearer && tokenMatches(*request->bearer, options_.token))) {
      ++unauthorized_;
      c.writeAll(httpResponse(401, "Unauthorized", "text/plain", "a bearer token is required (--metrics-token-file)\n",
                              "WWW-Authenticate: Bearer realm=\"staccato-drone metrics\"\r\n"),
                 deadline);
      return;
    }
    if (tcp && door_) door_->authenticated(edge::PeerAddress::of(peer));
    if (request->method != "GET") {
      c.writeAll(httpResponse(405, "Method Not Allowed", "text/plain", "GET /metrics\n", "Allow: GET\r\n"), deadline);
      return;
    }
    if (request->target != "/metrics" && !request->target.starts_with("/metrics?")) {
      c.writeAll(httpResponse(404, "Not Found", "text/plain", "the metrics are at /metrics\n"), deadline);
      return;
    }
    ++served_;
    c.writeAll(httpResponse(200, "OK", kTextFormat, render_()), deadline);
  }

  MetricsServerOptions options_;
  Render render_;
  std::shared_ptr<TlsContext> tls_;
  std::mutex mu_;
  std::condition_variable ready_;
  std::deque<UniqueFd> queue_;
  bool stopping_ = false;
  std::atomic<uint64_t> served_{0}, unauthorized_{0};
  int port_ = 0;
  std::vector<std::jthread> workers_;
  std::unique_ptr<edge::FrontDoor> door_;  ///< last set, first stopped
};

Result<std::unique_ptr<MetricsServer>> MetricsServer::start(const MetricsServerOptions& options, Render render) {
  const bool unix = rpc::isUnixAddress(options.listen);
  if (!unix && options.token.empty())
    return makeError("--metrics", options.listen + ": a TCP metrics listener needs --metrics-token-file");
  if (!unix && !options.tlsPem && !loopbackOnly(options.listen))
    return makeError("--metrics", options.listen + ": a TCP metrics listener beyond loopback needs TLS (--tls-cert, --tls-key): "
                                  "its token would cross the network in clear text");
  std::shared_ptr<TlsContext> tls;
  if (options.tlsPem && !unix) {
    auto t = TlsContext::fromPem(options.tlsPem->first, options.tlsPem->second);
    if (!t) return t.error();
    tls = *t;
  }
  auto listeners = unix ? edge::listenUnix(rpc::unixAddressPath(options.listen)) : edge::listenTcp(options.listen);
  if (!listeners) return listeners.error().withPrefix("--metrics");
  const int port = listeners->port;
  auto impl = std::make_unique<Impl>(options, std::move(render), std::move(tls));
  edge::FrontDoorOptions door{{kMaxMetricsConnections, unix ? kMaxMetricsConnections : kMaxMetricsPerAddress},
                              edge::kFirstByteTimeout,
                              [i = impl.get()](int fd) { i->take(fd); },
                              unix ? std::chrono::milliseconds(0) : std::chrono::milliseconds(kConnectionDeadline)};
  impl->setDoor(std::make_unique<edge::FrontDoor>(std::move(listeners).value(), std::move(door)), port);
  return std::unique_ptr<MetricsServer>(new MetricsServer(std::move(impl)));
}

MetricsServer::MetricsServer(std::unique_ptr<Impl> impl) : impl_(std::move(impl)) {}
MetricsServer::~MetricsServer() = default;
int MetricsServer::port() const { return impl_->port(); }
uint64_t MetricsServer::served() const { return impl_->served(); }
uint64_t MetricsServer::unauthorized() const { return impl_->unauthorized(); }

}  // namespace staccato::drone::metrics
