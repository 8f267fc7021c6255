#pragma once
/// SIGINT/SIGTERM end the GUI through the event loop (so it stops the drone it started and
/// saves its layout) instead of killing it mid-way.
namespace staccato::client {

/// Installs the handlers; call once after the QApplication exists.
void quitOnTerminationSignals();

}  // namespace staccato::client
