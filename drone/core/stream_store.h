#pragma once
/// Each port's streams: the list as a client set it (for GetStreams) and the compiled plans a
/// start sends, both immutable and shared. A list is compiled whole before it replaces the old
/// one (all or nothing). The drone's stream memory is one budget: every stored list holds a
/// lease on its bytes until its last reader lets go, and an upload in progress holds one on
/// what it has received so far, so stored and arriving lists together never exceed it.
/// Not thread-safe: the DroneCore's lock guards it; compile() needs no lock.
#include <map>
#include <memory>
#include <string>
#include <vector>

#include "common/core/memory_budget.h"
#include "common/core/result.h"
#include "common/stream/tx_plan.h"
#include "rpc/streams/stream_parts.h"

namespace staccato::drone {

struct StoredStreams {
  std::shared_ptr<const rpc::Streams> streams;  ///< as set (replay recordings are shared with the plans)
  PlanList sendable;                            ///< the enabled ones, GOTO_STREAM renumbered
  size_t bytes = 0;                             ///< counted against the drone's stream memory
  MemoryBudget::Lease memory;                   ///< on `bytes` of it, while the list lives
};

class StreamStore {
 public:
  explicit StreamStore(size_t memoryBytes) : memory_(std::make_shared<MemoryBudget>(memoryBytes)) {}

  /// Compiles `streams` for a port of this line rate: every stream must compile and fit the rate.
  static Result<std::shared_ptr<StoredStreams>> compile(rpc::Streams streams, double lineRateBps);

  /// The port's streams (an empty list when none were set).
  std::shared_ptr<const StoredStreams> get(const std::string& port) const;
  /// Replaces the port's streams if their bytes fit: `upload` (maybe empty) is what their upload
  /// reserved, and becomes their lease, grown or shrunk to their bytes. Returns the old ones (to
  /// free outside the lock: their memory counts until then).
  Result<std::shared_ptr<const StoredStreams>> replace(const std::string& port, std::shared_ptr<StoredStreams> stored,
                                                       MemoryBudget::Lease upload = {});
  /// The stream memory: stored lists and uploads in progress.
  const std::shared_ptr<MemoryBudget>& memory() const { return memory_; }

 private:
  std::shared_ptr<MemoryBudget> memory_;
  std::map<std::string, std::shared_ptr<const StoredStreams>> ports_;
};

}  // namespace staccato::drone
