#include "client/widgets/editor/variable_fields_page.h"

#include <QComboBox>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QLineEdit>
#include <QPushButton>
#include <QRegularExpressionValidator>
#include <QSpinBox>
#include <QTableWidget>
#include <QVBoxLayout>

#include "client/models/editor/qt_text.h"
#include "client/widgets/editor/form_helpers.h"
#include "common/packet/builder.h"
#include "common/packet/registry.h"

namespace staccato::client {
namespace {

/// Fields that can vary: fixed, numeric or an address, not sizing the header.
bool canVary(const FieldSpec& f) {
  if ((f.flags & kFieldNoVary) || f.bits == 0 || f.format == FieldFormat::kBytes ||
      f.format == FieldFormat::kText)
    return false;
  return f.bits <= 64 || f.format == FieldFormat::kIpv6;
}

QString cellName(const char* base, int row) { return QStringLiteral("%1_%2").arg(QLatin1String(base)).arg(row); }

}  // namespace

VariableFieldsPage::VariableFieldsPage(QWidget* parent) : QWidget(parent), table_(new QTableWidget(0, kColumnCount)) {
  table_->setObjectName(QStringLiteral("variableTable"));
  table_->setHorizontalHeaderLabels({tr("Field"), tr("Mode"), tr("Start"), tr("Step"), tr("Count"), tr("Mask"),
                                     tr("Prefix"), tr("List values")});
  table_->verticalHeader()->hide();
  table_->setSelectionBehavior(QAbstractItemView::SelectRows);
  table_->setSelectionMode(QAbstractItemView::SingleSelection);
  table_->horizontalHeader()->setSectionResizeMode(kValues, QHeaderView::Stretch);
  for (auto [column, width] :
       {std::pair{kField, 220}, {kMode, 100}, {kStart, 130}, {kStep, 60}, {kCount, 80}, {kMask, 100}, {kPrefix, 60}})
    table_->setColumnWidth(column, width);

  auto* add = new QPushButton(tr("Add"));
  add->setObjectName(QStringLiteral("addVariableButton"));
  auto* remove = new QPushButton(tr("Remove"));
  remove->setObjectName(QStringLiteral("removeVariableButton"));
  auto* help = new QLabel(tr("Value n = start ± step × (n mod count). Count 0 runs until the varying bits wrap; "
                             "prefix length varies only the host part of an address. Up to 16 per stream."));
  help->setWordWrap(true);
  help->setStyleSheet(QStringLiteral("color: palette(placeholder-text);"));

  auto* buttons = new QHBoxLayout;
  buttons->addWidget(add);
  buttons->addWidget(remove);
  buttons->addStretch(1);
  auto* layout = new QVBoxLayout(this);
  layout->setContentsMargins(6, 6, 6, 6);
  layout->addWidget(help);
  layout->addWidget(table_, 1);
  layout->addLayout(buttons);

  connect(add, &QPushButton::clicked, this, &VariableFieldsPage::addField);
  connect(remove, &QPushButton::clicked, this, &VariableFieldsPage::removeField);
}

void VariableFieldsPage::setStream(const v1::Stream& stream) {
  stream_ = stream;
  choices_.clear();
  auto resolved = resolveLayers(stream.layers());
  for (int li = 0; li < stream.layers_size(); ++li) {
    const ProtocolSpec* spec = ProtocolRegistry::builtin().find(stream.layers(li).protocol());
    if (!spec) continue;
    for (size_t fi = 0; fi < spec->fields.size(); ++fi) {
      const FieldSpec& f = spec->fields[fi];
      if (!canVary(f)) continue;
      if (resolved) {
        const LayerState& state = resolved->at(static_cast<size_t>(li));
        if (!state.fixedFieldPresent(fi) || (f.computed() && !state.overridden[fi])) continue;
      }
      const QString label = tr("%1  (%2, layer %3)").arg(toQString(f.name), toQString(spec->displayName)).arg(li);
      choices_.push_back({li, toQString(f.name), label});
    }
  }
  rebuild(stream.variable_fields());
}

void VariableFieldsPage::rebuild(const google::protobuf::RepeatedPtrField<v1::VariableField>& defs) {
  table_->setRowCount(0);
  for (int i = 0; i < defs.size(); ++i) addRow(i, defs[i]);
}

int VariableFieldsPage::firstLayerWith(const QString& field) const {
  for (int li = 0; li < stream_.layers_size(); ++li)
    if (const ProtocolSpec* spec = ProtocolRegistry::builtin().find(stream_.layers(li).protocol());
        spec && spec->fieldIndex(field.toStdString()) >= 0)
      return li;
  return -1;
}

void VariableFieldsPage::addRow(int row, const v1::VariableField& def) {
  table_->insertRow(row);
  const QString field = QString::fromStdString(def.field());
  const int layer = def.has_layer() ? static_cast<int>(def.layer()) : firstLayerWith(field);

  auto* fieldCombo = new QComboBox;
  fieldCombo->setObjectName(cellName("varField", row));
  int selected = -1;
  for (const FieldChoice& c : choices_) {
    fieldCombo->addItem(c.label, c.layer);
    fieldCombo->setItemData(fieldCombo->count() - 1, c.field, Qt::UserRole + 1);
    if (c.layer == layer && c.field == field) selected = fieldCombo->count() - 1;
  }
  if (selected < 0 && !field.isEmpty()) {  // keep what the stream says, even if the stack lacks it
    fieldCombo->addItem(tr("%1  (layer %2, not in the stack)").arg(field).arg(layer), layer);
    fieldCombo->setItemData(fieldCombo->count() - 1, field, Qt::UserRole + 1);
    selected = fieldCombo->count() - 1;
  }
  fieldCombo->setCurrentIndex(selected);

  const int mode = def.mode() == v1::VariableField::MODE_UNSPECIFIED ? 0 : def.mode() - 1;
  auto* modeCombo = namedCombo(cellName("varMode", row), {tr("Increment"), tr("Decrement"), tr("Random"), tr("List")});
  modeCombo->setCurrentIndex(mode);

  auto lineEdit = [&](const char* name, const std::string& text, const QString& placeholder) {
    auto* edit = new QLineEdit(QString::fromStdString(text));
    edit->setObjectName(cellName(name, row));
    edit->setPlaceholderText(placeholder);
    connect(edit, &QLineEdit::textChanged, this, &VariableFieldsPage::changed);
    return edit;
  };
  auto numberEdit = [&](const char* name, uint64_t value, const QString& placeholder) {
    QLineEdit* edit = lineEdit(name, value ? std::to_string(value) : std::string(), placeholder);
    edit->setValidator(new QRegularExpressionValidator(QRegularExpression(QStringLiteral("\\d{0,19}")), edit));
    return edit;
  };
  QStringList values;
  for (const std::string& v : def.values()) values << QString::fromStdString(v);

  table_->setCellWidget(row, kField, fieldCombo);
  table_->setCellWidget(row, kMode, modeCombo);
  table_->setCellWidget(row, kStart, lineEdit("varStart", def.start(), tr("layer's value")));
  table_->setCellWidget(row, kStep, numberEdit("varStep", def.step(), QStringLiteral("1")));
  table_->setCellWidget(row, kCount, numberEdit("varCount", def.count(), tr("until wrap")));
  table_->setCellWidget(row, kMask, lineEdit("varMask", def.mask(), tr("all bits")));
  auto* prefix = new QSpinBox;
  prefix->setObjectName(cellName("varPrefix", row));
  prefix->setRange(0, 128);
  prefix->setSpecialValueText(tr("—"));
  prefix->setValue(static_cast<int>(def.prefix_length()));
  table_->setCellWidget(row, kPrefix, prefix);
  QLineEdit* list = lineEdit("varValues", values.join(QStringLiteral(", ")).toStdString(), tr("a, b, c (list mode)"));
  table_->setCellWidget(row, kValues, list);

  connect(fieldCombo, &QComboBox::currentIndexChanged, this, &VariableFieldsPage::changed);
  connect(modeCombo, &QComboBox::currentIndexChanged, this, [this, modeCombo] {
    for (int r = 0; r < table_->rowCount(); ++r)
      if (table_->cellWidget(r, kMode) == modeCombo) updateRowState(r);
    Q_EMIT changed();
  });
  connect(prefix, &QSpinBox::valueChanged, this, &VariableFieldsPage::changed);
  updateRowState(row);
}

void VariableFieldsPage::updateRowState(int row) {
  const int mode = static_cast<QComboBox*>(table_->cellWidget(row, kMode))->currentIndex();
  const bool list = mode == 3, sequence = mode <= 1;
  for (int column : {kStart, kStep, kCount}) table_->cellWidget(row, column)->setEnabled(sequence);
  for (int column : {kMask, kPrefix}) table_->cellWidget(row, column)->setEnabled(!list);
  table_->cellWidget(row, kValues)->setEnabled(list);
}

v1::VariableField VariableFieldsPage::rowDefinition(int row) const {
  const v1::VariableField* loaded = row < stream_.variable_fields_size() ? &stream_.variable_fields(row) : nullptr;
  auto text = [&](int column) { return static_cast<QLineEdit*>(table_->cellWidget(row, column))->text().trimmed(); };
  v1::VariableField def;
  const auto* fieldCombo = static_cast<QComboBox*>(table_->cellWidget(row, kField));
  if (fieldCombo->currentIndex() >= 0) {
    const QString field = fieldCombo->currentData(Qt::UserRole + 1).toString();
    const int layer = fieldCombo->currentData().toInt();
    def.set_field(field.toStdString());
    // Without a layer the compiler takes the first layer with the field: only name it when needed.
    if ((loaded && loaded->has_layer()) || layer != firstLayerWith(field)) def.set_layer(static_cast<uint32_t>(layer));
  }
  const int modeRow = static_cast<QComboBox*>(table_->cellWidget(row, kMode))->currentIndex();
  const auto mode = static_cast<v1::VariableField::Mode>(modeRow + 1);
  def.set_mode(keepImplicit(loaded ? loaded->mode() : v1::VariableField::INCREMENT, mode, v1::VariableField::INCREMENT));
  def.set_start(text(kStart).toStdString());
  def.set_step(text(kStep).toULongLong());
  def.set_count(text(kCount).toULongLong());
  def.set_mask(text(kMask).toStdString());
  def.set_prefix_length(static_cast<uint32_t>(static_cast<QSpinBox*>(table_->cellWidget(row, kPrefix))->value()));
  for (const QString& v : text(kValues).split(QLatin1Char(','), Qt::SkipEmptyParts))
    if (!v.trimmed().isEmpty()) def.add_values(v.trimmed().toStdString());
  return def;
}

void VariableFieldsPage::apply(v1::Stream& stream) const {
  stream.clear_variable_fields();
  for (int row = 0; row < table_->rowCount(); ++row) *stream.add_variable_fields() = rowDefinition(row);
}

void VariableFieldsPage::addField() {
  v1::VariableField def;
  // Addresses are what users vary most; else the first field that can vary.
  const FieldChoice* pick = choices_.empty() ? nullptr : &choices_.front();
  for (const FieldChoice& c : choices_) {
    const FieldSpec* f = ProtocolRegistry::builtin().findField(c.field.toStdString());
    if (f && (f->format == FieldFormat::kIpv4 || f->format == FieldFormat::kIpv6)) {
      pick = &c;
      break;
    }
  }
  if (pick) {
    def.set_field(pick->field.toStdString());
    if (pick->layer != firstLayerWith(pick->field)) def.set_layer(static_cast<uint32_t>(pick->layer));
  }
  addRow(table_->rowCount(), def);
  table_->selectRow(table_->rowCount() - 1);
  Q_EMIT changed();
}

void VariableFieldsPage::removeField() {
  const int row = table_->currentRow();
  if (row < 0) return;
  v1::Stream edited = stream_;
  apply(edited);
  edited.mutable_variable_fields()->DeleteSubrange(row, 1);
  *stream_.mutable_variable_fields() = edited.variable_fields();
  rebuild(stream_.variable_fields());
  Q_EMIT changed();
}

}  // namespace staccato::client
