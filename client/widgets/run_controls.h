#pragma once
/// A tool page's Run, Stop and Save buttons and the status line below them (the Benchmark, Y.1564
/// and RFC 2889 pages): made on the page with object names PREFIXRun, PREFIXStop, PREFIXSave and
/// PREFIXStatus, enabled from the run's state, and the one place that says the build has no
/// executor while that is so.
#include <QObject>
#include <QString>
#include <QStringList>

#include <functional>

#include "common/core/result.h"

class QPushButton;
class QVBoxLayout;
class QWidget;

namespace staccato::client {

class StatusLine;

class RunControls {
 public:
  /// What the page says on its buttons and status line.
  struct Texts {
    QString stopTip;        ///< what Stop keeps
    QString runTip;         ///< what Run does, when it can
    QString noExecutorTip;  ///< Run's tooltip when no executor drives the drones
    QString noExecutor;     ///< the status line's word for that
    QString save = QObject::tr("Save reports…");  ///< the Save button's words
    QString saveTip = QObject::tr("HTML, JSON, CSV and JUnit reports of the last run");  ///< what Save writes
  };
  /// What the buttons do.
  struct Actions {
    std::function<void()> run, stop, save;
  };
  /// The run's state the buttons follow.
  struct State {
    bool haveExecutor = false;
    bool running = false;
    bool stopRequested = false;
    bool haveResult = false;  ///< something to save
  };

  RunControls(QWidget* page, const QString& prefix, Texts texts, const Actions& actions);

  /// The row of buttons, then the status line, at the end of `layout`.
  void addTo(QVBoxLayout* layout) const;
  /// Run only with an executor and no run; Stop while running until asked; Save once there is a
  /// result and no run. The page is made before its executor is given: the word that none exists
  /// stands only while that is true.
  void update(const State& state);

  void showStatus(const QString& text, bool error);
  /// "Saved" naming the reports' `paths`, or why they could not be; whether they were.
  bool showSaved(const Status& saved, const QStringList& paths);
  QString statusText() const;

 private:
  Texts texts_;
  QPushButton* run_;
  QPushButton* stop_;
  QPushButton* save_;
  StatusLine* status_;
};

}  // namespace staccato::client
