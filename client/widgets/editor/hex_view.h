#pragma once
/// A read-only hex dump: offset | hex bytes | ASCII, monospace, with one highlighted byte range
/// (shown in both the hex and the ASCII column) and clickable bytes.
#include <QAbstractScrollArea>
#include <QByteArray>
#include <QRect>
#include <QString>

namespace staccato::client {

class HexView : public QAbstractScrollArea {
  Q_OBJECT
 public:
  explicit HexView(QWidget* parent = nullptr);

  void setBytes(const QByteArray& bytes);
  const QByteArray& bytes() const { return bytes_; }
  /// Highlights `length` bytes from `offset` and scrolls them into view; length 0 clears.
  void setHighlight(int offset, int length);
  int highlightOffset() const { return highlightOffset_; }
  int highlightLength() const { return highlightLength_; }

  /// The bytes as lowercase hex pairs separated by spaces ("00 11 22").
  QString hexText() const;
  /// Where byte `offset` is drawn in the hex column, in viewport coordinates.
  QRect byteRect(int offset) const;

  QSize sizeHint() const override;
  QSize minimumSizeHint() const override;

 Q_SIGNALS:
  void byteClicked(int offset);

 protected:
  void paintEvent(QPaintEvent* event) override;
  void resizeEvent(QResizeEvent* event) override;
  void mousePressEvent(QMouseEvent* event) override;

 private:
  int charWidth() const;
  int lineHeight() const;
  int hexColumn(int byteInLine) const;
  int byteAt(QPoint pos) const;
  void updateScrollBar();
  bool highlighted(int offset) const;

  QByteArray bytes_;
  int highlightOffset_ = 0;
  int highlightLength_ = 0;
};

}  // namespace staccato::client
