#pragma once
/// HTTP/1.1 heads as the flow engine reads them: gathered from a byte stream up to the blank
/// line (bounded), then the few fields an exchange needs. Bodies are counted, never stored.
#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>

#include "common/core/result.h"

namespace staccato::drone {

inline constexpr size_t kMaxHttpHead = 16 * 1024;

struct HeadScan {
  bool complete = false;  ///< the blank line has been seen
  size_t consumed = 0;    ///< bytes of data that belong to the head
  bool tooLong = false;   ///< no blank line within kMaxHttpHead
};
/// Appends data to `head` up to the head's end ("\r\n\r\n"), which may straddle two reads.
HeadScan scanHead(std::string& head, const char* data, size_t size);

struct HttpResponseHead {
  uint32_t status = 0;
  bool hasLength = false;
  uint64_t contentLength = 0;
  bool close = false;  ///< Connection: close, or HTTP/1.0 without keep-alive
  bool chunked = false;
};
Result<HttpResponseHead> parseResponseHead(std::string_view head);

struct HttpRequestHead {
  std::string_view method, path;
  uint64_t contentLength = 0;
  bool close = false;
};
Result<HttpRequestHead> parseRequestHead(std::string_view head);

}  // namespace staccato::drone
