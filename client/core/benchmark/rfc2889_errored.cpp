#include "client/core/benchmark/rfc2889_errored.h"

namespace staccato::bench {
namespace {

constexpr const char* kBadFcsWhy =
    "the drone's ports send the FCS their NIC computes (a veth carries none): frames with a bad FCS need a port "
    "that can send them";

std::string bytes(uint32_t n) { return std::to_string(n) + " B"; }

std::string countText(const FrameKindCount& k) {
  if (!k.notTested.empty()) return (k.kind == "bad_fcs" ? "bad FCS" : k.kind) + ": not tested (" + k.notTested + ")";
  return k.kind + " " + k.size + ": " + std::to_string(k.forwarded) + " of " + std::to_string(k.sent) + " forwarded";
}

}  // namespace

Status checkErroredSizes(const ErroredSizes& s) {
  if (s.undersize < kMinUndersizeBytes || s.undersize >= 64)
    return makeError("undersize", "must be " + std::to_string(kMinUndersizeBytes) + "..63 bytes, FCS included");
  if (s.oversize <= 1518 || s.oversize > kMaxOversizeBytes)
    return makeError("oversize", "must be 1519.." + std::to_string(kMaxOversizeBytes) + " bytes, FCS included");
  return Ok{};
}

std::vector<FrameSize> erroredFlowSizes(const FrameSize& valid, const ErroredSizes& sizes) {
  return {valid, FrameSize::fixed(sizes.undersize), FrameSize::fixed(sizes.oversize)};
}

ErroredVerdict erroredOf(const TrafficTrial& t, const FrameSize& valid, const ErroredSizes& sizes) {
  ErroredVerdict v;
  if (t.pairs.size() != 3) {
    v.why = "not an errored frames trial";
    return v;
  }
  const std::vector<std::string> names{"valid", "undersize", "oversize"};
  const std::vector<std::string> labels{valid.label() + (valid.isMix() ? "" : " B"), bytes(sizes.undersize), bytes(sizes.oversize)};
  for (size_t i = 0; i < 3; ++i) v.kinds.push_back({names[i], labels[i], t.pairs[i].sent, t.pairs[i].received, ""});
  v.kinds.push_back({"bad_fcs", "", 0, 0, kBadFcsWhy});
  v.judged = t.judged();
  if (!v.judged) {
    v.why = t.testerNote;
    if (t.pairs[2].sent < t.pairs[2].asked)
      v.why += " (a port sends frames above its MTU only when it is raised: ip link set PORT mtu 9000)";
    return v;
  }
  v.validAllForwarded = t.pairs[0].received == t.pairs[0].sent && t.pairs[0].sent > 0;
  v.undersizeFiltered = t.pairs[1].received == 0;
  v.oversizeFiltered = t.pairs[2].received == 0;
  return v;
}

std::string ErroredVerdict::text() const {
  if (!judged) return "not judged: " + why;
  std::string details;
  for (const FrameKindCount& k : kinds) details += (details.empty() ? "" : "; ") + countText(k);
  std::string failures;
  auto add = [&failures](bool bad, const std::string& what) {
    if (bad) failures += (failures.empty() ? "" : ", ") + what;
  };
  add(!validAllForwarded, "valid frames lost");
  add(!undersizeFiltered, "undersized frames forwarded");
  add(!oversizeFiltered, "oversized frames forwarded");
  return std::string("filters errored frames: ") + (passed() ? "yes" : "no (" + failures + ")") + " (" + details + ")";
}

}  // namespace staccato::bench
