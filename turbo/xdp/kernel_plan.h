#pragma once
/// A compiled stream (TxPlan) as the in-kernel sender's map data (sender_abi.h), or why the
/// sender's interpreter cannot run it. The one place that knows both layouts.
#include <cstdint>
#include <string>
#include <vector>

#include "common/core/result.h"
#include "common/stream/tx_plan.h"
#include "turbo/xdp/sender_abi.h"

namespace staccato::turbo {

/// One stream's entries for the sender's maps. `stream.list_base` / `table_base` are relative
/// to this stream's own values until the program's loader places them.
struct KernelPlan {
  xs_stream stream{};
  std::vector<uint64_t> listValues;
  std::vector<uint32_t> lengthTable;
};

/// The plan in the sender's layout, or an error saying why the kernel cannot send it (the
/// caller falls back to a user-space engine).
Result<KernelPlan> toKernelPlan(const TxPlan& plan);

/// The largest frame (without FCS) the in-kernel sender builds: what one page of BPF_PROG_RUN's
/// live frames holds, and the template map's size.
inline constexpr uint32_t kMaxKernelFrame = XS_MAX_FRAME;

}  // namespace staccato::turbo
