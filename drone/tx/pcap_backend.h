#pragma once
/// The libpcap transmit backend: works on any interface the drone may open.
#include <memory>
#include <string>

#include "common/stream/tx_backend.h"

namespace staccato::drone {

/// Opens a libpcap sender on an interface.
Result<std::unique_ptr<TxBackend>> openPcapBackend(const std::string& interface);

}  // namespace staccato::drone
