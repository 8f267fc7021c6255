// MainWindow's tool pages (Tools > Benchmark…, Y.1564 service activation…, RFC 2889 switch tests…,
// Flows…): each a window of its own made on first use, with the executor factory the app binds (the
// Flows page calls the sessions itself); a run of one (or the Flows page's RFC 9411 search) ends
// before quitting.
#include <QCloseEvent>
#include <QMessageBox>

#include "client/widgets/benchmark_page.h"
#include "client/widgets/flows_page.h"
#include "client/widgets/main_window.h"
#include "client/widgets/rfc2889_page.h"
#include "client/widgets/y1564_page.h"

namespace staccato::client {
namespace {

/// A tool page (Benchmark, Y.1564, RFC 2889): made on first use as a window of its own over the port tree,
/// given the executor factory the window holds; the one made before, after that.
template <class Page, class Factory>
Page* toolPage(Page*& page, PortTreeModel* ports, QWidget* window, const std::shared_ptr<Factory>& factory) {
  if (!page) {
    page = new Page(ports, window);
    page->setWindowFlag(Qt::Window);
    page->setExecutorFactory(factory);
  }
  return page;
}

/// Keeps `factory` for a tool page made later, and gives it to the page if made already.
template <class Page, class Factory>
void giveToolFactory(std::shared_ptr<Factory>& held, std::shared_ptr<Factory> factory, Page* page) {
  held = std::move(factory);
  if (page) page->setExecutorFactory(held);
}

}  // namespace

void MainWindow::setBenchmarkExecutorFactory(std::shared_ptr<BenchmarkExecutorFactory> factory) {
  giveToolFactory(benchmarkFactory_, std::move(factory), benchmark_);
}

BenchmarkPage* MainWindow::benchmarkPage() { return toolPage(benchmark_, workspace_->portTree(), this, benchmarkFactory_); }

void MainWindow::setY1564ExecutorFactory(std::shared_ptr<Y1564ExecutorFactory> factory) {
  giveToolFactory(y1564Factory_, std::move(factory), y1564_);
}

Y1564Page* MainWindow::y1564Page() { return toolPage(y1564_, workspace_->portTree(), this, y1564Factory_); }

void MainWindow::setRfc2889ProbeFactory(std::shared_ptr<Rfc2889ProbeFactory> factory) {
  giveToolFactory(rfc2889Factory_, std::move(factory), rfc2889_);
}

Rfc2889Page* MainWindow::rfc2889Page() { return toolPage(rfc2889_, workspace_->portTree(), this, rfc2889Factory_); }

FlowsPage* MainWindow::flowsPage() {
  if (!flows_) {
    flows_ = new FlowsPage(workspace_, this);
    flows_->setWindowFlag(Qt::Window);
  }
  return flows_;
}

bool MainWindow::endFlowsBeforeClosing(QCloseEvent* event) {
  if (!flows_) return false;
  FlowsRun* run = flows_->flowsRun();
  FlowsSearch* search = flows_->flowsSearch();
  const bool searching = search->running();  // between its trials no run goes on, but the search does
  if (!searching && !run->running()) return false;
  event->ignore();
  if (searching ? search->stopRequested() : run->stopRequested()) return true;
  const auto answer = QMessageBox::question(
      this, searching ? "RFC 9411 search running" : "Flows running",
      searching ? "An RFC 9411 search is going on. Stop its trial and quit?" : "A flow run is going on. Stop both sides and quit?",
      QMessageBox::Yes | QMessageBox::No, QMessageBox::No);
  if (answer != QMessageBox::Yes) return true;
  flows_->stop();
  if (searching)
    connect(search, &FlowsSearch::finished, this, &QWidget::close, Qt::SingleShotConnection);
  else
    connect(run, &FlowsRun::finished, this, &QWidget::close, Qt::SingleShotConnection);
  return true;
}

bool MainWindow::endRunBeforeClosing(QCloseEvent* event, WorkerRun* run, const QString& title, const QString& question) {
  // It ends after its current trial or step (the executor stops the ports' traffic then); the
  // window closes once it has.
  if (!run || !run->running()) return false;
  event->ignore();
  if (run->stopRequested()) return true;
  const auto answer = QMessageBox::question(this, title, question, QMessageBox::Yes | QMessageBox::No, QMessageBox::No);
  if (answer != QMessageBox::Yes) return true;
  run->stop();
  connect(run, &WorkerRun::finished, this, &QWidget::close, Qt::SingleShotConnection);
  return true;
}

}  // namespace staccato::client
