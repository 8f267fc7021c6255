#include "client/models/csv_export.h"

#include <QStringList>

#include "common/core/csv_text.h"

namespace staccato::client {
namespace {

void appendLine(QString& out, const QStringList& fields) {
  for (qsizetype i = 0; i < fields.size(); ++i) {
    if (i) out += QLatin1Char(',');
    out += QString::fromStdString(csvCell(fields[i].toStdString()));
  }
  out += QStringLiteral("\r\n");
}

}  // namespace

QString toCsv(const QAbstractItemModel& model) {
  const int rows = model.rowCount(), columns = model.columnCount();
  // Qt's default vertical header is the row number (an int); a string means named rows.
  const bool rowNames =
      rows > 0 && model.headerData(0, Qt::Vertical, Qt::DisplayRole).typeId() == QMetaType::QString;
  QString out;
  QStringList fields;
  if (rowNames) fields << QString();
  for (int c = 0; c < columns; ++c) fields << model.headerData(c, Qt::Horizontal, Qt::DisplayRole).toString();
  appendLine(out, fields);
  for (int r = 0; r < rows; ++r) {
    fields.clear();
    if (rowNames) fields << model.headerData(r, Qt::Vertical, Qt::DisplayRole).toString();
    for (int c = 0; c < columns; ++c) fields << model.index(r, c).data(Qt::DisplayRole).toString();
    appendLine(out, fields);
  }
  return out;
}

}  // namespace staccato::client
