#pragma once
/// The stream table of one port: a view on its StreamListModel plus every stream action
/// (add, edit, duplicate ×N, delete, copy/paste, enable, bulk rate, find & replace), each one
/// undoable through the model's QUndoStack. Drag rows to reorder; drop copies between ports.
#include <QAction>
#include <QTableView>

#include "client/models/stream_list_model.h"

namespace staccato::client {

class StreamTable : public QTableView {
  Q_OBJECT
 public:
  explicit StreamTable(QWidget* parent = nullptr);
  /// Shows another port's list (nullptr: none selected).
  void setStreamList(StreamListModel* model);
  StreamListModel* streamList() const { return model_; }
  QList<int> selectedRows() const;

  /// The table's actions, for menus and toolbars (shortcuts set, enabled as the selection allows).
  struct Actions {
    QAction* add;
    QAction* edit;
    QAction* duplicate;
    QAction* remove;
    QAction* copy;
    QAction* paste;
    QAction* enable;
    QAction* disable;
    QAction* rate;
    QAction* findReplace;
  };
  const Actions& actions() const { return actions_; }

  void addStream();
  void editStream(int row);
  void duplicateSelected();
  void deleteSelected();
  void copySelected();
  void paste();
  void setSelectedEnabled(bool on);
  void editSelectedRate();
  void findReplace();

 signals:
  /// A message for the status bar / log (e.g. "pasted 3 streams", or why a paste failed).
  void message(const QString& text, bool error);

 private:
  void updateActions();
  QAction* makeAction(const QString& text, const QKeySequence& key, void (StreamTable::*slot)());
  StreamListModel* model_ = nullptr;
  Actions actions_{};
};

}  // namespace staccato::client
