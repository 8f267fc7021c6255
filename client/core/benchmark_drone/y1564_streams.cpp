#include "client/core/benchmark_drone/y1564_streams.h"

#include <algorithm>
#include <cmath>

namespace staccato::bench {
namespace {

/// Sets `field` on the stream's first layer of `protocol`.
void setField(v1::Stream& s, const std::string& protocol, const std::string& field, const std::string& value) {
  for (v1::Layer& l : *s.mutable_layers())
    if (l.protocol() == protocol) {
      (*l.mutable_fields())[field] = value;
      return;
    }
}

/// The yellow marking "dei", "pcp N" or "dscp N" (checked by Y1564Service::check) on `s`.
void markYellow(v1::Stream& s, const std::string& mark, unsigned ipVersion) {
  if (mark == "dei") return setField(s, "vlan", "vlan.dei", "1");
  const size_t space = mark.find(' ');
  const std::string value = mark.substr(space + 1);
  if (mark.starts_with("pcp")) return setField(s, "vlan", "vlan.priority", value);
  setField(s, ipVersion == 6 ? "ipv6" : "ip", ipVersion == 6 ? "ipv6.tclass.dscp" : "ip.dsfield.dscp", value);
}

}  // namespace

std::vector<ServicePace> stepPaces(const Y1564Service& s, const Y1564Step& step) {
  const bool burst = step.kind == Y1564StepKind::kCbs || step.kind == Y1564StepKind::kEbs;
  if (s.colour != ColourMode::kAware || step.rateMbps <= s.cirMbps) return {{step.rateMbps, step.burstBytes, false}};
  // Aware: green up to CIR, yellow beyond it; an EBS step's bursts split as CBS and EBS.
  return {{s.cirMbps, burst ? s.cbsBytes : 0, false}, {step.rateMbps - s.cirMbps, burst ? s.ebsBytes : 0, true}};
}

v1::Stream serviceStream(const Flow& flow, const FlowAddressing& addressing, unsigned ipVersion,
                         const Y1564Service& service, const ServicePace& pace) {
  v1::Stream s = flowStream(flow, addressing, ipVersion, service.frameSize, {});
  s.set_name("y1564 " + service.name + (pace.yellow ? " yellow" : ""));
  if (service.vlan) {
    v1::Layer vlan;
    vlan.set_protocol("vlan");
    (*vlan.mutable_fields())["vlan.id"] = std::to_string(service.vlan);
    (*vlan.mutable_fields())["vlan.priority"] = std::to_string(service.pcp);
    s.mutable_layers()->Add(std::move(vlan));
    // After Ethernet: rotate the new last layer into place 1.
    std::rotate(s.mutable_layers()->begin() + 1, s.mutable_layers()->end() - 1, s.mutable_layers()->end());
  }
  if (service.dscp)
    setField(s, ipVersion == 6 ? "ipv6" : "ip", ipVersion == 6 ? "ipv6.tclass.dscp" : "ip.dsfield.dscp",
             std::to_string(service.dscp));
  if (pace.yellow) markYellow(s, service.yellowMark, ipVersion);
  const double frameBytes = service.frameSize.averageBytes();
  v1::Rate& rate = *s.mutable_rate();
  if (pace.burstBytes > 0) {
    // Whole frames: at least the burst's bytes (a committed burst is at least CBS).
    const uint64_t frames = std::max<uint64_t>(1, uint64_t(std::ceil(double(pace.burstBytes) / frameBytes)));
    rate.set_unit(v1::Rate::BURSTS_PER_SECOND);
    rate.set_packets_per_burst(uint32_t(std::min<uint64_t>(frames, UINT32_MAX)));
    rate.set_value(pace.mbps * 1e6 / 8 / (double(frames) * frameBytes));
  } else {
    rate.set_unit(v1::Rate::BPS_L2);
    rate.set_value(pace.mbps * 1e6);
  }
  return s;
}

}  // namespace staccato::bench
