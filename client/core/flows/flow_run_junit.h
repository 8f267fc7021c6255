#pragma once
/// A flow run's results as JUnit XML (staccato-cli flows run --junit): a case per template, its
/// steady phase judged by the failure ratio, and the run's verdict, skipped (not failed) when
/// the tester's own limits showed: those numbers do not judge the device.
#include <string>

#include "staccato/v1/drone.pb.h"
#include "staccato/v1/flow.pb.h"

namespace staccato::client {

/// Whether a run passed: at most `maxFailureRatio` of its connections failed, the tester kept up
/// and the run did not end early (the CLI's exit status and the verdict case say the same).
bool flowRunPassed(const v1::PortFlows& client, double maxFailureRatio);

/// The document for the client side's results of `profile`'s run.
std::string flowRunJunit(const v1::FlowProfile& profile, const v1::PortFlows& client, double maxFailureRatio);

}  // namespace staccato::client
