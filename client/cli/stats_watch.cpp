#include "client/cli/stats_watch.h"

namespace staccato::cli {

Watch::Watch(client::DroneConnection& conn, uint32_t intervalMs) : ctx_(conn.context(0)) {
  v1::WatchStatsRequest req;
  req.set_interval_ms(intervalMs);
  reader_ = conn.stub().WatchStats(ctx_.get(), req);
}

Watch::~Watch() {
  ctx_->TryCancel();
  reader_->Finish();
}

bool Watch::fresh(v1::StatsSnapshot& snap) {
  for (int i = 0; i < 100; ++i) {
    const auto t0 = std::chrono::steady_clock::now();
    if (!next(snap)) return false;
    if (std::chrono::steady_clock::now() - t0 > std::chrono::milliseconds(kWatchIntervalMs / 4)) return true;
  }
  return true;
}

bool portTransmitting(const v1::StatsSnapshot& snap, const std::string& port) {
  for (const auto& p : snap.ports())
    if (p.port() == port) return p.transmitting();
  return false;
}

std::string portError(const v1::StatsSnapshot& snap, const std::string& port) {
  for (const auto& p : snap.ports())
    if (p.port() == port) return p.error();
  return "";
}

}  // namespace staccato::cli
