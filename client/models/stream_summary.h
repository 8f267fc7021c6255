#pragma once
/// One-line summaries of a stream's settings for the stream list (and tooltips that spell them
/// out). Proto defaults are applied as stream.proto documents them (0 means ...).
#include <QString>

#include "staccato/v1/stream.pb.h"

namespace staccato::client {

/// Display names of the layers joined by "/" ("IPv4/UDP/..."); an unknown protocol shows its
/// raw name.
QString protocolsText(const v1::Stream& stream);
/// One line per layer with its overridden fields, then the variable fields.
QString protocolsToolTip(const v1::Stream& stream);

/// "64", "64–1518 inc +1", "64–1518 dec -2", "random 64–1518", "IMIX", "IMIX 128×3, 1024×1".
QString frameLengthText(const v1::FrameLength& length);
QString frameLengthToolTip(const v1::FrameLength& length);

/// "1,000 pps", "10 Mbit/s (L1)", "1 Gbit/s (L2)", "50 % load", "100 bursts/s × 8", "fastest".
QString rateText(const v1::Rate& rate);
QString rateToolTip(const v1::Rate& rate);

/// "100 packets → next", "10 bursts → goto 1 ×3", "1 packet → stop", "continuous". Goto
/// targets are shown as 1-based rows, like the list's row numbers.
QString controlText(const v1::Control& control);
QString controlToolTip(const v1::Control& control);

}  // namespace staccato::client
