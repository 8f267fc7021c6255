#include "client/widgets/flows_search_view.h"

#include <QHeaderView>
#include <QLabel>
#include <QTableView>
#include <QVBoxLayout>

#include "client/models/flow_search_trials_model.h"
#include "client/models/flow_search_words.h"
#include "client/widgets/run_page_widgets.h"

namespace staccato::client {

FlowsSearchView::FlowsSearchView(FlowSearchTrialsModel* trials, QWidget* parent) : QWidget(parent) {
  setObjectName("flowsSearchView");
  headline_ = new QLabel(tr("RFC 9411 search: not run yet."), this);
  headline_->setObjectName("flowsSearchHeadline");
  headline_->setWordWrap(true);
  headline_->setTextInteractionFlags(Qt::TextSelectableByMouse);
  headline_->setStyleSheet("font-size:13pt; font-weight:700");
  detail_ = new QLabel(this);
  detail_->setObjectName("flowsSearchDetail");
  detail_->setWordWrap(true);
  detail_->setTextInteractionFlags(Qt::TextSelectableByMouse);
  table_ = makeResultsTable(this, trials, "flowsSearchTrials");
  // Why takes the width left (its whole text is its tooltip); the others fit their contents as
  // rows come and change.
  table_->horizontalHeader()->setSectionResizeMode(QHeaderView::ResizeToContents);
  table_->horizontalHeader()->setSectionResizeMode(FlowSearchTrialsModel::kWhy, QHeaderView::Stretch);
  table_->verticalHeader()->setSectionResizeMode(QHeaderView::ResizeToContents);  // one line a trial
  auto* layout = new QVBoxLayout(this);
  layout->setContentsMargins(0, 0, 0, 0);
  layout->addWidget(headline_);
  layout->addWidget(detail_);
  layout->addWidget(table_, 1);
}

void FlowsSearchView::showSearching(const QString& what, bool byRate) {
  // Readings a second apart see few connections open at once in a connections/s search.
  table_->setColumnHidden(FlowSearchTrialsModel::kMostOpen, byRate);
  headline_->setStyleSheet("font-size:13pt; font-weight:700");
  headline_->setText(tr("Searching…"));
  detail_->setText(what);
}

void FlowsSearchView::showResult(const FlowSearchRun& search, bool stopped) {
  const FlowSearchWords words = flowSearchWords(search, stopped);
  headline_->setStyleSheet(QString("font-size:13pt; font-weight:700; color:%1").arg(words.colour));
  headline_->setText(words.headline);
  detail_->setText(words.detail);
}

QString FlowsSearchView::headlineText() const { return headline_->text(); }
QString FlowsSearchView::detailText() const { return detail_->text(); }

}  // namespace staccato::client
