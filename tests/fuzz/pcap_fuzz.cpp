/// Classic pcap: parsePcap on any bytes returns packets or an error, never crashes.
#include <cstdlib>

#include "common/files/pcap_file.h"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  auto packets = staccato::parsePcap({data, size});
  if (!packets) return 0;
  size_t total = 0;
  for (const staccato::PcapPacket& p : *packets) total += 16 + p.data.size();
  if (24 + total != size) std::abort();  // every byte belongs to a header or a packet
  return 0;
}
