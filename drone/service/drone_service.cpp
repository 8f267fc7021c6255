#include "drone/service/drone_service.h"

#include <unistd.h>

#include <algorithm>
#include <cctype>
#include <cmath>
#include <cstring>
#include <map>
#include <optional>

#include "drone/capture/capture_pcapng.h"
#include "drone/core/drone_errors.h"
#include "common/core/clock.h"
#include "common/stream/rate.h"
#include "drone/port/clock_state.h"
#include "drone/service/stats_stream.h"
#include "drone/service/streams_download.h"
#include "drone/service/streams_upload.h"
#include "rpc/message_limits.h"

namespace staccato::drone {
namespace {

constexpr uint32_t kMinIntervalMs = 100;
constexpr uint32_t kDefaultIntervalMs = 1000;

grpc::Status fromStatus(const Status& s) { return s ? grpc::Status::OK : toGrpc(s.error()); }

constexpr size_t kMaxClientIdChars = 64;

/// Who makes the call: the client id it claims (checked: it is shown in ports lists and logs),
/// else its transport address.
Result<std::string> clientOf(grpc::ServerContextBase* ctx, const std::string& claimed) {
  if (claimed.empty()) return ctx->peer();
  const bool safe = claimed.size() <= kMaxClientIdChars && std::all_of(claimed.begin(), claimed.end(), [](char c) {
    return std::isalnum(static_cast<unsigned char>(c)) || std::strchr("@._:+/=-", c) != nullptr;
  });
  if (!safe) return errors::badClientId(kMaxClientIdChars);
  return claimed;
}

/// Runs `call` with the caller's checked client id.
template <typename Call>
grpc::Status asClient(grpc::ServerContext* ctx, const std::string& claimed, Call call) {
  auto client = clientOf(ctx, claimed);
  if (!client) return toGrpc(client.error());
  return call(*client);
}

std::vector<std::string> list(const google::protobuf::RepeatedPtrField<std::string>& r) { return {r.begin(), r.end()}; }

}  // namespace

v1::ClockState clockStateNow() {
  const ClockReading c = readClock();
  v1::ClockState m;
  m.set_synchronized(c.synchronized);
  m.set_estimated_error_ns(c.estimatedErrorNs);
  m.set_max_error_ns(c.maxErrorNs);
  m.set_now_ns(realtimeNs());
  return m;
}

std::string droneVersion() { return STACCATO_VERSION; }

std::string hostName() {
  char host[256] = {};
  gethostname(host, sizeof host - 1);
  return host;
}

grpc::Status DroneService::GetVersion(grpc::ServerContext*, const v1::GetVersionRequest* req, v1::GetVersionReply* rep) {
  if (req->client_major() != kProtocolMajor)
    return grpc::Status(grpc::StatusCode::FAILED_PRECONDITION,
                        "client protocol major " + std::to_string(req->client_major()) + " is not this drone's " +
                            std::to_string(kProtocolMajor));
  rep->set_version(STACCATO_VERSION);
  rep->set_major(kProtocolMajor);
  rep->set_minor(kProtocolMinor);
  for (const char* c : {"pcap-tx", "signature-rx", "latency-histogram", "watch-stats", "reservations", "capture",
                        "emulated-hosts", "scheduled-start", "live-rate"})
    rep->add_capabilities(c);
  rep->set_hostname(hostname_);
  *rep->mutable_clock() = clockStateNow();
  return grpc::Status::OK;
}

grpc::Status DroneService::ListPorts(grpc::ServerContext*, const v1::ListPortsRequest*, v1::ListPortsReply* rep) {
  for (auto& p : core_.listPorts()) *rep->add_ports() = std::move(p);
  *rep->mutable_clock() = clockStateNow();
  return grpc::Status::OK;
}

grpc::Status DroneService::ConfigurePort(grpc::ServerContext* ctx, const v1::ConfigurePortRequest* req, v1::ConfigurePortReply*) {
  return asClient(ctx, req->client_id(), [&](const std::string& client) {
    return fromStatus(core_.configurePort(req->port(), req->config(), client));
  });
}

grpc::ServerReadReactor<grpc::ByteBuffer>* DroneService::SetStreams(grpc::CallbackServerContext* ctx,
                                                                    grpc::ByteBuffer* reply) {
  return new StreamsUpload(core_, ctx, [ctx](const std::string& claimed) { return clientOf(ctx, claimed); }, reply);
}

grpc::ServerWriteReactor<v1::StreamsPart>* DroneService::GetStreams(grpc::CallbackServerContext*,
                                                                    const v1::GetStreamsRequest* req) {
  auto streams = core_.getStreams(req->port());
  if (!streams) return new RefusedWrite<v1::StreamsPart>(toGrpc(streams.error()));
  return startDownload(std::move(streams).value(), core_.streamMemory(), downloads_);
}

grpc::Status DroneService::StartTx(grpc::ServerContext* ctx, const v1::StartTxRequest* req, v1::StartTxReply* rep) {
  return asClient(ctx, req->client_id(), [&](const std::string& client) {
    const StartOptions how{req->start_time_ns(), uint64_t{req->ramp_ms()} * 1'000'000, req->run(),
                           uint64_t{req->max_catch_up_us()} * 1'000};
    if (req->lease_seconds() == 0) return fromStatus(core_.startTx(list(req->ports()), client, 0, how));
    auto lease = leases_.open(req->lease_seconds(), client);
    if (!lease) return toGrpc(lease.error());
    if (auto s = core_.startTx(list(req->ports()), client, lease->first, how); !s) {
      leases_.close(lease->first);
      return toGrpc(s.error());
    }
    leases_.started(lease->first);
    rep->set_lease_id(lease->second);
    return grpc::Status::OK;
  });
}

grpc::Status DroneService::RenewLease(grpc::ServerContext*, const v1::RenewLeaseRequest* req, v1::RenewLeaseReply*) {
  return fromStatus(leases_.renew(req->lease_id()));
}

grpc::Status DroneService::StopTx(grpc::ServerContext* ctx, const v1::StopTxRequest* req, v1::StopTxReply*) {
  return asClient(ctx, req->client_id(), [&](const std::string& client) {
    const Status s = core_.stopTx(list(req->ports()), client);
    leases_.closeEnded();  // the runs it stopped no longer hold a lease
    return fromStatus(s);
  });
}

grpc::Status DroneService::SetRate(grpc::ServerContext* ctx, const v1::SetRateRequest* req, v1::SetRateReply*) {
  return asClient(ctx, req->client_id(), [&](const std::string& client) {
    std::optional<double> scale;
    if (req->scale() != 0 || std::signbit(req->scale())) scale = req->scale();
    std::map<uint32_t, RatePlan> streams;
    for (const v1::StreamRate& r : req->streams()) {
      if (auto s = checkRateValue(ratePlanOf(r.rate()), 64); !s)
        return toGrpc(s.error().withPrefix("streams[stream_id " + std::to_string(r.stream_id()) + "]"));
      streams[r.stream_id()] = ratePlanOf(r.rate());
    }
    if (!scale && streams.empty()) return toGrpc(makeError("", "say what to change: a scale, or streams' rates"));
    return fromStatus(core_.setRate(req->port(), client, scale, streams));
  });
}

grpc::Status DroneService::ClearStats(grpc::ServerContext* ctx, const v1::ClearStatsRequest* req, v1::ClearStatsReply*) {
  return asClient(ctx, req->client_id(), [&](const std::string& client) {
    return fromStatus(core_.clearStats(list(req->ports()), client));
  });
}

grpc::Status DroneService::ReservePort(grpc::ServerContext* ctx, const v1::ReservePortRequest* req, v1::ReservePortReply*) {
  return asClient(ctx, req->client_id(), [&](const std::string& client) {
    return fromStatus(core_.reserve(req->port(), client));
  });
}

grpc::Status DroneService::ReleasePort(grpc::ServerContext* ctx, const v1::ReleasePortRequest* req, v1::ReleasePortReply*) {
  return asClient(ctx, req->client_id(), [&](const std::string& client) {
    const Status s = core_.release(req->port(), client, req->force());
    leases_.closeEnded();
    return fromStatus(s);
  });
}

grpc::Status DroneService::GetNeighbors(grpc::ServerContext*, const v1::GetNeighborsRequest* req, v1::GetNeighborsReply* rep) {
  auto n = core_.neighbors(req->port());
  if (!n) return toGrpc(n.error());
  for (auto& m : *n) *rep->add_neighbors() = std::move(m);
  return grpc::Status::OK;
}

grpc::Status DroneService::ResolveNeighbors(grpc::ServerContext* ctx, const v1::ResolveNeighborsRequest* req,
                                            v1::ResolveNeighborsReply* rep) {
  return asClient(ctx, req->client_id(), [&](const std::string& client) {
    auto n = core_.resolveNeighbors(req->port(), client, list(req->addresses()));
    if (!n) return toGrpc(n.error());
    for (auto& m : *n) *rep->add_neighbors() = std::move(m);
    return grpc::Status::OK;
  });
}

grpc::ServerWriteReactor<v1::StatsSnapshot>* DroneService::WatchStats(grpc::CallbackServerContext*,
                                                                       const v1::WatchStatsRequest* req) {
  const uint32_t interval = req->interval_ms() ? req->interval_ms() : kDefaultIntervalMs;
  if (interval < kMinIntervalMs)
    return new RefusedWrite<v1::StatsSnapshot>(toGrpc(errors::intervalTooShort(interval, kMinIntervalMs)));
  return new StatsStream(core_.stats(), interval, list(req->ports()), req->latency_buckets());
}

grpc::Status DroneService::StartCapture(grpc::ServerContext* ctx, const v1::StartCaptureRequest* req, v1::StartCaptureReply*) {
  return asClient(ctx, req->client_id(), [&](const std::string& client) {
    auto spec = captureSpecFrom(*req);
    if (!spec) return toGrpc(spec.error());
    return fromStatus(core_.startCapture(req->port(), *spec, client));
  });
}

grpc::Status DroneService::StopCapture(grpc::ServerContext* ctx, const v1::StopCaptureRequest* req, v1::StopCaptureReply*) {
  return asClient(ctx, req->client_id(), [&](const std::string& client) {
    return fromStatus(core_.stopCapture(req->port(), client, req->discard()));
  });
}

grpc::Status DroneService::CaptureStatus(grpc::ServerContext*, const v1::CaptureStatusRequest* req, v1::CaptureStatusReply* rep) {
  auto status = core_.captureStatus(list(req->ports()));
  if (!status) return toGrpc(status.error());
  *rep = std::move(status).value();
  return grpc::Status::OK;
}

grpc::Status DroneService::FetchCapture(grpc::ServerContext* ctx, const v1::FetchCaptureRequest* req,
                                        grpc::ServerWriter<v1::CaptureChunk>* writer) {
  auto capture = core_.fetchCapture(req->port());
  if (!capture) return toGrpc(capture.error());
  const PcapngInterface interface = captureInterface(**capture, hostname_);
  v1::CaptureChunk chunk;
  chunk.set_total_bytes(capturePcapngBytes(**capture, interface));
  chunk.set_packets((*capture)->store().packets());
  const bool whole = writeCapturePcapng(**capture, interface, rpc::kCaptureChunkBytes, [&](std::span<const uint8_t> data) {
    chunk.set_data(data.data(), data.size());
    return !ctx->IsCancelled() && writer->Write(chunk);
  });
  return whole ? grpc::Status::OK : grpc::Status(grpc::StatusCode::CANCELLED, "the client stopped reading the capture");
}

grpc::Status DroneService::StartFlows(grpc::ServerContext* ctx, const v1::StartFlowsRequest* req, v1::StartFlowsReply* rep) {
  return asClient(ctx, req->client_id(), [&](const std::string& client) {
    auto started = core_.startFlows(req->port(), req->role(), req->profile(), client);
    if (!started) return toGrpc(started.error());
    *rep = std::move(started).value();
    return grpc::Status::OK;
  });
}

grpc::Status DroneService::StopFlows(grpc::ServerContext* ctx, const v1::StopFlowsRequest* req, v1::StopFlowsReply*) {
  return asClient(ctx, req->client_id(), [&](const std::string& client) {
    return fromStatus(core_.stopFlows(req->port(), client, req->discard()));
  });
}

grpc::Status DroneService::FlowStats(grpc::ServerContext*, const v1::FlowStatsRequest* req, v1::FlowStatsReply* rep) {
  auto stats = core_.flowStats(list(req->ports()), req->latency_buckets());
  if (!stats) return toGrpc(stats.error());
  *rep = std::move(stats).value();
  return grpc::Status::OK;
}

}  // namespace staccato::drone
