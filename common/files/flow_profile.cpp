#include "common/files/flow_profile.h"

#include <arpa/inet.h>

#include <cmath>
#include <set>

#include "common/core/decimal_text.h"
#include "common/files/json_document.h"

namespace staccato {
namespace {

const std::set<std::string> kMethods{"GET", "HEAD", "POST", "PUT", "DELETE"};
constexpr uint32_t kMaxUdpPayload = 65'507;
constexpr size_t kMaxNameLength = 64;
constexpr size_t kMaxPathLength = 2048;

Status inRange(const std::string& path, uint64_t value, uint64_t min, uint64_t max, const std::string& unit = "") {
  if (value >= min && value <= max) return Ok{};
  return makeError(path, std::to_string(value) + " is out of range (allowed " + std::to_string(min) + ".." +
                             std::to_string(max) + unit + ")");
}

Status seconds(const std::string& path, double value, double max) {
  if (std::isfinite(value) && value >= 0 && value <= max) return Ok{};
  return makeError(path, "must be 0.." + std::to_string(uint64_t(max)) + " seconds");
}

/// A round count, think time: 0 means the default, so only the upper bound matters.
Status rounds(const std::string& path, uint32_t value) { return inRange(path, value, 0, kMaxRounds); }

Status checkHttp(const std::string& at, const v1::HttpExchange& h) {
  if (!h.method().empty() && !kMethods.count(h.method()))
    return makeError(at + ".method", "'" + h.method() + "' is not one of GET, HEAD, POST, PUT, DELETE");
  if (!h.path().empty()) {
    if (h.path()[0] != '/' || h.path().size() > kMaxPathLength)
      return makeError(at + ".path", "must start with / and be at most 2048 characters");
    for (unsigned char c : h.path())
      if (c <= ' ' || c >= 0x7f) return makeError(at + ".path", "must be printable ASCII without spaces (percent-encode the rest)");
  }
  if ((h.method() == "GET" || h.method() == "HEAD" || h.method().empty()) && h.request_body_bytes())
    return makeError(at + ".request_body_bytes", "a " + (h.method().empty() ? std::string("GET") : h.method()) +
                                                     " request has no body: use POST or PUT");
  if (auto s = inRange(at + ".request_body_bytes", h.request_body_bytes(), 0, kMaxExchangeBytes, " bytes"); !s) return s;
  if (auto s = inRange(at + ".response_body_bytes", h.response_body_bytes(), 0, kMaxExchangeBytes, " bytes"); !s) return s;
  if (auto s = rounds(at + ".transactions", h.transactions()); !s) return s;
  if (h.transactions() > 1 && !h.keep_alive())
    return makeError(at + ".transactions", "more than one a connection needs keep_alive: true");
  if (auto s = inRange(at + ".think_ms", h.think_ms(), 0, kMaxThinkMs, " ms"); !s) return s;
  if (h.status()) return inRange(at + ".status", h.status(), 200, 599);
  return Ok{};
}

/// A pcap template's turns, as a drone replays them: what a client read from the capture, or a
/// hostile peer's bytes.
Status checkPcap(const std::string& at, const v1::PcapExchange& x) {
  if (x.file().empty() && x.turns().empty()) return makeError(at + ".file", "name the capture holding the session");
  if (auto s = inRange(at + ".turns", uint64_t(x.turns_size()), 0, kMaxPcapTurns, " turns"); !s) return s;
  uint64_t total = 0;
  for (int i = 0; i < x.turns_size(); ++i) {
    const std::string turn = at + ".turns[" + std::to_string(i) + "]";
    if (x.turns(i).payload().empty())
      return makeError(turn + ".payload", "is empty (allowed 1.." + std::to_string(kMaxPcapPayloadBytes) + " bytes): drop the turn");
    if (i && x.turns(i).from_server() == x.turns(i - 1).from_server())
      return makeError(turn + ".from_server", "the same side as the turn before: join the two turns' payloads into one");
    total += x.turns(i).payload().size();
  }
  if (total > kMaxPcapPayloadBytes)
    return makeError(at + ".turns", "carry " + std::to_string(total) + " payload bytes, more than the " +
                                        std::to_string(kMaxPcapPayloadBytes) + " allowed: choose a shorter session");
  return Ok{};
}

Status checkExchange(const std::string& at, const v1::FlowTemplate& t) {
  switch (t.exchange_case()) {
    case v1::FlowTemplate::kTcp: {
      const v1::TcpExchange& x = t.tcp();
      if (x.request_bytes() == 0 && x.response_bytes() == 0)
        return makeError(at + ".tcp", "sends nothing either way: give request_bytes or response_bytes");
      if (auto s = inRange(at + ".tcp.request_bytes", x.request_bytes(), 0, kMaxExchangeBytes, " bytes"); !s) return s;
      if (auto s = inRange(at + ".tcp.response_bytes", x.response_bytes(), 0, kMaxExchangeBytes, " bytes"); !s) return s;
      if (auto s = rounds(at + ".tcp.rounds", x.rounds()); !s) return s;
      return inRange(at + ".tcp.think_ms", x.think_ms(), 0, kMaxThinkMs, " ms");
    }
    case v1::FlowTemplate::kHttp: return checkHttp(at + ".http", t.http());
    case v1::FlowTemplate::kTls: {
      const v1::TlsExchange& x = t.tls();
      if (x.certificate().empty() != x.key().empty())
        return makeError(at + ".tls." + (x.certificate().empty() ? "certificate" : "key"),
                         "give the certificate and its key together (or neither: one is made for the run)");
      if (x.certificate_pem().empty() != x.key_pem().empty())
        return makeError(at + ".tls." + (x.certificate_pem().empty() ? "certificate_pem" : "key_pem"),
                         "empty while its pair is not: give the certificate's and its key's PEM together (or neither: "
                         "one is made for the run)");
      if (auto s = inRange(at + ".tls.certificate_pem", x.certificate_pem().size(), 0, kMaxPemBytes, " bytes"); !s) return s;
      if (auto s = inRange(at + ".tls.key_pem", x.key_pem().size(), 0, kMaxPemBytes, " bytes"); !s) return s;
      return checkHttp(at + ".tls.http", x.http());
    }
    case v1::FlowTemplate::kUdp: {
      const v1::UdpExchange& x = t.udp();
      if (auto s = inRange(at + ".udp.request_bytes", x.request_bytes(), 1, kMaxUdpPayload, " bytes"); !s) return s;
      if (auto s = inRange(at + ".udp.response_bytes", x.response_bytes(), 0, kMaxUdpPayload, " bytes"); !s) return s;
      if (auto s = rounds(at + ".udp.rounds", x.rounds()); !s) return s;
      return inRange(at + ".udp.timeout_ms", x.timeout_ms(), 0, 60'000, " ms");
    }
    case v1::FlowTemplate::kPcap: return checkPcap(at + ".pcap", t.pcap());
    case v1::FlowTemplate::EXCHANGE_NOT_SET: break;
  }
  return makeError(at, "say what it exchanges: one of tcp, http, tls, udp, pcap");
}

Status checkLoad(const v1::FlowLoad& l) {
  switch (l.target_case()) {
    case v1::FlowLoad::kConnectionsPerSecond:
      if (!std::isfinite(l.connections_per_second()) || l.connections_per_second() <= 0 ||
          l.connections_per_second() > kMaxConnectionsPerSecond)
        return makeError("load.connections_per_second", "must be above 0 and at most 10000000");
      break;
    case v1::FlowLoad::kConcurrent:
      if (auto s = inRange("load.concurrent", l.concurrent(), 1, kMaxConcurrent); !s) return s;
      break;
    case v1::FlowLoad::TARGET_NOT_SET:
      return makeError("load", "give its target: connections_per_second or concurrent");
  }
  if (auto s = seconds("load.ramp_up_seconds", l.ramp_up_seconds(), kMaxPhaseSeconds); !s) return s;
  if (auto s = seconds("load.steady_seconds", l.steady_seconds(), kMaxPhaseSeconds); !s) return s;
  if (auto s = seconds("load.ramp_down_seconds", l.ramp_down_seconds(), kMaxPhaseSeconds); !s) return s;
  if (l.steady_seconds() <= 0) return makeError("load.steady_seconds", "must be above 0: the phase the results are read in");
  if (!std::isfinite(l.open_rate()) || l.open_rate() < 0 || l.open_rate() > kMaxConnectionsPerSecond)
    return makeError("load.open_rate", "must be 0..10000000 connections/s (0: as fast as the client can)");
  if (l.open_rate() > 0 && l.target_case() != v1::FlowLoad::kConcurrent)
    return makeError("load.open_rate", "paces a concurrent target: connections_per_second is a rate already");
  if (l.connect_timeout_seconds() != 0 &&
      (!std::isfinite(l.connect_timeout_seconds()) || l.connect_timeout_seconds() < 0.01 || l.connect_timeout_seconds() > 600))
    return makeError("load.connect_timeout_seconds", "must be 0.01..600 seconds (0: 3)");
  return Ok{};
}

Result<uint32_t> ipv4(const std::string& path, const std::string& text) {
  in_addr a{};
  if (inet_pton(AF_INET, text.c_str(), &a) != 1) return makeError(path, "'" + text + "' is not an IPv4 address");
  return ntohl(a.s_addr);
}

uint32_t prefixOf(const v1::FlowHosts& h) { return h.prefix_length() ? h.prefix_length() : 24; }

/// A block's addresses, first to last, and its subnet mask (after the first address is checked).
struct HostRange {
  uint32_t first = 0, last = 0, mask = 0;
};
HostRange rangeOf(const v1::FlowHosts& h) {
  in_addr a{};
  inet_pton(AF_INET, h.first_address().c_str(), &a);
  const uint32_t first = ntohl(a.s_addr);
  return {first, first + std::max(1u, h.count()) - 1, uint32_t(0xffffffffull << (32 - prefixOf(h)))};
}

Status checkHosts(const std::string& at, const v1::FlowHosts& h) {
  if (h.first_address().empty()) return makeError(at + ".first_address", "give the first host's IPv4 address");
  auto first = ipv4(at + ".first_address", h.first_address());
  if (!first) return first.error();
  if (auto s = inRange(at + ".count", h.count(), 0, kMaxFlowHosts); !s) return s;
  if (uint64_t(*first) + std::max(1u, h.count()) - 1 > 0xffffffffu)
    return makeError(at + ".count", "runs past 255.255.255.255");
  if (h.prefix_length() && (h.prefix_length() < 8 || h.prefix_length() > 32))
    return makeError(at + ".prefix_length", std::to_string(h.prefix_length()) + " is out of range (allowed 8..32; 0: 24)");
  const HostRange r = rangeOf(h);
  if ((r.first & r.mask) != (r.last & r.mask))
    return makeError(at + ".count", std::to_string(r.last - r.first + 1) + " hosts from " + h.first_address() +
                                        " do not fit in its /" + std::to_string(prefixOf(h)) + " subnet");
  if (!h.gateway().empty()) {
    auto g = ipv4(at + ".gateway", h.gateway());
    if (!g) return g.error();
    if ((*g & r.mask) != (r.first & r.mask)) return makeError(at + ".gateway", h.gateway() + " is not in the hosts' subnet");
    if (*g >= r.first && *g <= r.last) return makeError(at + ".gateway", h.gateway() + " is one of the hosts");
  }
  return inRange(at + ".vlan", h.vlan(), 0, 4094);
}

const char* exchangeName(const v1::FlowTemplate& t) {
  switch (t.exchange_case()) {
    case v1::FlowTemplate::kTcp: return "tcp";
    case v1::FlowTemplate::kHttp: return "http";
    case v1::FlowTemplate::kTls: return "tls";
    case v1::FlowTemplate::kUdp: return "udp";
    case v1::FlowTemplate::kPcap: return "pcap";
    case v1::FlowTemplate::EXCHANGE_NOT_SET: break;
  }
  return "nothing";
}

/// A server answers a TCP port one way: TLS or plain, never both.
Status checkSharedPorts(const v1::FlowProfile& p) {
  for (int i = 0; i < p.templates_size(); ++i)
    for (int j = 0; j < i; ++j) {
      const v1::FlowTemplate &a = p.templates(j), &b = p.templates(i);
      if (a.port() != b.port() || a.has_udp() || b.has_udp() || a.has_tls() == b.has_tls()) continue;
      return makeError("templates[" + std::to_string(i) + "].port",
                       std::to_string(b.port()) + " is also the port of templates[" + std::to_string(j) + "] ('" + a.name() +
                           "', " + exchangeName(a) + "): a server cannot tell TLS connections from plain ones on one port; "
                           "give '" + b.name() + "' (" + exchangeName(b) + ") or '" + a.name() + "' a port of its own");
    }
  return Ok{};
}

}  // namespace

Result<FlowHostBlock> flowHostBlock(const v1::FlowHosts& h, const std::string& at) {
  if (auto s = checkHosts(at, h); !s) return s.error();
  const HostRange r = rangeOf(h);
  FlowHostBlock block{r.first, r.last - r.first + 1, prefixOf(h), h.vlan(), std::nullopt};
  if (!h.gateway().empty()) block.gateway = *ipv4(at + ".gateway", h.gateway());
  return block;
}

/// The files' contents the profile carries, together (each template's were checked alone).
Status checkContent(const v1::FlowProfile& p) {
  uint64_t total = 0;
  for (const v1::FlowTemplate& t : p.templates()) {
    total += t.tls().certificate_pem().size() + t.tls().key_pem().size();
    for (const v1::PcapTurn& turn : t.pcap().turns()) total += turn.payload().size();
  }
  if (total <= kMaxProfileContentBytes) return Ok{};
  return makeError("templates", "carry " + std::to_string(total) + " bytes of certificates, keys and captured sessions together, more than the " +
                                    std::to_string(kMaxProfileContentBytes) + " a profile may (it travels to the drone in one request): " +
                                    "use shorter sessions or fewer templates carrying them");
}

Status checkFlowProfile(const v1::FlowProfile& p) {
  if (p.name().size() > kMaxNameLength) return makeError("name", "must be at most 64 characters");
  if (p.templates().empty()) return makeError("templates", "give at least one template");
  if (p.templates_size() > int(kMaxFlowTemplates)) return makeError("templates", "at most 64 templates");
  std::set<std::string> names;
  for (int i = 0; i < p.templates_size(); ++i) {
    const v1::FlowTemplate& t = p.templates(i);
    const std::string at = "templates[" + std::to_string(i) + "]";
    if (t.name().empty() || t.name().size() > kMaxNameLength)
      return makeError(at + ".name", "give it a name of 1..64 characters");
    if (!names.insert(t.name()).second) return makeError(at + ".name", "'" + t.name() + "' is the name of an earlier template");
    if (auto s = inRange(at + ".weight", t.weight(), 0, 1000); !s) return s;
    if (auto s = inRange(at + ".port", t.port(), 1, 65535); !s) return s;
    if (auto s = checkExchange(at, t); !s) return s;
  }
  if (auto s = checkSharedPorts(p); !s) return s;
  if (auto s = checkContent(p); !s) return s;
  if (auto s = checkLoad(p.load()); !s) return s;
  if (auto s = checkHosts("clients", p.clients()); !s) return s;
  if (auto s = checkHosts("servers", p.servers()); !s) return s;
  const HostRange c = rangeOf(p.clients()), v = rangeOf(p.servers());
  if (c.first <= v.last && v.first <= c.last) return makeError("servers", "their addresses overlap the clients'");
  return Ok{};
}

Result<v1::FlowProfile> parseFlowProfile(std::string_view json) {
  v1::FlowProfile p;
  const DocumentFormat format{"flow profile", kFlowProfileFormat, {}};
  if (auto s = parseVersionedJson(json, format, p); !s) return s.error();
  if (auto s = checkFlowProfile(p); !s) return s.error();
  return p;
}

namespace {

std::string httpText(const v1::HttpExchange& h) {
  const uint32_t n = std::max(1u, h.transactions());
  return (h.method().empty() ? "GET" : h.method()) + " " + (h.path().empty() ? "/" : h.path()) + " (" +
         std::to_string(h.request_body_bytes()) + " B up, " + std::to_string(h.response_body_bytes()) + " B down, status " +
         std::to_string(h.status() ? h.status() : 200) + "), " + std::to_string(n) + " a connection, " +
         (h.keep_alive() ? "keep-alive" : "close");
}

/// "312 B", "4.1 KiB", "2.5 MiB".
std::string bytesText(uint64_t n) {
  if (n < 1024) return std::to_string(n) + " B";
  const bool mib = n >= (1u << 20);
  return decimalText(std::round(double(n) / (mib ? 1 << 20 : 1 << 10) * 10) / 10) + (mib ? " MiB" : " KiB");
}

std::string pcapText(const v1::PcapExchange& x) {
  std::string text =
      x.file().empty() ? "a captured TCP session" : "the TCP session " + std::to_string(x.session()) + " of " + x.file();
  if (x.turns().empty()) return text;
  uint64_t up = 0, down = 0;
  for (const v1::PcapTurn& t : x.turns()) (t.from_server() ? down : up) += t.payload().size();
  return text + ": " + std::to_string(x.turns_size()) + " turn" + (x.turns_size() == 1 ? "" : "s") + ", client " +
         bytesText(up) + ", server " + bytesText(down);
}

std::string hostsText(const v1::FlowHosts& h) {
  return std::to_string(std::max(1u, h.count())) + " from " + h.first_address() + "/" +
         std::to_string(prefixOf(h)) + (h.vlan() ? ", VLAN " + std::to_string(h.vlan()) : "") +
         (h.gateway().empty() ? "" : ", via " + h.gateway());
}

}  // namespace

std::string flowTemplateText(const v1::FlowTemplate& t) {
  std::string what;
  switch (t.exchange_case()) {
    case v1::FlowTemplate::kTcp:
      what = "TCP, " + std::to_string(t.tcp().request_bytes()) + " B up and " + std::to_string(t.tcp().response_bytes()) +
             " B down x " + std::to_string(std::max(1u, t.tcp().rounds()));
      break;
    case v1::FlowTemplate::kHttp: what = "HTTP/1.1 " + httpText(t.http()); break;
    case v1::FlowTemplate::kTls:
      what = "HTTPS (TLS 1.3" + std::string(t.tls().resume() ? ", resumed" : "") +
             (t.tls().certificate().empty() ? "" : ", certificate " + t.tls().certificate()) + ") " + httpText(t.tls().http());
      break;
    case v1::FlowTemplate::kUdp:
      what = "UDP, " + std::to_string(t.udp().request_bytes()) + " B up and " + std::to_string(t.udp().response_bytes()) +
             " B down x " + std::to_string(std::max(1u, t.udp().rounds()));
      break;
    case v1::FlowTemplate::kPcap: what = pcapText(t.pcap()); break;
    case v1::FlowTemplate::EXCHANGE_NOT_SET: what = "nothing"; break;
  }
  return t.name() + ": " + what + ", to port " + std::to_string(t.port());
}

std::string flowProfileText(const v1::FlowProfile& p) {
  uint64_t total = 0;
  for (const v1::FlowTemplate& t : p.templates()) total += std::max(1u, t.weight());
  std::string text = "flow profile" + (p.name().empty() ? std::string() : " '" + p.name() + "'") + ": " +
                     std::to_string(p.templates_size()) + " template" + (p.templates_size() == 1 ? "" : "s") + "\n";
  for (const v1::FlowTemplate& t : p.templates())
    text += "  " + decimalText(100.0 * std::max(1u, t.weight()) / double(total)) + " % " + flowTemplateText(t) + "\n";
  const v1::FlowLoad& l = p.load();
  text += "load: " + (l.target_case() == v1::FlowLoad::kConcurrent ? std::to_string(l.concurrent()) + " concurrent connections"
                                                                    : decimalText(l.connections_per_second()) + " connections/s") +
          (l.open_rate() > 0 ? ", opened at most " + decimalText(l.open_rate()) + "/s" : "") +
          "; ramp up " + decimalText(l.ramp_up_seconds()) + " s, steady " + decimalText(l.steady_seconds()) + " s, ramp down " +
          decimalText(l.ramp_down_seconds()) + " s\n";
  text += "clients: " + hostsText(p.clients()) + "\nservers: " + hostsText(p.servers()) + "\n";
  return text;
}

}  // namespace staccato
