#include "client/core/stats_reader.h"

namespace staccato::client {

StatsReader::StatsReader(DroneConnection& conn, uint32_t intervalMs, const std::vector<std::string>& ports,
                         bool latencyBuckets)
    : ctx_(conn.context(0)) {
  v1::WatchStatsRequest req;
  req.set_interval_ms(intervalMs);
  req.set_latency_buckets(latencyBuckets);
  for (const auto& p : ports) req.add_ports(p);
  reader_ = conn.stub().WatchStats(ctx_.get(), req);
}

StatsReader::~StatsReader() {
  if (finished_) return;
  ctx_->TryCancel();
  reader_->Finish();
}

grpc::Status StatsReader::finish() {
  if (!finished_) {
    status_ = reader_->Finish();
    finished_ = true;
  }
  return status_;
}

}  // namespace staccato::client
