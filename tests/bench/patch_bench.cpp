// Patch-program benchmark: ns per packet to turn a prefilled buffer into the next packet,
// writing into a ring of 2 KiB buffers as a transmit ring would. Prints min/median/max of
// several runs for each case side by side; not a test.
#include <algorithm>
#include <chrono>
#include <cstdio>
#include <string>
#include <vector>

#include "common/core/crc32c.h"
#include "common/stream/compiler.h"
#include "common/stream/patch_program.h"

using namespace staccato;

namespace {

constexpr size_t kBufferBytes = 2048;
constexpr size_t kRingBuffers = 1024;  // 2 MiB, like a UMEM's worth of frames
constexpr uint64_t kPackets = 20'000'000;
constexpr int kRuns = 7;

v1::Layer layer(const std::string& p) {
  v1::Layer l;
  l.set_protocol(p);
  return l;
}

v1::Stream udpStream(bool vary, bool signature) {
  v1::Stream s;
  s.set_id(1);
  for (const char* p : {"eth", "ip", "udp", "payload"}) *s.add_layers() = layer(p);
  if (signature) *s.add_layers() = layer("signature");
  s.mutable_frame_length()->set_fixed(64);
  if (vary) {
    for (const char* f : {"ip.src", "udp.srcport", "ip.id"}) {
      auto* v = s.add_variable_fields();
      v->set_field(f);
      v->set_count(1000);
    }
  }
  return s;
}

/// SCTP DATA with the destination port and TSN varying: the CRC32c is recomputed per packet.
v1::Stream sctpStream(uint32_t frameLength) {
  v1::Stream s;
  s.set_id(2);
  for (const char* p : {"eth", "ip", "sctp", "payload"}) *s.add_layers() = layer(p);
  s.mutable_frame_length()->set_fixed(frameLength);
  for (const char* f : {"sctp.dstport", "sctp.data_tsn_raw"}) {
    auto* v = s.add_variable_fields();
    v->set_field(f);
    v->set_count(1000);
  }
  return s;
}

/// ns per CRC32c of `len` bytes with the table alone and with crc32c() (the CPU's instruction
/// when it has SSE4.2), median of kRuns.
void crcFigures(size_t len) {
  std::vector<uint8_t> buf(len, 0x5a);
  constexpr int kCalls = 2'000'000;
  auto median = [&](auto&& crcOf) {
    std::vector<double> ns;
    uint32_t sink = 0;
    for (int r = 0; r < kRuns; ++r) {
      auto t0 = std::chrono::steady_clock::now();
      for (int i = 0; i < kCalls; ++i) {
        buf[0] = static_cast<uint8_t>(i);
        sink ^= crcOf(buf.data(), len);
      }
      ns.push_back(std::chrono::duration<double, std::nano>(std::chrono::steady_clock::now() - t0).count() / kCalls);
    }
    if (sink == 0x12345678) std::puts("");  // keep the calls observable
    std::sort(ns.begin(), ns.end());
    return ns[ns.size() / 2];
  };
  const double table = median([](const uint8_t* d, size_t n) { return ~crc32cUpdateTable(~0u, d, n); });
  const double used = median([](const uint8_t* d, size_t n) { return crc32c(d, n); });
  std::printf("CRC32c of %4zu B: slicing-by-8 table %7.1fns, crc32c() %7.1fns (%s)\n", len, table, used,
              crc32cHasHardware() ? "SSE4.2 crc32" : "table");
}

double runOnce(const TxPlan& plan, std::vector<uint8_t>& ring) {
  PatchState st = makePatchState(plan);
  uint64_t bytes = 0;
  auto t0 = std::chrono::steady_clock::now();
  for (uint64_t i = 0; i < kPackets; ++i) {
    uint8_t* frame = ring.data() + (i % kRingBuffers) * kBufferBytes;
    bytes += applyPatchProgram(plan, st, frame, i);
  }
  auto t1 = std::chrono::steady_clock::now();
  if (bytes == 0) std::puts("");  // keep the loop observable
  return std::chrono::duration<double, std::nano>(t1 - t0).count() / kPackets;
}

}  // namespace

int main() {
  struct Case {
    const char* name;
    v1::Stream stream;
  };
  std::vector<Case> cases = {
      {"(a) fixed UDP 64B", udpStream(false, false)},
      {"(b) 3 var fields + IPv4/UDP csum", udpStream(true, false)},
      {"(c) (b) + signature (seq, timestamp)", udpStream(true, true)},
      {"(d) (c) + IMIX lengths (full L4 csum)", udpStream(true, true)},
      {"(e) SCTP 82B, 2 var fields + CRC32c", sctpStream(82)},
      {"(f) SCTP 1518B, 2 var fields + CRC32c", sctpStream(1518)},
  };
  cases[3].stream.mutable_frame_length()->set_mode(v1::FrameLength::IMIX);
  std::vector<TxPlan> plans;
  std::vector<std::vector<uint8_t>> rings;
  for (auto& c : cases) {
    auto p = compile(c.stream);
    if (!p) {
      std::fprintf(stderr, "%s: %s\n", c.name, p.error().toString().c_str());
      return 1;
    }
    plans.push_back(*p);
    std::vector<uint8_t> ring(kRingBuffers * kBufferBytes);
    for (size_t b = 0; b < kRingBuffers; ++b) std::copy(p->frameTemplate.begin(), p->frameTemplate.end(), ring.begin() + b * kBufferBytes);
    rings.push_back(std::move(ring));
  }
  std::vector<std::vector<double>> ns(cases.size());
  for (int r = 0; r < kRuns; ++r)  // interleave the cases so machine noise hits them alike
    for (size_t c = 0; c < cases.size(); ++c) ns[c].push_back(runOnce(plans[c], rings[c]));
  std::printf("patch program, %llu packets x %d runs, ring of %zu x %zu B buffers\n",
              static_cast<unsigned long long>(kPackets), kRuns, kRingBuffers, kBufferBytes);
  std::printf("%-40s %8s %8s %8s %10s %8s\n", "case", "min", "median", "max", "Mpps(med)", "vs (a)");
  double base = 0;
  for (size_t c = 0; c < cases.size(); ++c) {
    std::sort(ns[c].begin(), ns[c].end());
    const double med = ns[c][ns[c].size() / 2];
    if (c == 0) base = med;
    std::printf("%-40s %6.2fns %6.2fns %6.2fns %10.1f %7.2fx\n", cases[c].name, ns[c].front(), med, ns[c].back(),
                1e3 / med, med / base);
  }
  for (size_t len : {size_t{32}, size_t{1470}}) crcFigures(len);
  return 0;
}
