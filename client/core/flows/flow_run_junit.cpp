#include "client/core/flows/flow_run_junit.h"

#include "client/core/benchmark/junit_xml.h"
#include "client/core/flows/flow_verdict.h"
#include "common/core/decimal_text.h"

namespace staccato::client {

namespace {

bool tooManyFailures(const FlowTotals& t, double maxFailureRatio) {
  return double(t.failures()) > maxFailureRatio * double(t.attempted);
}

std::string figures(const FlowTotals& t, double seconds) {
  return "attempted " + std::to_string(t.attempted) + ", established " + std::to_string(t.established) + ", completed " +
         std::to_string(t.completed) + ", failed " + std::to_string(t.failures()) + ", transactions " +
         std::to_string(t.transactions) + ", " + decimalText(perSecond(t.attempted, seconds)) + " connections/s";
}

}  // namespace

bool flowRunPassed(const v1::PortFlows& client, double maxFailureRatio) {
  return !tooManyFailures(flowTotals(client), maxFailureRatio) && !flowRunLimitedByTester(client) && client.error().empty();
}

std::string flowRunJunit(const v1::FlowProfile& profile, const v1::PortFlows& client, double maxFailureRatio) {
  const double steady = profile.load().steady_seconds(), whole = double(client.elapsed_ns()) / 1e9;
  bench::JunitSuite templates{"templates", {}};
  for (int i = 0; i < client.templates_size(); ++i) {
    const FlowTotals t = flowTotals(client, "steady", i);
    bench::JunitCase c{client.templates(i).name(), "", "", "", figures(t, steady) + " (steady phase)", steady};
    if (tooManyFailures(t, maxFailureRatio))
      c.failure = std::to_string(t.failures()) + " of " + std::to_string(t.attempted) + " connections failed (" +
                  flowFailureKinds(t) + "), more than " + decimalText(maxFailureRatio * 100) + " %";
    templates.cases.push_back(std::move(c));
  }
  bench::JunitCase verdict{"verdict", "", "", "", figures(flowTotals(client), whole) + " (whole run)", whole};
  const std::string line = flowVerdictLine(client);
  if (!client.error().empty())
    verdict.error = line;
  else if (flowRunLimitedByTester(client))
    verdict.skipped = line;  // the tester's limit: not the device's failure
  else if (!flowRunPassed(client, maxFailureRatio))
    verdict.failure = line;
  bench::JunitSuite run{"run", {std::move(verdict)}};
  return bench::junitXml("flows " + profile.name(), "staccato.flows", {templates, run}, whole);
}

}  // namespace staccato::client
