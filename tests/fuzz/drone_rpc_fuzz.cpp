/// The drone's gRPC surface: any bytes a client can send reach the request parsers and the
/// service handlers of a real server (edge guard included), over a real channel. As root the
/// drone's ports are a demo lab's veth pair (demo0 <-> demo1) in a private network namespace
/// that vanishes with the process, so configure, streams, start and stop run for real;
/// otherwise the port table is empty (and that is printed). The first byte
/// picks the RPC, the second the headers (token right, wrong or missing; protocol version), the rest is the
/// request (for SetStreams, up to 4 parts). Whatever arrives, the drone answers with a status
/// and stays up; nothing here may crash, hang or trip a sanitizer.
#include <grpcpp/grpcpp.h>

#include <cstdio>
#include <cstdlib>
#include <string>

#include "drone/app/demo_lab.h"
#include "drone/service/drone_server.h"
#include "drone/service/drone_service.h"
#include "drone/system/system_port_source.h"

namespace {

using namespace staccato;
constexpr const char* kToken = "fuzz-token-0123456789abcdefghij";

/// Before any thread exists (the demo lab moves the whole process into its own namespace).
drone::PortFilter fuzzPorts() {
  if (auto ok = drone::checkDemoLabPermitted(); !ok) {
    std::fprintf(stderr, "fuzz: no ports to drive (%s)\n", ok.error().toString().c_str());
    return {{"staccato-fuzz-none-*"}, {}};
  }
  auto lab = drone::enterDemoLab();
  if (!lab) {
    std::fprintf(stderr, "fuzz: no ports to drive (%s)\n", lab.error().toString().c_str());
    return {{"staccato-fuzz-none-*"}, {}};
  }
  return {{drone::kDemoLabPortA, drone::kDemoLabPortB}, {}};
}

struct Drone {
  drone::DroneCore ports{drone::systemPortSource(fuzzPorts())};
  drone::DroneService service{ports};
  std::unique_ptr<drone::DroneServer> server;
  std::unique_ptr<v1::Drone::Stub> stub;
  Drone() {
    auto started = drone::DroneServer::start({&service}, {"127.0.0.1:0", {kToken, drone::kProtocolMajor}, std::nullopt});
    if (!started) std::abort();
    server = std::move(started).value();
    stub = v1::Drone::NewStub(
        grpc::CreateChannel("127.0.0.1:" + std::to_string(server->port()), grpc::InsecureChannelCredentials()));
  }
};

/// Whether every request of this input was well formed: gRPC itself answers INTERNAL to a
/// message its parser refuses (e.g. invalid UTF-8 in a string), before any handler runs.
bool gWellFormed = true;

template <typename Message>
Message parsed(const uint8_t* data, size_t size) {
  Message m;
  // What does not parse is sent as far as it got.
  gWellFormed = m.ParseFromArray(data, static_cast<int>(size)) && gWellFormed;
  return m;
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  static Drone d;
  if (size < 2) return 0;
  const uint8_t method = data[0], headers = data[1];
  data += 2;
  size -= 2;
  grpc::ClientContext ctx;
  ctx.set_deadline(std::chrono::system_clock::now() + std::chrono::seconds(5));
  // Mostly the right token: failed authentications are answered slowly (rate limited).
  if ((headers & 0x0f) != 0x0e) ctx.AddMetadata(drone::kTokenHeader, std::string("Bearer ") + ((headers & 0x0f) == 0x0f ? "wrong" : kToken));
  if (headers & 0x40) ctx.AddMetadata(drone::kVersionHeader, (headers & 0x80) ? "99.0" : "1.0");
  gWellFormed = true;
  grpc::Status s;
  switch (method % 11) {
    case 0: { v1::GetVersionReply r; s = d.stub->GetVersion(&ctx, parsed<v1::GetVersionRequest>(data, size), &r); break; }
    case 1: { v1::ListPortsReply r; s = d.stub->ListPorts(&ctx, parsed<v1::ListPortsRequest>(data, size), &r); break; }
    case 2: { v1::ConfigurePortReply r; s = d.stub->ConfigurePort(&ctx, parsed<v1::ConfigurePortRequest>(data, size), &r); break; }
    case 3: {
      v1::SetStreamsReply r;
      auto writer = d.stub->SetStreams(&ctx, &r);
      const v1::StreamsPart part = parsed<v1::StreamsPart>(data, size);
      for (int i = 0; i <= (headers >> 4) % 4; ++i)
        if (!writer->Write(part)) break;
      writer->WritesDone();
      s = writer->Finish();
      break;
    }
    case 4: {
      auto reader = d.stub->GetStreams(&ctx, parsed<v1::GetStreamsRequest>(data, size));
      v1::StreamsPart part;
      while (reader->Read(&part)) {}
      s = reader->Finish();
      break;
    }
    case 5: { v1::StartTxReply r; s = d.stub->StartTx(&ctx, parsed<v1::StartTxRequest>(data, size), &r); break; }
    case 6: { v1::RenewLeaseReply r; s = d.stub->RenewLease(&ctx, parsed<v1::RenewLeaseRequest>(data, size), &r); break; }
    case 7: { v1::StopTxReply r; s = d.stub->StopTx(&ctx, parsed<v1::StopTxRequest>(data, size), &r); break; }
    case 8: { v1::ClearStatsReply r; s = d.stub->ClearStats(&ctx, parsed<v1::ClearStatsRequest>(data, size), &r); break; }
    case 9: { v1::ReservePortReply r; s = d.stub->ReservePort(&ctx, parsed<v1::ReservePortRequest>(data, size), &r); break; }
    default: {
      auto reader = d.stub->WatchStats(&ctx, parsed<v1::WatchStatsRequest>(data, size));
      v1::StatsSnapshot snap;
      reader->Read(&snap);  // one snapshot (or the refusal), then leave
      ctx.TryCancel();
      s = reader->Finish();
      break;
    }
  }
  // The drone must stay up and answer: a dropped connection or a blown deadline is a bug.
  const auto code = s.error_code();
  if (code == grpc::StatusCode::UNAVAILABLE || code == grpc::StatusCode::DEADLINE_EXCEEDED ||
      code == grpc::StatusCode::UNKNOWN || (code == grpc::StatusCode::INTERNAL && gWellFormed))
    std::abort();
  return 0;
}
