#include "client/models/benchmark_reports.h"

#include <QFileInfo>

#include "client/core/benchmark/report_csv.h"
#include "client/core/benchmark/report_html.h"
#include "client/core/benchmark/report_junit.h"
#include "client/core/benchmark/result_json.h"
#include "common/files/stream_file.h"

namespace staccato::client {
namespace {

QString stem(const QString& path) {
  const QFileInfo f(path);
  return f.suffix().isEmpty() ? path : f.path() + "/" + f.completeBaseName();
}

}  // namespace

QStringList benchmarkReportPaths(const QString& path) {
  const QString s = stem(path);
  return {s + ".html", s + ".json", s + ".csv", s + ".trials.csv", s + ".junit.xml"};
}

Status saveBenchmarkReports(const QString& path, const bench::BenchmarkResult& result) {
  const QStringList paths = benchmarkReportPaths(path);
  const std::string texts[] = {bench::htmlReport(result), bench::resultJson(result), bench::resultsCsv(result),
                               bench::trialsCsv(result), bench::junitReport(result)};
  for (qsizetype i = 0; i < paths.size(); ++i)
    if (auto s = writeFileAtomically(paths[i].toStdString(), texts[i]); !s) return s;
  return Ok{};
}

}  // namespace staccato::client
