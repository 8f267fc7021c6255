#pragma once
/// Item data roles shared by the stream editor's models and delegates.
#include <Qt>

namespace staccato::client {

enum EditorRole : int {
  kFormatRole = Qt::UserRole + 1,  ///< staccato::FieldFormat as int
  kEnumNamesRole,                  ///< QStringList of "name (value)"
  kFieldNameRole,                  ///< full field name, e.g. "ip.ttl"; empty on layer rows
  kLayerIndexRole,                 ///< index of the layer in Stream.layers (or in the decoded frame)
  kIsOverrideRole,                 ///< bool: the field holds a user override
  kAllowedRangeRole,               ///< allowed values as text, e.g. "0..255"
  kByteRangeRole,                  ///< QPoint(offset, length) of the node's bytes in the frame
};

}  // namespace staccato::client
