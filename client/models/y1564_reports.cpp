#include "client/models/y1564_reports.h"

#include "client/core/benchmark/y1564_report_csv.h"
#include "client/core/benchmark/y1564_report_html.h"
#include "client/core/benchmark/y1564_report_junit.h"
#include "client/core/benchmark/y1564_result_json.h"
#include "client/models/benchmark_reports.h"

namespace staccato::client {

QStringList y1564ReportPaths(const QString& path) {
  const QString s = reportStem(path);
  return {s + ".html", s + ".json", s + ".csv", s + ".junit.xml"};
}

Status saveY1564Reports(const QString& path, const bench::Y1564Result& result) {
  return writeReportFiles(y1564ReportPaths(path), {bench::y1564HtmlReport(result), bench::y1564ResultJson(result),
                                                   bench::y1564StepsCsv(result), bench::y1564Junit(result)});
}

}  // namespace staccato::client
