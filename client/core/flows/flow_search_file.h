#pragma once
/// What `staccato-cli benchmark rfc9411 --json` writes, read back into a FlowSearchRun, so the
/// reports render again from it (`staccato-cli benchmark report RESULT.json --report OUT.html`)
/// as they do from the other benchmarks' result files. The profile and each trial's client
/// numbers are protobuf's JSON mapping (64-bit counts quoted or not); times ISO 8601.
#include <string>
#include <string_view>

#include "client/core/flows/flow_search_report.h"
#include "common/core/result.h"

namespace staccato::client {

/// The search in `json`; an error names the member that is missing or wrong.
Result<FlowSearchRun> parseFlowSearchJson(std::string_view json);
/// The file at `path` (errors start with its name).
Result<FlowSearchRun> readFlowSearchFile(const std::string& path);
/// True when `json` is such a file: an object with "search", "found" and "trials" and no
/// "format" (the other benchmarks' result files name theirs).
bool isFlowSearchJson(std::string_view json);

}  // namespace staccato::client
