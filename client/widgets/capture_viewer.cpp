#include "client/widgets/capture_viewer.h"

#include <QFileInfo>
#include <QHeaderView>
#include <QLabel>
#include <QSplitter>
#include <QTableView>
#include <QVBoxLayout>

#include "client/models/capture_packet_model.h"
#include "client/widgets/editor/frame_view.h"

namespace staccato::client {

CaptureViewer::CaptureViewer(std::vector<PcapPacket> packets, const QString& title, QWidget* parent)
    : QDialog(parent), model_(new CapturePacketModel(this)), list_(new QTableView), frame_(new FrameView), summary_(new QLabel) {
  setObjectName(QStringLiteral("captureViewer"));
  setWindowTitle(title);
  setAttribute(Qt::WA_DeleteOnClose);
  const size_t count = packets.size();
  model_->setPackets(std::move(packets));
  summary_->setObjectName(QStringLiteral("captureSummary"));
  summary_->setText(tr("%n packet(s). Select one to decode it.", nullptr, static_cast<int>(count)));

  list_->setObjectName(QStringLiteral("capturePackets"));
  list_->setModel(model_);
  list_->setSelectionBehavior(QAbstractItemView::SelectRows);
  list_->setSelectionMode(QAbstractItemView::SingleSelection);
  list_->setEditTriggers(QAbstractItemView::NoEditTriggers);
  list_->setAlternatingRowColors(true);
  list_->verticalHeader()->hide();
  list_->verticalHeader()->setDefaultSectionSize(fontMetrics().height() + 4);
  list_->horizontalHeader()->setStretchLastSection(true);
  for (int c : {CapturePacketModel::kNumber, CapturePacketModel::kDirection, CapturePacketModel::kLength})
    list_->setColumnWidth(c, 60);
  for (int c : {CapturePacketModel::kTime, CapturePacketModel::kSource, CapturePacketModel::kDestination})
    list_->setColumnWidth(c, 130);
  list_->setColumnWidth(CapturePacketModel::kProtocols, 220);

  auto* split = new QSplitter(Qt::Vertical);
  split->addWidget(list_);
  split->addWidget(frame_);
  split->setStretchFactor(0, 2);
  split->setStretchFactor(1, 3);
  split->setChildrenCollapsible(false);
  auto* layout = new QVBoxLayout(this);
  layout->addWidget(summary_);
  layout->addWidget(split, 1);
  resize(1000, 760);

  connect(list_->selectionModel(), &QItemSelectionModel::currentRowChanged, this,
          [this](const QModelIndex& i) { showRow(i.row()); });
  if (count) list_->selectRow(0);
}

void CaptureViewer::showRow(int row) { frame_->setFrame(model_->frame(row)); }

Result<std::vector<PcapPacket>> CaptureViewer::read(const QString& path) {
  const QFileInfo info(path);
  if (info.size() > kMaxViewedCaptureBytes)
    return makeError(path.toStdString(), QString("%1 MiB is more than the built-in viewer shows (%2 MiB): save the capture "
                                                 "and open it in Wireshark")
                                             .arg(info.size() >> 20)
                                             .arg(kMaxViewedCaptureBytes >> 20)
                                             .toStdString());
  return readCapture(path.toStdString());
}

}  // namespace staccato::client
