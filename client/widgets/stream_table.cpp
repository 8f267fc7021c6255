#include "client/widgets/stream_table.h"

#include <QApplication>
#include <QClipboard>
#include <QHeaderView>
#include <QInputDialog>
#include <QMimeData>
#include <QUndoStack>

#include "client/widgets/bulk_edit_dialogs.h"
#include "client/widgets/editor/stream_editor_dialog.h"
#include "common/packet/field_text.h"
#include "common/packet/registry.h"

namespace staccato::client {

namespace {

/// Checks a replacement value against the field's format before any stream changes.
Status checkFieldValue(const QString& fieldName, const QString& value) {
  const std::string name = fieldName.toStdString();
  const FieldSpec* field = ProtocolRegistry::builtin().findField(name);
  if (!field) return makeError(name, "no such field in any protocol (e.g. ip.dst, udp.dstport)");
  if (auto parsed = parseFieldText(*field, value.toStdString()); !parsed) return parsed.error().withPrefix(name);
  return Ok{};
}

}  // namespace

StreamTable::StreamTable(QWidget* parent) : QTableView(parent) {
  setObjectName("streamTable");
  setSelectionBehavior(SelectRows);
  setSelectionMode(ExtendedSelection);
  setDragDropMode(DragDrop);
  setDragEnabled(true);
  setAcceptDrops(true);
  setDropIndicatorShown(true);
  setDefaultDropAction(Qt::MoveAction);
  setAlternatingRowColors(true);
  setEditTriggers(EditKeyPressed | SelectedClicked);
  verticalHeader()->setDefaultSectionSize(fontMetrics().height() + 8);
  verticalHeader()->hide();
  horizontalHeader()->setStretchLastSection(true);
  setContextMenuPolicy(Qt::ActionsContextMenu);

  actions_.add = makeAction("&Add stream", QKeySequence("Ctrl+N"), &StreamTable::addStream);
  actions_.edit = makeAction("&Edit stream…", QKeySequence(Qt::Key_Return), nullptr);
  connect(actions_.edit, &QAction::triggered, this, [this] {
    if (auto rows = selectedRows(); !rows.isEmpty()) editStream(rows.front());
  });
  actions_.duplicate = makeAction("D&uplicate…", QKeySequence("Ctrl+D"), &StreamTable::duplicateSelected);
  actions_.remove = makeAction("&Delete", QKeySequence::Delete, &StreamTable::deleteSelected);
  actions_.copy = makeAction("&Copy", QKeySequence::Copy, &StreamTable::copySelected);
  actions_.paste = makeAction("&Paste", QKeySequence::Paste, &StreamTable::paste);
  actions_.enable = makeAction("E&nable", QKeySequence(), nullptr);
  connect(actions_.enable, &QAction::triggered, this, [this] { setSelectedEnabled(true); });
  actions_.disable = makeAction("Di&sable", QKeySequence(), nullptr);
  connect(actions_.disable, &QAction::triggered, this, [this] { setSelectedEnabled(false); });
  actions_.rate = makeAction("Set &rate…", QKeySequence("Ctrl+R"), &StreamTable::editSelectedRate);
  actions_.findReplace = makeAction("&Find and replace…", QKeySequence::Replace, &StreamTable::findReplace);
  connect(this, &QTableView::doubleClicked, this, [this](const QModelIndex& i) {
    if (i.column() != StreamListModel::kEnabled && i.column() != StreamListModel::kName) editStream(i.row());
  });
  updateActions();
}

QAction* StreamTable::makeAction(const QString& text, const QKeySequence& key, void (StreamTable::*slot)()) {
  auto* a = new QAction(text, this);
  a->setShortcut(key);
  a->setShortcutContext(Qt::WidgetWithChildrenShortcut);
  if (slot) connect(a, &QAction::triggered, this, slot);
  addAction(a);
  return a;
}

void StreamTable::setStreamList(StreamListModel* model) {
  model_ = model;
  setModel(model);
  if (model) {
    connect(selectionModel(), &QItemSelectionModel::selectionChanged, this, &StreamTable::updateActions);
    resizeColumnToContents(StreamListModel::kEnabled);
    setColumnWidth(StreamListModel::kName, 180);
    setColumnWidth(StreamListModel::kProtocols, 230);
    setColumnWidth(StreamListModel::kFrameLength, 110);
    setColumnWidth(StreamListModel::kRate, 130);
  }
  updateActions();
}

QList<int> StreamTable::selectedRows() const {
  QList<int> rows;
  if (!selectionModel()) return rows;
  for (const auto& i : selectionModel()->selectedRows()) rows << i.row();
  std::sort(rows.begin(), rows.end());
  return rows;
}

void StreamTable::updateActions() {
  const bool have = model_ != nullptr;
  const bool selected = have && !selectedRows().isEmpty();
  actions_.add->setEnabled(have);
  actions_.paste->setEnabled(have);
  actions_.findReplace->setEnabled(have);
  for (QAction* a : {actions_.edit, actions_.duplicate, actions_.remove, actions_.copy, actions_.enable,
                     actions_.disable, actions_.rate})
    a->setEnabled(selected);
}

void StreamTable::addStream() {
  if (!model_) return;
  model_->appendNewStream();
  selectRow(model_->rowCount() - 1);
}

void StreamTable::editStream(int row) {
  if (!model_ || row < 0 || row >= model_->rowCount()) return;
  StreamEditorDialog dialog(model_->stream(row), this);
  if (dialog.exec() == QDialog::Accepted) model_->replaceStream(row, dialog.stream());
}

void StreamTable::duplicateSelected() {
  const auto rows = selectedRows();
  if (!model_ || rows.isEmpty()) return;
  bool ok = false;
  const int times = QInputDialog::getInt(this, "Duplicate streams", "Copies of each selected stream:", 1, 1, 10000, 1, &ok);
  if (ok) model_->duplicateStreams(rows, times);
}

void StreamTable::deleteSelected() {
  if (auto rows = selectedRows(); model_ && !rows.isEmpty()) model_->removeStreams(rows);
}

void StreamTable::copySelected() {
  const auto rows = selectedRows();
  if (!model_ || rows.isEmpty()) return;
  QModelIndexList indexes;
  for (int r : rows) indexes << model_->index(r, 0);
  QApplication::clipboard()->setMimeData(model_->mimeData(indexes));
  emit message(QString("copied %1 stream(s)").arg(rows.size()), false);
}

void StreamTable::paste() {
  if (!model_) return;
  auto streams = StreamListModel::streamsFromMime(QApplication::clipboard()->mimeData());
  if (!streams) {
    emit message("cannot paste: " + QString::fromStdString(streams.error().toString()), true);
    return;
  }
  const auto rows = selectedRows();
  const int at = rows.isEmpty() ? model_->rowCount() : rows.back() + 1;
  const size_t n = streams->size();
  model_->insertStreams(at, std::move(*streams), "Paste streams");
  emit message(QString("pasted %1 stream(s)").arg(n), false);
}

void StreamTable::setSelectedEnabled(bool on) {
  if (auto rows = selectedRows(); model_ && !rows.isEmpty()) model_->setEnabled(rows, on);
}

void StreamTable::editSelectedRate() {
  const auto rows = selectedRows();
  if (!model_ || rows.isEmpty()) return;
  if (auto rate = askRate(this, model_->stream(rows.front()).rate())) model_->setRate(rows, *rate);
}

void StreamTable::findReplace() {
  if (!model_) return;
  const auto rows = selectedRows();
  auto req = askFindReplace(this, !rows.isEmpty());
  if (!req) return;
  if (auto ok = checkFieldValue(req->field, req->newValue); !ok) {
    emit message("not replaced: " + QString::fromStdString(ok.error().toString()), true);
    return;
  }
  const int n = model_->findReplace(req->field, req->oldValue, req->newValue, req->selectedOnly ? rows : QList<int>{});
  emit message(QString("replaced %1 value(s) of %2").arg(n).arg(req->field), false);
}

}  // namespace staccato::client
