#pragma once
/// CSV export of any table model (the stats tables): a header row, then each row's display
/// text, quoted per RFC 4180 (CRLF line ends).
#include <QAbstractItemModel>
#include <QString>

namespace staccato::client {

/// When the model names its rows (a string vertical header, as PortStatsModel does) they come
/// first, under an empty header cell.
QString toCsv(const QAbstractItemModel& model);

}  // namespace staccato::client
