#pragma once
/// Records where eth.src "device" and eth.dst "resolve" go (TxPlan::link); a drone fills them.
#include "common/core/result.h"
#include "common/packet/builder.h"
#include "common/stream/tx_plan.h"

namespace staccato {

/// What previews and exports say about a stream with eth.src "device" / eth.dst "resolve".
inline constexpr const char* kLinkFillNote =
    "eth.src \"device\" / eth.dst \"resolve\" are filled by the drone from its emulated hosts when the stream "
    "starts (resolution needs the drone); shown here as 00:00:00:00:00:00";

/// Whether the stream's outer Ethernet header has eth.src "device" or eth.dst "resolve".
bool usesLinkPlaceholders(const v1::Stream& stream);

/// Sets plan.link from the stream's layers as built. Errors: a reserved value anywhere but the
/// outermost Ethernet header, no IP header after it, more than two VLAN tags before it, or the
/// field also varying.
Status planLinkFill(const v1::Stream& stream, const BuiltFrame& built, TxPlan& plan);

}  // namespace staccato
