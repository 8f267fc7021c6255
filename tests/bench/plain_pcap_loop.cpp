#include <pcap/pcap.h>

#include <chrono>
#include <cstdio>

#include "tests/bench/loops.h"

double plainPcapLoop(const std::string& iface, const std::vector<uint8_t>& frame, uint64_t count) {
  char err[PCAP_ERRBUF_SIZE];
  pcap_t* p = pcap_open_live(iface.c_str(), 64, 0, 0, err);
  if (!p) return std::fprintf(stderr, "%s\n", err), -1;
  const auto t0 = std::chrono::steady_clock::now();
  for (uint64_t i = 0; i < count; ++i) pcap_sendpacket(p, frame.data(), static_cast<int>(frame.size()));
  const double s = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
  pcap_close(p);
  return double(count) / s / 1e6;
}
