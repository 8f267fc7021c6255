#include "client/widgets/run_controls.h"

#include <QHBoxLayout>
#include <QPushButton>
#include <QVBoxLayout>

#include <utility>

#include "client/models/qs.h"
#include "client/widgets/status_line.h"

namespace staccato::client {

RunControls::RunControls(QWidget* page, const QString& prefix, Texts texts, const Actions& actions)
    : texts_(std::move(texts)) {
  run_ = new QPushButton(QObject::tr("Run"), page);
  run_->setObjectName(prefix + "Run");
  run_->setDefault(true);
  stop_ = new QPushButton(QObject::tr("Stop"), page);
  stop_->setObjectName(prefix + "Stop");
  stop_->setToolTip(texts_.stopTip);
  save_ = new QPushButton(texts_.save, page);
  save_->setObjectName(prefix + "Save");
  save_->setToolTip(texts_.saveTip);
  status_ = new StatusLine(page);
  status_->setObjectName(prefix + "Status");
  QObject::connect(run_, &QPushButton::clicked, page, actions.run);
  QObject::connect(stop_, &QPushButton::clicked, page, actions.stop);
  QObject::connect(save_, &QPushButton::clicked, page, actions.save);
}

void RunControls::addTo(QVBoxLayout* layout) const {
  auto* buttons = new QHBoxLayout;
  buttons->addWidget(run_);
  buttons->addWidget(stop_);
  buttons->addWidget(save_);
  layout->addLayout(buttons);
  layout->addWidget(status_);
}

void RunControls::update(const State& s) {
  run_->setEnabled(s.haveExecutor && !s.running);
  run_->setToolTip(s.haveExecutor ? texts_.runTip : texts_.noExecutorTip);
  stop_->setEnabled(s.running && !s.stopRequested);
  save_->setEnabled(!s.running && s.haveResult);
  if (!s.haveExecutor && !s.running) showStatus(texts_.noExecutor, true);
  else if (status_->text() == texts_.noExecutor) showStatus({}, false);
}

void RunControls::showStatus(const QString& text, bool error) { status_->showMessage(text, error); }

bool RunControls::showSaved(const Status& saved, const QStringList& paths) {
  if (!saved) {
    showStatus(QObject::tr("Cannot save: %1").arg(qs(saved.error().toString())), true);
    return false;
  }
  showStatus(QObject::tr("Saved %1").arg(paths.join(", ")), false);
  return true;
}

QString RunControls::statusText() const { return status_->text(); }

}  // namespace staccato::client
