#pragma once
/// The benchmark's result as JSON: the source of truth every report is rendered from (HTML, CSV,
/// JUnit), and what Python reads. Written and read back to an equal BenchmarkResult; its members
/// are described once (result_fields.h), and that description is also its JSON Schema.
#include <string>
#include <string_view>

#include "client/core/benchmark/benchmark_result.h"
#include "common/core/result.h"

namespace staccato::bench {

/// Names the file's kind and the newest format this build reads.
inline constexpr std::string_view kResultFormat = "staccato-benchmark";
inline constexpr uint32_t kResultFormatVersion = 1;

std::string resultJson(const BenchmarkResult& result);
Result<BenchmarkResult> parseResultJson(std::string_view json);
/// The result file's JSON Schema (`staccato-cli benchmark schema`).
std::string resultSchema();

/// A config alone as JSON (the result's "config" member), and back: absent members keep their
/// defaults, so a config file needs only what differs.
std::string configJson(const BenchmarkConfig& config);
Result<BenchmarkConfig> parseConfigJson(std::string_view json);

/// Atomic write (temporary file + rename) and read of a result file.
Status writeResultFile(const std::string& path, const BenchmarkResult& result);
Result<BenchmarkResult> readResultFile(const std::string& path);

}  // namespace staccato::bench
