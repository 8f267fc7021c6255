#include "client/models/flow_search_reports.h"

#include "client/models/benchmark_reports.h"

namespace staccato::client {

QStringList flowSearchReportPaths(const QString& path) {
  const QString s = reportStem(path);
  return {s + ".html", s + ".csv", s + ".junit.xml"};
}

Status saveFlowSearchReports(const QString& path, const FlowSearchRun& search) {
  return writeReportFiles(flowSearchReportPaths(path), {flowSearchHtml(search), flowSearchCsv(search), flowSearchJunit(search)});
}

}  // namespace staccato::client
