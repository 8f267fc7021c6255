#include "client/widgets/benchmark_advanced_box.h"

#include <QCheckBox>
#include <QComboBox>
#include <QDoubleSpinBox>
#include <QFormLayout>
#include <QSpinBox>
#include <QToolButton>
#include <QVBoxLayout>

#include "client/models/qs.h"

namespace staccato::client {
namespace {

QDoubleSpinBox* percentBox(QWidget* parent, const char* name, double min, double max) {
  auto* box = new QDoubleSpinBox(parent);
  box->setObjectName(name);
  box->setRange(min, max);
  box->setDecimals(2);
  box->setSuffix(" %");
  return box;
}

}  // namespace

BenchmarkAdvancedBox::BenchmarkAdvancedBox(QWidget* parent) : QWidget(parent) {
  auto* layout = new QVBoxLayout(this);
  layout->setContentsMargins(0, 0, 0, 0);
  toggle_ = new QToolButton(this);
  toggle_->setObjectName("benchmarkAdvancedToggle");
  toggle_->setText(tr("Advanced"));
  toggle_->setCheckable(true);
  toggle_->setToolButtonStyle(Qt::ToolButtonTextBesideIcon);
  toggle_->setAutoRaise(true);
  layout->addWidget(toggle_);

  fields_ = new QWidget(this);
  auto* form = new QFormLayout(fields_);
  search_ = new QComboBox(fields_);
  search_->setObjectName("benchmarkSearch");
  for (auto method : {bench::SearchMethod::kMultiGoal, bench::SearchMethod::kBinary})
    search_->addItem(qs(bench::searchMethodName(method)), static_cast<int>(method));
  search_->setToolTip(tr("multi-goal (RFC 9971): every loss goal in one search, short trials first, full-length "
                         "trials only to confirm a bound; binary (RFC 2544): one search per goal, every trial full length"));
  form->addRow(tr("Search"), search_);
  precision_ = percentBox(fields_, "benchmarkPrecision", 0.01, 49.99);
  precision_->setToolTip(tr("The search ends when its lower and upper bounds are this close"));
  form->addRow(tr("Precision"), precision_);
  tolerance_ = percentBox(fields_, "benchmarkTolerance", 0, 50);
  tolerance_->setToolTip(tr("A trial whose offered load falls further short of the intended load is tester-limited"));
  form->addRow(tr("Tester tolerance"), tolerance_);
  rampMs_ = new QSpinBox(fields_);
  rampMs_->setObjectName("benchmarkRamp");
  rampMs_->setRange(0, 600'000);
  rampMs_->setSuffix(" ms");
  rampMs_->setToolTip(tr("Each trial rises to its rate over this long (its frames count): no burst at the start"));
  form->addRow(tr("Ramp"), rampMs_);
  retries_ = new QSpinBox(fields_);
  retries_->setObjectName("benchmarkRetries");
  retries_->setRange(0, 20);
  retries_->setToolTip(tr("A trial whose receiver missed frames is repeated, never counted as loss"));
  form->addRow(tr("Receiver retries"), retries_);
  maxLatencyUs_ = new QDoubleSpinBox(fields_);
  maxLatencyUs_->setObjectName("benchmarkMaxLatency");
  maxLatencyUs_->setRange(0, 1e9);
  maxLatencyUs_->setDecimals(1);
  maxLatencyUs_->setSuffix(" µs");
  maxLatencyUs_->setSpecialValueText(tr("no limit"));
  maxLatencyUs_->setToolTip(tr("A trial whose maximum latency is higher fails, in the search and the latency test"));
  form->addRow(tr("Max latency"), maxLatencyUs_);
  ipv6_ = new QCheckBox(tr("IPv6 flows (else IPv4)"), fields_);
  ipv6_->setObjectName("benchmarkIpv6");
  form->addRow(ipv6_);
  learning_ = new QCheckBox(tr("Learning frames and ARP/NDP before each trial"), fields_);
  learning_->setObjectName("benchmarkLearning");
  form->addRow(learning_);
  layout->addWidget(fields_);

  connect(toggle_, &QToolButton::toggled, this, &BenchmarkAdvancedBox::setExpanded);
  setExpanded(false);
  setValues(BenchmarkAdvanced{});
}

BenchmarkAdvanced BenchmarkAdvancedBox::values() const {
  BenchmarkAdvanced a;
  a.search = static_cast<bench::SearchMethod>(search_->currentData().toInt());
  a.precisionPercent = precision_->value();
  a.tolerancePercent = tolerance_->value();
  a.rampMs = rampMs_->value();
  a.receiverRetries = static_cast<unsigned>(retries_->value());
  a.ipv6 = ipv6_->isChecked();
  a.learning = learning_->isChecked();
  a.maxLatencyUs = maxLatencyUs_->value();
  return a;
}

void BenchmarkAdvancedBox::setValues(const BenchmarkAdvanced& a) {
  search_->setCurrentIndex(search_->findData(static_cast<int>(a.search)));
  precision_->setValue(a.precisionPercent);
  tolerance_->setValue(a.tolerancePercent);
  rampMs_->setValue(static_cast<int>(a.rampMs));
  retries_->setValue(static_cast<int>(a.receiverRetries));
  ipv6_->setChecked(a.ipv6);
  learning_->setChecked(a.learning);
  maxLatencyUs_->setValue(a.maxLatencyUs);
}

void BenchmarkAdvancedBox::setExpanded(bool expanded) {
  if (toggle_->isChecked() != expanded) toggle_->setChecked(expanded);  // comes back here once
  toggle_->setArrowType(expanded ? Qt::DownArrow : Qt::RightArrow);
  fields_->setVisible(expanded);
}

bool BenchmarkAdvancedBox::expanded() const { return toggle_->isChecked(); }

}  // namespace staccato::client
