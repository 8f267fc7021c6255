#include "client/widgets/run_page_widgets.h"

#include <QHeaderView>
#include <QLabel>
#include <QProgressBar>
#include <QTableView>
#include <QTimer>

namespace staccato::client {
namespace {

constexpr int kRedrawMs = 200;

}  // namespace

QLabel* makeRunStepLabel(QWidget* page, const QString& objectName) {
  auto* label = new QLabel(QObject::tr("Not run yet."), page);
  label->setObjectName(objectName);
  label->setStyleSheet("font-weight:600");
  return label;
}

QProgressBar* makeRunProgressBar(QWidget* page, const QString& objectName) {
  auto* bar = new QProgressBar(page);
  bar->setObjectName(objectName);
  bar->setRange(0, kRunProgressSteps);
  bar->setValue(0);
  bar->setFormat("%p %");
  return bar;
}

void showRunFraction(QProgressBar* bar, double fraction) { bar->setValue(int(kRunProgressSteps * fraction)); }

QTableView* makeResultsTable(QWidget* page, QAbstractItemModel* model, const QString& objectName) {
  auto* table = new QTableView(page);
  table->setObjectName(objectName);
  table->setModel(model);
  table->setAlternatingRowColors(true);
  table->setWordWrap(false);
  table->verticalHeader()->hide();
  table->horizontalHeader()->setStretchLastSection(true);
  return table;
}

QTimer* makeRedrawTimer(QWidget* page, std::function<void()> redraw) {
  auto* timer = new QTimer(page);
  timer->setSingleShot(true);
  timer->setInterval(kRedrawMs);
  QObject::connect(timer, &QTimer::timeout, page, std::move(redraw));
  return timer;
}

void redrawSoon(QTimer* timer) {
  if (!timer->isActive()) timer->start();
}

}  // namespace staccato::client
