#pragma once
/// What the tool pages' tests (Benchmark, Y.1564) check alike: the main window's Tools menu opens
/// the page as a window of its own with the window's executor factory, and a page without one
/// says so and refuses to run.
#include <gtest/gtest.h>

#include <QAction>
#include <QMenu>
#include <QMenuBar>
#include <QPushButton>

#include <functional>

#include "client/widgets/main_window.h"

namespace staccato::client::test {

/// The action of the window's Tools menu that `match` picks, or null.
inline QAction* toolsAction(MainWindow& window, const std::function<bool(const QAction*)>& match) {
  QAction* found = nullptr;
  for (QAction* menu : window.menuBar()->actions())
    if (menu->text() == "&Tools")
      for (QAction* a : menu->menu()->actions())
        if (match(a)) found = a;
  return found;
}

/// `page`, opened from the main window, is a visible window whose Run button (`runButton`) is
/// enabled: the window's factory reached it.
inline void expectOpenedWithItsFactory(QWidget* page, const QString& runButton) {
  EXPECT_TRUE(page->isVisible());
  EXPECT_TRUE(page->isWindow());
  EXPECT_TRUE(page->findChild<QPushButton*>(runButton)->isEnabled());
}

/// `page`, given no executor factory, disables Run (`runButton`), says why and does not run.
template <class Page>
void expectNoRunWithoutExecutor(Page& page, const QString& runButton) {
  EXPECT_FALSE(page.template findChild<QPushButton*>(runButton)->isEnabled());
  EXPECT_TRUE(page.statusText().contains("no executor"));
  EXPECT_FALSE(page.run());
}

}  // namespace staccato::client::test
