#pragma once
/// Saves a Y.1564 run's reports next to each other, all rendered by the core's writers from the
/// one result: NAME.html, NAME.json (the source, read back by readY1564ResultFile), NAME.csv
/// (a row per step and per service's performance test) and NAME.junit.xml.
#include <QString>
#include <QStringList>

#include "client/core/benchmark/y1564_runner.h"
#include "common/core/result.h"

namespace staccato::client {

/// The files saveY1564Reports writes for `path` (NAME.html, or NAME with any extension).
QStringList y1564ReportPaths(const QString& path);
/// Writes every report (each atomically); the first error stops it.
Status saveY1564Reports(const QString& path, const bench::Y1564Result& result);

}  // namespace staccato::client
