#pragma once
/// The RFC 2889 page's words for what a traffic test found, apart from the page so that it stays
/// small: each pattern's title, and the verdicts in large type (congestion control's, forward
/// pressure's, errored frames') with their counts below, from the core's verdicts
/// (congestionOf, forwardingOf, erroredOf).
#include <QString>

#include "client/core/benchmark/rfc2889_errored.h"
#include "client/core/benchmark/rfc2889_forwarding.h"
#include "client/core/benchmark/rfc2889_patterns.h"
#include "client/core/benchmark/rfc2889_traffic.h"

namespace staccato::client {

/// What the answer starts with: "Fully meshed", "Forward pressure", ...
QString rfc2889PatternTitle(bench::TrafficPattern pattern);
/// The one trial of a test that runs one (or the last of forward pressure's sweep), as the pairs'
/// caption names it: "the broadcast trial", "the forward pressure trial", ...
QString rfc2889OneTrialName(bench::TrafficPattern pattern);

/// "head-of-line blocking: no, back pressure: yes"; the counts go below (CongestionVerdict::text).
QString congestionHeadline(const bench::CongestionVerdict& v);
/// "maximum forwarding rate 1.49 Mfps (100 % of the line rate), forward pressure: no" (yes, not
/// judged); the rates behind it go below (ForwardingVerdict::text).
QString forwardingHeadline(const bench::ForwardingVerdict& v);
/// "filters errored frames: yes" / "no (undersized frames forwarded)" / "not judged".
QString erroredHeadline(const bench::ErroredVerdict& v);
/// A line per kind of frame: "Valid, 64 B: 1,000 of 1,000 forwarded", "Undersize, 60 B: 0 of
/// 1,000 forwarded: filtered", "Bad FCS: not tested (why)"; when not judged, why.
QString erroredKindsText(const bench::ErroredVerdict& v);

}  // namespace staccato::client
