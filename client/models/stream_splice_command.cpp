#include "client/models/stream_splice_command.h"

#include "client/models/stream_list_model.h"

namespace staccato::client {

StreamSpliceCommand::StreamSpliceCommand(StreamListModel* model, int position, int removeCount,
                                         std::vector<v1::Stream> insert, const QString& text, QUndoCommand* parent)
    : QUndoCommand(text, parent),
      model_(model),
      position_(position),
      removeCount_(removeCount),
      payload_(std::move(insert)) {}

void StreamSpliceCommand::redo() { swap(); }
void StreamSpliceCommand::undo() { swap(); }

void StreamSpliceCommand::swap() {
  const int inserted = static_cast<int>(payload_.size());
  payload_ = model_->splice(position_, removeCount_, std::move(payload_));
  removeCount_ = inserted;
}

}  // namespace staccato::client
