#include "drone/core/port_config_check.h"

#include <cmath>
#include <string>
#include <thread>

#include "common/stream/known_enums.h"
#include "drone/core/backend_choice.h"

namespace staccato::drone {

Status checkPortConfig(const PortInfo& port, const v1::PortConfig& config) {
  if (auto s = checkKnownEnums(config); !s) return s.error().withPrefix("config");
  // NaN compares false with everything: test for it, or it passes any range check.
  if (!std::isfinite(config.line_rate_bps()) || config.line_rate_bps() < 0 || config.line_rate_bps() > kMaxLineRateBps)
    return makeError("config.line_rate_bps", "allowed 0 (from the driver) .. 1e12");
  if (config.tx_queues() > kMaxTxQueues)
    return makeError("config.tx_queues", std::to_string(config.tx_queues()) + " is more than " +
                                             std::to_string(kMaxTxQueues) + " (allowed 0 = all, 1.." +
                                             std::to_string(kMaxTxQueues) + ")");
  if (auto s = checkQueueCount(port, config); !s) return s;
  if (config.cpus_size() > static_cast<int>(kMaxTxQueues))
    return makeError("config.cpus", std::to_string(config.cpus_size()) + " cores listed; at most one per tx queue (" +
                                        std::to_string(kMaxTxQueues) + ")");
  const uint32_t cores = std::max(1u, std::thread::hardware_concurrency());
  for (int i = 0; i < config.cpus_size(); ++i)
    if (config.cpus(i) >= cores)
      return makeError("config.cpus[" + std::to_string(i) + "]",
                       "core " + std::to_string(config.cpus(i)) + " does not exist (allowed 0.." + std::to_string(cores - 1) + ")");
  return Ok{};
}

}  // namespace staccato::drone
