#pragma once
/// How `staccato-cli flows run` shows a flow run: a progress line a second, the results table
/// per template, latencies, and the verdict line.
#include <ostream>
#include <string>

#include "client/core/flows/flow_totals.h"

namespace staccato::cli {

/// "  3.0 s  steady     cps 998.0  open 12  est 2990  failed 0  tps 2990  up 1.2 Mbit/s ..."
/// from two readings of the client's run `seconds` apart.
std::string flowProgressLine(const v1::PortFlows& now, const v1::PortFlows& before, double seconds);

/// The client's results: a row per template over the steady phase (rates over
/// `steadySeconds`) and over the whole run, the latency percentiles, the server's counts.
void printFlowResults(std::ostream& out, const v1::PortFlows& client, const v1::PortFlows& server, double steadySeconds);

/// "0 of 3,000 connections failed" or "12 of 3,000 connections failed (refused 12)", with the
/// tester's own limits said apart.
std::string flowVerdictLine(const v1::PortFlows& client);

}  // namespace staccato::cli
