#include "drone/core/stream_store.h"

#include "common/stream/compiler.h"
#include "common/stream/rate.h"
#include "drone/core/drone_errors.h"
#include "drone/core/drone_limits.h"
#include "drone/core/sendable_plans.h"

namespace staccato::drone {
namespace {

const std::shared_ptr<const StoredStreams>& emptyStreams() {
  static const auto empty = std::make_shared<const StoredStreams>(
      StoredStreams{std::make_shared<const rpc::Streams>(), std::make_shared<const std::vector<TxPlan>>(), 0, {}});
  return empty;
}

}  // namespace

Result<std::shared_ptr<StoredStreams>> StreamStore::compile(rpc::Streams streams, double lineRateBps) {
  if (auto s = rpc::checkStreamCount(size_t(streams.size()), kMaxStreamsPerPort); !s) return s.error();
  auto list = std::make_shared<const rpc::Streams>(std::move(streams));
  auto plans = compileAll(*list, list);  // all or nothing; replay recordings stay in `list`
  if (!plans) return plans.error();
  auto stored = std::make_shared<StoredStreams>();
  for (size_t i = 0; i < plans->size(); ++i) {
    const TxPlan& plan = (*plans)[i];
    if (auto s = checkRate(plan, lineRateBps); !s) return s.error().withPrefix("streams[" + std::to_string(i) + "]");
    stored->bytes += plan.frameTemplate.size();
  }
  stored->bytes += static_cast<size_t>(list->SpaceUsedExcludingSelfLong());
  stored->sendable = std::make_shared<const std::vector<TxPlan>>(sendablePlans(std::move(*plans)));
  stored->streams = std::move(list);
  return stored;
}

std::shared_ptr<const StoredStreams> StreamStore::get(const std::string& port) const {
  auto it = ports_.find(port);
  return it == ports_.end() ? emptyStreams() : it->second;
}

Result<std::shared_ptr<const StoredStreams>> StreamStore::replace(const std::string& port,
                                                                   std::shared_ptr<StoredStreams> stored,
                                                                   MemoryBudget::Lease upload) {
  const size_t had = upload.bytes();
  stored->memory = std::move(upload);
  if (!MemoryBudget::resize(memory_, stored->memory, stored->bytes))
    return errors::streamMemoryFull(stored->bytes, memory_->total(), memory_->left() + had);
  auto& slot = ports_[port];
  auto old = slot ? std::move(slot) : emptyStreams();
  slot = std::move(stored);
  return old;
}

}  // namespace staccato::drone
