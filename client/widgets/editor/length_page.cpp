#include "client/widgets/editor/length_page.h"

#include <QComboBox>
#include <QFormLayout>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QPushButton>
#include <QSpinBox>
#include <QTableWidget>
#include <QVBoxLayout>

#include "client/widgets/editor/form_helpers.h"
#include "common/packet/builder.h"

namespace staccato::client {
namespace {

constexpr uint32_t kDefaultFixed = 64;
constexpr uint32_t kDefaultStep = 1;
constexpr int kColumnWidth = 520;
// Combo rows in FrameLength::Mode order, from FIXED (1).
enum ModeRow { kFixedRow, kIncrementRow, kDecrementRow, kRandomRow, kImixRow };

QSpinBox* lengthSpin(const QString& name, int minimum = 1) {
  auto* spin = new QSpinBox;
  spin->setObjectName(name);
  spin->setRange(minimum, static_cast<int>(kMaxFrameLength));
  spin->setSuffix(QStringLiteral(" bytes"));
  return spin;
}

}  // namespace

LengthPage::LengthPage(QWidget* parent) : QWidget(parent) {
  mode_ = namedCombo(QStringLiteral("lengthMode"),
                     {tr("Fixed"), tr("Increment"), tr("Decrement"), tr("Random (uniform)"), tr("IMIX (weighted mix)")});
  fixed_ = lengthSpin(QStringLiteral("lengthFixed"));
  min_ = lengthSpin(QStringLiteral("lengthMin"), 0);
  max_ = lengthSpin(QStringLiteral("lengthMax"), 0);
  step_ = lengthSpin(QStringLiteral("lengthStep"));
  mix_ = new QTableWidget(0, 2);
  mix_->setObjectName(QStringLiteral("imixTable"));
  mix_->setHorizontalHeaderLabels({tr("Length (bytes)"), tr("Weight")});
  mix_->horizontalHeader()->setSectionResizeMode(QHeaderView::Stretch);
  mix_->verticalHeader()->hide();
  auto* addMix = new QPushButton(tr("Add size"));
  addMix->setObjectName(QStringLiteral("addImixButton"));
  auto* removeMix = new QPushButton(tr("Remove size"));
  removeMix->setObjectName(QStringLiteral("removeImixButton"));
  auto* mixButtons = new QHBoxLayout;
  mixButtons->addWidget(addMix);
  mixButtons->addWidget(removeMix);
  mixButtons->addStretch(1);
  mixBox_ = new QWidget;
  auto* mixLayout = new QVBoxLayout(mixBox_);
  mixLayout->setContentsMargins(0, 0, 0, 0);
  auto* mixNote = new QLabel(tr("Empty: the default 7:4:1 mix of 64, 594 and 1518 bytes."));
  mixNote->setStyleSheet(QStringLiteral("color: palette(placeholder-text);"));
  mixLayout->addWidget(mixNote);
  mixLayout->addWidget(mix_);
  mixLayout->addLayout(mixButtons);
  hint_ = new QLabel;
  hint_->setObjectName(QStringLiteral("lengthHint"));
  hint_->setWordWrap(true);
  hint_->setStyleSheet(QStringLiteral("color: palette(placeholder-text);"));

  form_ = new QFormLayout;
  form_->addRow(tr("Mode"), mode_);
  form_->addRow(tr("Length"), fixed_);
  form_->addRow(tr("Minimum"), min_);
  form_->addRow(tr("Maximum"), max_);
  form_->addRow(tr("Step"), step_);
  form_->addRow(tr("Sizes"), mixBox_);
  auto* column = new QWidget;
  column->setMaximumWidth(kColumnWidth);
  auto* columnLayout = new QVBoxLayout(column);
  columnLayout->setContentsMargins(0, 0, 0, 0);
  columnLayout->addLayout(form_);
  columnLayout->addWidget(hint_);
  columnLayout->addStretch(1);
  auto* layout = new QHBoxLayout(this);
  layout->setContentsMargins(12, 12, 12, 12);
  layout->addWidget(column, 1);
  layout->addStretch(0);

  connect(mode_, &QComboBox::currentIndexChanged, this, [this] {
    updateVisibleRows();
    Q_EMIT changed();
  });
  for (QSpinBox* spin : {fixed_, min_, max_, step_}) connect(spin, &QSpinBox::valueChanged, this, &LengthPage::changed);
  connect(mix_, &QTableWidget::itemChanged, this, &LengthPage::changed);
  connect(addMix, &QPushButton::clicked, this, [this] {
    addMixRow(kDefaultFixed, 1);
    Q_EMIT changed();
  });
  connect(removeMix, &QPushButton::clicked, this, [this] {
    if (mix_->currentRow() < 0) return;
    mix_->removeRow(mix_->currentRow());
    Q_EMIT changed();
  });
  updateVisibleRows();
}

void LengthPage::setStream(const v1::Stream& stream) {
  loaded_ = stream.frame_length();
  const QSignalBlocker b0(mode_), b1(fixed_), b2(min_), b3(max_), b4(step_), b5(mix_);
  const int mode = loaded_.mode() == v1::FrameLength::MODE_UNSPECIFIED ? kFixedRow : loaded_.mode() - 1;
  mode_->setCurrentIndex(mode);
  fixed_->setValue(static_cast<int>(loaded_.fixed() ? loaded_.fixed() : kDefaultFixed));
  min_->setValue(static_cast<int>(loaded_.min()));
  max_->setValue(static_cast<int>(loaded_.max()));
  step_->setValue(static_cast<int>(loaded_.step() ? loaded_.step() : kDefaultStep));
  mix_->setRowCount(0);
  for (const auto& size : loaded_.mix()) addMixRow(size.length(), size.weight());
  updateVisibleRows();

  auto layers = resolveLayers(stream.layers());
  hint_->setText(layers ? tr("Lengths count the 4-byte FCS. These layers need at least %1 bytes.")
                              .arg(minimumFrameLength(*layers))
                        : tr("Lengths count the 4-byte FCS."));
}

void LengthPage::apply(v1::Stream& stream) const {
  v1::FrameLength* out = stream.mutable_frame_length();
  const auto mode = static_cast<v1::FrameLength::Mode>(mode_->currentIndex() + 1);
  out->set_mode(keepImplicit(loaded_.mode(), mode, v1::FrameLength::FIXED));
  out->set_fixed(keepImplicit(loaded_.fixed(), static_cast<uint32_t>(fixed_->value()), kDefaultFixed));
  out->set_min(static_cast<uint32_t>(min_->value()));
  out->set_max(static_cast<uint32_t>(max_->value()));
  out->set_step(keepImplicit(loaded_.step(), static_cast<uint32_t>(step_->value()), kDefaultStep));
  out->clear_mix();
  for (int row = 0; row < mix_->rowCount(); ++row) {
    auto* size = out->add_mix();
    size->set_length(mix_->item(row, 0)->data(Qt::EditRole).toUInt());
    size->set_weight(mix_->item(row, 1)->data(Qt::EditRole).toUInt());
  }
}

void LengthPage::addMixRow(uint32_t length, uint32_t weight) {
  const int row = mix_->rowCount();
  mix_->insertRow(row);
  for (auto [column, value] : {std::pair{0, length}, {1, weight}}) {
    auto* item = new QTableWidgetItem;
    item->setData(Qt::EditRole, static_cast<int>(value));  // int: the default editor is a spin box
    mix_->setItem(row, column, item);
  }
}

void LengthPage::updateVisibleRows() {
  const int mode = mode_->currentIndex();
  const bool range = mode == kIncrementRow || mode == kDecrementRow || mode == kRandomRow;
  form_->setRowVisible(fixed_, mode == kFixedRow);
  form_->setRowVisible(min_, range);
  form_->setRowVisible(max_, range);
  form_->setRowVisible(step_, mode == kIncrementRow || mode == kDecrementRow);
  form_->setRowVisible(mixBox_, mode == kImixRow);
}

}  // namespace staccato::client
