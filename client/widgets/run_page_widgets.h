#pragma once
/// The widgets a tool page (Benchmark, Y.1564) shows its run in, made alike on each: the line
/// naming what runs now, the progress bar, the results table and the timer that coalesces redraws.
#include <QString>

#include <functional>

class QAbstractItemModel;
class QLabel;
class QProgressBar;
class QTableView;
class QTimer;
class QWidget;

namespace staccato::client {

/// How finely a run's progress bar counts the fraction done.
inline constexpr int kRunProgressSteps = 1000;

/// The bold line naming what runs now, "Not run yet." until a run starts.
QLabel* makeRunStepLabel(QWidget* page, const QString& objectName);
/// A progress bar of kRunProgressSteps, shown in percent, at 0.
QProgressBar* makeRunProgressBar(QWidget* page, const QString& objectName);
/// `bar` at `fraction` (0 to 1) of the run.
void showRunFraction(QProgressBar* bar, double fraction);
/// A table of `model` in alternating rows, without row numbers, its last column stretched.
QTableView* makeResultsTable(QWidget* page, QAbstractItemModel* model, const QString& objectName);
/// A single-shot timer calling `redraw` 200 ms after redrawSoon: live views redraw at most 5
/// times a second, however fast the run's steps end.
QTimer* makeRedrawTimer(QWidget* page, std::function<void()> redraw);
/// Starts `timer` unless it is already waiting.
void redrawSoon(QTimer* timer);

}  // namespace staccato::client
