#pragma once
/// The packet preview: the Nth packet of a stream as the transmitters render it, decoded as a
/// tree above a hex dump, linked both ways (select a field → its bytes; click a byte → its field).
#include <QWidget>

#include "staccato/v1/stream.pb.h"

class QLabel;
class QSpinBox;
class QTreeView;

namespace staccato::client {

class DecodeModel;
class HexView;

class PacketView : public QWidget {
  Q_OBJECT
 public:
  explicit PacketView(QWidget* parent = nullptr);

  /// Compiles and shows the stream's packet #packetNumber(); on error shows the message.
  void setStream(const v1::Stream& stream);
  /// The packet shown (without FCS); empty when the stream does not compile.
  QByteArray frame() const;
  int packetNumber() const;
  void setPacketNumber(int number);

  DecodeModel* decodeModel() const { return model_; }
  QTreeView* tree() const { return tree_; }
  HexView* hexView() const { return hex_; }

 private:
  void render();
  void showCurrentBytes();
  void selectByte(int offset);

  v1::Stream stream_;
  DecodeModel* model_;
  QTreeView* tree_;
  HexView* hex_;
  QSpinBox* packetSpin_;
  QLabel* lengthLabel_;
  QLabel* errorLabel_;
};

}  // namespace staccato::client
