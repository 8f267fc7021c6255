#include "client/widgets/editor/rate_control_page.h"

#include <QComboBox>
#include <QDoubleSpinBox>
#include <QFormLayout>
#include <QGroupBox>
#include <QHBoxLayout>
#include <QSpinBox>
#include <QVBoxLayout>

#include "client/widgets/editor/form_helpers.h"
#include "common/stream/rate.h"

namespace staccato::client {
namespace {

// Combo rows follow the proto enums from their first real value (PPS, PACKETS, NEXT = 1).
constexpr int kBurstsPerSecondRow = v1::Rate::BURSTS_PER_SECOND - 1;
constexpr int kFastestRow = v1::Rate::FASTEST - 1;
constexpr int kBurstsRow = v1::Control::BURSTS - 1;
constexpr int kContinuousRow = v1::Control::CONTINUOUS - 1;
constexpr int kGotoFirstRow = v1::Control::GOTO_FIRST - 1;
constexpr int kGotoStreamRow = v1::Control::GOTO_STREAM - 1;
constexpr uint64_t kDefaultCount = 1;
constexpr uint32_t kDefaultBurst = 1;
constexpr int kBoxWidth = 460;

int row(int protoValue) { return protoValue == 0 ? 0 : protoValue - 1; }

}  // namespace

RateControlPage::RateControlPage(QWidget* parent) : QWidget(parent) {
  unit_ = namedCombo(QStringLiteral("rateUnit"), {tr("Packets/s"), tr("Bits/s (L1, with preamble and gap)"),
                                                  tr("Bits/s (L2, frames)"), tr("Load % of line rate"),
                                                  tr("Bursts/s"), tr("As fast as possible")});
  value_ = new QDoubleSpinBox;
  value_->setObjectName(QStringLiteral("rateValue"));
  value_->setRange(0, 1e12);
  value_->setDecimals(2);
  value_->setGroupSeparatorShown(true);
  burst_ = new QSpinBox;
  burst_->setObjectName(QStringLiteral("burstSize"));
  burst_->setRange(1, 1000000);
  burst_->setSuffix(tr(" packets"));
  mode_ = namedCombo(QStringLiteral("controlMode"), {tr("Packets"), tr("Bursts"), tr("Continuous")});
  count_ = new QDoubleSpinBox;
  count_->setObjectName(QStringLiteral("controlCount"));
  count_->setDecimals(0);
  count_->setRange(1, 1e15);
  count_->setGroupSeparatorShown(true);
  after_ = namedCombo(QStringLiteral("afterStream"),
                      {tr("Next stream"), tr("Stop"), tr("Go to the first stream"), tr("Go to stream #")});
  gotoStream_ = new QSpinBox;
  gotoStream_->setObjectName(QStringLiteral("gotoStream"));
  gotoStream_->setRange(0, 999999);
  gotoStream_->setToolTip(tr("Index of the stream in the port's list (0 = first)"));
  loops_ = new QSpinBox;
  loops_->setObjectName(QStringLiteral("loopCount"));
  loops_->setRange(0, 1000000000);
  loops_->setSpecialValueText(tr("forever"));
  loops_->setToolTip(tr("How many times to jump back; forever when 0"));

  auto* rate = new QGroupBox(tr("Rate"));
  auto* rateForm = new QFormLayout(rate);
  rateForm->addRow(tr("Unit"), unit_);
  rateForm->addRow(tr("Value"), value_);
  rateForm->addRow(tr("Packets per burst"), burst_);
  auto* control = new QGroupBox(tr("Control"));
  auto* controlForm = new QFormLayout(control);
  controlForm->addRow(tr("Send"), mode_);
  controlForm->addRow(tr("Count"), count_);
  controlForm->addRow(tr("Then"), after_);
  controlForm->addRow(tr("Go to stream"), gotoStream_);
  controlForm->addRow(tr("Loop count"), loops_);
  for (QGroupBox* box : {rate, control}) box->setMaximumWidth(kBoxWidth);
  auto* boxes = new QHBoxLayout;
  boxes->addWidget(rate, 1, Qt::AlignTop);
  boxes->addWidget(control, 1, Qt::AlignTop);
  boxes->addStretch(0);
  auto* layout = new QVBoxLayout(this);
  layout->setContentsMargins(12, 12, 12, 12);
  layout->addLayout(boxes);
  layout->addStretch(1);

  for (QComboBox* combo : {unit_, mode_, after_})
    connect(combo, &QComboBox::currentIndexChanged, this, [this] {
      updateEnabled();
      Q_EMIT changed();
    });
  for (QDoubleSpinBox* spin : {value_, count_})
    connect(spin, &QDoubleSpinBox::valueChanged, this, &RateControlPage::changed);
  for (QSpinBox* spin : {burst_, gotoStream_, loops_})
    connect(spin, &QSpinBox::valueChanged, this, &RateControlPage::changed);
  updateEnabled();
}

void RateControlPage::setStream(const v1::Stream& stream) {
  loadedRate_ = stream.rate();
  loadedControl_ = stream.control();
  const QSignalBlocker b0(unit_), b1(value_), b2(burst_), b3(mode_), b4(count_), b5(after_), b6(gotoStream_), b7(loops_);
  unit_->setCurrentIndex(row(loadedRate_.unit()));
  const bool implicitPps = loadedRate_.value() == 0 && row(loadedRate_.unit()) == 0;
  value_->setValue(implicitPps ? kDefaultPps : loadedRate_.value());
  burst_->setValue(static_cast<int>(loadedRate_.packets_per_burst() ? loadedRate_.packets_per_burst() : kDefaultBurst));
  mode_->setCurrentIndex(row(loadedControl_.mode()));
  count_->setValue(static_cast<double>(loadedControl_.count() ? loadedControl_.count() : kDefaultCount));
  after_->setCurrentIndex(row(loadedControl_.after()));
  gotoStream_->setValue(static_cast<int>(loadedControl_.goto_stream()));
  loops_->setValue(static_cast<int>(loadedControl_.loop_count()));
  updateEnabled();
}

void RateControlPage::apply(v1::Stream& stream) const {
  v1::Rate* rate = stream.mutable_rate();
  const auto unit = static_cast<v1::Rate::Unit>(unit_->currentIndex() + 1);
  rate->set_unit(keepImplicit(loadedRate_.unit(), unit, v1::Rate::PPS));
  const bool pps = rate->unit() == v1::Rate::UNIT_UNSPECIFIED || rate->unit() == v1::Rate::PPS;
  rate->set_value(pps ? keepImplicit(loadedRate_.value(), value_->value(), kDefaultPps) : value_->value());
  const auto burst = static_cast<uint32_t>(burst_->value());
  rate->set_packets_per_burst(keepImplicit(loadedRate_.packets_per_burst(), burst, kDefaultBurst));
  v1::Control* control = stream.mutable_control();
  const auto mode = static_cast<v1::Control::Mode>(mode_->currentIndex() + 1);
  control->set_mode(keepImplicit(loadedControl_.mode(), mode, v1::Control::PACKETS));
  control->set_count(keepImplicit(loadedControl_.count(), static_cast<uint64_t>(count_->value()), kDefaultCount));
  control->set_after(keepImplicit(loadedControl_.after(), static_cast<v1::Control::AfterStream>(after_->currentIndex() + 1),
                                  v1::Control::NEXT));
  control->set_goto_stream(static_cast<uint32_t>(gotoStream_->value()));
  control->set_loop_count(static_cast<uint32_t>(loops_->value()));
}

void RateControlPage::updateEnabled() {
  value_->setEnabled(unit_->currentIndex() != kFastestRow);
  burst_->setEnabled(unit_->currentIndex() == kBurstsPerSecondRow || mode_->currentIndex() == kBurstsRow);
  count_->setEnabled(mode_->currentIndex() != kContinuousRow);
  gotoStream_->setEnabled(after_->currentIndex() == kGotoStreamRow);
  loops_->setEnabled(after_->currentIndex() >= kGotoFirstRow);
}

}  // namespace staccato::client
