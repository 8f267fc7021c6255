#pragma once
/// The result file's parts, each written and read in one place (config_json.cpp, trial_json.cpp,
/// result_json.cpp) so that the two directions cannot drift apart.
#include <string_view>

#include "client/core/benchmark/benchmark_result.h"
#include "client/core/benchmark/json_reader.h"
#include "client/core/benchmark/json_writer.h"

namespace staccato::bench::json {

void write(JsonWriter& w, std::string_view key, const BenchmarkConfig& c);
void read(const JsonIn& in, BenchmarkConfig& c);  ///< absent members keep their defaults

void write(JsonWriter& w, std::string_view key, const FrameSize& s);
FrameSize readFrameSize(const JsonIn& in);

void write(JsonWriter& w, std::string_view key, const LatencyHistogram& l);
LatencyHistogram readLatency(const JsonIn& in);

void write(JsonWriter& w, std::string_view key, const TrialResult& t);
TrialResult readTrial(const JsonIn& in);

void write(JsonWriter& w, std::string_view key, const Calibration& c);
Calibration readCalibration(const JsonIn& in);

void write(JsonWriter& w, std::string_view key, const SizeResult& s);
SizeResult readSize(const JsonIn& in);

}  // namespace staccato::bench::json
