#include "client/widgets/editor/hex_view.h"

#include <QFontDatabase>
#include <QMouseEvent>
#include <QPainter>
#include <QScrollBar>

namespace staccato::client {
namespace {

// Columns in characters: "0000  00 11 22 33 44 55 66 77  88 99 aa bb cc dd ee ff  ................"
constexpr int kBytesPerLine = 16;
constexpr int kOffsetChars = 4;
constexpr int kHexStart = kOffsetChars + 2;
constexpr int kAsciiStart = kHexStart + kBytesPerLine * 3 + 2;
constexpr int kLineChars = kAsciiStart + kBytesPerLine;
constexpr int kMargin = 6;

QChar printable(char c) { return c >= 0x20 && c < 0x7f ? QChar(c) : QChar('.'); }

}  // namespace

HexView::HexView(QWidget* parent) : QAbstractScrollArea(parent) {
  setFont(QFontDatabase::systemFont(QFontDatabase::FixedFont));
  setHorizontalScrollBarPolicy(Qt::ScrollBarAsNeeded);
  viewport()->setCursor(Qt::PointingHandCursor);
  viewport()->setBackgroundRole(QPalette::Base);
}

void HexView::setBytes(const QByteArray& bytes) {
  bytes_ = bytes;
  if (highlightOffset_ + highlightLength_ > bytes_.size()) highlightOffset_ = highlightLength_ = 0;
  updateScrollBar();
  viewport()->update();
}

void HexView::setHighlight(int offset, int length) {
  highlightOffset_ = std::max(offset, 0);
  highlightLength_ = std::max(length, 0);
  if (highlightLength_ > 0) {
    const int first = highlightOffset_ / kBytesPerLine;
    const int last = (highlightOffset_ + highlightLength_ - 1) / kBytesPerLine;
    const int visible = std::max(1, viewport()->height() / lineHeight());
    QScrollBar* bar = verticalScrollBar();
    if (first < bar->value()) bar->setValue(first);
    else if (last >= bar->value() + visible) bar->setValue(std::min(first, last - visible + 1));
  }
  viewport()->update();
}

QString HexView::hexText() const { return QString::fromLatin1(bytes_.toHex(' ')); }

int HexView::charWidth() const { return fontMetrics().horizontalAdvance(QLatin1Char('0')); }
int HexView::lineHeight() const { return fontMetrics().height() + 2; }

int HexView::hexColumn(int byteInLine) const {
  return kHexStart + byteInLine * 3 + (byteInLine >= kBytesPerLine / 2 ? 1 : 0);
}

QRect HexView::byteRect(int offset) const {
  const int line = offset / kBytesPerLine - verticalScrollBar()->value();
  const int x = kMargin + hexColumn(offset % kBytesPerLine) * charWidth() - horizontalScrollBar()->value();
  return {x, kMargin / 2 + line * lineHeight(), 2 * charWidth(), lineHeight()};
}

int HexView::byteAt(QPoint pos) const {
  const int line = (pos.y() - kMargin / 2) / lineHeight() + verticalScrollBar()->value();
  const int x = pos.x() + horizontalScrollBar()->value() - kMargin;
  if (x < 0 || pos.y() < kMargin / 2) return -1;
  const int column = x / charWidth();
  int inLine = -1;
  if (column >= kAsciiStart && column < kLineChars) {
    inLine = column - kAsciiStart;
  } else {
    for (int i = 0; i < kBytesPerLine; ++i)
      if (column >= hexColumn(i) && column <= hexColumn(i) + 2) inLine = i;
  }
  const int offset = line * kBytesPerLine + inLine;
  return inLine < 0 || offset >= bytes_.size() ? -1 : offset;
}

bool HexView::highlighted(int offset) const {
  return offset >= highlightOffset_ && offset < highlightOffset_ + highlightLength_;
}

void HexView::paintEvent(QPaintEvent*) {
  QPainter p(viewport());
  const int cw = charWidth(), lh = lineHeight();
  const int dx = kMargin - horizontalScrollBar()->value();
  const int firstLine = verticalScrollBar()->value();
  const int lines = (static_cast<int>(bytes_.size()) + kBytesPerLine - 1) / kBytesPerLine;
  const QColor highlight = palette().color(QPalette::Highlight);
  const QColor highlightText = palette().color(QPalette::HighlightedText);
  const QColor text = palette().color(QPalette::Text);
  const QColor dim = palette().color(QPalette::PlaceholderText);
  const int ascent = fontMetrics().ascent() + 1;
  for (int line = firstLine; line < lines; ++line) {
    const int y = kMargin / 2 + (line - firstLine) * lh;
    if (y > viewport()->height()) break;
    p.setPen(dim);
    p.drawText(dx, y + ascent, QStringLiteral("%1").arg(line * kBytesPerLine, kOffsetChars, 16, QLatin1Char('0')));
    for (int i = 0; i < kBytesPerLine; ++i) {
      const int offset = line * kBytesPerLine + i;
      if (offset >= bytes_.size()) break;
      const bool on = highlighted(offset);
      const int hx = dx + hexColumn(i) * cw, ax = dx + (kAsciiStart + i) * cw;
      if (on) {
        // Join neighbouring highlighted bytes across the gap between them.
        const bool joinNext = i + 1 < kBytesPerLine && highlighted(offset + 1) && offset + 1 < bytes_.size();
        const int hexWidth = joinNext ? (hexColumn(i + 1) - hexColumn(i)) * cw : 2 * cw;
        p.fillRect(QRect(hx, y, hexWidth, lh), highlight);
        p.fillRect(QRect(ax, y, cw, lh), highlight);
      }
      p.setPen(on ? highlightText : text);
      const auto byte = static_cast<uint8_t>(bytes_[offset]);
      p.drawText(hx, y + ascent, QStringLiteral("%1").arg(byte, 2, 16, QLatin1Char('0')));
      p.drawText(ax, y + ascent, QString(printable(static_cast<char>(byte))));
    }
  }
}

void HexView::resizeEvent(QResizeEvent* event) {
  QAbstractScrollArea::resizeEvent(event);
  updateScrollBar();
}

void HexView::mousePressEvent(QMouseEvent* event) {
  if (event->button() != Qt::LeftButton) return QAbstractScrollArea::mousePressEvent(event);
  if (const int offset = byteAt(event->position().toPoint()); offset >= 0) Q_EMIT byteClicked(offset);
}

void HexView::updateScrollBar() {
  const int lines = (static_cast<int>(bytes_.size()) + kBytesPerLine - 1) / kBytesPerLine;
  const int visible = std::max(1, (viewport()->height() - kMargin) / lineHeight());
  verticalScrollBar()->setRange(0, std::max(0, lines - visible));
  verticalScrollBar()->setPageStep(visible);
  const int width = 2 * kMargin + kLineChars * charWidth();
  horizontalScrollBar()->setRange(0, std::max(0, width - viewport()->width()));
  horizontalScrollBar()->setPageStep(viewport()->width());
}

QSize HexView::sizeHint() const {
  const int scroll = verticalScrollBar()->sizeHint().width();
  return {2 * kMargin + kLineChars * charWidth() + scroll + 2 * frameWidth(), 8 * lineHeight() + kMargin};
}

QSize HexView::minimumSizeHint() const { return {20 * charWidth(), 3 * lineHeight()}; }

}  // namespace staccato::client
