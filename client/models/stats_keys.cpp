#include "client/models/stats_keys.h"

namespace staccato::client {

QString portKey(const QString& droneKey, const std::string& port) {
  return droneKey + QLatin1Char('|') + QString::fromStdString(port);
}

QString streamKey(const QString& droneKey, const std::string& txPort, const std::string& rxPort, uint32_t streamId) {
  return droneKey + QLatin1Char('|') + QString::fromStdString(txPort) + QLatin1Char('|') +
         QString::fromStdString(rxPort) + QLatin1Char('|') + QString::number(streamId);
}

int64_t StreamKeyIndex::portId(const std::string& port) const {
  auto it = ports_.find(port);
  return it == ports_.end() ? -1 : int64_t(it->second);
}

uint32_t StreamKeyIndex::internPort(const std::string& port) {
  // 16 bits per port in the packed key: far more ports than any host has.
  return ports_.try_emplace(port, uint32_t(ports_.size())).first->second;
}

int StreamKeyIndex::find(const std::string& txPort, const std::string& rxPort, uint32_t streamId) const {
  const int64_t tx = portId(txPort), rx = portId(rxPort);
  if (tx < 0 || rx < 0) return -1;
  auto it = slots_.find(pack(uint64_t(tx), uint64_t(rx), streamId));
  return it == slots_.end() ? -1 : it->second;
}

void StreamKeyIndex::insert(const std::string& txPort, const std::string& rxPort, uint32_t streamId, int slot) {
  const uint32_t tx = internPort(txPort), rx = internPort(rxPort);
  slots_[pack(tx, rx, streamId)] = slot;
}

void StreamKeyIndex::erase(const std::string& txPort, const std::string& rxPort, uint32_t streamId) {
  const int64_t tx = portId(txPort), rx = portId(rxPort);
  if (tx >= 0 && rx >= 0) slots_.erase(pack(uint64_t(tx), uint64_t(rx), streamId));
}

void StreamKeyIndex::clear() {
  ports_.clear();
  slots_.clear();
}

}  // namespace staccato::client
