#pragma once
/// The one conversion of the engine's UTF-8 text to QString, for models and widgets.
#include <QString>

#include <string_view>

namespace staccato::client {

inline QString qs(std::string_view s) { return QString::fromUtf8(s.data(), static_cast<qsizetype>(s.size())); }

}  // namespace staccato::client
