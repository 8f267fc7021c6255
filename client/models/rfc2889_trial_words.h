#pragma once
/// What the RFC 2889 page says of one trial, in its results table and its progress line: the
/// verdict word (PASS, FAIL, NOT JUDGED), why, and the trial in one line, as the CLI prints it.
#include <QColor>
#include <QString>

#include "client/core/benchmark/rfc2889_address_search.h"
#include "client/core/benchmark/rfc2889_traffic.h"

namespace staccato::client {

/// "PASS", "FAIL" or "NOT JUDGED" (the tester did not send or count as asked).
QString rfc2889Verdict(const bench::AddressTrial& t);
QString rfc2889Verdict(const bench::TrafficTrial& t);
/// The verdict's colour: green, red, or amber for a trial not judged.
QColor rfc2889VerdictColour(const QString& verdict);
/// Why: "every address learned", "12 flooded: not every address learned", the tester's note...
QString rfc2889Reason(const bench::AddressTrial& t);
QString rfc2889Reason(const bench::TrafficTrial& t);
/// "2,048 addresses at 1 kfps: 2,048 forwarded, 0 flooded: every address learned"
QString rfc2889TrialLine(const bench::AddressTrial& t);
/// "40 % (5.95 kfps a port): 71,424 sent, 71,424 received, 0 lost: passed"
QString rfc2889TrialLine(const bench::TrafficTrial& t);

}  // namespace staccato::client
