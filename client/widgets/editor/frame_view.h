#pragma once
/// One frame decoded as a tree above its hex dump, linked both ways (select a field → its
/// bytes; click a byte → its field). The stream editor's packet preview and the capture viewer
/// show frames through it.
#include <QByteArray>
#include <QWidget>

class QTreeView;

namespace staccato::client {

class DecodeModel;
class HexView;

class FrameView : public QWidget {
  Q_OBJECT
 public:
  explicit FrameView(QWidget* parent = nullptr);

  /// Shows a frame (without FCS); a field selected before stays selected on the same bytes.
  void setFrame(const QByteArray& bytes);
  QByteArray frame() const;

  DecodeModel* decodeModel() const { return model_; }
  QTreeView* tree() const { return tree_; }
  HexView* hexView() const { return hex_; }

 private:
  void showCurrentBytes();
  void selectByte(int offset);

  DecodeModel* model_;
  QTreeView* tree_;
  HexView* hex_;
};

}  // namespace staccato::client
