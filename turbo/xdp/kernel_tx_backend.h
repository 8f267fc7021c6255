#pragma once
/// The in-kernel sender behind the drone's batch transmit interface: one backend per transmit
/// worker, each pinned to its own CPU, all of a port's sharing one sender program (loaded with
/// the port's streams) and its helper device. The worker names runs and counts
/// (FrameBuilder); the kernel builds every frame.
#include <memory>
#include <span>
#include <string>
#include <vector>

#include "common/core/result.h"
#include "common/stream/tx_backend.h"

namespace staccato::turbo {

/// Ok when the in-kernel sender runs every plan, else why not for the first that it cannot
/// ("streams[2]: ..."): the drone then falls back to another backend.
Status checkKernelPlans(std::span<const TxPlan> plans);

/// Loads the sender for `plans` to send on `iface`, attaches it to a helper device and returns
/// one backend per CPU in `cpus` (all different: the program keeps its state per CPU); the
/// worker using backend k must run on cpus[k] (prepare checks it). Live frames are probed once.
Result<std::vector<std::unique_ptr<TxBackend>>> openKernelBackends(const std::string& iface, std::span<const int> cpus,
                                                                   std::span<const TxPlan> plans);

}  // namespace staccato::turbo
