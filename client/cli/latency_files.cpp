#include "client/cli/latency_files.h"

#include <iostream>
#include <set>
#include <sstream>

#include "common/files/stream_file.h"
#include "rpc/stats/latency_buckets.h"
#include "rpc/stats/latency_export.h"

namespace staccato::cli {
namespace {

struct Histogram {
  const std::string* drone;
  const v1::StreamStats* row;
};

std::string describe(const v1::StreamStats& row) {
  return "stream " + std::to_string(row.stream_id()) + " " + (row.tx_port().empty() ? "?" : row.tx_port()) + " -> " +
         row.rx_port();
}

/// Received streams with latency samples and well-formed buckets, each once.
std::vector<Histogram> histograms(const std::vector<std::pair<std::string, v1::StatsSnapshot>>& snapshots) {
  std::set<std::pair<uint32_t, std::string>> paired;  // (stream id, receive port) of rows with a sender
  for (const auto& [_, snap] : snapshots)
    for (const auto& row : snap.streams())
      if (!row.tx_port().empty() && !row.rx_port().empty()) paired.emplace(row.stream_id(), row.rx_port());
  std::vector<Histogram> out;
  for (const auto& [drone, snap] : snapshots)
    for (const auto& row : snap.streams()) {
      if (row.rx_port().empty() || row.latency().samples() == 0) continue;
      if (row.tx_port().empty() && paired.count({row.stream_id(), row.rx_port()})) continue;
      if (auto s = rpc::checkLatencyBuckets(row.latency()); !s) {
        std::cerr << "staccato-cli: warning: drone " << drone << ", " << describe(row)
                  << ": latency histogram left out (" << s.error().toString() << ")\n";
        continue;
      }
      out.push_back({&drone, &row});
    }
  return out;
}

}  // namespace

bool wantsLatencyBuckets(const Args& args) {
  return args.has("--json") || args.get("--latency-csv") || args.get("--latency-hgrm");
}

Status writeLatencyFiles(const Args& args, const std::vector<std::pair<std::string, v1::StatsSnapshot>>& snapshots) {
  if (!args.get("--latency-csv") && !args.get("--latency-hgrm")) return Ok{};
  const std::vector<Histogram> all = histograms(snapshots);
  if (auto path = args.get("--latency-csv")) {
    std::ostringstream csv;
    rpc::writeLatencyCsvHeader(csv);
    for (const Histogram& h : all) (void)rpc::writeLatencyCsvRows(csv, *h.drone, *h.row);  // checked above
    if (auto s = writeFileAtomically(*path, csv.str()); !s) return s;
  }
  if (auto path = args.get("--latency-hgrm")) {
    v1::LatencyStats merged;
    size_t streams = 0;
    const v1::StreamStats* only = nullptr;
    for (const Histogram& h : all) {
      if (h.row->latency().bucket_index_size() == 0) continue;  // an older drone: no buckets
      if (auto s = rpc::mergeLatency(merged, h.row->latency()); !s) {
        std::cerr << "staccato-cli: warning: " << describe(*h.row) << ": left out of " << *path << " ("
                  << s.error().toString() << ")\n";
        continue;
      }
      ++streams;
      only = h.row;
    }
    if (streams == 0) {
      // Not a failure of the run (nothing received yet, or every packet lost): its verdicts still count.
      std::cerr << "staccato-cli: warning: " << *path
                << " not written: no received stream with a latency histogram (is a stream tracked on a receive port?)\n";
      return Ok{};
    }
    const std::string title = streams == 1 ? "Latency of " + describe(*only)
                                           : "Latency of " + std::to_string(streams) + " streams together";
    std::ostringstream hgrm;
    if (auto s = rpc::writeHgrm(hgrm, merged, title); !s) return s;
    if (auto s = writeFileAtomically(*path, hgrm.str()); !s) return s;
  }
  return Ok{};
}

}  // namespace staccato::cli
