#pragma once
/// The packet view's tree: a frame decoded by the registry's parser, layers → fields as
/// "label: value", each node with the bytes it covers (kByteRangeRole).
#include <QAbstractItemModel>
#include <QByteArray>
#include <QString>
#include <vector>

#include "client/models/editor/editor_roles.h"
#include "client/models/editor/field_layout.h"

namespace staccato::client {

class DecodeModel : public QAbstractItemModel {
  Q_OBJECT
 public:
  explicit DecodeModel(QObject* parent = nullptr);

  /// Decodes a frame (without FCS).
  void setFrame(const QByteArray& bytes);
  const QByteArray& frame() const { return frame_; }

  /// The deepest node whose bytes contain `offset`; invalid when none does.
  QModelIndex indexForByte(int offset) const;

  QModelIndex index(int row, int column, const QModelIndex& parent = {}) const override;
  QModelIndex parent(const QModelIndex& child) const override;
  int rowCount(const QModelIndex& parent = {}) const override;
  int columnCount(const QModelIndex& parent = {}) const override;
  QVariant data(const QModelIndex& index, int role = Qt::DisplayRole) const override;
  QVariant headerData(int section, Qt::Orientation orientation, int role = Qt::DisplayRole) const override;

 private:
  struct Node {
    int parent = -1;  ///< node index, -1 for top level
    int row = 0;
    QString text;
    QString tooltip;
    QString fieldName;
    int layer = -1;
    ByteSpan bytes;
    std::vector<int> children;
  };

  int addNode(int parent, Node node);
  const std::vector<int>& childrenOf(const QModelIndex& parent) const;
  void decode();

  QByteArray frame_;
  std::vector<Node> nodes_;
  std::vector<int> roots_;
};

}  // namespace staccato::client
