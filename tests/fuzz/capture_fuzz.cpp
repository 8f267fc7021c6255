/// Capture files (classic pcap or pcapng, sniffed from the magic number): parseCapture on any
/// bytes returns packets or an error, never crashes.
#include "common/files/pcap_file.h"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  (void)staccato::parseCapture({data, size});
  return 0;
}
