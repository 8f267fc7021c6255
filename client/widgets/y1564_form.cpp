#include "client/widgets/y1564_form.h"

#include <QCheckBox>
#include <QComboBox>
#include <QDoubleSpinBox>
#include <QFileDialog>
#include <QFormLayout>
#include <QGroupBox>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QLineEdit>
#include <QPushButton>
#include <QRegularExpression>
#include <QSettings>
#include <QSpinBox>
#include <QTableView>

#include "client/core/benchmark/y1564_json.h"
#include "client/models/qs.h"
#include "common/files/stream_file.h"

namespace staccato::client {
namespace {

constexpr bench::Y1564Tests kTests[] = {bench::Y1564Tests::kBoth, bench::Y1564Tests::kConfiguration, bench::Y1564Tests::kPerformance};
const char* const kTestLabels[] = {"Configuration and performance", "Configuration only", "Performance only"};
const char* const kTestNames[] = {"both", "configuration", "performance"};  // as QSettings keeps them
/// The performance test's usual lengths (seconds); 0 is "custom".
const std::pair<const char*, int> kDurations[] = {{"15 min", 900}, {"2 h", 7200}, {"24 h", 86400}, {"custom", 0}};

bench::Y1564Config defaultConfig() {
  bench::Y1564Config c;
  bench::Y1564Service s;
  s.name = "service 1";
  s.cirMbps = 10;
  c.services = {s};
  return c;
}

}  // namespace

Y1564Form::Y1564Form(PortTreeModel* ports, QWidget* parent) : QWidget(parent), services_(this) {
  auto* layout = new QVBoxLayout(this);
  layout->setContentsMargins(0, 0, 0, 0);

  auto* portsBox = new QGroupBox(tr("Ports"), this);
  auto* portsForm = new QFormLayout(portsBox);
  tx_ = new PortPicker(ports, 0, portsBox);
  tx_->setObjectName("y1564Tx");
  rx_ = new PortPicker(ports, 1, portsBox);
  rx_->setObjectName("y1564Rx");
  ipv6_ = new QCheckBox(tr("IPv6"), portsBox);
  ipv6_->setToolTip(tr("The services' frames carry IPv6 (else IPv4)"));
  portsForm->addRow(tr("Send on"), tx_);
  reflector_ = new ReflectorChoice(portsForm, rx_, "y1564", portsBox);
  portsForm->addRow(ipv6_);
  layout->addWidget(portsBox);

  auto* servicesBox = new QGroupBox(tr("Services"), this);
  auto* servicesLayout = new QVBoxLayout(servicesBox);
  servicesView_ = new QTableView(servicesBox);
  servicesView_->setObjectName("y1564Services");
  servicesView_->setModel(&services_);
  servicesView_->verticalHeader()->hide();
  servicesView_->setSelectionBehavior(QAbstractItemView::SelectItems);
  servicesView_->setEditTriggers(QAbstractItemView::DoubleClicked | QAbstractItemView::EditKeyPressed |
                                 QAbstractItemView::AnyKeyPressed);
  servicesView_->setMinimumHeight(150);
  addService_ = new QPushButton(tr("Add service"), servicesBox);
  addService_->setObjectName("y1564AddService");
  removeService_ = new QPushButton(tr("Remove"), servicesBox);
  removeService_->setObjectName("y1564RemoveService");
  removeService_->setToolTip(tr("Removes the service of the selected cell"));
  auto* serviceButtons = new QHBoxLayout;
  serviceButtons->addWidget(addService_);
  serviceButtons->addWidget(removeService_);
  serviceButtons->addStretch(1);
  servicesLayout->addWidget(servicesView_, 1);
  servicesLayout->addLayout(serviceButtons);
  layout->addWidget(servicesBox, 1);

  auto* testsBox = new QGroupBox(tr("Tests"), this);
  auto* testsForm = new QFormLayout(testsBox);
  tests_ = new QComboBox(testsBox);
  tests_->setObjectName("y1564Tests");
  for (const char* label : kTestLabels) tests_->addItem(tr(label));
  testsForm->addRow(tr("Run"), tests_);
  cirSteps_ = new QLineEdit(testsBox);
  cirSteps_->setObjectName("y1564CirSteps");
  cirSteps_->setToolTip(tr("The configuration test's steps in percent of CIR, rising, the last 100"));
  testsForm->addRow(tr("CIR steps (%)"), cirSteps_);
  stepSeconds_ = new QDoubleSpinBox(testsBox);
  stepSeconds_->setObjectName("y1564StepSeconds");
  stepSeconds_->setRange(1, 3600);
  stepSeconds_->setDecimals(0);
  stepSeconds_->setSuffix(" s");
  stepSeconds_->setToolTip(tr("Each step of the configuration test (Y.1564 suggests 60 s)"));
  testsForm->addRow(tr("Step length"), stepSeconds_);
  performancePreset_ = new QComboBox(testsBox);
  performancePreset_->setObjectName("y1564PerformancePreset");
  for (const auto& [label, seconds] : kDurations) performancePreset_->addItem(tr(label), seconds);
  performanceSeconds_ = new QSpinBox(testsBox);
  performanceSeconds_->setObjectName("y1564PerformanceSeconds");
  performanceSeconds_->setRange(1, 7 * 86400);
  performanceSeconds_->setSuffix(" s");
  auto* performanceRow = new QHBoxLayout;
  performanceRow->addWidget(performancePreset_);
  performanceRow->addWidget(performanceSeconds_, 1);
  testsForm->addRow(tr("Performance test"), performanceRow);
  layout->addWidget(testsBox);

  auto* load = new QPushButton(tr("Load…"), this);
  load->setToolTip(tr("Fill the fields from a Y.1564 config file (staccato-cli benchmark y1564 --config reads the same)"));
  auto* save = new QPushButton(tr("Save…"), this);
  save->setToolTip(tr("Write the fields as a Y.1564 config file"));
  auto* fileRow = new QHBoxLayout;
  fileRow->addWidget(new QLabel(tr("Config file:"), this));
  fileRow->addWidget(load);
  fileRow->addWidget(save);
  fileRow->addStretch(1);
  layout->addLayout(fileRow);

  connect(load, &QPushButton::clicked, this, &Y1564Form::askAndLoad);
  connect(save, &QPushButton::clicked, this, &Y1564Form::askAndSave);
  connect(addService_, &QPushButton::clicked, this, [this] {
    services_.addService();
    servicesView_->setCurrentIndex(services_.index(services_.rowCount() - 1, 0));
  });
  connect(removeService_, &QPushButton::clicked, this, [this] {
    if (const QModelIndex at = servicesView_->currentIndex(); at.isValid()) services_.removeRows(at.row(), 1);
  });
  connect(&services_, &Y1564ServicesModel::refused, this, [this](const QString& why) { emit message(why, true); });
  for (auto signal : {&QAbstractItemModel::rowsInserted, &QAbstractItemModel::rowsRemoved})
    connect(&services_, signal, this, &Y1564Form::updateServiceButtons);
  connect(&services_, &QAbstractItemModel::modelReset, this, &Y1564Form::updateServiceButtons);
  connect(&services_, &QAbstractItemModel::dataChanged, servicesView_, &QTableView::resizeColumnsToContents);
  connect(performancePreset_, &QComboBox::currentIndexChanged, this, [this] {
    if (const int seconds = performancePreset_->currentData().toInt(); seconds > 0) performanceSeconds_->setValue(seconds);
  });
  connect(performanceSeconds_, &QSpinBox::valueChanged, this, [this](int seconds) {
    const int preset = performancePreset_->findData(seconds);
    QSignalBlocker block(performancePreset_);
    performancePreset_->setCurrentIndex(preset >= 0 ? preset : performancePreset_->count() - 1);
  });

  QSettings settings;
  settings.beginGroup("y1564");
  auto saved = bench::parseY1564Config(settings.value("config").toString().toStdString());
  setConfig(saved ? *saved : defaultConfig());
  for (size_t i = 0; i < std::size(kTests); ++i)
    if (settings.value("tests").toString() == kTestNames[i]) setTests(kTests[i]);
  ipv6_->setChecked(settings.value("ipv6").toBool());
  reflector_->setOn(settings.value("reflector").toBool());
  reflector_->setSwap(v1::PortConfig::Reflect(settings.value("reflect_swap", int(reflector_->swap())).toInt()));
}

void Y1564Form::saveSettings() {
  auto config = fieldsConfig();
  if (!config) return;
  QSettings settings;
  settings.beginGroup("y1564");
  settings.setValue("config", qs(bench::y1564ConfigJson(*config)));
  settings.setValue("tests", kTestNames[tests_->currentIndex()]);
  settings.setValue("ipv6", ipv6_->isChecked());
  settings.setValue("reflector", reflector_->on());
  settings.setValue("reflect_swap", int(reflector_->swap()));
}

void Y1564Form::updateServiceButtons() {
  addService_->setEnabled(services_.canAdd());
  addService_->setToolTip(services_.canAdd() ? tr("A service of its own class: its profile and criteria")
                                             : tr("Y.1564 tests at most %1 services together").arg(bench::kMaxY1564Services));
  removeService_->setEnabled(services_.rowCount() > 0);
  servicesView_->resizeColumnsToContents();
}

void Y1564Form::setConfig(const bench::Y1564Config& config) {
  base_ = config;
  services_.setServices(config.services);
  QStringList steps;
  for (double f : config.cirSteps) steps << QString::number(f * 100, 'g', 6);
  cirSteps_->setText(steps.join(" "));
  setStepSeconds(config.stepSeconds);
  setPerformanceSeconds(config.performanceSeconds);
}

Result<bench::Y1564Config> Y1564Form::fieldsConfig() const {
  bench::Y1564Config c = base_;
  c.services = services_.services();
  c.cirSteps.clear();
  for (const QString& word : cirSteps_->text().split(QRegularExpression("[\\s,]+"), Qt::SkipEmptyParts)) {
    bool ok = false;
    const double percent = word.toDouble(&ok);
    if (!ok) return makeError("cir_steps", "\"" + word.toStdString() + "\" is not a percentage of CIR");
    c.cirSteps.push_back(percent / 100);
  }
  c.stepSeconds = stepSeconds_->value();
  c.performanceSeconds = performanceSeconds_->value();
  return c;
}

Result<bench::Y1564Config> Y1564Form::checkedConfig() {
  auto c = fieldsConfig();
  if (c)
    if (auto s = c->check(); !s) c = s.error();
  if (!c) showField(c.error());
  return c;
}

void Y1564Form::showField(const Error& error) {
  if (const QModelIndex cell = services_.fieldIndex(error.path); cell.isValid()) {
    servicesView_->setCurrentIndex(cell);
    servicesView_->scrollTo(cell);
    servicesView_->setFocus();
  } else if (error.path.starts_with("cir_steps")) {
    cirSteps_->setFocus();
  } else if (error.path == "step_seconds") {
    stepSeconds_->setFocus();
  } else if (error.path == "performance_seconds") {
    performanceSeconds_->setFocus();
  }
}

bool Y1564Form::choosePorts(const PortRef& tx, const PortRef& rx) { return tx_->choose(tx) && rx_->choose(rx); }

std::optional<Y1564Target> Y1564Form::target() const {
  auto tx = tx_->chosen(), rx = rx_->chosen();
  if (!tx || !rx) return std::nullopt;
  const unsigned ipVersion = ipv6_->isChecked() ? 6u : 4u;
  if (reflector_->on()) return Y1564Target{tx->port, tx->port, ipVersion, rx->port, reflector_->swap()};
  return Y1564Target{tx->port, rx->port, ipVersion};
}

QString Y1564Form::portsText() const {
  auto tx = tx_->chosen(), rx = rx_->chosen();
  if (!tx || !rx) return {};
  if (reflector_->on()) return tx->name + " -> " + rx->name + tr(" (reflector; delay is the round trip) -> ") + tx->name;
  return tx->name + " -> " + rx->name;
}

bench::Y1564Tests Y1564Form::tests() const { return kTests[tests_->currentIndex()]; }

void Y1564Form::setTests(bench::Y1564Tests tests) {
  for (size_t i = 0; i < std::size(kTests); ++i)
    if (kTests[i] == tests) tests_->setCurrentIndex(int(i));
}

void Y1564Form::setStepSeconds(double seconds) { stepSeconds_->setValue(seconds); }
void Y1564Form::setPerformanceSeconds(double seconds) { performanceSeconds_->setValue(int(seconds)); }

Status Y1564Form::loadConfigFile(const QString& path) {
  auto config = loadTextFile(path.toStdString(), bench::parseY1564Config);
  if (!config) return config.error();
  setConfig(*config);
  return Ok{};
}

Status Y1564Form::saveConfigFile(const QString& path) {
  auto config = checkedConfig();
  if (!config) return config.error();
  return writeFileAtomically(path.toStdString(), bench::y1564ConfigJson(*config));
}

void Y1564Form::askAndLoad() {
  const QString path = QFileDialog::getOpenFileName(this, tr("Load a Y.1564 config"), {}, tr("Y.1564 config (*.json)"));
  if (path.isEmpty()) return;
  if (auto s = loadConfigFile(path); !s) emit message(tr("Cannot load: %1").arg(qs(s.error().toString())), true);
  else emit message(tr("Loaded %1").arg(path), false);
}

void Y1564Form::askAndSave() {
  const QString path = QFileDialog::getSaveFileName(this, tr("Save the Y.1564 config"), "y1564.json", tr("Y.1564 config (*.json)"));
  if (path.isEmpty()) return;
  if (auto s = saveConfigFile(path); !s) emit message(tr("Cannot save: %1").arg(qs(s.error().toString())), true);
  else emit message(tr("Saved %1").arg(path), false);
}

}  // namespace staccato::client
