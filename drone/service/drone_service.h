#pragma once
/// The gRPC service: checks the caller (token, version), calls PortManager, maps errors to
/// gRPC status codes once. No logic of its own.
#include <string>

#include "drone/core/port_manager.h"
#include "staccato/v1/drone.grpc.pb.h"

namespace staccato::drone {

inline constexpr uint32_t kProtocolMajor = 0;
inline constexpr uint32_t kProtocolMinor = 1;
inline constexpr const char* kVersionHeader = "x-staccato-version";  ///< "MAJOR.MINOR" sent by clients
inline constexpr const char* kTokenHeader = "authorization";          ///< "Bearer TOKEN"

class DroneService final : public v1::Drone::Service {
 public:
  /// `token` empty = no token required (loopback only; main enforces that).
  DroneService(PortManager& ports, std::string token) : ports_(ports), token_(std::move(token)) {}

  grpc::Status GetVersion(grpc::ServerContext*, const v1::GetVersionRequest*, v1::GetVersionReply*) override;
  grpc::Status ListPorts(grpc::ServerContext*, const v1::ListPortsRequest*, v1::ListPortsReply*) override;
  grpc::Status ConfigurePort(grpc::ServerContext*, const v1::ConfigurePortRequest*, v1::ConfigurePortReply*) override;
  grpc::Status SetStreams(grpc::ServerContext*, const v1::SetStreamsRequest*, v1::SetStreamsReply*) override;
  grpc::Status GetStreams(grpc::ServerContext*, const v1::GetStreamsRequest*, v1::GetStreamsReply*) override;
  grpc::Status StartTx(grpc::ServerContext*, const v1::StartTxRequest*, v1::StartTxReply*) override;
  grpc::Status StopTx(grpc::ServerContext*, const v1::StopTxRequest*, v1::StopTxReply*) override;
  grpc::Status ClearStats(grpc::ServerContext*, const v1::ClearStatsRequest*, v1::ClearStatsReply*) override;
  grpc::Status ReservePort(grpc::ServerContext*, const v1::ReservePortRequest*, v1::ReservePortReply*) override;
  grpc::Status ReleasePort(grpc::ServerContext*, const v1::ReleasePortRequest*, v1::ReleasePortReply*) override;
  grpc::Status WatchStats(grpc::ServerContext*, const v1::WatchStatsRequest*,
                          grpc::ServerWriter<v1::StatsSnapshot>*) override;

 private:
  grpc::Status admit(grpc::ServerContext* ctx) const;
  PortManager& ports_;
  std::string token_;
};

/// Maps an engine error to a gRPC status whose message says what to fix.
grpc::Status toGrpc(const Error& e);

}  // namespace staccato::drone
