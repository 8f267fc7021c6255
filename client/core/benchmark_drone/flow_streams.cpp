#include "client/core/benchmark_drone/flow_streams.h"

#include <algorithm>

namespace staccato::bench {
namespace {

/// The port's first group with an address of `ipVersion` (null = none).
const v1::DeviceGroup* hostGroup(const v1::Port& port, unsigned ipVersion) {
  for (const v1::DeviceGroup& g : port.config().devices())
    if (!(ipVersion == 6 ? g.ipv6().address() : g.ipv4().address()).empty()) return &g;
  return nullptr;
}

std::string hostAddress(const v1::DeviceGroup* g, unsigned ipVersion) {
  return !g ? "" : ipVersion == 6 ? g->ipv6().address() : g->ipv4().address();
}

v1::Layer* addLayer(v1::Stream& s, const std::string& protocol) {
  v1::Layer* l = s.add_layers();
  l->set_protocol(protocol);
  return l;
}

}  // namespace

Result<FlowAddressing> flowAddressing(const v1::Port& tx, const v1::Port& rx, unsigned ipVersion, size_t index) {
  const v1::DeviceGroup* group = hostGroup(tx, ipVersion);
  const std::string from = hostAddress(group, ipVersion), to = hostAddress(hostGroup(rx, ipVersion), ipVersion);
  const std::string family = ipVersion == 6 ? "IPv6" : "IPv4";
  if (from.empty() != to.empty()) {
    const v1::Port& bare = from.empty() ? tx : rx;
    return makeError(bare.name(), "emulates no " + family + " host while " + (from.empty() ? rx : tx).name() +
                                      " does: give both ports hosts (staccato-cli devices PORT add ...) to test a "
                                      "router, or neither for an L2 device");
  }
  if (!from.empty()) {
    // Every host of the group sends (the device learns each of them), one frame each in turn.
    const uint64_t step = ipVersion == 6 ? group->ipv6().step() : group->ipv4().step();
    return FlowAddressing{"device", "resolve", from, to, std::max<uint32_t>(1, group->count()), step ? step : 1};
  }
  // Plain L2: one address pair per flow from the ranges RFC 2544 (198.18.0.0/15) and RFC 5180
  // (2001:2::/48) set aside for benchmarks.
  const std::string n = std::to_string(index % 250 + 1);
  if (ipVersion == 6) return FlowAddressing{tx.mac(), rx.mac(), "2001:2::" + n, "2001:2:0:1::" + n};
  return FlowAddressing{tx.mac(), rx.mac(), "198.18.0." + n, "198.19.0." + n};
}

v1::Stream flowStream(const Flow& flow, const FlowAddressing& a, unsigned ipVersion, const FrameSize& size,
                      const FlowPace& pace) {
  v1::Stream s;
  s.set_id(flow.streamId);
  s.set_name("benchmark " + flow.tx.port + " -> " + (flow.reflected() ? flow.via.port + " -> " : "") + flow.rx.port);
  auto& eth = *addLayer(s, "eth")->mutable_fields();
  eth["eth.src"] = a.srcMac;
  eth["eth.dst"] = a.dstMac;
  const std::string ip = ipVersion == 6 ? "ipv6" : "ip";
  auto& l3 = *addLayer(s, ip)->mutable_fields();
  l3[ip + ".src"] = a.srcIp;
  l3[ip + ".dst"] = a.dstIp;
  if (a.hosts > 1) {
    v1::VariableField* v = s.add_variable_fields();
    v->set_field(ip + ".src");
    v->set_step(a.hostStep);
    v->set_count(a.hosts);
  }
  addLayer(s, "udp");
  addLayer(s, "payload");
  addLayer(s, "signature");
  v1::FrameLength* length = s.mutable_frame_length();
  if (size.isMix()) {
    length->set_mode(v1::FrameLength::IMIX);
    for (const WeightedLength& w : size.mix) {
      v1::FrameLength::WeightedSize* m = length->add_mix();
      m->set_length(w.length);
      m->set_weight(w.weight);
    }
  } else {
    length->set_mode(v1::FrameLength::FIXED);
    length->set_fixed(size.bytes);
  }
  s.mutable_rate()->set_unit(v1::Rate::PPS);
  s.mutable_rate()->set_value(pace.pps);
  if (pace.frames) {
    s.mutable_control()->set_mode(v1::Control::PACKETS);
    s.mutable_control()->set_count(pace.frames);
  } else {
    s.mutable_control()->set_mode(v1::Control::CONTINUOUS);
  }
  s.mutable_control()->set_after(v1::Control::STOP);
  return s;
}

}  // namespace staccato::bench
