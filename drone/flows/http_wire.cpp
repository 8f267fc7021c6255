#include "drone/flows/http_wire.h"

#include <algorithm>
#include <cctype>
#include <charconv>

namespace staccato::drone {

HeadScan scanHead(std::string& head, const char* data, size_t size) {
  static constexpr std::string_view kEnd = "\r\n\r\n";
  const size_t before = head.size();
  const size_t room = kMaxHttpHead - std::min(before, kMaxHttpHead);
  head.append(data, std::min(size, room));
  const size_t from = before >= 3 ? before - 3 : 0;
  const size_t end = head.find(kEnd, from);
  if (end != std::string::npos) {
    head.resize(end + kEnd.size());
    return {true, head.size() - before, false};
  }
  return {false, head.size() - before, head.size() >= kMaxHttpHead};
}

namespace {

bool equalsNoCase(std::string_view a, std::string_view b) {
  return a.size() == b.size() &&
         std::equal(a.begin(), a.end(), b.begin(), [](char x, char y) { return std::tolower(x) == std::tolower(y); });
}

std::string_view trim(std::string_view v) {
  while (!v.empty() && (v.front() == ' ' || v.front() == '\t')) v.remove_prefix(1);
  while (!v.empty() && (v.back() == ' ' || v.back() == '\t')) v.remove_suffix(1);
  return v;
}

bool containsNoCase(std::string_view text, std::string_view word) {
  for (size_t i = 0; i + word.size() <= text.size(); ++i)
    if (equalsNoCase(text.substr(i, word.size()), word)) return true;
  return false;
}

/// The header lines after the first: calls f(name, value) for each.
template <typename F>
Status forEachHeader(std::string_view head, F&& f) {
  size_t at = head.find("\r\n") + 2;
  while (at < head.size()) {
    const size_t eol = head.find("\r\n", at);
    if (eol == std::string_view::npos || eol == at) break;
    const std::string_view line = head.substr(at, eol - at);
    const size_t colon = line.find(':');
    if (colon == std::string_view::npos || colon == 0) return makeError("http", "a header line without a name: '" + std::string(line) + "'");
    if (auto s = f(line.substr(0, colon), trim(line.substr(colon + 1))); !s) return s;
    at = eol + 2;
  }
  return Ok{};
}

Result<uint64_t> lengthOf(std::string_view value) {
  uint64_t n = 0;
  const auto [end, ec] = std::from_chars(value.data(), value.data() + value.size(), n);
  if (ec != std::errc() || end != value.data() + value.size())
    return makeError("http.content-length", "'" + std::string(value) + "' is not a length");
  return n;
}

}  // namespace

Result<HttpResponseHead> parseResponseHead(std::string_view head) {
  HttpResponseHead r;
  const size_t eol = head.find("\r\n");
  const std::string_view line = head.substr(0, eol);
  // "HTTP/1.1 200 OK"
  if (line.size() < 12 || line.substr(0, 7) != "HTTP/1." || line[8] != ' ')
    return makeError("http", "not an HTTP/1.x status line: '" + std::string(line.substr(0, 64)) + "'");
  const bool http10 = line[7] == '0';
  const auto [end, ec] = std::from_chars(line.data() + 9, line.data() + 12, r.status);
  if (ec != std::errc() || end != line.data() + 12) return makeError("http.status", "no status code in '" + std::string(line) + "'");
  bool keepAlive = false;
  auto s = forEachHeader(head, [&](std::string_view name, std::string_view value) -> Status {
    if (equalsNoCase(name, "content-length")) {
      auto n = lengthOf(value);
      if (!n) return n.error();
      r.hasLength = true;
      r.contentLength = *n;
    } else if (equalsNoCase(name, "connection")) {
      r.close = r.close || containsNoCase(value, "close");
      keepAlive = keepAlive || containsNoCase(value, "keep-alive");
    } else if (equalsNoCase(name, "transfer-encoding")) {
      r.chunked = containsNoCase(value, "chunked");
    }
    return Ok{};
  });
  if (!s) return s.error();
  if (http10 && !keepAlive) r.close = true;
  return r;
}

Result<HttpRequestHead> parseRequestHead(std::string_view head) {
  HttpRequestHead r;
  const std::string_view line = head.substr(0, head.find("\r\n"));
  const size_t sp1 = line.find(' '), sp2 = line.rfind(' ');
  if (sp1 == std::string_view::npos || sp2 == sp1 || line.substr(sp2 + 1, 7) != "HTTP/1.")
    return makeError("http", "not an HTTP/1.x request line: '" + std::string(line.substr(0, 64)) + "'");
  r.method = line.substr(0, sp1);
  r.path = line.substr(sp1 + 1, sp2 - sp1 - 1);
  const bool http10 = line.substr(sp2 + 1) == "HTTP/1.0";
  bool keepAlive = false;
  auto s = forEachHeader(head, [&](std::string_view name, std::string_view value) -> Status {
    if (equalsNoCase(name, "content-length")) {
      auto n = lengthOf(value);
      if (!n) return n.error();
      r.contentLength = *n;
    } else if (equalsNoCase(name, "connection")) {
      r.close = r.close || containsNoCase(value, "close");
      keepAlive = keepAlive || containsNoCase(value, "keep-alive");
    } else if (equalsNoCase(name, "transfer-encoding")) {
      return makeError("http.transfer-encoding", "chunked request bodies are not served: send Content-Length");
    }
    return Ok{};
  });
  if (!s) return s.error();
  if (http10 && !keepAlive) r.close = true;
  return r;
}

}  // namespace staccato::drone
