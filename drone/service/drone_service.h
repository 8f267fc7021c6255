#pragma once
/// The gRPC service: calls DroneCore, maps errors to gRPC status codes once. No logic of its
/// own; who may call is checked before a call reaches it (drone/service/edge_guard.h).
/// WatchStats, SetStreams and GetStreams run on gRPC's callback API (a watcher, an upload and a
/// download hold no thread between messages); the others are synchronous.
#include <atomic>
#include <string>

#include "drone/core/lease_book.h"
#include "drone/core/drone_core.h"
#include "drone/service/grpc_status.h"
#include "staccato/v1/drone.grpc.pb.h"

namespace staccato::drone {

// 1.0: stream lists travel in parts (SetStreams, GetStreams), transmit leases.
// 1.1: scheduled starts and ramps (StartTx), live rate changes (SetRate), the clock state.
// 1.2: run labels (StartTxRequest.run, PortStats.run).
inline constexpr uint32_t kProtocolMajor = 1;
inline constexpr uint32_t kProtocolMinor = 2;
inline constexpr const char* kVersionHeader = "x-staccato-version";  ///< "MAJOR.MINOR" sent by clients
inline constexpr const char* kTokenHeader = "authorization";          ///< "Bearer TOKEN"

/// This host's name.
std::string hostName();
/// This drone's version ("0.1.0").
std::string droneVersion();
/// The clock as the kernel sees it now (GetVersion, ListPorts, the metrics).
v1::ClockState clockStateNow();

using CallbackMethods = v1::Drone::WithCallbackMethod_WatchStats<
    v1::Drone::WithCallbackMethod_GetStreams<v1::Drone::WithRawCallbackMethod_SetStreams<v1::Drone::Service>>>;

class DroneService final : public CallbackMethods {
 public:
  /// `hostname`: what GetVersion says this drone is called ("" = the host's name).
  explicit DroneService(DroneCore& core, std::string hostname = "")
      : core_(core), hostname_(hostname.empty() ? hostName() : std::move(hostname)),
        leases_([&core](uint64_t lease, const std::string& why) { core.expireLease(lease, why); },
                [&core](uint64_t lease) { return core.leaseGuards(lease); }) {}

  grpc::Status GetVersion(grpc::ServerContext*, const v1::GetVersionRequest*, v1::GetVersionReply*) override;
  grpc::Status ListPorts(grpc::ServerContext*, const v1::ListPortsRequest*, v1::ListPortsReply*) override;
  grpc::Status ConfigurePort(grpc::ServerContext*, const v1::ConfigurePortRequest*, v1::ConfigurePortReply*) override;
  /// Raw parts: checked on their wire bytes before they are parsed (streams_upload.h).
  grpc::ServerReadReactor<grpc::ByteBuffer>* SetStreams(grpc::CallbackServerContext*, grpc::ByteBuffer*) override;
  grpc::ServerWriteReactor<v1::StreamsPart>* GetStreams(grpc::CallbackServerContext*, const v1::GetStreamsRequest*) override;
  grpc::Status StartTx(grpc::ServerContext*, const v1::StartTxRequest*, v1::StartTxReply*) override;
  grpc::Status RenewLease(grpc::ServerContext*, const v1::RenewLeaseRequest*, v1::RenewLeaseReply*) override;
  grpc::Status StopTx(grpc::ServerContext*, const v1::StopTxRequest*, v1::StopTxReply*) override;
  grpc::Status SetRate(grpc::ServerContext*, const v1::SetRateRequest*, v1::SetRateReply*) override;
  grpc::Status ClearStats(grpc::ServerContext*, const v1::ClearStatsRequest*, v1::ClearStatsReply*) override;
  grpc::Status ReservePort(grpc::ServerContext*, const v1::ReservePortRequest*, v1::ReservePortReply*) override;
  grpc::Status ReleasePort(grpc::ServerContext*, const v1::ReleasePortRequest*, v1::ReleasePortReply*) override;
  grpc::Status GetNeighbors(grpc::ServerContext*, const v1::GetNeighborsRequest*, v1::GetNeighborsReply*) override;
  grpc::Status ResolveNeighbors(grpc::ServerContext*, const v1::ResolveNeighborsRequest*, v1::ResolveNeighborsReply*) override;
  grpc::ServerWriteReactor<v1::StatsSnapshot>* WatchStats(grpc::CallbackServerContext*,
                                                          const v1::WatchStatsRequest*) override;
  grpc::Status StartCapture(grpc::ServerContext*, const v1::StartCaptureRequest*, v1::StartCaptureReply*) override;
  grpc::Status StopCapture(grpc::ServerContext*, const v1::StopCaptureRequest*, v1::StopCaptureReply*) override;
  grpc::Status CaptureStatus(grpc::ServerContext*, const v1::CaptureStatusRequest*, v1::CaptureStatusReply*) override;
  /// Streams the capture unlocked, in chunks of rpc::kCaptureChunkBytes (a sync call: one of the
  /// server's bounded threads while it lasts).
  grpc::Status FetchCapture(grpc::ServerContext*, const v1::FetchCaptureRequest*, grpc::ServerWriter<v1::CaptureChunk>*) override;
  grpc::Status StartFlows(grpc::ServerContext*, const v1::StartFlowsRequest*, v1::StartFlowsReply*) override;
  grpc::Status StopFlows(grpc::ServerContext*, const v1::StopFlowsRequest*, v1::StopFlowsReply*) override;
  grpc::Status FlowStats(grpc::ServerContext*, const v1::FlowStatsRequest*, v1::FlowStatsReply*) override;
  /// Leases open now (runs that stop when their client goes).
  size_t openLeases() const { return leases_.open(); }

 private:
  DroneCore& core_;
  std::string hostname_;
  LeaseBook leases_;  ///< after core_: destroyed first, so no lease expires into a dead core
  std::atomic<int> downloads_{0};  ///< GetStreams in progress
};

}  // namespace staccato::drone
