#include "client/core/session/drone_session.h"

#include <QStringList>

namespace staccato::client {

QString stateName(SessionState state) {
  switch (state) {
    case SessionState::kDisconnected: return QStringLiteral("disconnected");
    case SessionState::kConnecting: return QStringLiteral("connecting");
    case SessionState::kConnected: return QStringLiteral("connected");
    case SessionState::kReconnecting: return QStringLiteral("reconnecting");
  }
  return QStringLiteral("unknown");
}

QString portListText(const std::vector<std::string>& ports) {
  QStringList names;
  for (const auto& p : ports) names << QString::fromStdString(p);
  return names.isEmpty() ? QStringLiteral("all ports") : names.join(", ");
}

}  // namespace staccato::client
