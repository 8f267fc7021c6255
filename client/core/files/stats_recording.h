#pragma once
/// Stats recordings: what a drone's stats stream showed, interval by interval, kept in a file
/// the GUI opens again (docs/observability.md#recording-runs). JSON lines (".jsonl"): a header,
/// then one line per drone and interval, each flushed as written (a run cut short keeps what it
/// had). A ".csv" recording has one row per port and per stream and interval instead, for
/// spreadsheets; only JSON lines are read back.
#include <cstdint>
#include <fstream>
#include <string>
#include <vector>

#include "common/core/result.h"
#include "staccato/v1/session.pb.h"

namespace staccato::client {

inline constexpr uint32_t kStatsRecordingFormat = 1;
/// A line longer than this is refused (a snapshot of 4,096 streams with latency buckets is a
/// few MiB).
inline constexpr size_t kMaxRecordingLineBytes = size_t{64} << 20;
/// Lines a recording may hold: a week at one snapshot a second from a few drones.
inline constexpr size_t kMaxRecordingLines = 4'000'000;

struct StatsRecording {
  v1::StatsRecordingHeader header;
  std::vector<v1::StatsRecordingLine> lines;
};

class StatsRecorder {
 public:
  /// Creates (truncates) `path` and writes the header; ".csv" writes CSV rows, anything else
  /// JSON lines.
  static Result<std::unique_ptr<StatsRecorder>> open(const std::string& path, uint32_t intervalMs);
  /// Appends `snapshot` of `drone` as its next interval; flushed at once.
  Status record(const std::string& drone, const v1::StatsSnapshot& snapshot);
  const std::string& path() const { return path_; }
  uint64_t written() const { return written_; }

 private:
  StatsRecorder(std::string path, bool csv) : path_(std::move(path)), csv_(csv) {}
  std::string path_;
  bool csv_;
  std::ofstream out_;
  std::vector<std::pair<std::string, uint64_t>> intervals_;  ///< per drone: the next interval
  uint64_t written_ = 0;
};

/// Parses a JSON-lines recording: the header's format, every line against its schema, each
/// drone's intervals in order from 0 without a gap (errors name the line: "line 12: ...").
Result<StatsRecording> parseStatsRecording(std::string_view text);
Result<StatsRecording> loadStatsRecording(const std::string& path);

}  // namespace staccato::client
