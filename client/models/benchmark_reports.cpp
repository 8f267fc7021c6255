#include "client/models/benchmark_reports.h"

#include <QFileInfo>

#include "client/core/benchmark/report_csv.h"
#include "client/core/benchmark/report_html.h"
#include "client/core/benchmark/report_junit.h"
#include "client/core/benchmark/result_json.h"
#include "common/files/stream_file.h"

namespace staccato::client {

QString reportStem(const QString& path) {
  const QFileInfo f(path);
  return f.suffix().isEmpty() ? path : f.path() + "/" + f.completeBaseName();
}

QStringList benchmarkReportPaths(const QString& path) {
  const QString s = reportStem(path);
  return {s + ".html", s + ".json", s + ".csv", s + ".trials.csv", s + ".junit.xml"};
}

Status writeReportFiles(const QStringList& paths, const std::vector<std::string>& texts) {
  for (qsizetype i = 0; i < paths.size() && size_t(i) < texts.size(); ++i)
    if (auto s = writeFileAtomically(paths[i].toStdString(), texts[size_t(i)]); !s) return s;
  return Ok{};
}

Status saveBenchmarkReports(const QString& path, const bench::BenchmarkResult& result) {
  return writeReportFiles(benchmarkReportPaths(path), {bench::htmlReport(result), bench::resultJson(result), bench::resultsCsv(result),
                                                       bench::trialsCsv(result), bench::junitReport(result)});
}

}  // namespace staccato::client
