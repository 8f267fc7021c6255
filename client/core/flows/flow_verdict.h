#pragma once
/// A flow run's verdict in words, one home for every client (the CLI's last line, the GUI's
/// Flows page): how many connections failed and how, with the tester's own limits, the
/// connections cut at the end and a client behind its schedule said apart, never as the device's.
#include <string>

#include "client/core/flows/flow_totals.h"

namespace staccato::client {

/// "refused 3, timed out 1": the device's failures by kind, "" when there are none.
std::string flowFailureKinds(const FlowTotals& totals);

/// "0 of 3000 connections failed" or "12 of 3000 connections failed (refused 12)", then the
/// tester's own limits, connections closed by the tester at the end, how far the client fell
/// behind and why the run ended early, each in its own clause.
std::string flowVerdictLine(const v1::PortFlows& client);

/// True when the tester's own limits showed (connections it could not open, a client behind its
/// schedule): the numbers then do not judge the device alone.
bool flowRunLimitedByTester(const v1::PortFlows& client);

}  // namespace staccato::client
