#include "tests/support/stacks.h"

#include <gtest/gtest.h>

#include <deque>

#include "common/packet/builder.h"
#include "common/packet/parser.h"
#include "common/packet/registry.h"
#include "tests/support/field_cases.h"

namespace staccato::test {

v1::Layer L(const std::string& protocol, std::map<std::string, std::string> fields) {
  v1::Layer l;
  l.set_protocol(protocol);
  for (auto& [k, v] : fields) (*l.mutable_fields())[k] = v;
  return l;
}

v1::Stream S(std::vector<v1::Layer> layers, uint32_t frameLength) {
  v1::Stream s;
  s.set_id(1);
  for (auto& l : layers) *s.add_layers() = l;
  s.mutable_frame_length()->set_fixed(frameLength);
  return s;
}

std::vector<Frame> buildFrames(const v1::Stream& stream, size_t n) {
  auto plan = compile(stream);
  EXPECT_TRUE(plan.ok()) << (plan.ok() ? "" : plan.error().toString());
  if (!plan.ok()) return {};
  PacketRenderer r(*plan);
  std::vector<Frame> out;
  for (size_t i = 0; i < n; ++i) {
    auto f = r.next(1'000'000'000ull + i);
    out.emplace_back(f.begin(), f.end());
  }
  return out;
}

Frame buildFrame(const v1::Stream& stream) {
  auto frames = buildFrames(stream, 1);
  return frames.empty() ? Frame{} : frames[0];
}

void expectRebuildsTheSame(const Frame& frame) {
  v1::Stream again = S({}, static_cast<uint32_t>(frame.size() + kFcsBytes));
  for (const ParsedLayer& p : parseFrame(frame)) *again.add_layers() = toModelLayer(p.state);
  EXPECT_EQ(buildFrame(again), frame);
}

std::string compileError(const v1::Stream& stream) {
  auto plan = compile(stream);
  return plan.ok() ? "" : plan.error().toString();
}

std::vector<v1::Layer> hostStack(const std::string& protocol, size_t* at) {
  const ProtocolRegistry& reg = ProtocolRegistry::builtin();
  const ProtocolSpec* target = reg.find(protocol);
  std::vector<std::string> names;
  if (target->role == LayerRole::kTrailer) {
    names = {"eth", "ip", "udp", "payload", protocol};
  } else if (target->role != LayerRole::kHeader) {
    names = {"eth", "ip", "udp", protocol};
  } else {
    // Breadth-first down the bindings to eth (the first binding of each protocol is its usual one).
    std::map<std::string, std::string> parent;
    std::deque<std::string> queue{protocol};
    parent[protocol] = "";
    while (!queue.empty()) {
      std::string cur = queue.front();
      queue.pop_front();
      if (cur == "eth") break;
      for (const Binding& b : reg.bindings(*reg.find(cur)))
        if (!b.field.empty() && !parent.count(std::string(b.lower))) {
          parent[std::string(b.lower)] = cur;
          queue.push_back(std::string(b.lower));
        }
    }
    for (std::string n = "eth"; !n.empty(); n = parent[n]) names.push_back(n);
    if (fieldCaseRules(protocol).carriesPayload) names.push_back("payload");
  }
  std::vector<v1::Layer> layers;
  for (size_t i = 0; i < names.size(); ++i) {
    if (names[i] == protocol && at) *at = i;
    layers.push_back(L(names[i]));
  }
  return layers;
}

}  // namespace staccato::test
