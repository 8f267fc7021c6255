#include "client/widgets/port_mapping_dialog.h"

#include <QComboBox>
#include <QDialogButtonBox>
#include <QFormLayout>
#include <QGridLayout>
#include <QLabel>
#include <QPushButton>
#include <QScrollArea>
#include <QVBoxLayout>

#include <algorithm>
#include <map>
#include <memory>

#include "client/core/files/port_mapping.h"
#include "client/models/qs.h"

namespace staccato::client {

namespace {

QString droneText(const std::string& address, const QString& name) {
  return name.isEmpty() || name == qs(address) ? qs(address) : QString("%1 (%2)").arg(name, qs(address));
}

}  // namespace

PortMappingDialog::PortMappingDialog(v1::SessionFile session, std::vector<MappingTarget> targets, QWidget* parent)
    : QDialog(parent), session_(std::move(session)), targets_(std::move(targets)) {
  setWindowTitle("Port mapping");
  setObjectName("portMappingDialog");
  auto* layout = new QVBoxLayout(this);
  auto* intro = new QLabel("Choose where each port of the session goes. Skipped ports are not loaded; "
                           "nothing is sent to a drone until you apply or start.", this);
  intro->setWordWrap(true);
  layout->addWidget(intro);

  std::map<std::string, QString> connected;  // address -> name
  for (const auto& t : targets_) connected.emplace(t.drone, t.droneName);

  // Session drones that are not connected: map them onto a connected drone (or not).
  auto drones = std::make_unique<QFormLayout>();  // owned by `layout` only when it has rows
  for (int d = 0; d < session_.drones_size(); ++d) {
    const auto& drone = session_.drones(d);
    if (connected.count(drone.address())) continue;
    auto* combo = new QComboBox(this);
    combo->setObjectName(QString("droneCombo%1").arg(d));
    combo->addItem("(not connected)", QString());
    for (const auto& [address, name] : connected) combo->addItem(droneText(address, name), qs(address));
    connect(combo, &QComboBox::currentIndexChanged, this, [this, d] {
      setDefaults(d);
      validate();
    });
    droneCombos_[d] = combo;
    drones->addRow(droneText(drone.address(), qs(drone.name())) + " →", combo);
  }
  if (!droneCombos_.empty()) {
    layout->addWidget(new QLabel("<b>Session drones that are not connected</b>", this));
    layout->addLayout(drones.release());
  }

  // One row per session port.
  auto* table = new QWidget(this);
  auto* grid = new QGridLayout(table);
  const QStringList headers{"Session drone", "Port", "Streams", "Goes to"};
  for (int c = 0; c < headers.size(); ++c) grid->addWidget(new QLabel("<b>" + headers[c] + "</b>", table), 0, c);
  for (int d = 0; d < session_.drones_size(); ++d) {
    const auto& drone = session_.drones(d);
    for (int p = 0; p < drone.ports_size(); ++p) {
      const auto& port = drone.ports(p);
      const int r = static_cast<int>(rows_.size()) + 1;
      auto* combo = new QComboBox(table);
      combo->setObjectName(QString("targetCombo%1").arg(r - 1));
      combo->addItem("(skip)", -1);
      for (size_t t = 0; t < targets_.size(); ++t)
        combo->addItem(QString("%1 on %2").arg(qs(targets_[t].port), droneText(targets_[t].drone, targets_[t].droneName)),
                       static_cast<int>(t));
      connect(combo, &QComboBox::currentIndexChanged, this, &PortMappingDialog::validate);
      grid->addWidget(new QLabel(droneText(drone.address(), qs(drone.name())), table), r, 0);
      grid->addWidget(new QLabel(qs(port.name()), table), r, 1);
      grid->addWidget(new QLabel(QString::number(port.streams_size()), table), r, 2);
      grid->addWidget(combo, r, 3);
      rows_.push_back({d, p, combo});
    }
  }
  grid->setColumnStretch(3, 1);
  grid->setRowStretch(static_cast<int>(rows_.size()) + 1, 1);
  auto* scroll = new QScrollArea(this);
  scroll->setWidget(table);
  scroll->setWidgetResizable(true);
  layout->addWidget(scroll, 1);

  problem_ = new QLabel(this);
  problem_->setObjectName("mappingProblem");
  problem_->setStyleSheet("color:#b00020");
  problem_->setWordWrap(true);
  layout->addWidget(problem_);
  buttons_ = new QDialogButtonBox(QDialogButtonBox::Ok | QDialogButtonBox::Cancel, this);
  connect(buttons_, &QDialogButtonBox::accepted, this, &QDialog::accept);
  connect(buttons_, &QDialogButtonBox::rejected, this, &QDialog::reject);
  layout->addWidget(buttons_);
  resize(640, 420);

  for (int d = 0; d < session_.drones_size(); ++d) setDefaults(d);
  validate();
}

QComboBox* PortMappingDialog::droneCombo(int drone) const {
  auto it = droneCombos_.find(drone);
  return it == droneCombos_.end() ? nullptr : it->second;
}

std::string PortMappingDialog::mappedDrone(int drone) const {
  if (QComboBox* c = droneCombo(drone)) return c->currentData().toString().toStdString();
  return session_.drones(drone).address();
}

void PortMappingDialog::setDefaults(int drone) {
  const std::string target = mappedDrone(drone);
  for (const Row& row : rows_) {
    if (row.drone != drone) continue;
    const std::string& name = session_.drones(drone).ports(row.port).name();
    int index = 0;  // "(skip)"
    for (size_t t = 0; t < targets_.size(); ++t)
      if (targets_[t].drone == target && targets_[t].port == name) index = static_cast<int>(t) + 1;
    row.combo->setCurrentIndex(index);
  }
}

int PortMappingDialog::chosen(const Row& row) { return row.combo->currentData().toInt(); }

bool PortMappingDialog::complete() const {
  for (const Row& row : rows_)
    if (chosen(row) < 0) return false;
  return true;
}

void PortMappingDialog::validate() {
  // The mapping itself says what is wrong (two ports on one target), as --map does in the CLI.
  QString problem;
  if (std::none_of(rows_.begin(), rows_.end(), [](const Row& row) { return chosen(row) >= 0; }))
    problem = "Every port is skipped: nothing would be loaded.";
  else if (auto mapped = mappedSession(); !mapped)
    problem = qs(mapped.error().toString());
  problem_->setText(problem);
  buttons_->button(QDialogButtonBox::Ok)->setEnabled(problem.isEmpty());
}

Result<v1::SessionFile> PortMappingDialog::mappedSession() const {
  v1::SessionFile kept = session_;
  PortMapping mapping;
  for (auto& drone : *kept.mutable_drones()) drone.clear_ports();
  for (const Row& row : rows_) {
    const int t = chosen(row);
    if (t < 0) continue;
    const auto& drone = session_.drones(row.drone);
    const auto& port = drone.ports(row.port);
    *kept.mutable_drones(row.drone)->add_ports() = port;
    mapping.mapPort({drone.address(), port.name()}, {targets_[t].drone, targets_[t].port});
  }
  return remapSession(kept, mapping);
}

}  // namespace staccato::client
