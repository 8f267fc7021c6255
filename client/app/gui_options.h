#pragma once
/// The GUI's command line. --help and --version are answered without a display: Qt aborts
/// creating a QApplication when there is none, so they are parsed before it.
#include <QCommandLineOption>
#include <QCommandLineParser>

namespace staccato::client {

struct GuiOptions {
  GuiOptions();

  QCommandLineParser parser;
  QCommandLineOption drone, tokenFile, tls, ca, plaintextToken, demoLab, routerLab, noLocalDrone, statsInterval, open;
};

/// Sets the application's name, organisation and version (settings and --version use them).
void setApplicationNames();

/// True when argv asks for --help or --version (which need no display).
bool asksHelpOrVersion(int argc, char** argv);

}  // namespace staccato::client
