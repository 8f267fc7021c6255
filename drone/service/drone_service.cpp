#include "drone/service/drone_service.h"

#include <unistd.h>

#include <chrono>
#include <thread>

#include "drone/core/stats_sampler.h"

namespace staccato::drone {
namespace {

constexpr uint32_t kMinIntervalMs = 100;
constexpr uint32_t kDefaultIntervalMs = 1000;

grpc::Status fromStatus(const Status& s) { return s ? grpc::Status::OK : toGrpc(s.error()); }

std::string clientOf(grpc::ServerContext* ctx, const std::string& claimed) { return claimed.empty() ? ctx->peer() : claimed; }

std::vector<std::string> list(const google::protobuf::RepeatedPtrField<std::string>& r) { return {r.begin(), r.end()}; }

// Compares in constant time so the token cannot be guessed byte by byte from timings.
bool sameSecret(const std::string& a, const std::string& b) {
  if (a.size() != b.size()) return false;
  unsigned char diff = 0;
  for (size_t i = 0; i < a.size(); ++i) diff |= static_cast<unsigned char>(a[i] ^ b[i]);
  return diff == 0;
}

}  // namespace

grpc::Status toGrpc(const Error& e) {
  grpc::StatusCode code = grpc::StatusCode::INVALID_ARGUMENT;
  switch (e.kind) {
    case ErrorKind::kNotFound: code = grpc::StatusCode::NOT_FOUND; break;
    case ErrorKind::kBusy: code = grpc::StatusCode::FAILED_PRECONDITION; break;
    case ErrorKind::kDenied: code = grpc::StatusCode::PERMISSION_DENIED; break;
    // Not UNAVAILABLE: clients read that as "drone unreachable, retry"; a missing feature is not.
    case ErrorKind::kUnavailable: code = grpc::StatusCode::FAILED_PRECONDITION; break;
    case ErrorKind::kInternal: code = grpc::StatusCode::INTERNAL; break;
    default: break;
  }
  return grpc::Status(code, e.toString());
}

grpc::Status DroneService::admit(grpc::ServerContext* ctx) const {
  const auto& md = ctx->client_metadata();
  if (!token_.empty()) {
    auto it = md.find(kTokenHeader);
    const std::string got = it == md.end() ? "" : std::string(it->second.data(), it->second.size());
    if (!sameSecret(got, "Bearer " + token_))
      return grpc::Status(grpc::StatusCode::UNAUTHENTICATED,
                          "missing or wrong access token (give the drone's token with --token-file)");
  }
  if (auto it = md.find(kVersionHeader); it != md.end()) {
    const std::string v(it->second.data(), it->second.size());
    if (v.substr(0, v.find('.')) != std::to_string(kProtocolMajor))
      return grpc::Status(grpc::StatusCode::FAILED_PRECONDITION,
                          "client speaks protocol " + v + ", this drone speaks " + std::to_string(kProtocolMajor) + "." +
                              std::to_string(kProtocolMinor) + "; use a client of the same major version");
  }
  return grpc::Status::OK;
}

grpc::Status DroneService::GetVersion(grpc::ServerContext* ctx, const v1::GetVersionRequest* req, v1::GetVersionReply* rep) {
  if (auto s = admit(ctx); !s.ok()) return s;
  if (req->client_major() != kProtocolMajor)
    return grpc::Status(grpc::StatusCode::FAILED_PRECONDITION,
                        "client protocol major " + std::to_string(req->client_major()) + " is not this drone's " +
                            std::to_string(kProtocolMajor));
  rep->set_version(STACCATO_VERSION);
  rep->set_major(kProtocolMajor);
  rep->set_minor(kProtocolMinor);
  for (const char* c : {"pcap-tx", "signature-rx", "latency-histogram", "watch-stats", "reservations"})
    rep->add_capabilities(c);
  char host[256] = {};
  gethostname(host, sizeof host - 1);
  rep->set_hostname(host);
  return grpc::Status::OK;
}

grpc::Status DroneService::ListPorts(grpc::ServerContext* ctx, const v1::ListPortsRequest*, v1::ListPortsReply* rep) {
  if (auto s = admit(ctx); !s.ok()) return s;
  for (auto& p : ports_.listPorts()) *rep->add_ports() = std::move(p);
  return grpc::Status::OK;
}

grpc::Status DroneService::ConfigurePort(grpc::ServerContext* ctx, const v1::ConfigurePortRequest* req, v1::ConfigurePortReply*) {
  if (auto s = admit(ctx); !s.ok()) return s;
  return fromStatus(ports_.configurePort(req->port(), req->config(), clientOf(ctx, req->client_id())));
}

grpc::Status DroneService::SetStreams(grpc::ServerContext* ctx, const v1::SetStreamsRequest* req, v1::SetStreamsReply*) {
  if (auto s = admit(ctx); !s.ok()) return s;
  return fromStatus(ports_.setStreams(req->port(), req->streams(), clientOf(ctx, req->client_id())));
}

grpc::Status DroneService::GetStreams(grpc::ServerContext* ctx, const v1::GetStreamsRequest* req, v1::GetStreamsReply* rep) {
  if (auto s = admit(ctx); !s.ok()) return s;
  auto streams = ports_.getStreams(req->port());
  if (!streams) return toGrpc(streams.error());
  for (auto& s : *streams) *rep->add_streams() = std::move(s);
  return grpc::Status::OK;
}

grpc::Status DroneService::StartTx(grpc::ServerContext* ctx, const v1::StartTxRequest* req, v1::StartTxReply*) {
  if (auto s = admit(ctx); !s.ok()) return s;
  return fromStatus(ports_.startTx(list(req->ports()), clientOf(ctx, req->client_id())));
}

grpc::Status DroneService::StopTx(grpc::ServerContext* ctx, const v1::StopTxRequest* req, v1::StopTxReply*) {
  if (auto s = admit(ctx); !s.ok()) return s;
  return fromStatus(ports_.stopTx(list(req->ports()), clientOf(ctx, req->client_id())));
}

grpc::Status DroneService::ClearStats(grpc::ServerContext* ctx, const v1::ClearStatsRequest* req, v1::ClearStatsReply*) {
  if (auto s = admit(ctx); !s.ok()) return s;
  return fromStatus(ports_.clearStats(list(req->ports()), clientOf(ctx, req->client_id())));
}

grpc::Status DroneService::ReservePort(grpc::ServerContext* ctx, const v1::ReservePortRequest* req, v1::ReservePortReply*) {
  if (auto s = admit(ctx); !s.ok()) return s;
  return fromStatus(ports_.reserve(req->port(), clientOf(ctx, req->client_id())));
}

grpc::Status DroneService::ReleasePort(grpc::ServerContext* ctx, const v1::ReleasePortRequest* req, v1::ReleasePortReply*) {
  if (auto s = admit(ctx); !s.ok()) return s;
  return fromStatus(ports_.release(req->port(), clientOf(ctx, req->client_id()), req->force()));
}

grpc::Status DroneService::WatchStats(grpc::ServerContext* ctx, const v1::WatchStatsRequest* req,
                                      grpc::ServerWriter<v1::StatsSnapshot>* writer) {
  if (auto s = admit(ctx); !s.ok()) return s;
  uint32_t interval = req->interval_ms() ? req->interval_ms() : kDefaultIntervalMs;
  if (interval < kMinIntervalMs)
    return grpc::Status(grpc::StatusCode::INVALID_ARGUMENT,
                        "interval_ms " + std::to_string(interval) + " is below the minimum " + std::to_string(kMinIntervalMs));
  const std::vector<std::string> only = list(req->ports());
  StatsSampler sampler;
  auto next = std::chrono::steady_clock::now();
  while (!ctx->IsCancelled()) {
    v1::StatsSnapshot snap = ports_.collect(only);
    sampler.addRates(snap);
    if (!writer->Write(snap)) break;  // the client went away
    next += std::chrono::milliseconds(interval);
    while (!ctx->IsCancelled() && std::chrono::steady_clock::now() < next)
      std::this_thread::sleep_for(std::min<std::chrono::steady_clock::duration>(next - std::chrono::steady_clock::now(),
                                                                              std::chrono::milliseconds(50)));
  }
  return grpc::Status::OK;
}

}  // namespace staccato::drone
