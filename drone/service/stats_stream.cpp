#include "drone/service/stats_stream.h"

namespace staccato::drone {

StatsStream::StatsStream(StatsHub& hub, uint32_t intervalMs, std::vector<std::string> ports, bool latencyBuckets)
    : hub_(hub) {
  hub_.subscribe(this, intervalMs, std::move(ports), latencyBuckets);
}

void StatsStream::deliver(SharedSnapshot snapshot) {
  std::lock_guard lock(mu_);
  if (ending_) return;
  if (writing_) {
    waiting_ = std::move(snapshot);  // replaces an older one the client has not had room for
    return;
  }
  writing_ = std::move(snapshot);
  StartWrite(writing_.get());
}

void StatsStream::OnWriteDone(bool ok) {
  std::lock_guard lock(mu_);
  writing_.reset();
  if (!ok) ending_ = true;  // the client went away
  if (ending_) return finishWhenIdle();
  if (waiting_) {
    writing_ = std::move(waiting_);
    StartWrite(writing_.get());
  }
}

void StatsStream::OnCancel() {
  hub_.unsubscribe(this);  // not under mu_: the hub delivers with its own lock held
  std::lock_guard lock(mu_);
  ending_ = true;
  finishWhenIdle();
}

void StatsStream::finishWhenIdle() {
  if (writing_ || finished_) return;
  finished_ = true;
  Finish(grpc::Status::OK);
}

void StatsStream::OnDone() {
  hub_.unsubscribe(this);
  delete this;
}

}  // namespace staccato::drone
