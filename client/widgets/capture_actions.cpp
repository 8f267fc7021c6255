#include "client/widgets/capture_actions.h"

#include <QAction>
#include <QFileDialog>
#include <QFutureWatcher>
#include <QProcess>
#include <QStandardPaths>
#include <QtConcurrent/QtConcurrentRun>

#include "client/models/qs.h"
#include "client/widgets/capture_dialog.h"
#include "client/widgets/capture_viewer.h"

namespace staccato::client {

CaptureActions::CaptureActions(Workspace* workspace, QWidget* window, std::function<std::optional<PortRef>()> currentPort)
    : QObject(window), workspace_(workspace), window_(window), currentPort_(std::move(currentPort)),
      viewer_(QStandardPaths::findExecutable(QStringLiteral("wireshark")).isEmpty() ? QString() : QStringLiteral("wireshark")) {
  auto make = [this](const QString& text, const QString& tip, auto slot) {
    auto* a = new QAction(text, this);
    a->setToolTip(tip);
    connect(a, &QAction::triggered, this, [this, slot] {
      if (auto port = currentPort_()) (this->*slot)(*port);
    });
    return a;
  };
  start_ = make(tr("Start capture…"), tr("Capture what crosses the port (filter, bound, direction), sending or not"),
                &CaptureActions::askAndStart);
  stop_ = make(tr("Stop capture"), tr("Stop the port's capture; it keeps what it holds"), &CaptureActions::stopCapture);
  view_ = make(tr("View capture"),
               tr("Open what the port's capture holds (in Wireshark when installed); stops it first if it runs"),
               &CaptureActions::viewCapture);
  save_ = make(tr("Save capture…"), tr("Save what the port's capture holds as pcapng; stops it first if it runs"),
               &CaptureActions::askAndSave);
}

DroneSession* CaptureActions::sessionOf(const PortRef& port) { return workspace_->session(port.drone); }

void CaptureActions::report(const PortRef& port, const QString& what, const Status& status) {
  emit log(status ? LogLevel::kInfo : LogLevel::kError, port.drone,
           what + " " + qs(port.port) + (status ? tr(": done") : ": " + qs(status.error().toString())));
}

void CaptureActions::askAndStart(const PortRef& port) {
  if (auto request = askCapture(window_, port.port)) startCapture(port, std::move(*request));
}

void CaptureActions::askAndSave(const PortRef& port) {
  const QString path = QFileDialog::getSaveFileName(window_, tr("Save capture"), qs(port.port) + ".pcapng",
                                                    tr("pcapng captures (*.pcapng)"));
  if (!path.isEmpty()) saveCapture(port, path.endsWith(".pcapng", Qt::CaseInsensitive) ? path : path + ".pcapng");
}

void CaptureActions::startCapture(const PortRef& port, v1::StartCaptureRequest request) {
  DroneSession* s = sessionOf(port);
  if (!s) return;
  request.set_port(port.port);
  s->startCapture(std::move(request), [this, port](const Status& st) { report(port, tr("start capture on"), st); });
}

void CaptureActions::stopCapture(const PortRef& port) {
  DroneSession* s = sessionOf(port);
  if (!s) return;
  s->stopCapture(port.port, false, [this, port](const Status& st) { report(port, tr("stop capture on"), st); });
}

void CaptureActions::fetchTo(const PortRef& port, const QString& path, std::function<void(const QString&)> then) {
  DroneSession* s = sessionOf(port);
  if (!s) return;
  s->stopCapture(port.port, false, [this, port, path, then = std::move(then)](const Status& st) {
    if (!st) return report(port, tr("fetch capture of"), st);
    DroneSession* session = sessionOf(port);
    if (!session) return;
    session->fetchCapture(port.port, path.toStdString(), [this, port, path, then](const Result<FetchedCapture>& got) {
      if (!got) return report(port, tr("fetch capture of"), got.error());
      emit log(LogLevel::kInfo, port.drone,
               tr("capture of %1: %2 packets, %3 bytes in %4").arg(qs(port.port)).arg(got->packets).arg(got->bytes).arg(path));
      emit fetched(path);
      then(path);
    });
  });
}

void CaptureActions::viewCapture(const PortRef& port) {
  if (!files_.isValid()) return report(port, tr("view capture of"), makeError("", "no temporary directory for the capture"));
  const QString path = files_.filePath(QStringLiteral("%1-%2.pcapng").arg(qs(port.port)).arg(++fetches_));
  fetchTo(port, path, [this, port](const QString& file) { openFile(port, file); });
}

void CaptureActions::saveCapture(const PortRef& port, const QString& path) {
  fetchTo(port, path, [](const QString&) {});
}

void CaptureActions::openFile(const PortRef& port, const QString& path) {
  if (!viewer_.isEmpty() && QProcess::startDetached(viewer_, {path})) return;
  // A capture may be up to kMaxViewedCaptureBytes: it is read on a pool thread, never the GUI's.
  using Packets = Result<std::vector<PcapPacket>>;
  auto* reading = new QFutureWatcher<Packets>(this);
  connect(reading, &QFutureWatcherBase::finished, this, [this, reading, port] {
    reading->deleteLater();
    Packets packets = reading->future().takeResult();
    if (!packets) return report(port, tr("view capture of"), packets.error());
    auto* viewer = new CaptureViewer(std::move(packets).value(), tr("Capture of %1").arg(qs(port.port)), window_);
    viewer->show();
    emit viewerOpened(viewer);
  });
  reading->setFuture(QtConcurrent::run([path] { return CaptureViewer::read(path); }));
}

}  // namespace staccato::client
