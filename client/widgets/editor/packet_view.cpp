#include "client/widgets/editor/packet_view.h"

#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QSpinBox>
#include <QSplitter>
#include <QTreeView>
#include <QVBoxLayout>

#include "client/models/editor/decode_model.h"
#include "client/models/editor/stream_preview.h"
#include "client/widgets/editor/hex_view.h"
#include "common/packet/builder.h"
#include "common/stream/link_fill.h"

namespace staccato::client {
namespace {
constexpr int kMaxPacketNumber = 1000;
}

PacketView::PacketView(QWidget* parent)
    : QWidget(parent),
      model_(new DecodeModel(this)),
      tree_(new QTreeView),
      hex_(new HexView),
      packetSpin_(new QSpinBox),
      lengthLabel_(new QLabel),
      errorLabel_(new QLabel) {
  tree_->setObjectName(QStringLiteral("decodeTree"));
  tree_->setModel(model_);
  tree_->setHeaderHidden(true);
  tree_->setUniformRowHeights(true);
  tree_->setEditTriggers(QAbstractItemView::NoEditTriggers);
  hex_->setObjectName(QStringLiteral("hexView"));
  packetSpin_->setObjectName(QStringLiteral("packetNumber"));
  packetSpin_->setRange(1, kMaxPacketNumber);
  packetSpin_->setToolTip(tr("Packet of the stream to show: variable fields, lengths and the signature's "
                             "sequence number change from packet to packet"));
  lengthLabel_->setObjectName(QStringLiteral("frameLengthLabel"));
  errorLabel_->setObjectName(QStringLiteral("packetError"));
  errorLabel_->setWordWrap(true);
  errorLabel_->setStyleSheet(QStringLiteral("color: #b00020;"));
  errorLabel_->hide();

  auto* top = new QHBoxLayout;
  top->addWidget(new QLabel(tr("Packet #")));
  top->addWidget(packetSpin_);
  top->addSpacing(12);
  top->addWidget(lengthLabel_, 1);

  auto* splitter = new QSplitter(Qt::Vertical);
  splitter->addWidget(tree_);
  splitter->addWidget(hex_);
  splitter->setStretchFactor(0, 3);
  splitter->setStretchFactor(1, 1);
  splitter->setChildrenCollapsible(false);

  auto* layout = new QVBoxLayout(this);
  layout->setContentsMargins(0, 0, 0, 0);
  layout->addLayout(top);
  layout->addWidget(errorLabel_);
  layout->addWidget(splitter, 1);

  connect(packetSpin_, &QSpinBox::valueChanged, this, &PacketView::render);
  connect(tree_->selectionModel(), &QItemSelectionModel::currentChanged, this, &PacketView::showCurrentBytes);
  connect(hex_, &HexView::byteClicked, this, &PacketView::selectByte);
}

void PacketView::setStream(const v1::Stream& stream) {
  stream_ = stream;
  render();
}

QByteArray PacketView::frame() const { return model_->frame(); }
int PacketView::packetNumber() const { return packetSpin_->value(); }
void PacketView::setPacketNumber(int number) { packetSpin_->setValue(number); }

void PacketView::render() {
  const QPoint selected = tree_->currentIndex().data(kByteRangeRole).toPoint();
  const bool hadSelection = tree_->currentIndex().isValid();
  auto packet = renderPacket(stream_, packetSpin_->value());
  QByteArray bytes;
  if (packet) {
    bytes = QByteArray(reinterpret_cast<const char*>(packet->data()), static_cast<qsizetype>(packet->size()));
    errorLabel_->hide();
    const qsizetype size = bytes.size();
    lengthLabel_->setText(tr("%1 bytes + %2 FCS = %3-byte frame").arg(size).arg(kFcsBytes).arg(size + kFcsBytes) +
                          (usesLinkPlaceholders(stream_) ? QString(" — ") + kLinkFillNote : QString()));
  } else {
    errorLabel_->setText(QString::fromStdString(packet.error().toString()));
    errorLabel_->show();
    lengthLabel_->clear();
  }
  model_->setFrame(bytes);
  hex_->setBytes(bytes);
  tree_->expandAll();
  // Keep the selection on the same bytes when another packet of the stream is shown.
  if (hadSelection) selectByte(selected.x());
  else hex_->setHighlight(0, 0);
}

void PacketView::showCurrentBytes() {
  const QPoint range = tree_->currentIndex().data(kByteRangeRole).toPoint();
  hex_->setHighlight(range.x(), tree_->currentIndex().isValid() ? range.y() : 0);
}

void PacketView::selectByte(int offset) {
  const QModelIndex index = model_->indexForByte(offset);
  tree_->setCurrentIndex(index);
  if (index.isValid()) tree_->scrollTo(index);
  showCurrentBytes();
}

}  // namespace staccato::client
