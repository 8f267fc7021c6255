#include "common/core/checksum.h"

#include <cstring>

namespace staccato {

uint64_t onesSumAdd(uint64_t acc, const uint8_t* data, size_t len) noexcept {
  // Sum 32-bit big-endian chunks into 64 bits; carries are folded at the end.
  while (len >= 4) {
    acc += static_cast<uint64_t>(data[0]) << 24 | static_cast<uint64_t>(data[1]) << 16 |
           static_cast<uint64_t>(data[2]) << 8 | data[3];
    data += 4;
    len -= 4;
  }
  if (len >= 2) {
    acc += static_cast<uint64_t>(data[0]) << 8 | data[1];
    data += 2;
    len -= 2;
  }
  if (len) acc += static_cast<uint64_t>(data[0]) << 8;
  return acc;
}

}  // namespace staccato
