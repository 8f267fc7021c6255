#include "client/widgets/benchmark_form.h"

#include <QCheckBox>
#include <QComboBox>
#include <QDoubleSpinBox>
#include <QFormLayout>
#include <QGroupBox>
#include <QHBoxLayout>
#include <QLineEdit>
#include <QListWidget>
#include <QPushButton>
#include <QSettings>
#include <QStringList>

#include <algorithm>

#include "client/models/qs.h"

namespace staccato::client {
namespace {

constexpr bench::TestKind kTests[] = {bench::TestKind::kThroughput, bench::TestKind::kLatency, bench::TestKind::kFrameLoss,
                                      bench::TestKind::kBackToBack};
const char* const kTestLabels[] = {"Throughput (26.1)", "Latency (26.2)", "Frame-loss rate (26.3)", "Back-to-back (26.4)"};

QString percents(const std::vector<bench::LossGoal>& goals) {
  QStringList out;
  for (const auto& g : goals) out << QString::number(100 * g.lossRatio, 'g', 6);
  return out.join(", ");
}

}  // namespace

BenchmarkForm::BenchmarkForm(PortTreeModel* ports, QWidget* parent) : QWidget(parent) {
  auto* layout = new QVBoxLayout(this);
  layout->setContentsMargins(0, 0, 0, 0);

  auto* portsBox = new QGroupBox(tr("Ports"), this);
  auto* portsForm = new QFormLayout(portsBox);
  tx_ = new PortPicker(ports, 0, portsBox);
  tx_->setObjectName("benchmarkTx");
  rx_ = new PortPicker(ports, 1, portsBox);
  rx_->setObjectName("benchmarkRx");
  bidirectional_ = new QCheckBox(tr("Both directions at once"), portsBox);
  bidirectional_->setToolTip(tr("Each trial also sends from the receive port to the transmit port (RFC 2544 bidirectional)"));
  auto* add = new QPushButton(tr("Add pair"), portsBox);
  add->setObjectName("benchmarkAddPair");
  add->setToolTip(tr("Run on several port pairs at once (on any drones): add each to the list"));
  auto* clear = new QPushButton(tr("Clear"), portsBox);
  pairList_ = new QListWidget(portsBox);
  pairList_->setObjectName("benchmarkPairs");
  pairList_->setMaximumHeight(70);
  pairList_->setToolTip(tr("The pairs a run uses; when empty, the pair chosen above"));
  pairList_->hide();
  auto* pairButtons = new QHBoxLayout;
  pairButtons->addWidget(add);
  pairButtons->addWidget(clear);
  pairButtons->addStretch(1);
  portsForm->addRow(tr("Send on"), tx_);
  reflector_ = new ReflectorChoice(portsForm, rx_, "benchmark", portsBox);
  portsForm->addRow(pairButtons);
  portsForm->addRow(pairList_);
  portsForm->addRow(bidirectional_);
  // A reflector returns every frame: its trials run both ways already (checkConfig refuses both).
  connect(reflector_, &ReflectorChoice::toggled, this, [this](bool on) {
    if (on) bidirectional_->setChecked(false);
    bidirectional_->setEnabled(!on);
  });
  connect(add, &QPushButton::clicked, this, &BenchmarkForm::addChosenPair);
  connect(clear, &QPushButton::clicked, this, &BenchmarkForm::clearPairs);
  layout->addWidget(portsBox);

  auto* testsBox = new QGroupBox(tr("Tests"), this);
  auto* testsForm = new QFormLayout(testsBox);
  preset_ = new QComboBox(testsBox);
  preset_->setObjectName("benchmarkPreset");
  for (std::string_view name : bench::presetNames()) preset_->addItem(qs(name), qs(name));
  preset_->addItem(tr("custom"), QString());
  preset_->setToolTip(tr("quick: short trials, NDR and PDR in one search; rfc2544-strict: 60 s trials, 0 % loss, "
                         "RFC 2544's trial counts. Choosing one fills the fields below."));
  testsForm->addRow(tr("Preset"), preset_);
  auto* testChecks = new QVBoxLayout;
  for (size_t i = 0; i < std::size(kTests); ++i) {
    tests_[i] = new QCheckBox(tr(kTestLabels[i]), testsBox);
    tests_[i]->setObjectName(QString("benchmarkTest_%1").arg(qs(bench::testName(kTests[i]))));
    testChecks->addWidget(tests_[i]);
  }
  testsForm->addRow(tr("Run"), testChecks);
  sizes_ = new QLineEdit(testsBox);
  sizes_->setObjectName("benchmarkSizes");
  sizes_->setPlaceholderText("64 128 256 512 1024 1280 1518");
  sizes_->setToolTip(tr("Frame sizes in bytes (FCS included), and imix or imix:64x7,594x4,1518x1; "
                        "empty = RFC 2544's seven sizes"));
  testsForm->addRow(tr("Frame sizes"), sizes_);
  goals_ = new QLineEdit(testsBox);
  goals_->setObjectName("benchmarkGoals");
  goals_->setToolTip(tr("Loss goals in percent, searched at once: 0 is NDR, 0.5 a PDR of 0.5 %"));
  testsForm->addRow(tr("Loss goals (%)"), goals_);
  seconds_ = new QDoubleSpinBox(testsBox);
  seconds_->setObjectName("benchmarkSeconds");
  seconds_->setRange(0.1, 86400);
  seconds_->setDecimals(1);
  seconds_->setSuffix(" s");
  seconds_->setToolTip(tr("Full-length trials of the throughput search, latency and frame-loss tests "
                          "(RFC 2544: at least 60 s)"));
  testsForm->addRow(tr("Trial length"), seconds_);
  advanced_ = new BenchmarkAdvancedBox(testsBox);
  testsForm->addRow(advanced_);
  layout->addWidget(testsBox);
  layout->addStretch(1);

  connect(preset_, &QComboBox::currentIndexChanged, this, [this] { applyPreset(preset_->currentData().toString()); });
  restoreSettings();
}

void BenchmarkForm::restoreSettings() {
  QSettings settings;
  settings.beginGroup("benchmark");
  const QString preset = settings.value("preset").toString();  // "" is "custom"
  applyPreset(settings.contains("preset") && preset_->findData(preset) >= 0 ? preset : QString("quick"));
  if (!settings.contains("tests")) return;  // then the saved fields over the preset's
  std::vector<bench::TestKind> tests;
  for (const QString& name : settings.value("tests").toStringList())
    if (auto t = bench::testFromName(name.toStdString())) tests.push_back(*t);
  setTests(tests);
  setFrameSizes(settings.value("sizes").toString());
  setLossGoals(settings.value("goals", goals_->text()).toString());
  setTrialSeconds(settings.value("seconds", seconds_->value()).toDouble());
  reflector_->setOn(settings.value("reflector").toBool());
  bidirectional_->setChecked(settings.value("bidirectional").toBool() && !reflector_->on());
  reflector_->setSwap(v1::PortConfig::Reflect(settings.value("reflect_swap", int(reflector_->swap())).toInt()));
  BenchmarkAdvanced a = advanced_->values();
  if (auto m = bench::searchMethodFromName(settings.value("search").toString().toStdString())) a.search = *m;
  a.precisionPercent = settings.value("precision", a.precisionPercent).toDouble();
  a.tolerancePercent = settings.value("tolerance", a.tolerancePercent).toDouble();
  a.rampMs = settings.value("ramp_ms", a.rampMs).toDouble();
  a.receiverRetries = settings.value("retries", a.receiverRetries).toUInt();
  a.ipv6 = settings.value("ipv6", a.ipv6).toBool();
  a.learning = settings.value("learning", a.learning).toBool();
  a.maxLatencyUs = settings.value("max_latency_us", a.maxLatencyUs).toDouble();
  advanced_->setValues(a);
}

void BenchmarkForm::saveSettings() const {
  QSettings settings;
  settings.beginGroup("benchmark");
  const BenchmarkSetup s = setup();
  QStringList tests;
  for (bench::TestKind t : s.tests) tests << qs(bench::testName(t));
  settings.setValue("preset", s.preset);
  settings.setValue("tests", tests);
  settings.setValue("sizes", s.frameSizes);
  settings.setValue("goals", s.lossGoals);
  settings.setValue("seconds", s.trialSeconds);
  settings.setValue("bidirectional", s.bidirectional);
  settings.setValue("reflector", reflector_->on());
  settings.setValue("reflect_swap", int(reflector_->swap()));
  const BenchmarkAdvanced& a = *s.advanced;
  settings.setValue("search", qs(bench::searchMethodName(a.search)));
  settings.setValue("precision", a.precisionPercent);
  settings.setValue("tolerance", a.tolerancePercent);
  settings.setValue("ramp_ms", a.rampMs);
  settings.setValue("retries", a.receiverRetries);
  settings.setValue("ipv6", a.ipv6);
  settings.setValue("learning", a.learning);
  settings.setValue("max_latency_us", a.maxLatencyUs);
}

void BenchmarkForm::applyPreset(const QString& name) {
  const int i = preset_->findData(name);
  if (i < 0) return;
  if (i != preset_->currentIndex()) {
    QSignalBlocker block(preset_);
    preset_->setCurrentIndex(i);
  }
  bench::BenchmarkConfig c;
  if (!name.isEmpty()) c = bench::presetConfig(name.toStdString()).value();  // the combo lists only presets
  setTests(c.tests);
  setLossGoals(percents(c.search.goals));
  setTrialSeconds(c.search.trialSeconds);
  advanced_->setValues(advancedOf(c));
}

bool BenchmarkForm::choosePorts(const PortRef& tx, const PortRef& rx) { return tx_->choose(tx) && rx_->choose(rx); }

std::vector<BenchmarkForm::ChosenPair> BenchmarkForm::chosenPairs() const {
  if (!listed_.empty()) return listed_;
  auto tx = tx_->chosen(), rx = rx_->chosen();
  if (!tx || !rx) return {};
  return {{*tx, *rx, reflector_->on()}};
}

bool BenchmarkForm::addChosenPair() {
  auto tx = tx_->chosen(), rx = rx_->chosen();
  if (!tx || !rx) return false;
  const bool reflected = reflector_->on();
  for (const ChosenPair& p : listed_)
    if (p.tx.port == tx->port && p.rx.port == rx->port && p.reflected == reflected) return false;
  listed_.push_back({*tx, *rx, reflected});
  pairList_->addItem(reflected ? tx_->currentText() + "  ⇄  " + rx_->currentText() + tr(" (reflector)")
                               : tx_->currentText() + "  →  " + rx_->currentText());
  pairList_->show();
  return true;
}

void BenchmarkForm::clearPairs() {
  listed_.clear();
  pairList_->clear();
  pairList_->hide();
}

std::vector<BenchmarkTarget::Pair> BenchmarkForm::pairs() const {
  std::vector<BenchmarkTarget::Pair> out;
  for (const ChosenPair& p : chosenPairs())
    out.push_back(p.reflected ? BenchmarkTarget::Pair{p.tx.port, p.tx.port, p.rx.port}
                              : BenchmarkTarget::Pair{p.tx.port, p.rx.port, {}});
  return out;
}

BenchmarkSetup BenchmarkForm::setup() const {
  BenchmarkSetup s;
  s.preset = preset_->currentData().toString();
  for (size_t i = 0; i < std::size(kTests); ++i)
    if (tests_[i]->isChecked()) s.tests.push_back(kTests[i]);
  s.frameSizes = sizes_->text();
  s.lossGoals = goals_->text();
  s.trialSeconds = seconds_->value();
  s.bidirectional = bidirectional_->isChecked();
  s.advanced = advanced_->values();
  for (const ChosenPair& p : chosenPairs()) {
    if (p.reflected) s.portPairs.push_back({p.tx.name.toStdString(), p.tx.name.toStdString(), p.rx.name.toStdString()});
    else s.portPairs.push_back({p.tx.name.toStdString(), p.rx.name.toStdString()});
    // Loads are of the slowest sending port's line rate (the drone executor's rule).
    for (const PortPicker::Choice* sender : {&p.tx, s.bidirectional && !p.reflected ? &p.rx : nullptr})
      if (sender && sender->lineRateBps > 0)
        s.lineRateBps = s.lineRateBps > 0 ? std::min(s.lineRateBps, sender->lineRateBps) : sender->lineRateBps;
  }
  return s;
}

void BenchmarkForm::setFrameSizes(const QString& text) { sizes_->setText(text); }
void BenchmarkForm::setLossGoals(const QString& percents) { goals_->setText(percents); }
void BenchmarkForm::setTrialSeconds(double seconds) { seconds_->setValue(seconds); }

void BenchmarkForm::setTests(const std::vector<bench::TestKind>& tests) {
  for (size_t i = 0; i < std::size(kTests); ++i)
    tests_[i]->setChecked(std::find(tests.begin(), tests.end(), kTests[i]) != tests.end());
}

}  // namespace staccato::client
