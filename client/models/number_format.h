#pragma once
/// Number formatting shared by the models: fixed English grouping ("1,234,567.5") so tables,
/// summaries and CSV exports read the same on every machine.
#include <QString>

#include <cstdint>

namespace staccato::client {

/// "1,234,567"
QString groupedInteger(uint64_t value);
/// Grouped, exactly `decimals` decimals: formatFixed(1234.5, 1) == "1,234.5".
QString formatFixed(double value, int decimals);
/// Grouped, at most `maxDecimals` decimals, trailing zeros dropped: "1,000", "1.5", "0.125".
QString formatCompact(double value, int maxDecimals = 3);
/// SI-scaled (common/core/si_units.h): formatSi(10e6, "bit/s") == "10 Mbit/s".
QString formatSi(double value, const QString& unit);

}  // namespace staccato::client
