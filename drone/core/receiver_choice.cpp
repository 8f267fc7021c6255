#include "drone/core/receiver_choice.h"

#include <algorithm>
#include <vector>

namespace staccato::drone {
namespace {

using Config = v1::PortConfig;

enum class Engine { kTurbo, kXdpCount, kTcCount, kPcap };

/// What `auto` receives with, per driver, and the measurement behind it (docs/turbo.md,
/// "Choosing the receive engine"; tests/bench/e2e_bench.sh measures it). Drivers not listed
/// keep turbo receive, which keeps up with zero-copy NICs at line rate.
struct AutoRule {
  const char* driver;
  std::vector<Engine> order;  ///< tried in this order
  const char* why;
};

const std::vector<AutoRule>& autoRules() {
  static const std::vector<AutoRule> rules = {
      {"veth",
       {Engine::kXdpCount, Engine::kPcap},
       "measured on veth, 64 B tracked: in-kernel counting takes the in-kernel sender's 2.2-2.5 Mpps exactly, libpcap "
       "0.5-0.6, turbo receive misses frames; with libpcap and AF_XDP senders it costs them about what libpcap receive "
       "does, turbo receive twice that"},
  };
  return rules;
}

const AutoRule kDefaultRule{"", {Engine::kTurbo, Engine::kPcap}, ""};

std::string engineReason(const SignatureReceiver& r, const PortInfo& port) {
  const std::string name = r.engine();
  if (name.starts_with("turbo"))
    return "XDP (" + name.substr(6) + ") + AF_XDP, " + std::to_string(std::max(1u, port.rxQueues)) + " receive queue(s), " +
           r.timestamps() + " timestamps";
  if (name == "xdp-count")
    return "in-kernel counting (" + r.engineNote() + "; counted frames reach the kernel's taps only while a capture of "
           "the port runs), " + r.timestamps() + " timestamps";
  if (name == "tc-count")
    return "in-kernel counting (" + r.engineNote() + ", after the kernel's taps), " + r.timestamps() + " timestamps";
  return "libpcap, " + r.timestamps() + " timestamps";
}

}  // namespace

ReceiverChoice openReceiver(PortSource& source, const PortInfo& port, const v1::PortConfig& config) {
  ReceiverChoice c;
  if (config.reflect() != Config::REFLECT_OFF) {  // the port's XDP hook reflects: nothing else receives there
    auto reflector = source.openReflector(port, config.reflect());
    if (!reflector) {
      c.name = "off";
      c.failed = true;
      c.reason = "the reflector: " + reflector.error().message;
      return c;
    }
    c.receiver = std::move(reflector).value();
    c.name = c.receiver->engine();
    c.reason = "reflecting test frames (" + c.receiver->engineNote() + "); other frames go to the kernel";
    return c;
  }
  if (!config.track_rx()) {
    c.name = "off";
    c.reason = "track_rx is off";
    return c;
  }
  const AutoRule* rule = &kDefaultRule;
  std::vector<Engine> order;
  switch (config.rx_backend()) {
    case Config::RX_PCAP: order = {Engine::kPcap}; break;
    case Config::RX_TURBO: order = {Engine::kTurbo, Engine::kPcap}; break;
    case Config::RX_XDP_COUNT: order = {Engine::kXdpCount, Engine::kPcap}; break;
    case Config::RX_TC_COUNT: order = {Engine::kTcCount, Engine::kPcap}; break;
    default:
      for (const AutoRule& r : autoRules())
        if (port.driver == r.driver) rule = &r;
      order = rule->order;
      break;
  }
  std::vector<std::string> why;  // the engines tried before, and why they did not open
  auto open = [&](Engine e) {
    if (e == Engine::kTurbo) return source.openTurboRx(port);
    if (e == Engine::kPcap) return source.openPcapRx(port);
    return source.openXdpCountRx(port, e == Engine::kTcCount);
  };
  for (Engine e : order) {
    const char* label = e == Engine::kTurbo      ? "turbo receive"
                        : e == Engine::kXdpCount ? "in-kernel counting"
                        : e == Engine::kTcCount  ? "in-kernel counting at tc"
                                                 : "libpcap";
    if (e != Engine::kPcap && !source.hasTurbo()) {
      why.push_back(std::string(label) + ": turbo not built into this drone");
      continue;
    }
    auto rx = open(e);
    if (!rx) {
      why.push_back(std::string(label) + ": " + (e == Engine::kPcap ? rx.error().toString() : rx.error().message));
      continue;
    }
    c.receiver = std::move(rx).value();
    c.name = c.receiver->engine();
    c.fellBack = !why.empty();
    if (config.rx_backend() == Config::RX_PCAP) {
      c.reason = "libpcap (forced by the port's configuration); " + c.receiver->timestamps() + " timestamps";
    } else {
      c.reason = engineReason(*c.receiver, port);
      for (const std::string& w : why) c.reason += "; not " + w;
    }
    if (config.rx_backend() == Config::RX_AUTO && rule != &kDefaultRule)
      c.reason = "auto for driver " + port.driver + " (" + rule->why + "): " + c.reason;
    return c;
  }
  c.name = "off";
  c.failed = true;
  for (const std::string& w : why) c.reason += (c.reason.empty() ? "" : "; ") + w;
  return c;
}

}  // namespace staccato::drone
