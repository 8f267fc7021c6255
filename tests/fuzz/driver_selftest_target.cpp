/// A target with planted bugs, for driver_selftest.sh: any 0xff byte aborts (mutations must find
/// it), "segv..." writes through a null pointer, "hang..." never returns.
#include <cstdint>
#include <cstdlib>
#include <cstring>

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  if (size >= 4 && std::memcmp(data, "segv", 4) == 0) *static_cast<volatile int*>(nullptr) = 1;
  if (size >= 4 && std::memcmp(data, "hang", 4) == 0) {
    volatile bool forever = true;
    while (forever) {
    }
  }
  if (std::memchr(data, 0xff, size)) std::abort();
  return 0;
}
