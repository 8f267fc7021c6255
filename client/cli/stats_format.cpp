#include "client/cli/stats_format.h"

#include <google/protobuf/util/json_util.h>

#include <cstdio>
#include <regex>
#include <set>
#include <string>

#include "common/core/si_units.h"
#include "rpc/stats/rate_shortfall.h"
#include "rpc/stats/stream_pairing.h"

namespace staccato::cli {
namespace {

/// Names of the repeated 64-bit integer fields in messages of type `d` (at any depth).
void collectRepeated64(const google::protobuf::Descriptor* d, std::set<std::string>& names,
                       std::set<const google::protobuf::Descriptor*>& seen) {
  using FD = google::protobuf::FieldDescriptor;
  if (!seen.insert(d).second) return;
  for (int i = 0; i < d->field_count(); ++i) {
    const FD* f = d->field(i);
    if (f->message_type()) collectRepeated64(f->message_type(), names, seen);
    else if (f->is_repeated() && (f->cpp_type() == FD::CPPTYPE_UINT64 || f->cpp_type() == FD::CPPTYPE_INT64))
      names.insert(f->name());
  }
}

/// Protobuf's JSON mapping quotes 64-bit integers; CI scripts want numbers, in arrays too
/// (the latency buckets' counts).
std::string unquote64(const std::string& json, const google::protobuf::Descriptor* type) {
  static const std::regex quotedNumber(R"re(("(?:[a-z0-9_]+)": )"(\d+)")re");
  std::string out = std::regex_replace(json, quotedNumber, "$1$2");
  std::set<std::string> names;
  std::set<const google::protobuf::Descriptor*> seen;
  collectRepeated64(type, names, seen);
  static const std::regex quotedElement(R"re("(\d+)")re");
  for (const std::string& name : names) {
    const std::string key = "\"" + name + "\": [";
    for (size_t at = out.find(key); at != std::string::npos; at = out.find(key, at + 1)) {
      const size_t begin = at + key.size(), end = out.find(']', begin);
      if (end == std::string::npos) break;
      const std::string numbers = std::regex_replace(out.substr(begin, end - begin), quotedElement, "$1");
      out.replace(begin, end - begin, numbers);
    }
  }
  return out;
}

std::string us(uint64_t ns) {
  char buf[32];
  std::snprintf(buf, sizeof buf, "%.1f", double(ns) / 1000.0);
  return buf;
}

}  // namespace

void printPortTable(std::ostream& out, const v1::ListPortsReply& ports) {
  char line[512];
  std::snprintf(line, sizeof line, "%-16s %-17s %-5s %6s %8s %5s %-10s %-14s %-13s %-11s %-6s %s\n", "PORT", "MAC", "LINK",
                "MTU", "SPEED", "QUEUE", "DRIVER", "BACKEND", "RX", "MODE", "TX", "RESERVED BY / NOTE");
  out << line;
  for (const v1::Port& p : ports.ports()) {
    const std::string speed = p.speed_mbps() ? std::to_string(p.speed_mbps()) + "M" : "-";
    const std::string note = !p.reserved_by().empty() ? p.reserved_by() : p.error();
    const char* mode = p.config().tx_mode() == v1::PortConfig::INTERLEAVED ? "interleaved" : "sequential";
    std::snprintf(line, sizeof line, "%-16s %-17s %-5s %6u %8s %2u/%-2u %-10s %-14s %-13s %-11s %-6s %s\n", p.name().c_str(),
                  p.mac().c_str(), p.link_up() ? "up" : "down", p.mtu(), speed.c_str(), p.tx_queues(), p.rx_queues(),
                  p.driver().c_str(), p.backend().c_str(), p.rx_backend().c_str(), mode, p.transmitting() ? "busy" : "idle",
                  note.c_str());
    out << line;
  }
}

void printStatsTables(std::ostream& out, const v1::StatsSnapshot& snap) {
  char line[512];
  std::snprintf(line, sizeof line, "%-12s %12s %12s %12s %12s %10s %10s %s\n", "PORT", "TX PKTS", "RX PKTS", "TX BYTES",
                "RX BYTES", "DROPS", "ERRORS", "DRONE TX");
  out << line;
  for (const auto& p : snap.ports()) {
    std::snprintf(line, sizeof line, "%-12s %12llu %12llu %12llu %12llu %10llu %10llu %llu%s\n", p.port().c_str(),
                  (unsigned long long)p.tx_packets(), (unsigned long long)p.rx_packets(), (unsigned long long)p.tx_bytes(),
                  (unsigned long long)p.rx_bytes(), (unsigned long long)(p.tx_dropped() + p.rx_dropped()),
                  (unsigned long long)(p.tx_errors() + p.rx_errors()), (unsigned long long)p.drone_tx_packets(),
                  p.error().empty() ? "" : ("  ! " + p.error()).c_str());
    out << line;
  }
  for (const auto& p : snap.ports())
    if (p.drone_rx_dropped() > 0)
      out << "  ! " << p.port() << ": the drone's receiver missed " << p.drone_rx_dropped()
          << " signature frames (no room in its ring): streams received on " << p.port()
          << " meanwhile are incomplete, and their loss counts only what is proven beyond those\n";
  if (snap.streams().empty()) return;
  out << "\n";
  std::snprintf(line, sizeof line, "%-6s %-10s %-10s %11s %11s %8s %5s %5s %9s %9s %9s %9s %9s\n", "STREAM", "TX PORT",
                "RX PORT", "TX PKTS", "RX PKTS", "LOST", "DUP", "REORD", "MIN us", "AVG us", "MAX us", "P99 us",
                "JITTER us");
  out << line;
  for (const auto& s : snap.streams()) {
    const auto& l = s.latency();
    const bool lat = l.samples() > 0;
    std::snprintf(line, sizeof line, "%-6u %-10s %-10s %11llu %11llu %8llu %5llu %5llu %9s %9s %9s %9s %9s%s\n",
                  s.stream_id(), s.tx_port().empty() ? "?" : s.tx_port().c_str(),
                  s.rx_port().empty() ? "-" : s.rx_port().c_str(), (unsigned long long)s.tx_packets(),
                  (unsigned long long)s.rx_packets(), (unsigned long long)s.lost(), (unsigned long long)s.duplicates(),
                  (unsigned long long)s.reordered(), lat ? us(l.min_ns()).c_str() : "-",
                  lat ? us(l.avg_ns()).c_str() : "-", lat ? us(l.max_ns()).c_str() : "-",
                  lat ? us(l.p99_ns()).c_str() : "-", lat ? us(uint64_t(l.jitter_ns())).c_str() : "-",
                  s.untracked()            ? (std::string("  ") + rpc::kUntrackedNote).c_str()
                  : lat && !s.same_clock() ? "  (latency across drones: only as good as their clock sync)"
                                           : "");
    out << line;
    if (s.incomplete())
      out << "       ! incomplete: receiver overloaded: " << s.rx_missed() << " frames on " << s.rx_port()
          << " not examined (not counted as lost)\n";
    if (const std::string shortfall = rpc::rateShortfall(s); !shortfall.empty())
      out << "       ! " << s.tx_port() << " " << shortfall << "\n";
  }
}

std::string toJson(const google::protobuf::Message& message) {
  google::protobuf::util::JsonPrintOptions opts;
  opts.add_whitespace = true;
  opts.preserve_proto_field_names = true;
  opts.always_print_primitive_fields = true;
  std::string json;
  (void)google::protobuf::util::MessageToJsonString(message, &json, opts);
  return unquote64(json, message.GetDescriptor());
}

void printJson(std::ostream& out, const google::protobuf::Message& message) { out << toJson(message) << "\n"; }

std::string progressLine(const v1::PortStats* tx, const v1::PortStats* rx) {
  std::string line;
  if (tx)
    line += "tx " + std::to_string(tx->drone_tx_packets()) + " pkts " + formatSi(tx->tx_pps(), "pps") + " " +
            formatSi(tx->tx_bps_l1(), "bit/s");
  if (rx) line += "  rx " + std::to_string(rx->rx_packets()) + " pkts " + formatSi(rx->rx_pps(), "pps");
  return line;
}

}  // namespace staccato::cli
