#pragma once
/// "Connect to drone": address, access token (typed or from a file), TLS and its CA file.
#include <optional>

#include "client/core/drone_connection.h"

class QWidget;

namespace staccato::client {

/// Asks for a drone address; nullopt when cancelled. Errors (unreadable token file) are shown
/// in the dialog, which stays open until the input is usable.
std::optional<DroneAddress> askDroneAddress(QWidget* parent);

}  // namespace staccato::client
