// staccato-cli capture PORT start|stop|status|fetch: a capture on a drone's port, and what it
// holds as a pcapng file.
#include <iostream>
#include <sstream>

#include "client/cli/commands.h"
#include "client/cli/drone_call.h"
#include "client/cli/drone_options.h"
#include "client/cli/stats_format.h"
#include "client/core/capture_transfer.h"
#include "common/files/pcap_file.h"
#include "rpc/capture_limits.h"

namespace staccato::cli {
namespace {

constexpr const char* kCaptureUsage =
    "usage: staccato-cli capture PORT start [--filter BPF] [--limit-packets N | --limit-bytes N | --ring-mb N] "
    "[--direction rx|tx|both]\n"
    "       staccato-cli capture PORT stop [--discard]\n"
    "       staccato-cli capture PORT status [--json]\n"
    "       staccato-cli capture PORT fetch --output FILE.pcapng";

/// The StartCaptureRequest the options ask for, every value checked (the error names the option
/// and what it allows).
Result<v1::StartCaptureRequest> startRequest(const Args& args, const std::string& port) {
  v1::StartCaptureRequest req;
  req.set_port(port);
  req.set_client_id(client::DroneConnection::clientId());
  if (auto filter = args.get("--filter")) {
    if (std::string problem = rpc::captureFilterProblem(*filter); !problem.empty()) return makeError("--filter", problem);
    req.set_filter(*filter);
  }
  int bounds = 0;
  for (const char* o : {"--limit-packets", "--limit-bytes", "--ring-mb"}) bounds += args.get(o).has_value();
  if (bounds > 1) return makeError("--limit-packets", "give one bound: --limit-packets N, --limit-bytes N or --ring-mb N");
  if (args.get("--limit-packets")) {
    auto n = args.number("--limit-packets", 0, 1, rpc::kMaxCapturePackets);
    if (!n) return n.error();
    req.set_limit_packets(*n);
  }
  if (args.get("--limit-bytes")) {
    auto n = args.number("--limit-bytes", 0, 1, rpc::kMaxCaptureBytes);
    if (!n) return n.error();
    req.set_limit_bytes(*n);
  }
  if (args.get("--ring-mb")) {
    auto n = args.number("--ring-mb", 0, 1, rpc::kMaxCaptureRingMiB);
    if (!n) return n.error();
    req.set_ring_mb(static_cast<uint32_t>(*n));
  }
  const std::string direction = args.get("--direction").value_or("both");
  if (direction == "rx") req.set_direction(v1::CAPTURE_RX);
  else if (direction == "tx") req.set_direction(v1::CAPTURE_TX);
  else if (direction != "both") return makeError("--direction", "'" + direction + "' (allowed: rx, tx, both)");
  return req;
}

std::string mib(uint64_t bytes) {
  std::ostringstream s;
  s.setf(std::ios::fixed);
  s.precision(1);
  s << double(bytes) / double(1 << 20) << " MiB";
  return s.str();
}

std::string stateName(v1::PortCapture::State state) {
  switch (state) {
    case v1::PortCapture::RUNNING: return "running";
    case v1::PortCapture::STOPPED: return "stopped";
    case v1::PortCapture::DONE: return "done (bound reached)";
    case v1::PortCapture::FAILED: return "failed";
    default: return "none";
  }
}

void printCapture(std::ostream& out, const v1::PortCapture& c) {
  if (c.state() == v1::PortCapture::STATE_NONE) {
    out << c.port() << ": no capture\n";
    return;
  }
  out << c.port() << ": " << stateName(c.state()) << ", " << c.packets() << " packets (" << c.bytes()
      << " bytes) held of " << c.seen() << " seen\n";
  out << "  bound: ";
  if (c.limit_packets()) out << c.limit_packets() << " packets";
  if (c.limit_bytes()) out << c.limit_bytes() << " bytes";
  if (c.ring_mb()) out << "ring of " << c.ring_mb() << " MiB (" << c.ring_wraps() << " wraps, " << c.ring_dropped()
                       << " oldest packets dropped)";
  const char* direction = c.direction() == v1::CAPTURE_RX ? "rx" : c.direction() == v1::CAPTURE_TX ? "tx" : "both";
  out << "; direction " << direction << "; filter " << (c.filter().empty() ? "none" : "\"" + c.filter() + "\"") << "\n";
  out << "  kernel dropped " << c.kernel_dropped() << "; memory " << mib(c.memory_bytes()) << "\n";
  if (!c.error().empty()) out << "  error: " << c.error() << "\n";
  if (!c.note().empty()) out << "  note: " << c.note() << "\n";
}

}  // namespace

int captureCommand(const std::vector<std::string>& argv) {
  auto args = parseArgs(argv, withDroneOptions({"--filter", "--limit-packets", "--limit-bytes", "--ring-mb", "--direction", "--output"}),
                        withDroneFlags({"--json", "--discard"}));
  if (!args) return fail(args.error().toString(), 2);
  if (args->positional.size() != 2) return fail(kCaptureUsage, 2);
  const std::string port = args->positional[0], action = args->positional[1];
  if (action != "start" && action != "stop" && action != "status" && action != "fetch")
    return fail("capture: unknown action '" + action + "' (allowed: start, stop, status, fetch)\n" + kCaptureUsage, 2);
  Result<v1::StartCaptureRequest> start = v1::StartCaptureRequest();
  if (action == "start" && !(start = startRequest(*args, port))) return fail(start.error().toString(), 2);
  const auto output = args->get("--output");
  if (action == "fetch" && !output) return fail("capture " + port + " fetch: give --output FILE.pcapng", 2);
  if (output && captureFormatForPath(*output) != CaptureFormat::kPcapng)
    return fail("--output: '" + *output + "': the drone sends pcapng; name the file .pcapng", 2);
  auto conn = connect(*args);
  if (!conn) return fail(conn.error().toString());
  client::DroneConnection& d = **conn;

  if (action == "start") {
    if (!callDrone<v1::StartCaptureRequest, v1::StartCaptureReply>(d, &v1::Drone::Stub::StartCapture, *start)) return 1;
  } else if (action == "stop") {
    v1::StopCaptureRequest req;
    req.set_port(port);
    req.set_client_id(client::DroneConnection::clientId());
    req.set_discard(args->has("--discard"));
    if (!callDrone<v1::StopCaptureRequest, v1::StopCaptureReply>(d, &v1::Drone::Stub::StopCapture, req)) return 1;
    if (req.discard()) return 0;
  } else if (action == "fetch") {
    auto ctx = d.context(0);  // as long as it takes: chunks keep coming
    auto got = client::fetchCaptureToFile(d, *ctx, port, *output);
    if (!got) return fail(got.error().toString());
    std::cout << "wrote " << *output << ": " << got->packets << " packets, " << got->bytes << " bytes\n";
    return 0;
  }
  v1::CaptureStatusRequest req;
  req.add_ports(port);
  v1::CaptureStatusReply rep;
  if (!callDrone(d, &v1::Drone::Stub::CaptureStatus, req, rep)) return 1;
  if (args->has("--json")) {
    printJson(std::cout, rep);
  } else {
    for (const auto& c : rep.captures()) printCapture(std::cout, c);
    std::cout << "capture memory: " << mib(rep.memory_used()) << " of " << mib(rep.memory_bytes()) << " held\n";
  }
  return 0;
}

}  // namespace staccato::cli
