#pragma once
/// StreamListModel: the editable stream list of one port. Every edit is undoable (one
/// StreamSpliceCommand, or a macro of them, on the model's own QUndoStack); the stack's clean
/// state is the list the drone last accepted, so isDirty() is cheap.
#include <QAbstractTableModel>
#include <QUndoStack>

#include <vector>

#include "common/core/result.h"
#include "staccato/v1/stream.pb.h"

namespace staccato::client {

class StreamSpliceCommand;

class StreamListModel : public QAbstractTableModel {
  Q_OBJECT
 public:
  enum Column { kEnabled, kName, kProtocols, kFrameLength, kRate, kControl, kColumnCount };

  explicit StreamListModel(QObject* parent = nullptr);
  ~StreamListModel() override;

  /// This model's undo stack (one per port).
  QUndoStack* undoStack() const { return undoStack_; }

  const std::vector<v1::Stream>& streams() const { return streams_; }
  const v1::Stream& stream(int row) const { return streams_.at(static_cast<size_t>(row)); }

  /// Replaces the content with what the drone holds, clears the undo stack and takes it as the
  /// applied baseline.
  void resetFromDrone(std::vector<v1::Stream> streams);
  /// The current content is what the drone holds now (after a successful Apply).
  void markApplied();
  /// Marks the row the drone refused (red, with the drone's message as its tooltip) until the
  /// next edit, apply or reload; -1 clears.
  void setRefusedRow(int row, const QString& message);
  /// True when the content differs from the applied baseline (by edits; an edit and its manual
  /// reversal still count as a change).
  bool isDirty() const;

  // Edits, each one undo step.
  /// Inserts at `row` (clamped); an id already used in this port becomes max+1. Returns the
  /// first inserted row.
  int insertStreams(int row, std::vector<v1::Stream> streams, const QString& text);
  /// Appends eth/ip/udp/payload/signature, 64 bytes, 1000 pps, 1000 packets, "stream N".
  void appendNewStream();
  void removeStreams(QList<int> rows);
  /// Inserts `times` copies of the rows after the last of them, named "<name> copy", new ids.
  void duplicateStreams(QList<int> rows, int times);
  /// Moves the rows, in order, to before `destinationRow` (a row of the list before the move;
  /// rowCount() appends).
  void moveStreams(QList<int> rows, int destinationRow);
  /// The editor's OK: replaces one stream (an id clashing with another row becomes max+1).
  void replaceStream(int row, v1::Stream stream);
  void renameStream(int row, const QString& name);
  void setEnabled(QList<int> rows, bool on);
  void setRate(QList<int> rows, const v1::Rate& rate);
  /// In `rows` (all when empty), every layer that overrides `field` (e.g. "ip.dst") with the
  /// text `oldValue` (any value when `oldValue` is empty) gets `newValue`. Returns how many
  /// fields changed.
  int findReplace(const QString& field, const QString& oldValue, const QString& newValue, QList<int> rows);

  // Clipboard.
  /// Mime data for the rows (stream file JSON, see stream_mime.h); the caller owns it.
  QMimeData* mimeDataForRows(QList<int> rows) const;
  /// Pastes streams from the clipboard at `row` with fresh ids; returns the first row.
  Result<int> pasteStreams(const QMimeData* data, int row);
  /// The streams in mime data (Staccato format, or plain text that parses as a stream file).
  static Result<std::vector<v1::Stream>> streamsFromMime(const QMimeData* data);

  // QAbstractItemModel
  int rowCount(const QModelIndex& parent = {}) const override;
  int columnCount(const QModelIndex& parent = {}) const override;
  QVariant data(const QModelIndex& index, int role = Qt::DisplayRole) const override;
  QVariant headerData(int section, Qt::Orientation orientation, int role = Qt::DisplayRole) const override;
  Qt::ItemFlags flags(const QModelIndex& index) const override;
  bool setData(const QModelIndex& index, const QVariant& value, int role = Qt::EditRole) override;
  QStringList mimeTypes() const override;
  QMimeData* mimeData(const QModelIndexList& indexes) const override;
  bool canDropMimeData(const QMimeData* data, Qt::DropAction action, int row, int column,
                       const QModelIndex& parent) const override;
  /// Copies from anywhere are inserted with fresh ids; a move within this model is a move.
  bool dropMimeData(const QMimeData* data, Qt::DropAction action, int row, int column,
                    const QModelIndex& parent) override;
  Qt::DropActions supportedDropActions() const override;
  // removeRows() is deliberately not overridden: a view finishing a move drag calls it on the
  // source, and moves are done by dropMimeData().

 signals:
  void dirtyChanged(bool dirty);

 private:
  void clearRefusedRow();
  int refusedRow_ = -1;
  QString refusedMessage_;
  friend class StreamSpliceCommand;
  struct Splice {
    int position;
    int removeCount;
    std::vector<v1::Stream> insert;
  };
  struct RowText {  // summaries computed on first display
    QString protocols, frameLength, rate, control;
    bool valid = false;
  };

  /// The primitive all commands use; returns the removed streams. Replacing in place emits
  /// dataChanged, the rest rowsRemoved/rowsInserted.
  std::vector<v1::Stream> splice(int position, int removeCount, std::vector<v1::Stream> insert);
  /// One command, or a macro of several applied in order.
  void push(const QString& text, std::vector<Splice> splices);
  /// Applies `edit` to copies of the rows, replacing in place one contiguous run per splice.
  /// Rows where `edit` returns false are left out. Returns how many rows changed.
  template <typename Edit>
  int modifyRows(const QList<int>& rows, const QString& text, Edit edit);
  /// Gives each stream an id unused in this model (and among `streams`), skipping `ignoreRow`.
  void assignIds(std::vector<v1::Stream>& streams, int ignoreRow = -1) const;
  /// Inserts streams dropped from elsewhere at `row` with fresh ids; returns the first row.
  int insertDropped(int row, std::vector<v1::Stream> streams);
  /// Sorted, unique, in range.
  QList<int> normalized(QList<int> rows) const;
  const RowText& rowText(int row) const;

  std::vector<v1::Stream> streams_;
  mutable std::vector<RowText> rowText_;
  QUndoStack* undoStack_;
};

}  // namespace staccato::client
