#include "client/core/benchmark_drone/flow_streams.h"

namespace staccato::bench {
namespace {

/// The first emulated host's address of `ipVersion` on the port ("" = none).
std::string hostAddress(const v1::Port& port, unsigned ipVersion) {
  for (const v1::DeviceGroup& g : port.config().devices()) {
    const std::string& a = ipVersion == 6 ? g.ipv6().address() : g.ipv4().address();
    if (!a.empty()) return a;
  }
  return "";
}

v1::Layer* addLayer(v1::Stream& s, const std::string& protocol) {
  v1::Layer* l = s.add_layers();
  l->set_protocol(protocol);
  return l;
}

}  // namespace

Result<FlowAddressing> flowAddressing(const v1::Port& tx, const v1::Port& rx, unsigned ipVersion, size_t index) {
  const std::string from = hostAddress(tx, ipVersion), to = hostAddress(rx, ipVersion);
  const std::string family = ipVersion == 6 ? "IPv6" : "IPv4";
  if (from.empty() != to.empty()) {
    const v1::Port& bare = from.empty() ? tx : rx;
    return makeError(bare.name(), "emulates no " + family + " host while " + (from.empty() ? rx : tx).name() +
                                      " does: give both ports hosts (staccato-cli devices PORT add ...) to test a "
                                      "router, or neither for an L2 device");
  }
  if (!from.empty()) return FlowAddressing{"device", "resolve", from, to};
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
  s.set_name("benchmark " + flow.tx.port + " -> " + flow.rx.port);
  auto& eth = *addLayer(s, "eth")->mutable_fields();
  eth["eth.src"] = a.srcMac;
  eth["eth.dst"] = a.dstMac;
  const std::string ip = ipVersion == 6 ? "ipv6" : "ip";
  auto& l3 = *addLayer(s, ip)->mutable_fields();
  l3[ip + ".src"] = a.srcIp;
  l3[ip + ".dst"] = a.dstIp;
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
