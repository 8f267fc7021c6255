#include "client/widgets/editor/protocols_page.h"

#include <QCheckBox>
#include <QComboBox>
#include <QFormLayout>
#include <QGroupBox>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QListWidget>
#include <QMenu>
#include <QPushButton>
#include <QSplitter>
#include <QStandardItemModel>
#include <QToolButton>
#include <QTreeView>
#include <QVBoxLayout>

#include "client/models/editor/layer_fields_model.h"
#include "client/models/editor/qt_text.h"
#include "client/models/editor/stack_choices.h"
#include "client/widgets/editor/field_value_delegate.h"
#include "client/widgets/editor/form_helpers.h"
#include "client/widgets/editor/hex_view.h"
#include "common/packet/registry.h"

namespace staccato::client {
namespace {

using Layers = google::protobuf::RepeatedPtrField<v1::Layer>;

QStringList labels(const std::vector<StackOption>& options) {
  QStringList out;
  for (const StackOption& o : options) out << o.label;
  return out;
}

const ProtocolSpec* specOf(const std::string& protocol) { return ProtocolRegistry::builtin().find(protocol); }

QString layerText(const std::string& protocol) {
  const ProtocolSpec* spec = specOf(protocol);
  const QString name = QString::fromStdString(protocol);
  return spec ? QStringLiteral("%1 (%2)").arg(toQString(spec->displayName), name) : name + QStringLiteral(" (unknown)");
}

bool hasRole(const Layers& layers, LayerRole role) {
  for (const v1::Layer& l : layers)
    if (const ProtocolSpec* s = specOf(l.protocol()); s && s->role == role) return true;
  return false;
}

}  // namespace

ProtocolsPage::ProtocolsPage(QWidget* parent) : QWidget(parent), fields_(new LayerFieldsModel(this)) {
  auto* left = new QVBoxLayout;
  left->addWidget(createQuickChoices());
  left->addWidget(createFreeStack(), 1);

  auto* leftWidget = new QWidget;
  leftWidget->setLayout(left);
  left->setContentsMargins(0, 0, 0, 0);
  leftWidget->setMaximumWidth(280);

  auto* layout = new QHBoxLayout(this);
  layout->setContentsMargins(6, 6, 6, 6);
  layout->addWidget(leftWidget);
  layout->addWidget(createFieldArea(), 1);

  connect(fields_, &LayerFieldsModel::streamEdited, this, &ProtocolsPage::onFieldsEdited);
  connect(fields_, &QAbstractItemModel::modelReset, tree_, &QTreeView::expandAll);
}

QWidget* ProtocolsPage::createQuickChoices() {
  l2_ = namedCombo(QStringLiteral("l2Combo"), labels(StackChoices::l2Options()));
  l3_ = namedCombo(QStringLiteral("l3Combo"), labels(StackChoices::l3Options()));
  l4_ = namedCombo(QStringLiteral("l4Combo"), labels(StackChoices::l4Options()));
  payload_ = new QCheckBox(tr("Payload"));
  payload_->setObjectName(QStringLiteral("payloadCheck"));
  payload_->setToolTip(tr("Pattern bytes that fill the frame up to its length"));
  signature_ = new QCheckBox(tr("Signature (track loss and latency)"));
  signature_->setObjectName(QStringLiteral("signatureCheck"));
  signature_->setToolTip(tr("A 16-byte trailer with stream id, sequence number and TX timestamp"));
  customNote_ = new QLabel(tr("Custom stack: edit it below, or pick a quick choice to replace it."));
  customNote_->setObjectName(QStringLiteral("customStackNote"));
  customNote_->setWordWrap(true);
  customNote_->setStyleSheet(QStringLiteral("color: palette(placeholder-text);"));
  customNote_->hide();

  auto* group = new QGroupBox(tr("Quick stack"));
  auto* form = new QFormLayout(group);
  form->addRow(tr("Layer 2"), l2_);
  form->addRow(tr("Layer 3"), l3_);
  form->addRow(tr("Layer 4"), l4_);
  form->addRow(payload_);
  form->addRow(signature_);
  form->addRow(customNote_);

  for (QComboBox* combo : {l2_, l3_, l4_})
    connect(combo, &QComboBox::currentIndexChanged, this, &ProtocolsPage::applyQuickChoice);
  for (QCheckBox* check : {payload_, signature_})
    connect(check, &QCheckBox::toggled, this, &ProtocolsPage::applyQuickChoice);
  return group;
}

QWidget* ProtocolsPage::createFreeStack() {
  stackList_ = new QListWidget;
  stackList_->setObjectName(QStringLiteral("stackList"));
  stackList_->setToolTip(tr("The layers from the wire up"));
  addButton_ = new QToolButton;
  addButton_->setObjectName(QStringLiteral("addLayerButton"));
  addButton_->setText(tr("Add"));
  addButton_->setToolTip(tr("Add a layer above the selected one (only what the registry allows there)"));
  addButton_->setPopupMode(QToolButton::InstantPopup);
  addButton_->setToolButtonStyle(Qt::ToolButtonTextOnly);
  addButton_->setMenu(new QMenu(addButton_));
  removeButton_ = new QPushButton(tr("Remove"));
  removeButton_->setObjectName(QStringLiteral("removeLayerButton"));
  upButton_ = new QPushButton(tr("Up"));
  upButton_->setObjectName(QStringLiteral("upLayerButton"));
  upButton_->setToolTip(tr("Move the layer towards the wire"));
  downButton_ = new QPushButton(tr("Down"));
  downButton_->setObjectName(QStringLiteral("downLayerButton"));
  downButton_->setToolTip(tr("Move the layer away from the wire"));

  auto* buttons = new QHBoxLayout;
  buttons->setSpacing(4);
  for (QWidget* w : std::initializer_list<QWidget*>{addButton_, removeButton_, upButton_, downButton_})
    buttons->addWidget(w);
  auto* group = new QGroupBox(tr("Free stack"));
  auto* layout = new QVBoxLayout(group);
  layout->addWidget(stackList_, 1);
  layout->addLayout(buttons);

  connect(removeButton_, &QPushButton::clicked, this, &ProtocolsPage::removeLayer);
  connect(upButton_, &QPushButton::clicked, this, [this] { moveLayer(-1); });
  connect(downButton_, &QPushButton::clicked, this, [this] { moveLayer(+1); });
  connect(stackList_, &QListWidget::currentRowChanged, this, [this](int row) {
    rebuildAddMenu();
    const int n = stackList_->count();
    removeButton_->setEnabled(row >= 0);
    upButton_->setEnabled(row > 0);
    downButton_->setEnabled(row >= 0 && row + 1 < n);
    // Show the layer in the field tree unless one of its fields is already selected.
    const QModelIndex current = tree_->currentIndex();
    if (row >= 0 && (!current.isValid() || current.data(kLayerIndexRole).toInt() != row)) {
      tree_->setCurrentIndex(fields_->index(row, 0));
      tree_->scrollTo(fields_->index(row, 0), QAbstractItemView::PositionAtTop);
    }
  });
  return group;
}

QWidget* ProtocolsPage::createFieldArea() {
  tree_ = new QTreeView;
  tree_->setObjectName(QStringLiteral("fieldTree"));
  tree_->setModel(fields_);
  tree_->setItemDelegate(new FieldValueDelegate(tree_));
  tree_->setAlternatingRowColors(true);
  tree_->setUniformRowHeights(true);
  tree_->setEditTriggers(QAbstractItemView::DoubleClicked | QAbstractItemView::SelectedClicked |
                         QAbstractItemView::EditKeyPressed | QAbstractItemView::AnyKeyPressed);
  tree_->header()->setStretchLastSection(false);
  tree_->header()->setSectionResizeMode(LayerFieldsModel::kValueColumn, QHeaderView::Stretch);
  tree_->setColumnWidth(LayerFieldsModel::kFieldColumn, 240);
  tree_->setColumnWidth(LayerFieldsModel::kModeColumn, 90);

  previewHex_ = new HexView;
  previewHex_->setObjectName(QStringLiteral("previewHexView"));
  previewHex_->setToolTip(tr("The first packet; the selected field's bytes are highlighted"));

  auto* splitter = new QSplitter(Qt::Vertical);
  splitter->addWidget(tree_);
  splitter->addWidget(previewHex_);
  splitter->setStretchFactor(0, 3);
  splitter->setStretchFactor(1, 1);
  splitter->setChildrenCollapsible(false);

  connect(tree_->selectionModel(), &QItemSelectionModel::currentChanged, this, [this](const QModelIndex& current) {
    updatePreview();
    const int layer = current.isValid() ? current.data(kLayerIndexRole).toInt() : -1;
    const QSignalBlocker block(stackList_);
    stackList_->setCurrentRow(layer);
    removeButton_->setEnabled(layer >= 0);
    upButton_->setEnabled(layer > 0);
    downButton_->setEnabled(layer >= 0 && layer + 1 < stackList_->count());
    rebuildAddMenu();
  });
  return splitter;
}

void ProtocolsPage::setStream(const v1::Stream& stream) {
  fields_->setStream(stream);
  syncStackWidgets();
}

const Layers& ProtocolsPage::layers() const { return fields_->stream().layers(); }

void ProtocolsPage::setLayers(const Layers& layers) {
  v1::Stream stream = fields_->stream();
  *stream.mutable_layers() = layers;
  fields_->setStream(stream);
  syncStackWidgets();
  Q_EMIT layersChanged();
}

void ProtocolsPage::onFieldsEdited() {
  syncStackWidgets();
  Q_EMIT layersChanged();
}

void ProtocolsPage::applyQuickChoice() {
  StackChoice choice{std::max(l2_->currentIndex(), 0), std::max(l3_->currentIndex(), 0), std::max(l4_->currentIndex(), 0),
                     payload_->isChecked(), signature_->isChecked()};
  if (!StackChoices::isAllowed(choice)) choice.l4 = 0;  // e.g. UDP left over after choosing ARP
  setLayers(StackChoices::toLayers(choice, layers()));
}

void ProtocolsPage::addLayer(const QString& protocol) {
  Layers next = layers();
  const int row = stackList_->currentRow();
  const int at = row >= 0 ? row + 1 : next.size();
  next.Add()->set_protocol(protocol.toStdString());
  for (int i = next.size() - 1; i > at; --i) next.SwapElements(i, i - 1);
  setLayers(next);
  tree_->setCurrentIndex(fields_->index(at, 0));
}

void ProtocolsPage::removeLayer() {
  const int row = stackList_->currentRow();
  if (row < 0 || row >= layers().size()) return;
  Layers next = layers();
  next.DeleteSubrange(row, 1);
  setLayers(next);
  if (next.size() > 0) tree_->setCurrentIndex(fields_->index(std::min(row, next.size() - 1), 0));
}

void ProtocolsPage::moveLayer(int delta) {
  const int row = stackList_->currentRow(), to = row + delta;
  if (row < 0 || to < 0 || to >= layers().size()) return;
  Layers next = layers();
  next.SwapElements(row, to);
  setLayers(next);
  tree_->setCurrentIndex(fields_->index(to, 0));
}

void ProtocolsPage::syncStackWidgets() {
  const auto choice = StackChoices::fromLayers(layers());
  {
    const QSignalBlocker b2(l2_), b3(l3_), b4(l4_), bp(payload_), bs(signature_);
    l2_->setCurrentIndex(choice ? choice->l2 : -1);
    l3_->setCurrentIndex(choice ? choice->l3 : -1);
    l4_->setCurrentIndex(choice ? choice->l4 : -1);
    payload_->setChecked(choice ? choice->payload : hasRole(layers(), LayerRole::kPayload));
    signature_->setChecked(choice ? choice->signature : hasRole(layers(), LayerRole::kTrailer));
    auto* l4Items = qobject_cast<QStandardItemModel*>(l4_->model());
    for (int i = 0; i < l4_->count(); ++i) {
      StackChoice probe = choice.value_or(StackChoice{});
      probe.l4 = i;
      l4Items->item(i)->setEnabled(StackChoices::isAllowed(probe));
    }
  }
  customNote_->setVisible(!choice && !layers().empty());

  const QSignalBlocker block(stackList_);
  const int row = stackList_->currentRow();
  stackList_->clear();
  for (int i = 0; i < layers().size(); ++i)
    stackList_->addItem(QStringLiteral("%1  %2").arg(i).arg(layerText(layers()[i].protocol())));
  stackList_->setCurrentRow(std::min(row, stackList_->count() - 1));
  const int current = stackList_->currentRow();
  removeButton_->setEnabled(current >= 0);
  upButton_->setEnabled(current > 0);
  downButton_->setEnabled(current >= 0 && current + 1 < stackList_->count());
  rebuildAddMenu();
  updatePreview();
}

void ProtocolsPage::rebuildAddMenu() {
  QMenu* menu = addButton_->menu();
  menu->clear();
  const int row = stackList_->currentRow();
  const int below = row >= 0 ? row : layers().size() - 1;  // add above the selection, else on top
  const std::string lower = below >= 0 ? layers()[below].protocol() : std::string();
  for (const QString& protocol : StackChoices::allowedAbove(lower)) {
    const ProtocolSpec* spec = specOf(protocol.toStdString());
    // At most one payload and one signature per stream.
    if (spec->role != LayerRole::kHeader && spec->role != LayerRole::kRaw && hasRole(layers(), spec->role)) continue;
    QAction* action = menu->addAction(layerText(protocol.toStdString()));
    action->setData(protocol);
    action->setToolTip(toQString(spec->summary));
    connect(action, &QAction::triggered, this, [this, protocol] { addLayer(protocol); });
  }
  addButton_->setEnabled(!menu->isEmpty());
}

void ProtocolsPage::updatePreview() {
  previewHex_->setBytes(fields_->previewFrame());
  const QModelIndex current = tree_->currentIndex();
  int first = -1, end = -1;
  auto include = [&](const QModelIndex& index) {
    const QVariant range = index.data(kByteRangeRole);
    if (!range.isValid()) return;
    const QPoint r = range.toPoint();
    first = first < 0 ? r.x() : std::min(first, r.x());
    end = std::max(end, r.x() + r.y());
  };
  if (current.isValid() && current.parent().isValid()) {
    include(current);
  } else if (current.isValid()) {  // a layer: the bytes of its fields
    const QModelIndex layer = current.siblingAtColumn(0);
    for (int i = 0; i < fields_->rowCount(layer); ++i) include(fields_->index(i, 0, layer));
  }
  previewHex_->setHighlight(std::max(first, 0), first < 0 ? 0 : end - first);
}

}  // namespace staccato::client
