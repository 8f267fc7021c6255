#pragma once
/// Registry text (std::string_view names, labels, help) as QString.
#include <QString>
#include <string_view>

namespace staccato::client {

inline QString toQString(std::string_view s) { return QString::fromUtf8(s.data(), static_cast<qsizetype>(s.size())); }

}  // namespace staccato::client
