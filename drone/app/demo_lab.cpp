#include "drone/app/demo_lab.h"

#include "drone/app/lab_setup.h"

namespace staccato::drone {

namespace {
constexpr const char* kOption = "--demo-lab";
}  // namespace

Status checkDemoLabPermitted() { return checkLabPermitted(kOption); }

Result<DemoLab> enterDemoLab() {
  const std::string option = kOption;
  if (auto s = checkLabPermitted(option); !s) return s.error();
  auto ip = IpCommand::find(option);
  if (!ip) return ip.error();
  if (auto s = enterPrivateNamespaces(option); !s) return s.error();

  DemoLab lab{"demo lab", "", {}};
  if (auto s = ip->run({"link", "set", "lo", "up"}); !s) return s.error();
  // Before the pair exists, so that it is born without IPv6.
  if (auto w = turnIpv6Off()) lab.warnings.push_back(*w);
  const std::string queues = std::to_string(kDemoLabQueues);
  if (auto s = ip->run({"link", "add", kDemoLabPortA, "numtxqueues", queues, "numrxqueues", queues, "type", "veth", "peer",
                        "name", kDemoLabPortB, "numtxqueues", queues, "numrxqueues", queues});
      !s)
    return s.error();
  for (const char* port : {kDemoLabPortA, kDemoLabPortB})
    if (auto s = ip->run({"link", "set", port, "up"}); !s) return s.error();
  lab.summary = std::string("veth pair ") + kDemoLabPortA + " <-> " + kDemoLabPortB + " (" + queues +
                " queues) in a private network namespace, removed when the drone exits";
  return lab;
}

}  // namespace staccato::drone
