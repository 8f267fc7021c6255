#include "client/widgets/flows_profile_box.h"

#include <QFileDialog>
#include <QFileInfo>
#include <QFontDatabase>
#include <QHBoxLayout>
#include <QLabel>
#include <QLineEdit>
#include <QPlainTextEdit>
#include <QPushButton>
#include <QSettings>
#include <QVBoxLayout>

#include "client/models/qs.h"
#include "common/files/flow_profile.h"

namespace staccato::client {

FlowsProfileBox::FlowsProfileBox(QWidget* parent) : QGroupBox(tr("Profile"), parent) {
  setObjectName("flowsProfileBox");
  path_ = new QLineEdit(this);
  path_->setObjectName("flowsProfilePath");
  path_->setReadOnly(true);
  path_->setPlaceholderText(tr("a flow profile file (docs/flows.md)"));
  open_ = new QPushButton(tr("Open…"), this);
  open_->setObjectName("flowsOpenProfile");
  open_->setToolTip(tr("Read a flow profile file, every member checked as a drone checks it"));
  connect(open_, &QPushButton::clicked, this, &FlowsProfileBox::askAndLoad);
  error_ = new QLabel(this);
  error_->setObjectName("flowsProfileError");
  error_->setWordWrap(true);
  error_->setTextInteractionFlags(Qt::TextSelectableByMouse);
  error_->setStyleSheet("color:#b00020");
  error_->hide();
  text_ = new QPlainTextEdit(this);
  text_->setObjectName("flowsProfileText");
  text_->setReadOnly(true);
  text_->setLineWrapMode(QPlainTextEdit::WidgetWidth);
  text_->setFont(QFontDatabase::systemFont(QFontDatabase::FixedFont));
  text_->setPlaceholderText(tr("Open a profile: its templates, load and hosts appear here."));
  auto* row = new QHBoxLayout;
  row->addWidget(path_, 1);
  row->addWidget(open_);
  auto* layout = new QVBoxLayout(this);
  layout->addLayout(row);
  layout->addWidget(error_);
  layout->addWidget(text_, 1);
}

bool FlowsProfileBox::load(const QString& path) {
  path_->setText(path);
  auto loaded = loadFlowProfile(path.toStdString());
  if (!loaded) {
    profile_.reset();
    error_->setText(qs(loaded.error().toString()));
    error_->show();
    text_->clear();
    emit changed();
    return false;
  }
  profile_ = std::move(loaded).value();
  error_->clear();
  error_->hide();
  text_->setPlainText(qs(flowProfileText(*profile_)));
  QSettings().setValue("flows/profileDir", QFileInfo(path).absolutePath());
  emit changed();
  return true;
}

void FlowsProfileBox::setLocked(bool locked) { open_->setEnabled(!locked); }

QString FlowsProfileBox::path() const { return path_->text(); }
QString FlowsProfileBox::text() const { return text_->toPlainText(); }
QString FlowsProfileBox::errorText() const { return error_->text(); }

void FlowsProfileBox::askAndLoad() {
  const QString dir = QSettings().value("flows/profileDir").toString();
  const QString path = QFileDialog::getOpenFileName(this, tr("Open flow profile"), dir, tr("Flow profiles (*.json);;All files (*)"));
  if (!path.isEmpty()) load(path);
}

}  // namespace staccato::client
