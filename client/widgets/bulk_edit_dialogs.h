#pragma once
/// Small dialogs for editing many streams at once: a rate for all selected streams, and find &
/// replace of a field value across streams.
#include <QString>

#include <optional>

#include "staccato/v1/stream.pb.h"

class QWidget;

namespace staccato::client {

/// Asks for a rate (unit, value, packets per burst), starting from `initial`.
std::optional<v1::Rate> askRate(QWidget* parent, const v1::Rate& initial);

struct FindReplaceRequest {
  QString field;     ///< e.g. "ip.dst"
  QString oldValue;  ///< empty = any value
  QString newValue;
  bool selectedOnly = false;
};
/// Asks what to replace; the field list comes from the protocol registry.
std::optional<FindReplaceRequest> askFindReplace(QWidget* parent, bool haveSelection);

}  // namespace staccato::client
