#pragma once
/// FlowsSearch: RFC 9411's search (docs/flows.md#rfc-9411) from the Flows page, each trial a
/// flow run of the profile at one load on the page's FlowsRun, so the trial running shows live in
/// the page's charts and table. The search is client/core's searchFlowLoad, stepped one trial at
/// a time (nextFlowSearchStep) as trials end: the GUI never waits. A trial is judged from its
/// client side's last reading (judgeFlowTrial); one that could not run (a side did not start,
/// a drone went away) is the tester's limit and ends the search incomplete, as in the CLI.
/// Stop ends the running trial (not judged: a stopped outcome, as the CLI's) and the search with
/// what passed before it.
#include <QObject>

#include "client/core/flows/flow_search_report.h"
#include "client/models/flow_search_trials_model.h"
#include "client/widgets/flows_run.h"

namespace staccato::client {

class FlowsSearch : public QObject {
  Q_OBJECT
 public:
  /// What the search runs, checked (FlowsSearchBox::setup).
  struct Setup {
    bool byRate = true;  ///< connections/s, else concurrent connections
    FlowSearchSettings settings;
    FlowCriteria criteria;
    double trialSeconds = 0;  ///< each trial's steady phase
  };

  /// Trials run on `run` (the page's).
  explicit FlowsSearch(FlowsRun* run, QObject* parent = nullptr);

  /// Starts the search with its first trial (servers, then clients); false when one goes on.
  /// `generator` names this program in the reports.
  bool start(const v1::FlowProfile& profile, const Setup& setup, FlowsRun::Side clients, FlowsRun::Side servers,
             std::string generator = "staccato");
  void stop();

  bool running() const { return running_; }
  bool stopRequested() const { return stopRequested_; }
  const Setup& setup() const { return setup_; }
  /// The trial running now, from 1 (or the last one run).
  int trialNumber() const { return model_.rowCount(); }
  double currentLoad() const { return load_; }
  /// The result so far; the search's once finished() was emitted.
  const FlowSearchResult& result() const { return search_.result; }
  /// The search as the reports take it (flow_search_report.h): its profile as run (a trial's
  /// steady seconds), settings, ports, times and result with every judged trial's numbers.
  const FlowSearchRun& searchRun() const { return search_; }
  FlowSearchTrialsModel* model() { return &model_; }

 signals:
  /// A trial starts: trialNumber() and currentLoad() say which.
  void trialStarted();
  /// A trial ended: model()'s last row and result() say how.
  void trialEnded();
  /// The search is over (its end, the tester's limit, or Stop).
  void finished();

 private:
  /// The next trial, or the end of the search.
  void step();
  void onRunFinished();
  void finish();

  FlowsRun* run_;
  FlowSearchTrialsModel model_;
  FlowSearchRun search_;
  Setup setup_;
  FlowsRun::Side clients_, servers_;
  std::vector<FlowSearchTrial> judged_;
  double load_ = 0;
  int64_t trialStartNs_ = 0;
  bool running_ = false, stopRequested_ = false, trialRunning_ = false;
};

}  // namespace staccato::client
