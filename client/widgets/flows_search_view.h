#pragma once
/// The Flows page's view of an RFC 9411 search: its answer (the load found, "at least" when the
/// top passed, none passed, or incomplete with whose limit ended it: the tester's own, the trial
/// count or Stop) in its colour, how it ended, and a row per trial as it runs and ends
/// (FlowSearchTrialsModel). Shown while the search box is checked.
#include <QWidget>

#include "client/core/flows/flow_search_report.h"

class QLabel;
class QTableView;

namespace staccato::client {

class FlowSearchTrialsModel;

class FlowsSearchView : public QWidget {
  Q_OBJECT
 public:
  FlowsSearchView(FlowSearchTrialsModel* trials, QWidget* parent = nullptr);

  /// A search begins: no answer yet, `what` it searches; the most open connections shown only in
  /// a concurrency search (not `byRate`).
  void showSearching(const QString& what, bool byRate);
  /// The search's answer (flowSearchWords); `stopped` when Stop ended it.
  void showResult(const FlowSearchRun& search, bool stopped);

  QString headlineText() const;
  QString detailText() const;
  QTableView* table() const { return table_; }

 private:
  QLabel* headline_;
  QLabel* detail_;
  QTableView* table_;
};

}  // namespace staccato::client
