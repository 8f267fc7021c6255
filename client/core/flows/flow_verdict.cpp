#include "client/core/flows/flow_verdict.h"

namespace staccato::client {

std::string flowFailureKinds(const FlowTotals& t) {
  std::string kinds;
  auto add = [&](const char* name, uint64_t n) {
    if (n) kinds += (kinds.empty() ? "" : ", ") + std::string(name) + " " + std::to_string(n);
  };
  add("refused", t.refused);
  add("reset", t.reset);
  add("timed out", t.timedOut);
  add("invalid", t.invalid);
  return kinds;
}

std::string flowVerdictLine(const v1::PortFlows& c) {
  const FlowTotals t = flowTotals(c);
  std::string line = std::to_string(t.failures()) + " of " + std::to_string(t.attempted) + " connections failed";
  if (t.failures()) line += " (" + flowFailureKinds(t) + ")";
  if (const uint64_t cut = cutAtEnd(c)) line += "; " + std::to_string(cut) + " open at the end were closed by the tester";
  if (t.tester)
    line += "; " + std::to_string(t.tester) +
            " could not be opened for the tester's own limits (descriptors, source ports): not counted as the device's";
  if (c.most_behind())
    line += "; the client fell up to " + std::to_string(c.most_behind()) +
            " connections behind its schedule: the rate asked for is past this tester, not judged";
  if (c.descriptor_limited())
    line += "; the drone's descriptor budget held back " + std::to_string(c.descriptor_limited()) +
            " connections (the tester's limit, not the device's)";
  if (!c.error().empty()) line += "; the run ended early: " + c.error();
  return line;
}

bool flowRunLimitedByTester(const v1::PortFlows& c) {
  return flowTotals(c).tester > 0 || c.most_behind() > 0 || c.descriptor_limited() > 0;
}

}  // namespace staccato::client
