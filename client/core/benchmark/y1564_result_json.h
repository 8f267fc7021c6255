#pragma once
/// A Y.1564 run's result as JSON: the source every Y.1564 report is rendered from (HTML, CSV,
/// JUnit), written and read back to an equal Y1564Result. Its members are described once
/// (y1564_fields.h), the config's with the config file's own; each second of the performance
/// test is a row [sent, received], so 24 hours of 16 services stay under the read limit (64 MB).
#include <string>
#include <string_view>

#include "client/core/benchmark/y1564_runner.h"
#include "common/core/result.h"

namespace staccato::bench {

/// Names the file's kind and the newest format this build reads.
inline constexpr std::string_view kY1564ResultFormat = "staccato-y1564-result";
inline constexpr uint32_t kY1564ResultFormatVersion = 1;

std::string y1564ResultJson(const Y1564Result& result);
/// Reads a result: every value is checked (its range, and against the config: a step's service,
/// the number of steps, services and seconds); the first wrong one is the error, named by its
/// JSON path ("performance[1].per_second[7][0]").
Result<Y1564Result> parseY1564Result(std::string_view json);
/// The result file's JSON Schema.
std::string y1564ResultSchema();

/// Atomic write (temporary file + rename) and size-limited read of a result file.
Status writeY1564ResultFile(const std::string& path, const Y1564Result& result);
Result<Y1564Result> readY1564ResultFile(const std::string& path);

}  // namespace staccato::bench
