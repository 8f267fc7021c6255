#pragma once
/// What the tool pages' screenshot programs (benchmark_screenshot, y1564_screenshot) share: the
/// command line (OUT.png), the application as the docs show it, and the run the picture is
/// taken after. Offscreen (QWidget::grab), or under Xvfb.
#include <QApplication>
#include <QEventLoop>
#include <QObject>
#include <QSettings>
#include <QStandardPaths>
#include <QString>
#include <QTimer>

#include <cstdio>
#include <functional>

#include "client/models/port_tree_model.h"
#include "tests/client/benchmark/benchmark_lab.h"

namespace staccato::client::test {

/// Whether the command line names the picture to write; the usage on stderr if not.
inline bool screenshotArgs(int argc, char** argv) {
  if (argc >= 2) return true;
  std::fprintf(stderr, "usage: %s OUT.png\n", argv[0]);
  return false;
}

/// The application as the docs show it (version 0.1.0; neither the user's saved fields nor a
/// test's in `settingsGroup`) and the lab's port tree (eth1 and eth2 of kLabDrone, 1 Gbit/s).
struct ScreenshotApp {
  ScreenshotApp(int& argc, char** argv, const QString& settingsGroup) : app(argc, argv) {
    QApplication::setApplicationVersion("0.1.0");
    QStandardPaths::setTestModeEnabled(true);
    QSettings().remove(settingsGroup);
    addLabPorts(tree);
  }
  QApplication app;
  PortTreeModel tree;
};

/// Shows `page` at the docs' size, runs it (on `run`, its worker) to the end, lets `arrange` set
/// the view (may be empty) and writes the page's picture to `out`; main's exit code. `what`
/// names the run in the message when it does not run.
template <class Page, class Run>
int runAndGrab(Page& page, Run* run, const char* what, const char* out, const std::function<void()>& arrange = {}) {
  page.resize(1440, 900);
  page.show();
  QEventLoop wait;
  QObject::connect(run, &Run::finished, &wait, &QEventLoop::quit);
  QTimer::singleShot(120000, &wait, &QEventLoop::quit);
  if (!page.run() || (wait.exec(), run->running())) {
    std::fprintf(stderr, "the %s did not run: %s\n", what, page.statusText().toUtf8().constData());
    return 1;
  }
  QApplication::processEvents();
  if (arrange) {
    arrange();
    QApplication::processEvents();
  }
  if (!page.grab().save(QString::fromLocal8Bit(out))) {
    std::fprintf(stderr, "cannot write %s\n", out);
    return 1;
  }
  return 0;
}

}  // namespace staccato::client::test
