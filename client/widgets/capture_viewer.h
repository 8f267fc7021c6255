#pragma once
/// The built-in capture viewer (when Wireshark is not installed): the capture's packets as a
/// list above the selected packet decoded as a tree and a hex dump (the stream editor's
/// FrameView).
#include <QDialog>

#include "common/core/result.h"
#include "common/files/pcap_file.h"

class QLabel;
class QTableView;

namespace staccato::client {

class CapturePacketModel;
class FrameView;

/// Captures larger than this are left to Wireshark (the viewer holds every packet in memory).
inline constexpr qint64 kMaxViewedCaptureBytes = qint64{128} << 20;

class CaptureViewer : public QDialog {
  Q_OBJECT
 public:
  CaptureViewer(std::vector<PcapPacket> packets, const QString& title, QWidget* parent = nullptr);

  /// The packets of a pcap or pcapng file for a viewer (at most kMaxViewedCaptureBytes). Touches
  /// no widget: run it off the GUI thread.
  static Result<std::vector<PcapPacket>> read(const QString& path);

  CapturePacketModel* model() const { return model_; }
  QTableView* packetList() const { return list_; }
  FrameView* frameView() const { return frame_; }

 private:
  void showRow(int row);

  CapturePacketModel* model_;
  QTableView* list_;
  FrameView* frame_;
  QLabel* summary_;
};

}  // namespace staccato::client
