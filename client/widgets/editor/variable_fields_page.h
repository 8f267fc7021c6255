#pragma once
/// The stream editor's "Variable fields" tab: a table of fields that change from packet to
/// packet (field from the stack, mode, start, step, count, mask, prefix length, list values).
#include <QString>
#include <QWidget>
#include <vector>

#include "staccato/v1/stream.pb.h"

class QTableWidget;

namespace staccato::client {

class VariableFieldsPage : public QWidget {
  Q_OBJECT
 public:
  enum Column { kField, kMode, kStart, kStep, kCount, kMask, kPrefix, kValues, kColumnCount };

  explicit VariableFieldsPage(QWidget* parent = nullptr);

  /// Shows the stream's variable fields; the field choices come from its layers.
  void setStream(const v1::Stream& stream);
  /// Writes the variable fields as edited into `stream`.
  void apply(v1::Stream& stream) const;
  QTableWidget* table() const { return table_; }

 Q_SIGNALS:
  void changed();

 private:
  struct FieldChoice {
    int layer;
    QString field;
    QString label;
  };

  void rebuild(const google::protobuf::RepeatedPtrField<v1::VariableField>& defs);
  void addRow(int row, const v1::VariableField& def);
  v1::VariableField rowDefinition(int row) const;
  void updateRowState(int row);
  void addField();
  void removeField();
  int firstLayerWith(const QString& field) const;

  QTableWidget* table_;
  std::vector<FieldChoice> choices_;
  v1::Stream stream_;  ///< the layers the choices come from, and the definitions as loaded
};

}  // namespace staccato::client
