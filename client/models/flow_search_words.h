#pragma once
/// An RFC 9411 search's answer in the Flows page's words: a headline (what was found, "at least"
/// when the top passed, or incomplete), a line saying why as the search does, and its colour.
/// An incomplete search says whose limit ended it: the tester's own (a trial it could not offer,
/// never called the device's), the trial count, or Stop.
#include <QString>

#include "client/core/flows/flow_search_report.h"

namespace staccato::client {

struct FlowSearchWords {
  QString headline;  ///< "Connections per second: 3,120", "Incomplete: the tester's limit …"
  QString detail;    ///< how it ended
  QString colour;    ///< green found, red none passed, amber incomplete
};

/// "3,120 connections/s" or "298 concurrent connections".
QString flowSearchLoadText(double load, bool byRate);

/// `search`'s result in words; `stopped` when Stop ended it (its last trial, if cut short, not judged).
/// A trial the tester limited is said as flowSearchTesterNote says it, as the reports do.
FlowSearchWords flowSearchWords(const FlowSearchRun& search, bool stopped);

}  // namespace staccato::client
