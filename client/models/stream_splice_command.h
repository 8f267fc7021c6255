#pragma once
/// The one undo command of the stream list: at `position`, remove `removeCount` streams and
/// insert a list. Its undo is the inverse splice, so every edit (insert, remove, modify, move)
/// is one of these, or a macro of several.
#include <QUndoCommand>

#include <vector>

#include "staccato/v1/stream.pb.h"

namespace staccato::client {

class StreamListModel;

class StreamSpliceCommand : public QUndoCommand {
 public:
  StreamSpliceCommand(StreamListModel* model, int position, int removeCount, std::vector<v1::Stream> insert,
                      const QString& text, QUndoCommand* parent = nullptr);

  void redo() override;
  void undo() override;

 private:
  /// Applies the splice and keeps its inverse: redo and undo are the same operation.
  void swap();

  StreamListModel* model_;
  int position_;
  int removeCount_;
  std::vector<v1::Stream> payload_;  ///< what the next swap() inserts
};

}  // namespace staccato::client
