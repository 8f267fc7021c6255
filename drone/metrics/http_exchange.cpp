#include "drone/metrics/http_exchange.h"

#include <algorithm>
#include <cctype>

namespace staccato::drone::metrics {
namespace {

bool equalsIgnoringCase(std::string_view a, std::string_view b) {
  return a.size() == b.size() &&
         std::equal(a.begin(), a.end(), b.begin(), [](char x, char y) { return std::tolower(uint8_t(x)) == std::tolower(uint8_t(y)); });
}

std::string_view trimmed(std::string_view s) {
  while (!s.empty() && (s.front() == ' ' || s.front() == '\t')) s.remove_prefix(1);
  while (!s.empty() && (s.back() == ' ' || s.back() == '\t')) s.remove_suffix(1);
  return s;
}

}  // namespace

std::optional<RequestHead> parseRequestHead(std::string_view head) {
  if (head.size() > kMaxRequestHead) return std::nullopt;
  size_t end = head.find("\r\n");
  if (end == std::string_view::npos) return std::nullopt;
  const std::string_view line = head.substr(0, end);
  const size_t sp1 = line.find(' '), sp2 = line.rfind(' ');
  if (sp1 == std::string_view::npos || sp2 == sp1 || !line.substr(sp2 + 1).starts_with("HTTP/1.")) return std::nullopt;
  RequestHead r{std::string(line.substr(0, sp1)), std::string(line.substr(sp1 + 1, sp2 - sp1 - 1)), std::nullopt};
  for (size_t at = end + 2; at < head.size();) {
    end = head.find("\r\n", at);
    if (end == std::string_view::npos) end = head.size();
    const std::string_view field = head.substr(at, end - at);
    at = end + 2;
    const size_t colon = field.find(':');
    if (colon == std::string_view::npos) continue;
    if (!equalsIgnoringCase(trimmed(field.substr(0, colon)), "authorization")) continue;
    const std::string_view value = trimmed(field.substr(colon + 1));
    if (value.size() > 7 && equalsIgnoringCase(value.substr(0, 7), "bearer ")) r.bearer = std::string(trimmed(value.substr(7)));
    else r.bearer = std::string();  // another scheme: no token
  }
  return r;
}

std::string httpResponse(int status, std::string_view reason, std::string_view contentType, std::string_view body,
                         std::string_view extraHeaders) {
  std::string out = "HTTP/1.1 " + std::to_string(status) + " " + std::string(reason) + "\r\nContent-Type: ";
  out += contentType;
  out += "\r\nContent-Length: " + std::to_string(body.size()) + "\r\nConnection: close\r\n";
  out += extraHeaders;
  out += "\r\n";
  out += body;
  return out;
}

bool tokenMatches(std::string_view given, std::string_view expected) {
  // Every byte of the expected token is compared whatever the given one's length.
  unsigned diff = given.size() != expected.size();
  for (size_t i = 0; i < expected.size(); ++i) diff |= uint8_t(i < given.size() ? given[i] : 0) ^ uint8_t(expected[i]);
  return diff == 0 && !expected.empty();
}

}  // namespace staccato::drone::metrics
