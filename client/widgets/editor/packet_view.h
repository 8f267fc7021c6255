#pragma once
/// The packet preview: the Nth packet of a stream as the transmitters render it, decoded as a
/// tree above a hex dump, linked both ways (a FrameView).
#include <QWidget>

#include "client/widgets/editor/frame_view.h"
#include "staccato/v1/stream.pb.h"

class QLabel;
class QSpinBox;

namespace staccato::client {

class PacketView : public QWidget {
  Q_OBJECT
 public:
  explicit PacketView(QWidget* parent = nullptr);

  /// Compiles and shows the stream's packet #packetNumber(); on error shows the message.
  void setStream(const v1::Stream& stream);
  /// The packet shown (without FCS); empty when the stream does not compile.
  QByteArray frame() const { return frame_->frame(); }
  int packetNumber() const;
  void setPacketNumber(int number);

  DecodeModel* decodeModel() const { return frame_->decodeModel(); }
  QTreeView* tree() const { return frame_->tree(); }
  HexView* hexView() const { return frame_->hexView(); }

 private:
  void render();

  v1::Stream stream_;
  FrameView* frame_;
  QSpinBox* packetSpin_;
  QLabel* lengthLabel_;
  QLabel* errorLabel_;
};

}  // namespace staccato::client
