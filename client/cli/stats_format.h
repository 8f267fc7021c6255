#pragma once
/// Printing stats snapshots: human tables and JSON for CI.
#include <ostream>

#include "staccato/v1/drone.pb.h"

namespace staccato::cli {

void printPortTable(std::ostream& out, const v1::ListPortsReply& ports);
void printStatsTables(std::ostream& out, const v1::StatsSnapshot& snap);
/// A reply as JSON with proto field names and 64-bit numbers as numbers (not strings), e.g. a
/// stats snapshot {"ports": [...], "streams": [...]}.
void printJson(std::ostream& out, const google::protobuf::Message& message);
std::string toJson(const google::protobuf::Message& message);
/// One line for a live progress display: a sending port's row and, when shown, a receiving one's.
std::string progressLine(const v1::PortStats* tx, const v1::PortStats* rx);

}  // namespace staccato::cli
