#include "rpc/stats/latency_export.h"

#include <cmath>
#include <cstdio>

#include "rpc/stats/latency_buckets.h"
#include "common/core/csv_text.h"

namespace staccato::rpc {
namespace {

/// A title from a drone's names stays one comment line: no control characters, no closing ']'.
std::string commentSafe(std::string s) {
  for (char& c : s)
    if (static_cast<unsigned char>(c) < 0x20 || c == 0x7f || c == ']') c = ' ';
  return s;
}

void print(std::ostream& out, const char* format, auto... values) {
  char line[160];
  std::snprintf(line, sizeof line, format, values...);
  out << line;
}

/// HdrHistogram's PercentileIterator step: 5 ticks per halving of the distance to 100 %.
double nextPercentile(double percent) {
  const double halvings = std::floor(std::log2(100.0 / (100.0 - percent)));
  return percent + 100.0 / (5.0 * std::exp2(halvings + 1));
}

}  // namespace

void writeLatencyCsvHeader(std::ostream& out) {
  out << "drone,stream_id,tx_port,rx_port,bucket_low_ns,bucket_high_ns,count,cumulative_fraction\n";
}

Status writeLatencyCsvRows(std::ostream& out, const std::string& drone, const v1::StreamStats& stream) {
  if (auto s = checkLatencyBuckets(stream.latency()); !s) return s;
  const std::vector<LatencyBucket> buckets = latencyBuckets(stream.latency());
  uint64_t total = 0, running = 0;
  for (const LatencyBucket& b : buckets) total += b.count;
  const std::string prefix = csvCell(drone) + "," + std::to_string(stream.stream_id()) + "," + csvCell(stream.tx_port()) +
                             "," + csvCell(stream.rx_port()) + ",";
  for (const LatencyBucket& b : buckets) {
    running += b.count;
    out << prefix << b.lowNs << "," << b.highNs << "," << b.count << ",";
    print(out, "%.9f\n", double(running) / double(total));
  }
  return Ok{};
}

Status writeHgrm(std::ostream& out, const v1::LatencyStats& l, const std::string& title) {
  if (auto s = checkLatencyBuckets(l); !s) return s;
  const std::vector<LatencyBucket> buckets = latencyBuckets(l);
  if (buckets.empty()) return makeError("latency", "no histogram buckets (no samples, or an older drone)");
  uint64_t total = 0;
  for (const LatencyBucket& b : buckets) total += b.count;
  if (total == 0) return makeError("latency", "the histogram's buckets are all empty");

  if (!title.empty()) out << "#[" << commentSafe(title) << "]\n";
  print(out, "%12s %14s %10s %14s\n\n", "Value", "Percentile", "TotalCount", "1/(1-Percentile)");
  auto valueUs = [&](const LatencyBucket& b) { return double(std::min(b.highNs, l.max_ns())) / 1000.0; };
  double percent = 0;
  uint64_t running = 0;
  double sumSquares = 0;  // of distances from the mean, bucket midpoints standing for their values
  const double mean = double(l.avg_ns());
  for (const LatencyBucket& b : buckets) {
    running += b.count;
    const double mid = double(b.lowNs) + double(b.highNs - b.lowNs) / 2;
    sumSquares += (mid - mean) * (mid - mean) * double(b.count);
    // As HdrHistogram: report every tick this bucket reaches; the bucket that completes the
    // count reports once, and the 100 % row follows.
    while (percent < 100.0 && 100.0 * double(running) / double(total) >= percent) {
      const double fraction = percent / 100.0;
      print(out, "%12.3f %2.12f %10llu %14.2f\n", valueUs(b), fraction, (unsigned long long)running, 1.0 / (1.0 - fraction));
      const double next = nextPercentile(percent);
      percent = running == total || !(next > percent) ? 100.0 : next;  // 100: no tick row left
    }
    if (running == total) break;
  }
  print(out, "%12.3f %2.12f %10llu\n", valueUs(buckets.back()), 1.0, (unsigned long long)total);
  print(out, "#[Mean    = %12.3f, StdDeviation   = %12.3f]\n", mean / 1000.0, std::sqrt(sumSquares / double(total)) / 1000.0);
  print(out, "#[Max     = %12.3f, Total count    = %12llu]\n", double(l.max_ns()) / 1000.0, (unsigned long long)total);
  print(out, "#[Buckets = %12zu, SubBuckets     = %12llu]\n", latencyBucketCount(l.sub_bucket_bits()) >> l.sub_bucket_bits(),
        1ull << l.sub_bucket_bits());
  return Ok{};
}

}  // namespace staccato::rpc
