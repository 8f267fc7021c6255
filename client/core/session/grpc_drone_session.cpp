#include "client/core/session/grpc_drone_session.h"

#include <algorithm>

#include "client/core/session/drone_watcher.h"
#include "client/core/session/grpc_error.h"
#include "client/core/stream_transfer.h"

namespace staccato::client {
namespace {

QString seconds(std::chrono::milliseconds delay) { return QString::number(double(delay.count()) / 1000.0, 'g', 3); }

/// "cannot reach ... (...); retrying in 2 s"
QString withRetry(const std::string& why, std::chrono::milliseconds delay) {
  const bool sentence = !why.empty() && (why.back() == '?' || why.back() == '.');
  return QString::fromStdString(why) + (sentence ? " Retrying in " : "; retrying in ") + seconds(delay) + " s";
}

QString errorText(const Status& s) { return s ? QString() : QString::fromStdString(s.error().toString()); }

/// A unary call whose reply only says it worked: `method` is the stub's (e.g. &Stub::StartTx).
template <class Request, class Reply>
auto unaryRpc(grpc::Status (v1::Drone::Stub::*method)(grpc::ClientContext*, const Request&, Reply*), Request request) {
  return [method, request = std::move(request)](DroneConnection& c, grpc::ClientContext& ctx) {
    Reply reply;
    return (c.stub().*method)(&ctx, request, &reply);
  };
}

}  // namespace

GrpcDroneSession::GrpcDroneSession(DroneAddress address, QObject* parent)
    : DroneSession(parent), address_(std::move(address)), target_(QString::fromStdString(address_.target)) {}

GrpcDroneSession::~GrpcDroneSession() {
  stopWatcher();
  calls_.stop();
}

QString GrpcDroneSession::displayName() const {
  if (!address_.fleetName.empty()) return "@" + QString::fromStdString(address_.fleetName);
  return hostname_.isEmpty() ? target_ : hostname_;
}

std::shared_ptr<DroneConnection> GrpcDroneSession::connection() {
  std::lock_guard lock(connMu_);
  return conn_;
}

void GrpcDroneSession::stopWatcher() {
  watcher_.reset();  // cancels the call in flight and joins
  std::lock_guard lock(connMu_);
  conn_.reset();
}

void GrpcDroneSession::connectToDrone(unsigned statsIntervalMs) {
  stopWatcher();
  const unsigned gen = ++generation_;
  // Calls made before the watcher's first attempt has its channel use this one (opening a
  // channel does not touch the network; a bad CA file is reported by the watcher).
  if (auto opened = DroneConnection::open(address_)) {
    std::lock_guard lock(connMu_);
    conn_ = std::move(opened).value();
  }
  post([this, gen] {
    if (gen != generation_) return;
    lastFailure_.clear();
    setState(SessionState::kConnecting, "connecting to " + target_);
    emit logMessage(LogLevel::kInfo, "connecting to " + target_);
  });
  DroneWatcher::Events events;
  events.channel = [this](std::shared_ptr<DroneConnection> conn) {
    std::lock_guard lock(connMu_);
    conn_ = std::move(conn);
  };
  events.connected = [this, gen](v1::GetVersionReply version, std::vector<v1::Port> ports) {
    post([this, gen, version = std::move(version), ports = std::move(ports)] {
      if (gen != generation_) return;
      version_ = version;
      hostname_ = QString::fromStdString(version.hostname());
      ports_ = ports;
      lastFailure_.clear();
      setState(SessionState::kConnected, "connected to " + target_);
      emit logMessage(LogLevel::kInfo, QString("connected to %1 (version %2, hostname %3, %4 ports)")
                                           .arg(target_, QString::fromStdString(version.version()), hostname_)
                                           .arg(ports.size()));
      emit portsChanged();
    });
  };
  events.snapshot = [this, gen](v1::StatsSnapshot snapshot) {
    std::lock_guard lock(statsMu_);
    pendingStats_ = std::move(snapshot);
    pendingGeneration_ = gen;
    if (statsPosted_) return;  // the one already queued will pick this one up
    statsPosted_ = true;
    post([this] { deliverStats(); });
  };
  events.failed = [this, gen](std::string why, bool wasConnected, std::chrono::milliseconds retryIn) {
    post([this, gen, why = std::move(why), wasConnected, retryIn] {
      if (gen == generation_) onFailed(why, wasConnected, retryIn);
    });
  };
  watcher_ = std::make_unique<DroneWatcher>(address_, statsIntervalMs, std::move(events));
}

void GrpcDroneSession::disconnectFromDrone() {
  if (!watcher_ && state_ == SessionState::kDisconnected) return;
  stopWatcher();
  const unsigned gen = ++generation_;
  post([this, gen] {
    if (gen != generation_) return;
    setState(SessionState::kDisconnected, "disconnected");
    emit logMessage(LogLevel::kInfo, "disconnected from " + target_);
  });
}

void GrpcDroneSession::setState(SessionState state, QString detail) {
  if (state == state_ && detail == detail_) return;
  state_ = state;
  detail_ = std::move(detail);
  emit stateChanged();
}

void GrpcDroneSession::onFailed(const std::string& why, bool wasConnected, std::chrono::milliseconds retryIn) {
  const QString detail = withRetry(why, retryIn);
  if (wasConnected)
    emit logMessage(LogLevel::kWarning, "lost the connection to " + target_ + ": " + detail);
  else if (why != lastFailure_)  // the same reason every retry is not news
    emit logMessage(LogLevel::kWarning, detail);
  lastFailure_ = why;
  setState(SessionState::kReconnecting, detail);
}

void GrpcDroneSession::deliverStats() {
  std::optional<v1::StatsSnapshot> snapshot;
  unsigned gen = 0;
  {
    std::lock_guard lock(statsMu_);
    snapshot.swap(pendingStats_);
    gen = pendingGeneration_;
    statsPosted_ = false;
  }
  if (!snapshot || gen != generation_) return;
  if (!portsRefreshPending_ && transmittingChanged(*snapshot)) refreshPorts();
  emit statsReceived(*snapshot);
}

bool GrpcDroneSession::transmittingChanged(const v1::StatsSnapshot& snapshot) const {
  for (const v1::PortStats& s : snapshot.ports()) {
    auto it = std::find_if(ports_.begin(), ports_.end(), [&](const v1::Port& p) { return p.name() == s.port(); });
    if (it == ports_.end() || it->transmitting() != s.transmitting()) return true;  // changed, or a new port
  }
  return false;
}

void GrpcDroneSession::refreshPorts() {
  portsRefreshPending_ = true;
  calls_.post([this](Cancellation& cancel) {
    if (auto conn = connection()) {
      listPorts(*conn, cancel);
    } else {
      post([this] { portsRefreshPending_ = false; });
    }
  });
}

void GrpcDroneSession::listPorts(DroneConnection& conn, Cancellation& cancel) {
  auto ctx = conn.context();
  if (!cancel.attach(ctx.get())) return;
  v1::ListPortsReply reply;
  const grpc::Status s = conn.stub().ListPorts(ctx.get(), {}, &reply);
  cancel.detach();
  if (!s.ok()) {
    post([this, e = errorFromStatus(s, address_.target)] {
      portsRefreshPending_ = false;
      emit logMessage(LogLevel::kWarning, "listing the ports of " + displayName() + ": " + QString::fromStdString(e.toString()));
    });
    return;
  }
  post([this, ports = std::vector<v1::Port>(reply.ports().begin(), reply.ports().end())] {
    portsRefreshPending_ = false;
    ports_ = ports;
    emit portsChanged();
  });
}

void GrpcDroneSession::call(QString what, Rpc rpc, bool refreshesPorts, Done deliver, double deadlineSeconds) {
  calls_.post([this, what = std::move(what), rpc = std::move(rpc), refreshesPorts, deadlineSeconds,
               deliver = std::move(deliver)](Cancellation& cancel) {
    std::shared_ptr<DroneConnection> conn = connection();
    Status status = Ok{};
    if (!conn) {
      status = makeError("", "not connected to the drone at " + address_.target + " (connect first)", ErrorKind::kUnavailable);
    } else {
      auto ctx = conn->context(deadlineSeconds);
      if (!cancel.attach(ctx.get())) return;
      const grpc::Status s = rpc(*conn, *ctx);
      cancel.detach();
      if (!s.ok()) status = errorFromStatus(s, address_.target);
    }
    post([this, what, status, deliver] {
      if (!status) emit logMessage(LogLevel::kError, what + " on " + displayName() + ": " + errorText(status));
      if (deliver) deliver(status);
    });
    if (status && refreshesPorts) listPorts(*conn, cancel);
  });
}

void GrpcDroneSession::getStreams(const std::string& port, StreamsDone done) {
  auto streams = std::make_shared<rpc::Streams>();
  call(
      "GetStreams " + QString::fromStdString(port),
      [port, streams](DroneConnection& c, grpc::ClientContext& ctx) { return fetchStreams(c, ctx, port, *streams); },
      false, [streams, done = std::move(done)](const Status& s) {
        if (!done) return;
        if (!s) return done(s.error());
        done(std::vector<v1::Stream>(std::make_move_iterator(streams->begin()), std::make_move_iterator(streams->end())));
      });
}

void GrpcDroneSession::setStreams(const std::string& port, std::vector<v1::Stream> streams, Done done) {
  rpc::Streams list;
  for (auto& s : streams) list.Add(std::move(s));
  call(
      "SetStreams " + QString::fromStdString(port),
      [port, list = std::move(list)](DroneConnection& c, grpc::ClientContext& ctx) { return putStreams(c, ctx, port, list); },
      false, std::move(done));
}

void GrpcDroneSession::configurePort(const std::string& port, const v1::PortConfig& config, Done done) {
  v1::ConfigurePortRequest req;
  req.set_port(port);
  req.set_client_id(DroneConnection::clientId());
  *req.mutable_config() = config;
  call("ConfigurePort " + QString::fromStdString(port), unaryRpc(&v1::Drone::Stub::ConfigurePort, std::move(req)), true,
       std::move(done));
}

void GrpcDroneSession::startTx(std::vector<std::string> ports, Done done) {
  v1::StartTxRequest req;
  for (const auto& p : ports) req.add_ports(p);
  req.set_client_id(DroneConnection::clientId());
  call("StartTx " + portListText(ports), unaryRpc(&v1::Drone::Stub::StartTx, std::move(req)), true,
       std::move(done));
}

void GrpcDroneSession::stopTx(std::vector<std::string> ports, Done done) {
  v1::StopTxRequest req;
  for (const auto& p : ports) req.add_ports(p);
  req.set_client_id(DroneConnection::clientId());
  call("StopTx " + portListText(ports), unaryRpc(&v1::Drone::Stub::StopTx, std::move(req)), true,
       std::move(done));
}

void GrpcDroneSession::scaleRate(const std::string& port, double scale, Done done) {
  v1::SetRateRequest req;
  req.set_port(port);
  req.set_client_id(DroneConnection::clientId());
  req.set_scale(scale);
  call("SetRate " + QString::fromStdString(port), unaryRpc(&v1::Drone::Stub::SetRate, std::move(req)), false,
       std::move(done));
}

void GrpcDroneSession::clearStats(std::vector<std::string> ports, Done done) {
  v1::ClearStatsRequest req;
  for (const auto& p : ports) req.add_ports(p);
  req.set_client_id(DroneConnection::clientId());
  call("ClearStats " + portListText(ports), unaryRpc(&v1::Drone::Stub::ClearStats, std::move(req)), false,
       std::move(done));
}

void GrpcDroneSession::reservePort(const std::string& port, Done done) {
  v1::ReservePortRequest req;
  req.set_port(port);
  req.set_client_id(DroneConnection::clientId());
  call("ReservePort " + QString::fromStdString(port), unaryRpc(&v1::Drone::Stub::ReservePort, std::move(req)), true,
       std::move(done));
}

void GrpcDroneSession::releasePort(const std::string& port, bool force, Done done) {
  v1::ReleasePortRequest req;
  req.set_port(port);
  req.set_client_id(DroneConnection::clientId());
  req.set_force(force);
  call("ReleasePort " + QString::fromStdString(port), unaryRpc(&v1::Drone::Stub::ReleasePort, std::move(req)), true,
       std::move(done));
}

void GrpcDroneSession::neighbors(const std::string& port, bool resolve, NeighborsDone done) {
  auto found = std::make_shared<std::vector<v1::Neighbor>>();
  call(
      (resolve ? "ResolveNeighbors " : "GetNeighbors ") + QString::fromStdString(port),
      [port, resolve, found](DroneConnection& c, grpc::ClientContext& ctx) {
        grpc::Status s;
        google::protobuf::RepeatedPtrField<v1::Neighbor> list;
        if (resolve) {
          v1::ResolveNeighborsRequest req;
          req.set_port(port);
          req.set_client_id(DroneConnection::clientId());
          v1::ResolveNeighborsReply rep;
          s = c.stub().ResolveNeighbors(&ctx, req, &rep);
          list = rep.neighbors();
        } else {
          v1::GetNeighborsRequest req;
          req.set_port(port);
          v1::GetNeighborsReply rep;
          s = c.stub().GetNeighbors(&ctx, req, &rep);
          list = rep.neighbors();
        }
        found->assign(list.begin(), list.end());
        return s;
      },
      false, [found, done = std::move(done)](const Status& s) {
        if (!done) return;
        if (!s) return done(s.error());
        done(*found);
      });
}

void GrpcDroneSession::startCapture(v1::StartCaptureRequest request, Done done) {
  request.set_client_id(DroneConnection::clientId());
  call("StartCapture " + QString::fromStdString(request.port()), unaryRpc(&v1::Drone::Stub::StartCapture, std::move(request)), false,
       std::move(done));
}

void GrpcDroneSession::stopCapture(const std::string& port, bool discard, Done done) {
  v1::StopCaptureRequest req;
  req.set_port(port);
  req.set_client_id(DroneConnection::clientId());
  req.set_discard(discard);
  call("StopCapture " + QString::fromStdString(port), unaryRpc(&v1::Drone::Stub::StopCapture, std::move(req)), false,
       std::move(done));
}

void GrpcDroneSession::fetchCapture(const std::string& port, const std::string& path, FetchDone done) {
  auto got = std::make_shared<FetchedCapture>();
  auto failure = std::make_shared<std::optional<Error>>();  // the transfer's own error, not a gRPC status
  call(
      "FetchCapture " + QString::fromStdString(port),
      [port, path, got, failure](DroneConnection& c, grpc::ClientContext& ctx) {
        auto r = fetchCaptureToFile(c, ctx, port, path);
        if (r) *got = *r;
        else *failure = r.error();
        return grpc::Status::OK;
      },
      false,
      [got, failure, done = std::move(done)](const Status& s) {
        if (!done) return;
        if (!s) return done(s.error());
        if (*failure) return done(**failure);
        done(*got);
      },
      0);
}

}  // namespace staccato::client
