#include "client/models/number_format.h"

#include <QLocale>

#include <cmath>
#include <iterator>

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

SiScale siScale(double magnitude) {
  static constexpr const char* kPrefixes[] = {"", "k", "M", "G", "T"};
  SiScale scale{1, kPrefixes[0]};
  for (size_t i = 1; i < std::size(kPrefixes) && std::abs(magnitude) >= scale.divisor * 1000; ++i)
    scale = {scale.divisor * 1000, kPrefixes[i]};
  return scale;
}

QString formatSi(double value, const QString& unit) {
  const SiScale scale = siScale(value);
  return formatCompact(value / scale.divisor) + QLatin1Char(' ') + QLatin1String(scale.prefix) + unit;
}

}  // namespace staccato::client
