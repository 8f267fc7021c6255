#pragma once
/// Latency histograms out of Staccato: CSV rows (one per bucket, for spreadsheets and scripts)
/// and HdrHistogram's text percentile distribution (.hgrm, what its plotter reads).
#include <ostream>
#include <string>

#include "common/core/result.h"
#include "staccato/v1/drone.pb.h"

namespace staccato::rpc {

/// drone,stream_id,tx_port,rx_port,bucket_low_ns,bucket_high_ns,count,cumulative_fraction
void writeLatencyCsvHeader(std::ostream& out);
/// One CSV row per non-empty bucket of the stream's histogram (none when it carries no
/// buckets); nothing written and an error when its buckets are malformed.
Status writeLatencyCsvRows(std::ostream& out, const std::string& drone, const v1::StreamStats& stream);

/// The percentile distribution of `latency` in HdrHistogram's outputPercentileDistribution
/// form, values in microseconds: "Value Percentile TotalCount 1/(1-Percentile)" rows at
/// HdrHistogram's percentile ticks (5 per halving of the distance to 100 %), a last row at
/// 100 %, then the #[Mean ...] footer. A value is its bucket's highest value (as HdrHistogram's
/// "highest equivalent value"), never above max_ns. `title` becomes a leading "#[...]" line
/// unless empty. An error when the buckets are missing or malformed.
Status writeHgrm(std::ostream& out, const v1::LatencyStats& latency, const std::string& title = "");

}  // namespace staccato::rpc
