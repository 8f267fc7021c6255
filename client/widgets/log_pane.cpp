#include "client/widgets/log_pane.h"

#include <QComboBox>
#include <QDateTime>
#include <QHBoxLayout>
#include <QLabel>
#include <QPlainTextEdit>
#include <QPushButton>

namespace staccato::client {

namespace {
constexpr int kMaxLines = 5000;

const char* color(LogLevel level) {
  switch (level) {
    case LogLevel::kError: return "#c0392b";
    case LogLevel::kWarning: return "#b9770e";
    default: return "#333333";
  }
}
const char* tag(LogLevel level) {
  switch (level) {
    case LogLevel::kError: return "error";
    case LogLevel::kWarning: return "warning";
    default: return "info";
  }
}
}  // namespace

LogPane::LogPane(QWidget* parent) : QWidget(parent) {
  setObjectName("logPane");
  filter_ = new QComboBox(this);
  filter_->setObjectName("logFilter");
  filter_->addItems({"Everything", "Warnings and errors", "Errors"});
  auto* clear = new QPushButton("Clear", this);
  view_ = new QPlainTextEdit(this);
  view_->setObjectName("logView");
  view_->setReadOnly(true);
  view_->setMaximumBlockCount(kMaxLines);
  auto* bar = new QHBoxLayout;
  bar->addWidget(new QLabel("Show", this));
  bar->addWidget(filter_);
  bar->addStretch(1);
  bar->addWidget(clear);
  auto* layout = new QVBoxLayout(this);
  layout->setContentsMargins(4, 4, 4, 4);
  layout->addLayout(bar);
  layout->addWidget(view_, 1);
  connect(filter_, &QComboBox::currentIndexChanged, this, &LogPane::rebuild);
  connect(clear, &QPushButton::clicked, this, [this] {
    lines_.clear();
    view_->clear();
  });
}

void LogPane::append(LogLevel level, const QString& source, const QString& text) {
  const QString html = QString("<span style='color:#888'>%1</span> <span style='color:%2'><b>%3</b> %4: %5</span>")
                           .arg(QDateTime::currentDateTime().toString("HH:mm:ss"), color(level), tag(level),
                                source.toHtmlEscaped(), text.toHtmlEscaped());
  lines_.append({level, html});
  if (lines_.size() > kMaxLines) lines_.removeFirst();
  if (static_cast<int>(level) >= filter_->currentIndex()) view_->appendHtml(html);
}

void LogPane::rebuild() {
  view_->clear();
  for (const auto& l : lines_)
    if (static_cast<int>(l.level) >= filter_->currentIndex()) view_->appendHtml(l.html);
}

QString LogPane::text() const { return view_->toPlainText(); }

}  // namespace staccato::client
