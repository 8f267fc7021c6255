#include "client/models/number_format.h"

#include <QLocale>

#include <cmath>
#include <iterator>

#include "common/core/si_units.h"

namespace staccato::client {
namespace {

const QLocale& english() {
  static const QLocale locale(QLocale::English, QLocale::UnitedStates);
  return locale;
}

}  // namespace

QString groupedInteger(uint64_t value) { return english().toString(static_cast<qulonglong>(value)); }

QString formatFixed(double value, int decimals) {
  if (!std::isfinite(value)) return QString::number(value);
  return english().toString(value, 'f', decimals);
}

QString formatCompact(double value, int maxDecimals) {
  QString text = formatFixed(value, maxDecimals);
  if (!std::isfinite(value)) return text;
  if (text.contains(QLatin1Char('.'))) {
    while (text.endsWith(QLatin1Char('0'))) text.chop(1);
    if (text.endsWith(QLatin1Char('.'))) text.chop(1);
  }
  if (text == QLatin1String("-0")) text = QStringLiteral("0");
  return text;
}

QString formatSi(double value, const QString& unit) {
  return QString::fromStdString(staccato::formatSi(value, unit.toStdString(), 3));
}

}  // namespace staccato::client
