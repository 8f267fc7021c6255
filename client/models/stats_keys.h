#pragma once
/// Keys that name ports and stream rows across the stats models and the history, and a
/// lookup from (tx port, rx port, stream id) to a slot that allocates nothing per lookup
/// (snapshots of 10,000 streams arrive several times a second).
#include <QString>

#include <cstdint>
#include <string>
#include <unordered_map>

namespace staccato::client {

/// "droneKey|port"
QString portKey(const QString& droneKey, const std::string& port);
/// "droneKey|txPort|rxPort|streamId"
QString streamKey(const QString& droneKey, const std::string& txPort, const std::string& rxPort, uint32_t streamId);

/// One drone's stream rows: (tx port, rx port, stream id) -> slot.
class StreamKeyIndex {
 public:
  /// The slot, or -1.
  int find(const std::string& txPort, const std::string& rxPort, uint32_t streamId) const;
  void insert(const std::string& txPort, const std::string& rxPort, uint32_t streamId, int slot);
  void erase(const std::string& txPort, const std::string& rxPort, uint32_t streamId);
  void clear();

 private:
  /// Port names interned to small numbers; -1 when unknown (find() then fails fast).
  int64_t portId(const std::string& port) const;
  uint32_t internPort(const std::string& port);
  static uint64_t pack(uint64_t tx, uint64_t rx, uint32_t streamId) { return tx << 48 | rx << 32 | streamId; }

  std::unordered_map<std::string, uint32_t> ports_;
  std::unordered_map<uint64_t, int> slots_;
};

}  // namespace staccato::client
