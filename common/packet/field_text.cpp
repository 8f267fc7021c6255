#include "common/packet/field_text.h"

#include <arpa/inet.h>

#include <cctype>
#include <charconv>
#include <cstdio>

#include "common/core/bits.h"
#include "common/packet/link_placeholder.h"
#include "common/packet/registry.h"

namespace staccato {
namespace {

std::string trim(std::string_view s) {
  size_t b = 0, e = s.size();
  while (b < e && std::isspace(static_cast<unsigned char>(s[b]))) ++b;
  while (e > b && std::isspace(static_cast<unsigned char>(s[e - 1]))) --e;
  return std::string(s.substr(b, e - b));
}

bool parseUnsigned(std::string_view s, uint64_t& out) {
  int base = 10;
  if (s.size() > 2 && s[0] == '0' && (s[1] == 'x' || s[1] == 'X')) {
    s.remove_prefix(2);
    base = 16;
  }
  if (s.empty()) return false;
  auto [ptr, ec] = std::from_chars(s.data(), s.data() + s.size(), out, base);
  return ec == std::errc() && ptr == s.data() + s.size();
}

int hexDigit(char c) {
  if (c >= '0' && c <= '9') return c - '0';
  if (c >= 'a' && c <= 'f') return c - 'a' + 10;
  if (c >= 'A' && c <= 'F') return c - 'A' + 10;
  return -1;
}

/// Hex bytes; ignores spaces, ':' and '-' separators and an optional 0x prefix.
bool parseHexBytes(std::string_view s, std::vector<uint8_t>& out) {
  if (s.size() >= 2 && s[0] == '0' && (s[1] == 'x' || s[1] == 'X')) s.remove_prefix(2);
  int pending = -1;
  for (char c : s) {
    if (c == ' ' || c == ':' || c == '-' || c == '\t' || c == '\n') continue;
    int d = hexDigit(c);
    if (d < 0) return false;
    if (pending < 0) {
      pending = d;
    } else {
      out.push_back(static_cast<uint8_t>(pending << 4 | d));
      pending = -1;
    }
  }
  return pending < 0;
}

bool parseMac(std::string_view s, uint64_t& out) {
  std::vector<uint8_t> bytes;
  if (s.size() != 17 && s.size() != 12 && s.size() != 14) return false;
  if (!parseHexBytes(s, bytes) || bytes.size() != 6) return false;
  out = 0;
  for (uint8_t b : bytes) out = out << 8 | b;
  return true;
}

Error rangeError(const FieldSpec& f, std::string_view text) {
  return makeError("", "'" + std::string(text) + "' is not a valid " +
                           std::string(f.label) + " (allowed " + allowedRange(f) + ")");
}

Result<FieldValue> parseNumber(const FieldSpec& f, std::string_view text) {
  uint64_t v = 0;
  if (!parseUnsigned(text, v)) {
    if (f.format == FieldFormat::kFlag) {
      if (text == "true" || text == "True" || text == "set") return FieldValue{1, {}};
      if (text == "false" || text == "False" || text == "not set") return FieldValue{0, {}};
    }
    for (const auto& e : fieldNames(f))
      if (e.name == text) return FieldValue{e.value, {}};
    return rangeError(f, text);
  }
  if (f.bits < 64 && v > lowMask(f.bits))
    return makeError("", std::to_string(v) + " exceeds " + std::to_string(f.bits) +
                             " bits (allowed " + allowedRange(f) + ")");
  return FieldValue{v, {}};
}

}  // namespace

bool isUtf8(std::string_view s) {
  size_t i = 0;
  while (i < s.size()) {
    const auto c = static_cast<uint8_t>(s[i]);
    size_t n = 0;
    uint32_t cp = 0;
    if (c < 0x80) {
      ++i;
      continue;
    } else if ((c & 0xe0) == 0xc0) {
      n = 1, cp = c & 0x1fu;
    } else if ((c & 0xf0) == 0xe0) {
      n = 2, cp = c & 0x0fu;
    } else if ((c & 0xf8) == 0xf0) {
      n = 3, cp = c & 0x07u;
    } else {
      return false;
    }
    for (size_t k = 1; k <= n; ++k) {
      if (i + k >= s.size()) return false;
      const auto cc = static_cast<uint8_t>(s[i + k]);
      if ((cc & 0xc0) != 0x80) return false;
      cp = cp << 6 | (cc & 0x3fu);
    }
    // Overlong forms, surrogates and values past U+10FFFF are not UTF-8.
    static constexpr uint32_t kMin[] = {0, 0x80, 0x800, 0x10000};
    if (cp < kMin[n] || cp > 0x10ffff || (cp >= 0xd800 && cp <= 0xdfff)) return false;
    i += n + 1;
  }
  return true;
}

std::string toHex(const uint8_t* data, size_t len) {
  static constexpr char kDigits[] = "0123456789abcdef";
  std::string s;
  s.reserve(len * 2);
  for (size_t i = 0; i < len; ++i) {
    s.push_back(kDigits[data[i] >> 4]);
    s.push_back(kDigits[data[i] & 15]);
  }
  return s;
}

std::string allowedRange(const FieldSpec& f) {
  switch (f.format) {
    case FieldFormat::kMac: return "a MAC address like 00:11:22:33:44:55";
    case FieldFormat::kIpv4: return "an IPv4 address like 192.0.2.1";
    case FieldFormat::kIpv6: return "an IPv6 address like 2001:db8::1";
    case FieldFormat::kBytes:
      return f.bits ? "exactly " + std::to_string(f.bits / 8) + " hex bytes" : "hex bytes like 'deadbeef'";
    case FieldFormat::kFlag: return "0 or 1";
    case FieldFormat::kText: return "UTF-8 text";
    default: break;
  }
  std::string r = "0.." + std::to_string(lowMask(f.bits));
  if (!fieldNames(f).empty()) {
    r += " or one of";
    for (const auto& e : fieldNames(f)) r += " " + std::string(e.name);
  }
  return r;
}

Result<FieldValue> parseFieldText(const FieldSpec& f, std::string_view rawText) {
  FieldValue v;
  if (f.format == FieldFormat::kText) {  // exactly as typed: no trimming
    if (!isUtf8(rawText)) return makeError("", "not valid UTF-8 text");
    if (rawText.size() > 16000)
      return makeError("", "too much text (" + std::to_string(rawText.size()) + " bytes), at most 16000");
    v.bytes.assign(rawText.begin(), rawText.end());
    return v;
  }
  std::string text = trim(rawText);
  if (isLinkPlaceholder(f.name, text)) return v;  // filled by the drone at start; 0 until then
  switch (f.format) {
    case FieldFormat::kMac:
      if (!parseMac(text, v.num)) return rangeError(f, text);
      return v;
    case FieldFormat::kIpv4: {
      in_addr a{};
      if (inet_pton(AF_INET, text.c_str(), &a) != 1) {
        if (parseUnsigned(text, v.num) && v.num <= 0xffffffffu) return v;
        return rangeError(f, text);
      }
      v.num = ntohl(a.s_addr);
      return v;
    }
    case FieldFormat::kIpv6: {
      in6_addr a{};
      if (inet_pton(AF_INET6, text.c_str(), &a) != 1) return rangeError(f, text);
      v.bytes.assign(a.s6_addr, a.s6_addr + 16);
      return v;
    }
    case FieldFormat::kBytes:
      if (!parseHexBytes(text, v.bytes)) return rangeError(f, text);
      if (f.bits && v.bytes.size() * 8 != f.bits) return rangeError(f, text);
      if (!f.bits && v.bytes.size() > 16000)
        return makeError("", "too many bytes (" + std::to_string(v.bytes.size()) + "), at most 16000");
      return v;
    default:
      return parseNumber(f, text);
  }
}

std::string formatFieldValue(const FieldSpec& f, const FieldValue& v) {
  char buf[64];
  switch (f.format) {
    case FieldFormat::kMac:
      std::snprintf(buf, sizeof buf, "%02x:%02x:%02x:%02x:%02x:%02x",
                    unsigned(v.num >> 40 & 255), unsigned(v.num >> 32 & 255), unsigned(v.num >> 24 & 255),
                    unsigned(v.num >> 16 & 255), unsigned(v.num >> 8 & 255), unsigned(v.num & 255));
      return buf;
    case FieldFormat::kIpv4:
      std::snprintf(buf, sizeof buf, "%u.%u.%u.%u", unsigned(v.num >> 24 & 255), unsigned(v.num >> 16 & 255),
                    unsigned(v.num >> 8 & 255), unsigned(v.num & 255));
      return buf;
    case FieldFormat::kIpv6: {
      if (v.bytes.size() != 16) return "::";
      char out[INET6_ADDRSTRLEN];
      inet_ntop(AF_INET6, v.bytes.data(), out, sizeof out);
      return out;
    }
    case FieldFormat::kBytes: return toHex(v.bytes.data(), v.bytes.size());
    case FieldFormat::kText: return std::string(v.bytes.begin(), v.bytes.end());
    case FieldFormat::kHex: {
      int digits = (f.bits + 3) / 4;
      std::snprintf(buf, sizeof buf, "0x%0*llx", digits, static_cast<unsigned long long>(v.num));
      return buf;
    }
    case FieldFormat::kEnum:
      for (const auto& e : fieldNames(f))
        if (e.value == v.num) return std::string(e.name);
      return std::to_string(v.num);
    default: return std::to_string(v.num);
  }
}

}  // namespace staccato
