#pragma once
/// How `staccato-cli flows run` shows a flow run: a progress line a second, the results table
/// per template and latencies; the verdict line is client/core/flows/flow_verdict.h's.
#include <ostream>
#include <string>

#include "client/core/flows/flow_totals.h"
#include "client/core/flows/flow_verdict.h"

namespace staccato::cli {

/// "  3.0 s  steady     cps 998.0  open 12  est 2990  failed 0  tps 2990  up 1.2 Mbit/s ..."
/// from two readings of the client's run `seconds` apart.
std::string flowProgressLine(const v1::PortFlows& now, const v1::PortFlows& before, double seconds);

/// The results: a row per template over the steady phase (rates over `steadySeconds`) and over
/// the whole run, of the client side (or, without one, the server side's own), then the
/// latency percentiles and the server's counts when both sides ran. Either may be null.
void printFlowResults(std::ostream& out, const v1::PortFlows* client, const v1::PortFlows* server, double steadySeconds);

}  // namespace staccato::cli
