#include "client/core/files/stats_recording.h"

#include <google/protobuf/util/json_util.h>

#include <chrono>
#include <map>

#include "common/core/csv_text.h"
#include "common/core/iso_time.h"
#include "common/files/file_reading.h"
#include "common/files/json_document.h"
#include "common/files/json_schema_check.h"

namespace staccato::client {
namespace {

constexpr std::string_view kCsvHeader =
    "interval,timestamp_ns,drone,row,port,stream,rx_port,tx_packets,rx_packets,tx_bytes,rx_bytes,tx_pps,rx_pps,"
    "tx_bps_l1,rx_bps_l1,lost,duplicates,reordered,latency_samples,latency_avg_ns,latency_p99_ns,latency_max_ns,"
    "jitter_ns\n";

std::string compactJson(const google::protobuf::Message& m) {
  google::protobuf::util::JsonPrintOptions opts;
  opts.preserve_proto_field_names = true;
  std::string out;
  (void)google::protobuf::util::MessageToJsonString(m, &out, opts);
  return out;
}

template <typename... Cells>
std::string csvRow(const Cells&... cells) {
  std::string out;
  ((out += (out.empty() ? "" : ",") + csvCell(cells)), ...);
  return out + "\n";
}

std::string num(double v) {
  char buf[32];
  std::snprintf(buf, sizeof buf, "%.6g", v);
  return buf;
}

/// One row per port and one per stream of the snapshot.
std::string csvRows(const std::string& drone, uint64_t interval, const v1::StatsSnapshot& s) {
  const std::string i = std::to_string(interval), t = std::to_string(s.timestamp_ns());
  std::string out;
  for (const v1::PortStats& p : s.ports())
    out += csvRow(i, t, drone, std::string("port"), p.port(), std::string(), std::string(), std::to_string(p.tx_packets()),
                  std::to_string(p.rx_packets()), std::to_string(p.tx_bytes()), std::to_string(p.rx_bytes()), num(p.tx_pps()),
                  num(p.rx_pps()), num(p.tx_bps_l1()), num(p.rx_bps_l1()), std::string(), std::string(), std::string(),
                  std::string(), std::string(), std::string(), std::string(), std::string());
  for (const v1::StreamStats& r : s.streams()) {
    const v1::LatencyStats& l = r.latency();
    out += csvRow(i, t, drone, std::string("stream"), r.tx_port(), std::to_string(r.stream_id()), r.rx_port(),
                  std::to_string(r.tx_packets()), std::to_string(r.rx_packets()), std::to_string(r.tx_bytes()),
                  std::to_string(r.rx_bytes()), std::string(), std::string(), std::string(), std::string(),
                  std::to_string(r.lost()), std::to_string(r.duplicates()), std::to_string(r.reordered()),
                  std::to_string(l.samples()), std::to_string(l.avg_ns()), std::to_string(l.p99_ns()),
                  std::to_string(l.max_ns()), num(l.jitter_ns()));
  }
  return out;
}

}  // namespace

Result<std::unique_ptr<StatsRecorder>> StatsRecorder::open(const std::string& path, uint32_t intervalMs) {
  const bool csv = path.ends_with(".csv");
  std::unique_ptr<StatsRecorder> r(new StatsRecorder(path, csv));
  r->out_.open(path, std::ios::binary | std::ios::trunc);
  if (!r->out_) return makeError(path, "cannot write the recording here");
  if (csv) {
    r->out_ << kCsvHeader;
  } else {
    v1::StatsRecordingHeader h;
    h.set_format_version(kStatsRecordingFormat);
    h.set_recorded_by("staccato " STACCATO_VERSION);
    h.set_interval_ms(intervalMs);
    h.set_started(isoTime(std::chrono::duration_cast<std::chrono::nanoseconds>(
                              std::chrono::system_clock::now().time_since_epoch()).count()));
    r->out_ << compactJson(h) << '\n';
  }
  r->out_.flush();
  if (!r->out_) return makeError(path, "cannot write the recording here");
  return r;
}

Status StatsRecorder::record(const std::string& drone, const v1::StatsSnapshot& snapshot) {
  auto it = std::find_if(intervals_.begin(), intervals_.end(), [&](const auto& d) { return d.first == drone; });
  if (it == intervals_.end()) it = intervals_.insert(intervals_.end(), {drone, 0});
  const uint64_t interval = it->second++;
  if (csv_) {
    out_ << csvRows(drone, interval, snapshot);
  } else {
    v1::StatsRecordingLine line;
    line.set_drone(drone);
    line.set_interval(interval);
    *line.mutable_snapshot() = snapshot;
    out_ << compactJson(line) << '\n';
  }
  out_.flush();
  if (!out_) return makeError(path_, "writing the recording failed (disk full?)");
  ++written_;
  return Ok{};
}

Result<StatsRecording> parseStatsRecording(std::string_view text) {
  StatsRecording r;
  size_t number = 0;
  std::map<std::string, uint64_t> next;  // per drone: the interval the next line must have
  for (size_t at = 0; at < text.size();) {
    size_t end = text.find('\n', at);
    if (end == std::string_view::npos) end = text.size();
    const std::string_view line = text.substr(at, end - at);
    at = end + 1;
    if (line.empty()) continue;
    const std::string where = "line " + std::to_string(++number);
    if (line.size() > kMaxRecordingLineBytes)
      return makeError(where, "longer than " + std::to_string(kMaxRecordingLineBytes >> 20) + " MiB");
    if (number == 1) {
      if (auto s = parseVersionedJson(line, {"stats recording", kStatsRecordingFormat, {}}, r.header); !s)
        return s.error().inFile(where);
      continue;
    }
    if (number > kMaxRecordingLines) return makeError(where, "more than " + std::to_string(kMaxRecordingLines) + " lines");
    auto value = parseJsonValue(line, "stats recording");
    if (!value) return value.error().inFile(where);
    if (auto s = checkJsonAgainstSchema(*value, *v1::StatsRecordingLine::descriptor()); !s) return s.error().inFile(where);
    v1::StatsRecordingLine parsed;
    if (!google::protobuf::util::JsonStringToMessage(std::string(line), &parsed).ok())
      return makeError(where, "not a stats recording line");
    uint64_t& expected = next[parsed.drone()];
    if (parsed.interval() != expected)
      return makeError(where, parsed.drone() + ": interval " + std::to_string(parsed.interval()) + " where " +
                                  std::to_string(expected) + " was due (the recording lost or repeated some)");
    ++expected;
    r.lines.push_back(std::move(parsed));
  }
  if (number == 0) return makeError("", "an empty file is not a stats recording");
  return r;
}

Result<StatsRecording> loadStatsRecording(const std::string& path) {
  auto text = readTextFile(path);
  if (!text) return text.error();
  auto r = parseStatsRecording(*text);
  if (!r) return r.error().inFile(path);
  return r;
}

}  // namespace staccato::client
