#include "client/widgets/bulk_edit_dialogs.h"

#include <QCheckBox>
#include <QComboBox>
#include <QCompleter>
#include <QDialog>
#include <QDialogButtonBox>
#include <QDoubleSpinBox>
#include <QFormLayout>
#include <QLineEdit>
#include <QSpinBox>

#include "common/packet/registry.h"

namespace staccato::client {

namespace {

struct UnitChoice {
  v1::Rate::Unit unit;
  const char* label;
};
constexpr UnitChoice kUnits[] = {
    {v1::Rate::PPS, "packets/s"},      {v1::Rate::BPS_L1, "bits/s (L1, with preamble and gap)"},
    {v1::Rate::BPS_L2, "bits/s (L2)"}, {v1::Rate::LOAD_PERCENT, "% of line rate"},
    {v1::Rate::BURSTS_PER_SECOND, "bursts/s"}, {v1::Rate::FASTEST, "as fast as possible"},
};

QDialogButtonBox* okCancel(QDialog* d) {
  auto* box = new QDialogButtonBox(QDialogButtonBox::Ok | QDialogButtonBox::Cancel, d);
  QObject::connect(box, &QDialogButtonBox::accepted, d, &QDialog::accept);
  QObject::connect(box, &QDialogButtonBox::rejected, d, &QDialog::reject);
  return box;
}

}  // namespace

std::optional<v1::Rate> askRate(QWidget* parent, const v1::Rate& initial) {
  QDialog d(parent);
  d.setWindowTitle("Rate of the selected streams");
  auto* form = new QFormLayout(&d);
  auto* unit = new QComboBox(&d);
  unit->setObjectName("rateUnit");
  for (const auto& u : kUnits) unit->addItem(u.label, int(u.unit));
  const v1::Rate::Unit current = initial.unit() == v1::Rate::UNIT_UNSPECIFIED ? v1::Rate::PPS : initial.unit();
  unit->setCurrentIndex(std::max(0, unit->findData(int(current))));
  auto* value = new QDoubleSpinBox(&d);
  value->setObjectName("rateValue");
  value->setRange(0.001, 1e12);
  value->setDecimals(3);
  value->setValue(initial.value() > 0 ? initial.value() : 1000);
  auto* burst = new QSpinBox(&d);
  burst->setObjectName("burstSize");
  burst->setRange(1, 1'000'000);
  burst->setValue(std::max<int>(1, initial.packets_per_burst()));
  form->addRow("Unit", unit);
  form->addRow("Value", value);
  form->addRow("Packets per burst", burst);
  auto sync = [&] {
    const auto u = v1::Rate::Unit(unit->currentData().toInt());
    value->setEnabled(u != v1::Rate::FASTEST);
    value->setMaximum(u == v1::Rate::LOAD_PERCENT ? 100 : 1e12);
    burst->setEnabled(u == v1::Rate::BURSTS_PER_SECOND);
  };
  QObject::connect(unit, &QComboBox::currentIndexChanged, &d, sync);
  sync();
  form->addRow(okCancel(&d));
  if (d.exec() != QDialog::Accepted) return std::nullopt;
  v1::Rate r;
  r.set_unit(v1::Rate::Unit(unit->currentData().toInt()));
  r.set_value(value->value());
  if (r.unit() == v1::Rate::BURSTS_PER_SECOND) r.set_packets_per_burst(burst->value());
  return r;
}

std::optional<FindReplaceRequest> askFindReplace(QWidget* parent, bool haveSelection) {
  QDialog d(parent);
  d.setWindowTitle("Find and replace a field value");
  auto* form = new QFormLayout(&d);
  auto* field = new QComboBox(&d);
  field->setObjectName("findField");
  field->setEditable(true);
  QStringList names;
  for (const ProtocolSpec* p : ProtocolRegistry::builtin().all())
    for (const auto& f : p->fields) names << QString::fromUtf8(f.name.data(), f.name.size());
  field->addItems(names);
  field->completer()->setFilterMode(Qt::MatchContains);
  field->setCurrentText("ip.dst");
  auto* oldValue = new QLineEdit(&d);
  oldValue->setObjectName("findValue");
  oldValue->setPlaceholderText("any value");
  auto* newValue = new QLineEdit(&d);
  newValue->setObjectName("replaceValue");
  auto* selected = new QCheckBox("Only the selected streams", &d);
  selected->setChecked(haveSelection);
  selected->setEnabled(haveSelection);
  form->addRow("Field", field);
  form->addRow("Find", oldValue);
  form->addRow("Replace with", newValue);
  form->addRow(selected);
  form->addRow(okCancel(&d));
  if (d.exec() != QDialog::Accepted) return std::nullopt;
  return FindReplaceRequest{field->currentText().trimmed(), oldValue->text().trimmed(), newValue->text().trimmed(),
                            selected->isChecked()};
}

}  // namespace staccato::client
