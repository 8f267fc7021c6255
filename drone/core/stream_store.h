#pragma once
/// Each port's streams: the list as a client set it (for GetStreams) and the compiled plans a
/// start sends, both immutable and shared. A list is compiled whole before it replaces the old
/// one (all or nothing), and all ports' lists together stay within the drone's stream memory.
/// Not thread-safe: the DroneCore's lock guards it; compile() needs no lock.
#include <map>
#include <memory>
#include <string>
#include <vector>

#include "common/core/result.h"
#include "common/stream/tx_plan.h"
#include "rpc/streams/stream_parts.h"

namespace staccato::drone {

struct StoredStreams {
  std::shared_ptr<const rpc::Streams> streams;  ///< as set (replay recordings are shared with the plans)
  PlanList sendable;                            ///< the enabled ones, GOTO_STREAM renumbered
  size_t bytes = 0;                             ///< counted against the drone's stream memory
};

class StreamStore {
 public:
  explicit StreamStore(size_t memoryBytes) : memoryBytes_(memoryBytes) {}

  /// Compiles `streams` for a port of this line rate: every stream must compile and fit the rate.
  static Result<std::shared_ptr<const StoredStreams>> compile(rpc::Streams streams, double lineRateBps);

  /// The port's streams (an empty list when none were set).
  std::shared_ptr<const StoredStreams> get(const std::string& port) const;
  /// Bytes of streams `port` may hold: the drone's stream memory less the other ports' streams.
  size_t available(const std::string& port) const;
  /// Replaces the port's streams if they fit; returns the old ones (to free outside the lock).
  Result<std::shared_ptr<const StoredStreams>> replace(const std::string& port, std::shared_ptr<const StoredStreams> stored);
  size_t memoryBytes() const { return memoryBytes_; }

 private:
  size_t memoryBytes_;
  std::map<std::string, std::shared_ptr<const StoredStreams>> ports_;
};

}  // namespace staccato::drone
