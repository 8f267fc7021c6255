#include "client/widgets/port_config_dialog.h"

#include <QCheckBox>
#include <QComboBox>
#include <QDialog>
#include <QDialogButtonBox>
#include <QDoubleSpinBox>
#include <QFormLayout>
#include <QGroupBox>
#include <QMessageBox>
#include <QVBoxLayout>
#include <QLabel>
#include <QSpinBox>

#include "client/widgets/device_groups_editor.h"
#include "rpc/names/backend_names.h"

namespace staccato::client {

namespace {

/// A combo of the names the CLI and drone flags use ("auto", "pcap", ...), mapped to values.
template <typename Enum>
QComboBox* nameCombo(QDialog* d, const char* choices, std::optional<Enum> (*parse)(const std::string&), Enum current) {
  auto* combo = new QComboBox(d);
  for (const QString& name : QString(choices).split(", ")) {
    const auto value = parse(name.toStdString());
    combo->addItem(name, int(*value));
    if (*value == current) combo->setCurrentIndex(combo->count() - 1);
  }
  return combo;
}

}  // namespace

std::optional<v1::PortConfig> askPortConfig(QWidget* parent, const v1::Port& port) {
  const v1::PortConfig& c = port.config();
  QDialog d(parent);
  d.setWindowTitle(QString("Configure %1").arg(QString::fromStdString(port.name())));
  auto* form = new QFormLayout(&d);
  auto* mode = new QComboBox(&d);
  mode->setObjectName("txMode");
  mode->addItem("sequential (stream after stream)", int(v1::PortConfig::SEQUENTIAL));
  mode->addItem("interleaved (all streams at once)", int(v1::PortConfig::INTERLEAVED));
  mode->setCurrentIndex(c.tx_mode() == v1::PortConfig::INTERLEAVED ? 1 : 0);
  form->addRow("Transmit mode", mode);
  auto* backend = nameCombo(&d, rpc::kBackendChoices, &rpc::backendFromName, c.backend());
  backend->setObjectName("txBackend");
  form->addRow("Transmit backend", backend);
  auto* now = new QLabel(QString("now: %1 — %2")
                             .arg(QString::fromStdString(port.backend()), QString::fromStdString(port.backend_reason())),
                         &d);
  now->setWordWrap(true);
  now->setStyleSheet("color:#666");
  form->addRow("", now);
  auto* queues = new QSpinBox(&d);
  queues->setRange(0, 256);
  queues->setSpecialValueText("all");
  queues->setValue(c.tx_queues());
  form->addRow("Turbo transmit queues", queues);
  auto* track = new QCheckBox("Count signature packets received here (loss, latency)", &d);
  track->setChecked(c.track_rx());
  form->addRow(track);
  auto* rx = nameCombo(&d, rpc::kRxBackendChoices, &rpc::rxBackendFromName, c.rx_backend());
  rx->setObjectName("rxBackend");
  form->addRow("Receive engine", rx);
  auto* reflect = nameCombo(&d, rpc::kReflectChoices, &rpc::reflectFromName, c.reflect());
  reflect->setObjectName("reflect");
  reflect->setToolTip("Send every test frame received here back out of this port, swapped: l2 the MAC addresses, "
                      "l3 also the IP addresses, l4 also the UDP/TCP ports. Other frames (ARP, ping) reach the "
                      "kernel. A reflecting port counts no streams: the far end measures the round trip.");
  form->addRow("Reflect", reflect);
  auto* line = new QDoubleSpinBox(&d);
  line->setRange(0, 1e6);
  line->setDecimals(3);
  line->setSuffix(" Gbit/s");
  line->setSpecialValueText("from the driver");
  line->setValue(c.line_rate_bps() / 1e9);
  form->addRow("Line rate for load %", line);
  auto* hosts = new QGroupBox("Emulated hosts (device groups): the drone answers their ARP, neighbour solicitations "
                              "and pings; streams send as them with eth.src \"device\", eth.dst \"resolve\"",
                              &d);
  auto* devices = new DeviceGroupsEditor(c.devices(), hosts);
  (new QVBoxLayout(hosts))->addWidget(devices);
  form->addRow(hosts);
  auto* box = new QDialogButtonBox(QDialogButtonBox::Ok | QDialogButtonBox::Cancel, &d);
  DeviceGroups groups;
  QObject::connect(box, &QDialogButtonBox::accepted, &d, [&] {
    auto g = devices->groups();
    if (!g) return void(QMessageBox::warning(&d, "Emulated hosts", QString::fromStdString(g.error().toString())));
    groups = std::move(g).value();
    d.accept();
  });
  QObject::connect(box, &QDialogButtonBox::rejected, &d, &QDialog::reject);
  form->addRow(box);
  d.resize(1100, 560);
  if (d.exec() != QDialog::Accepted) return std::nullopt;
  v1::PortConfig out = c;
  out.set_tx_mode(v1::PortConfig::TxMode(mode->currentData().toInt()));
  out.set_backend(v1::PortConfig::Backend(backend->currentData().toInt()));
  out.set_tx_queues(queues->value());
  out.set_track_rx(track->isChecked());
  out.set_rx_backend(v1::PortConfig::RxBackend(rx->currentData().toInt()));
  out.set_reflect(v1::PortConfig::Reflect(reflect->currentData().toInt()));
  out.set_line_rate_bps(line->value() * 1e9);
  *out.mutable_devices() = std::move(groups);
  return out;
}

}  // namespace staccato::client
