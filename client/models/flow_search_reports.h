#pragma once
/// Saves an RFC 9411 search's reports side by side, as `staccato-cli benchmark rfc9411` writes
/// them (client/core/flows/flow_search_report.h): NAME.html, NAME.csv (a row a trial) and
/// NAME.junit.xml.
#include <QString>
#include <QStringList>

#include "client/core/flows/flow_search_report.h"

namespace staccato::client {

/// The files saveFlowSearchReports writes for `path` (NAME.html, or NAME with any extension).
QStringList flowSearchReportPaths(const QString& path);
/// Writes every report (each atomically); the first error stops it.
Status saveFlowSearchReports(const QString& path, const FlowSearchRun& search);

}  // namespace staccato::client
