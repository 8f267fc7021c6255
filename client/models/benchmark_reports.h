#pragma once
/// Saves a benchmark's reports next to each other, all rendered by the runner's writers from
/// the one result: NAME.html, NAME.json (the source, what Python reads), NAME.csv (results),
/// NAME.trials.csv (every trial, as the CLI names it) and NAME.junit.xml.
#include <QString>
#include <QStringList>

#include <string>
#include <vector>

#include "client/core/benchmark/benchmark_result.h"
#include "common/core/result.h"

namespace staccato::client {

/// NAME of NAME.html (or NAME with any extension, or none): where a run's reports go side by side.
QString reportStem(const QString& path);
/// Writes texts[i] to paths[i], each atomically; the first error stops it.
Status writeReportFiles(const QStringList& paths, const std::vector<std::string>& texts);
/// The files saveBenchmarkReports writes for `path` (NAME.html, or NAME with any extension).
QStringList benchmarkReportPaths(const QString& path);
/// Writes every report (each atomically); the first error stops it.
Status saveBenchmarkReports(const QString& path, const bench::BenchmarkResult& result);

}  // namespace staccato::client
