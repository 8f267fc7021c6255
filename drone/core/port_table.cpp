#include "drone/core/port_table.h"

#include <algorithm>
#include <set>
#include <thread>

#include "drone/core/drone_errors.h"

namespace staccato::drone {
namespace {
constexpr double kDefaultLineRate = 10e9;
}

PortTable::PortTable(v1::PortConfig defaults) : defaults_(std::move(defaults)) {
  defaults_.set_track_rx(true);
  defaults_.set_tx_mode(v1::PortConfig::SEQUENTIAL);
}

PortChanges PortTable::refresh(std::vector<PortInfo> found) {
  PortChanges changes;
  std::set<std::string> names;
  for (PortInfo& info : found) {
    names.insert(info.name);
    auto [it, added] = ports_.try_emplace(info.name);
    PortEntry& p = it->second;
    if (added) {
      p.config = defaults_;
      p.cpu = static_cast<int>(ports_.size() % std::max(1u, std::thread::hardware_concurrency()));
    }
    (added || !p.present ? changes.appeared : changes.changed).push_back(info.name);
    p.info = std::move(info);
    p.present = true;
  }
  for (auto& [name, p] : ports_) {
    if (names.count(name) || !p.present) continue;
    p.present = false;
    changes.vanished.push_back(name);
  }
  return changes;
}

Result<PortEntry*> PortTable::find(const std::string& name) {
  auto it = ports_.find(name);
  if (it == ports_.end() || !it->second.present) return errors::noSuchPort(name);
  return &it->second;
}

PortEntry* PortTable::any(const std::string& name) {
  auto it = ports_.find(name);
  return it == ports_.end() ? nullptr : &it->second;
}

Status PortTable::checkOwner(const PortEntry& p, const std::string& client) const {
  if (!p.reservedBy.empty() && p.reservedBy != client) return errors::reservedByOther(p.info.name, p.reservedBy);
  return Ok{};
}

Result<std::vector<PortEntry*>> PortTable::owned(const std::vector<std::string>& names, const std::string& client) {
  std::vector<PortEntry*> targets;
  for (const std::string& name : names) {
    auto p = find(name);
    if (!p) return p.error();
    if (auto s = checkOwner(**p, client); !s) return s.error();
    targets.push_back(*p);
  }
  return targets;
}

std::vector<PortEntry*> PortTable::allOwnedBy(const std::string& client) {
  std::vector<PortEntry*> out;
  for (auto& [name, p] : ports_)
    if (p.present && checkOwner(p, client)) out.push_back(&p);
  return out;
}

Status PortTable::reserve(const std::string& name, const std::string& client) {
  auto p = find(name);
  if (!p) return p.error();
  if (client.empty()) return errors::noClientToReserve();
  if (auto s = checkOwner(**p, client); !s) return s;
  (*p)->reservedBy = client;
  return Ok{};
}

Status PortTable::release(const std::string& name, const std::string& client, bool force) {
  auto p = find(name);
  if (!p) return p.error();
  if (!force)
    if (auto s = checkOwner(**p, client); !s) return s;
  (*p)->reservedBy.clear();
  return Ok{};
}

double lineRateOf(const PortEntry& p) {
  if (p.config.line_rate_bps() > 0) return p.config.line_rate_bps();
  return p.info.speedMbps ? double(p.info.speedMbps) * 1e6 : kDefaultLineRate;
}

}  // namespace staccato::drone
