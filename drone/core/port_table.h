#pragma once
/// The drone's ports as discovered (hot-plug included), their configuration and who reserved
/// them. Not thread-safe: the DroneCore's lock guards it.
#include <map>
#include <string>
#include <vector>

#include "common/core/result.h"
#include "drone/port/kernel_stats.h"
#include "drone/port/port_info.h"
#include "staccato/v1/drone.pb.h"

namespace staccato::drone {

struct PortEntry {
  PortInfo info;
  bool present = true;  ///< false once the interface went away (kept: it may come back)
  v1::PortConfig config;
  std::string reservedBy;       ///< empty = free
  int cpu = -1;                 ///< the first core of the port's transmit workers
  LinkCounters kernelBaseline;  ///< the interface counters at the last ClearStats
};

/// What a refresh changed.
struct PortChanges {
  std::vector<std::string> appeared;  ///< new ports, and ports that came back
  std::vector<std::string> changed;   ///< present before and now, maybe with another MTU or queue count
  std::vector<std::string> vanished;
};

class PortTable {
 public:
  /// `defaults`: the configuration new ports start with.
  explicit PortTable(v1::PortConfig defaults);

  /// Takes the ports found now: new ones appear (with the defaults), vanished ones are marked.
  PortChanges refresh(std::vector<PortInfo> found);

  /// A present port, or the error a client gets for a name that is not one.
  Result<PortEntry*> find(const std::string& name);
  /// Present or not (a port that vanished while sending keeps its last counts and error).
  PortEntry* any(const std::string& name);
  /// The named ports, if they all exist and `client` may change them.
  Result<std::vector<PortEntry*>> owned(const std::vector<std::string>& names, const std::string& client);
  /// Every present port `client` may change (others' reserved ports are skipped).
  std::vector<PortEntry*> allOwnedBy(const std::string& client);
  Status checkOwner(const PortEntry& p, const std::string& client) const;
  Status reserve(const std::string& name, const std::string& client);
  Status release(const std::string& name, const std::string& client, bool force);

  std::map<std::string, PortEntry>& entries() { return ports_; }
  const std::map<std::string, PortEntry>& entries() const { return ports_; }

 private:
  v1::PortConfig defaults_;
  std::map<std::string, PortEntry> ports_;
};

/// The line rate a port's load % and "fastest" refer to: the config's, else the link speed,
/// else 10 Gbit/s.
double lineRateOf(const PortEntry& p);

}  // namespace staccato::drone
