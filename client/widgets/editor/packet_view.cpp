#include "client/widgets/editor/packet_view.h"

#include <QHBoxLayout>
#include <QLabel>
#include <QSpinBox>
#include <QVBoxLayout>

#include "client/models/editor/stream_preview.h"
#include "common/packet/builder.h"
#include "common/stream/link_fill.h"

namespace staccato::client {
namespace {
constexpr int kMaxPacketNumber = 1000;
}

PacketView::PacketView(QWidget* parent)
    : QWidget(parent), frame_(new FrameView), packetSpin_(new QSpinBox), lengthLabel_(new QLabel), errorLabel_(new QLabel) {
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

  auto* layout = new QVBoxLayout(this);
  layout->setContentsMargins(0, 0, 0, 0);
  layout->addLayout(top);
  layout->addWidget(errorLabel_);
  layout->addWidget(frame_, 1);

  connect(packetSpin_, &QSpinBox::valueChanged, this, &PacketView::render);
}

void PacketView::setStream(const v1::Stream& stream) {
  stream_ = stream;
  render();
}

int PacketView::packetNumber() const { return packetSpin_->value(); }
void PacketView::setPacketNumber(int number) { packetSpin_->setValue(number); }

void PacketView::render() {
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
  frame_->setFrame(bytes);
}

}  // namespace staccato::client
