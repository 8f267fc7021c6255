#pragma once
/// RFC 9411 searches (`staccato-cli benchmark rfc9411`, the GUI's Benchmark page) as reports, in
/// the style of the RFC 2544, Y.1564 and RFC 2889 ones and with their machinery
/// (client/core/benchmark: html_page, html_table, svg_chart, junit_xml): one self-contained HTML
/// page, JUnit XML for CI, CSV for spreadsheets. Each is rendered from a FlowSearchRun alone.
///
/// Honest numbers: a trial the tester limited (its own descriptors or source ports, a client
/// behind its schedule, a trial that could not run) is never a pass or a failure of the device;
/// every report says the tester limited it and that the search ended there, incomplete.
#include <string>

#include "client/core/flows/flow_search.h"
#include "client/core/flows/flow_totals.h"
#include "common/core/result.h"

namespace staccato::client {

/// Everything one search's reports say: what was searched and how, and how it went.
struct FlowSearchRun {
  v1::FlowProfile profile;  ///< as run: its steady phase lasts a trial's measured seconds
  bool byRate = true;       ///< connections per second; false: concurrent connections
  FlowSearchSettings settings;
  FlowCriteria criteria;
  std::string clientPort, serverPort;  ///< as given: "demo0", "eth1@10.0.0.2:50051"
  std::string generator;               ///< "staccato 0.4.0"
  int64_t startNs = 0, endNs = 0;      ///< wall clock, ns since the Unix epoch
  FlowSearchResult result;
};

/// One trial's figures as every report writes them, from the client side's steady phase (the
/// numbers the trial was judged on).
struct FlowTrialFigures {
  bool measured = false;  ///< the trial ran: the figures below are its client side's
  FlowTotals steady;
  double connectionsPerSecond = 0;  ///< established in the steady phase a second of it
  v1::LatencyStats connect, firstByte, lastByte;  ///< samples 0 when none
};
FlowTrialFigures flowTrialFigures(const FlowSearchRun& run, const FlowSearchTrial& trial);

/// "connections/s" or "concurrent".
std::string flowSearchUnit(const FlowSearchRun& run);
/// "passed", "failed", "tester-limited" or "stopped" (on request: not judged either).
std::string flowTrialVerdict(const FlowTrialOutcome& outcome);
/// What was found: "connections per second: 3100", "... at least 500", "... none passed", with
/// "(incomplete)" when it is.
std::string flowSearchFound(const FlowSearchRun& run);
/// The answer in one line: flowSearchFound, then how the search ended ("... - passes at 3100,
/// fails at 3150").
std::string flowSearchAnswer(const FlowSearchRun& run);
/// The search's criteria in words: "at most 0.1 % of the steady phase's connections failed,
/// last-byte p99 at most 5 ms".
std::string flowSearchCriteriaText(const FlowCriteria& criteria);
/// "" unless a trial was tester-limited; else which one, why, and that the search ended there:
/// the result is what passed below it, not the device's limit.
std::string flowSearchTesterNote(const FlowSearchRun& run);
/// "" unless a concurrency search's profile opens without a bound (no `load.open_rate`): then
/// that each refused connection is replaced at once, and why that can lower what a device holds.
std::string flowSearchPacingNote(const v1::FlowProfile& profile, bool byRate);

/// The reports: an HTML page (summary, profile, settings and criteria, a chart and a table of
/// the trials), JUnit XML (a test case per trial and one for the result) and CSV (a row a trial).
std::string flowSearchHtml(const FlowSearchRun& run);
std::string flowSearchJunit(const FlowSearchRun& run);
std::string flowSearchCsv(const FlowSearchRun& run);

/// The same, written to `path` atomically (a reader never sees half a report).
Status writeFlowSearchHtml(const std::string& path, const FlowSearchRun& run);
Status writeFlowSearchJunit(const std::string& path, const FlowSearchRun& run);
Status writeFlowSearchCsv(const std::string& path, const FlowSearchRun& run);

}  // namespace staccato::client
