#pragma once
/// Port configuration: transmit mode, transmit backend (auto/pcap/turbo...), receive engine,
/// tracking, turbo queues, line rate override, and the emulated hosts (device groups).
#include <optional>

#include "staccato/v1/drone.pb.h"

class QWidget;

namespace staccato::client {

/// Edits `port`'s configuration; nullopt when cancelled. The dialog shows the backend the
/// drone chose last time and why.
std::optional<v1::PortConfig> askPortConfig(QWidget* parent, const v1::Port& port);

}  // namespace staccato::client
