#pragma once
/// The little HTTP/1.1 the metrics listener speaks: one GET per connection, its head at most
/// kMaxRequestHead bytes, the answer closes the connection. Parsing and answers only; no I/O.
#include <cstddef>
#include <optional>
#include <string>
#include <string_view>

namespace staccato::drone::metrics {

/// A request head longer than this is refused unread (Prometheus sends a few hundred bytes).
inline constexpr size_t kMaxRequestHead = 8192;

struct RequestHead {
  std::string method, target;
  std::optional<std::string> bearer;  ///< Authorization: Bearer TOKEN, when given
};

/// The head up to its blank line; nullopt when it is not an HTTP/1.x request head.
std::optional<RequestHead> parseRequestHead(std::string_view head);

/// A whole response that closes the connection: status line, headers, body.
std::string httpResponse(int status, std::string_view reason, std::string_view contentType, std::string_view body,
                         std::string_view extraHeaders = {});

/// Whether `given` is `expected`, in time independent of where they differ.
bool tokenMatches(std::string_view given, std::string_view expected);

}  // namespace staccato::drone::metrics
