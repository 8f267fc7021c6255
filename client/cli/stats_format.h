#pragma once
/// Printing stats snapshots: human tables and JSON for CI.
#include <ostream>

#include "staccato/v1/drone.pb.h"

namespace staccato::cli {

void printPortTable(std::ostream& out, const v1::ListPortsReply& ports);
void printStatsTables(std::ostream& out, const v1::StatsSnapshot& snap);
/// JSON with numbers as numbers: {"ports": [...], "streams": [...]}.
void printStatsJson(std::ostream& out, const v1::StatsSnapshot& snap);
/// One line for a live progress display.
std::string progressLine(const v1::StatsSnapshot& snap, const std::string& txPort, const std::string& rxPort);

}  // namespace staccato::cli
