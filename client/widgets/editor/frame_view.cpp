#include "client/widgets/editor/frame_view.h"

#include <QSplitter>
#include <QTreeView>
#include <QVBoxLayout>

#include "client/models/editor/decode_model.h"
#include "client/widgets/editor/hex_view.h"

namespace staccato::client {

FrameView::FrameView(QWidget* parent) : QWidget(parent), model_(new DecodeModel(this)), tree_(new QTreeView), hex_(new HexView) {
  tree_->setObjectName(QStringLiteral("decodeTree"));
  tree_->setModel(model_);
  tree_->setHeaderHidden(true);
  tree_->setUniformRowHeights(true);
  tree_->setEditTriggers(QAbstractItemView::NoEditTriggers);
  hex_->setObjectName(QStringLiteral("hexView"));

  auto* splitter = new QSplitter(Qt::Vertical);
  splitter->addWidget(tree_);
  splitter->addWidget(hex_);
  splitter->setStretchFactor(0, 3);
  splitter->setStretchFactor(1, 1);
  splitter->setChildrenCollapsible(false);
  auto* layout = new QVBoxLayout(this);
  layout->setContentsMargins(0, 0, 0, 0);
  layout->addWidget(splitter);

  connect(tree_->selectionModel(), &QItemSelectionModel::currentChanged, this, &FrameView::showCurrentBytes);
  connect(hex_, &HexView::byteClicked, this, &FrameView::selectByte);
}

QByteArray FrameView::frame() const { return model_->frame(); }

void FrameView::setFrame(const QByteArray& bytes) {
  const QPoint selected = tree_->currentIndex().data(kByteRangeRole).toPoint();
  const bool hadSelection = tree_->currentIndex().isValid();
  model_->setFrame(bytes);
  hex_->setBytes(bytes);
  tree_->expandAll();
  // Keep the selection on the same bytes when another frame is shown.
  if (hadSelection) selectByte(selected.x());
  else hex_->setHighlight(0, 0);
}

void FrameView::showCurrentBytes() {
  const QPoint range = tree_->currentIndex().data(kByteRangeRole).toPoint();
  hex_->setHighlight(range.x(), tree_->currentIndex().isValid() ? range.y() : 0);
}

void FrameView::selectByte(int offset) {
  const QModelIndex index = model_->indexForByte(offset);
  tree_->setCurrentIndex(index);
  if (index.isValid()) tree_->scrollTo(index);
  showCurrentBytes();
}

}  // namespace staccato::client
