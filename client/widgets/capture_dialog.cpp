#include "client/widgets/capture_dialog.h"

#include <QComboBox>
#include <QDialogButtonBox>
#include <QDoubleSpinBox>
#include <QFormLayout>
#include <QLineEdit>
#include <QPushButton>
#include <QRegularExpressionValidator>

#include "rpc/capture_limits.h"

namespace staccato::client {
namespace {

enum Bound { kRing, kPackets, kBytes };

}  // namespace

CaptureDialog::CaptureDialog(const QString& port, QWidget* parent)
    : QDialog(parent), filter_(new QLineEdit), bound_(new QComboBox), amount_(new QDoubleSpinBox), direction_(new QComboBox) {
  setObjectName(QStringLiteral("captureDialog"));
  setWindowTitle(tr("Start capture on %1").arg(port));
  filter_->setObjectName(QStringLiteral("captureFilter"));
  filter_->setPlaceholderText(tr("every frame (BPF, as tcpdump takes it: udp port 53)"));
  filter_->setMaxLength(static_cast<int>(rpc::kMaxCaptureFilterChars));
  filter_->setValidator(new QRegularExpressionValidator(QRegularExpression(QStringLiteral("[\\x20-\\x7e]*")), filter_));
  bound_->setObjectName(QStringLiteral("captureBound"));
  bound_->addItem(tr("Keep the last (ring), MiB"), kRing);
  bound_->addItem(tr("Stop after, packets"), kPackets);
  bound_->addItem(tr("Stop before, bytes"), kBytes);
  amount_->setObjectName(QStringLiteral("captureAmount"));
  amount_->setDecimals(0);
  amount_->setGroupSeparatorShown(true);
  direction_->setObjectName(QStringLiteral("captureDirection"));
  direction_->addItem(tr("received and sent"), v1::CAPTURE_BOTH);
  direction_->addItem(tr("received"), v1::CAPTURE_RX);
  direction_->addItem(tr("sent (not what turbo sends: AF_XDP passes no capture)"), v1::CAPTURE_TX);

  auto* form = new QFormLayout;
  form->addRow(tr("Filter"), filter_);
  form->addRow(tr("Bound"), bound_);
  form->addRow(QString(), amount_);
  form->addRow(tr("Direction"), direction_);
  auto* buttons = new QDialogButtonBox(QDialogButtonBox::Ok | QDialogButtonBox::Cancel);
  buttons->button(QDialogButtonBox::Ok)->setText(tr("Start"));
  connect(buttons, &QDialogButtonBox::accepted, this, &QDialog::accept);
  connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);
  auto* layout = new QVBoxLayout(this);
  layout->addLayout(form);
  layout->addWidget(buttons);
  connect(bound_, &QComboBox::currentIndexChanged, this, &CaptureDialog::boundChanged);
  boundChanged();
}

void CaptureDialog::boundChanged() {
  switch (bound_->currentData().toInt()) {
    case kPackets:
      amount_->setRange(1, double(rpc::kMaxCapturePackets));
      amount_->setValue(10000);
      break;
    case kBytes:
      amount_->setRange(1, double(rpc::kMaxCaptureBytes));
      amount_->setValue(10 << 20);
      break;
    default:
      amount_->setRange(1, rpc::kMaxCaptureRingMiB);
      amount_->setValue(rpc::kDefaultCaptureRingMiB);
  }
}

v1::StartCaptureRequest CaptureDialog::request() const {
  v1::StartCaptureRequest r;
  r.set_filter(filter_->text().trimmed().toStdString());
  const auto amount = static_cast<uint64_t>(amount_->value());
  switch (bound_->currentData().toInt()) {
    case kPackets: r.set_limit_packets(amount); break;
    case kBytes: r.set_limit_bytes(amount); break;
    default: r.set_ring_mb(static_cast<uint32_t>(amount));
  }
  r.set_direction(static_cast<v1::CaptureDirection>(direction_->currentData().toInt()));
  return r;
}

std::optional<v1::StartCaptureRequest> askCapture(QWidget* parent, const std::string& port) {
  CaptureDialog dialog(QString::fromStdString(port), parent);
  if (dialog.exec() != QDialog::Accepted) return std::nullopt;
  auto r = dialog.request();
  r.set_port(port);
  return r;
}

}  // namespace staccato::client
