// Replay memory benchmark: a real staccato-drone process holds a 256 MiB replay stream (the most
// one stream may hold) and sends it on a 2-queue port. Prints the drone's resident memory idle,
// after the upload, while sending, and its peak (VmHWM, from /proc), beside the stream's size.
// Target (issue 14): peak under 1.5x the stream's size.
// Usage: replay_rss_bench STACCATO_DRONE [--demo-lab]
//   default: --fake-lab (simulated 2-queue ports, no root); --demo-lab: a veth pair with 2 queues
//   in the drone's private network namespace (root).
#include <grpcpp/grpcpp.h>

#include <cstdio>
#include <cstring>
#include <string>

#include "client/core/drone_connection.h"
#include "client/core/stream_transfer.h"
#include "common/stream/replay.h"
#include "tests/bench/drone_process.h"

using namespace staccato;

namespace {

constexpr size_t kFrameBytes = 1514;

v1::Stream bigReplay(size_t& bytes) {
  v1::Stream s;
  s.set_id(1);
  s.set_name("256 MiB replay");
  s.mutable_rate()->set_unit(v1::Rate::PPS);
  s.mutable_rate()->set_value(50000);
  s.mutable_control()->set_mode(v1::Control::CONTINUOUS);
  std::string frame(kFrameBytes, '\0');
  const uint8_t header[14] = {0x02, 0, 0, 0, 0, 0x02, 0x02, 0, 0, 0, 0, 0x01, 0x88, 0xb5};  // local experimental type
  std::memcpy(frame.data(), header, sizeof header);
  bytes = 0;
  for (uint32_t n = 0; bytes + kFrameBytes <= kMaxReplayBytes; ++n) {
    std::memcpy(frame.data() + 14, &n, sizeof n);
    s.mutable_replay()->add_frames(frame);
    bytes += kFrameBytes;
  }
  return s;
}

double mib(long kib) { return double(kib) / 1024.0; }

}  // namespace

int main(int argc, char** argv) {
  if (argc < 2) return std::fprintf(stderr, "usage: replay_rss_bench STACCATO_DRONE [--demo-lab]\n"), 2;
  const bool demo = argc > 2 && std::string(argv[2]) == "--demo-lab";
  const std::string socket = "/tmp/staccato-replay-bench-" + std::to_string(::getpid()) + ".sock";
  bench::DroneProcess drone(argv[1], {demo ? "--demo-lab" : "--fake-lab", "--listen", "unix:" + socket}, socket + ".log");
  for (int i = 0; i < 100 && ::access(socket.c_str(), F_OK) != 0; ++i) std::this_thread::sleep_for(std::chrono::milliseconds(50));
  const std::string port = demo ? "demo0" : "fake0";
  client::DroneAddress address;
  address.target = "unix:" + socket;
  auto conn = client::DroneConnection::open(address);
  if (!conn) return std::fprintf(stderr, "%s\n", conn.error().toString().c_str()), 1;
  std::this_thread::sleep_for(std::chrono::milliseconds(500));
  const long idle = drone.statusKiB("VmRSS");

  size_t bytes = 0;
  rpc::Streams streams;
  *streams.Add() = bigReplay(bytes);
  auto put = (*conn)->context(120);
  if (auto s = client::putStreams(**conn, *put, port, streams); !s.ok())
    return std::fprintf(stderr, "SetStreams: %s\n", s.error_message().c_str()), 1;
  streams.Clear();
  const long stored = drone.statusKiB("VmRSS");

  auto ctx = (*conn)->context();
  v1::StartTxRequest start;
  start.add_ports(port);
  v1::StartTxReply started;
  if (auto s = (*conn)->stub().StartTx(ctx.get(), start, &started); !s.ok())
    return std::fprintf(stderr, "StartTx: %s\n", s.error_message().c_str()), 1;
  std::this_thread::sleep_for(std::chrono::seconds(4));
  const long sending = drone.statusKiB("VmRSS");
  v1::ListPortsReply ports;
  auto lctx = (*conn)->context();
  (*conn)->stub().ListPorts(lctx.get(), {}, &ports);
  std::string backend;
  for (const auto& p : ports.ports())
    if (p.name() == port) backend = p.backend() + ", " + std::to_string(p.active_queues()) + " queues";
  auto sctx = (*conn)->context();
  v1::StopTxRequest stop;
  stop.add_ports(port);
  v1::StopTxReply stopped;
  (*conn)->stub().StopTx(sctx.get(), stop, &stopped);
  const long peak = drone.statusKiB("VmHWM");

  const double size = double(bytes) / (1 << 20);
  std::printf("Replay memory: a %.1f MiB replay stream (%zu frames of %zu bytes) on %s (%s)\n", size, bytes / kFrameBytes,
              kFrameBytes, port.c_str(), backend.c_str());
  std::printf("  drone RSS idle %.0f MiB, after the upload %.0f MiB, while sending %.0f MiB\n", mib(idle), mib(stored),
              mib(sending));
  std::printf("  drone peak RSS %.0f MiB = %.2fx the stream (target under 1.5x); above idle: %.0f MiB = %.2fx\n",
              mib(peak), mib(peak) / size, mib(peak - idle), mib(peak - idle) / size);
  return 0;
}
