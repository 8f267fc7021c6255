#include "client/widgets/editor/stream_editor_dialog.h"

#include <QCheckBox>
#include <QDialogButtonBox>
#include <QHBoxLayout>
#include <QLabel>
#include <QLineEdit>
#include <QPushButton>
#include <QRegularExpression>
#include <QTabWidget>
#include <QTreeView>
#include <QVBoxLayout>

#include "client/models/editor/layer_fields_model.h"
#include "client/widgets/editor/form_helpers.h"
#include "client/widgets/editor/length_page.h"
#include "client/widgets/editor/packet_view.h"
#include "client/widgets/editor/protocols_page.h"
#include "client/widgets/editor/rate_control_page.h"
#include "client/widgets/editor/variable_fields_page.h"
#include "common/stream/compiler.h"
#include "common/stream/rate.h"

namespace staccato::client {
namespace {

const QString kErrorStyle = QStringLiteral(
    "QLabel { background: #fdecea; color: #8a1c1c; border: 1px solid #f1b0ab; border-radius: 3px; padding: 6px; }");
const QString kOkStyle = QStringLiteral("QLabel { color: palette(placeholder-text); padding: 6px; }");

/// The widget (object name) an error path outside the layers points at; "" for none.
QString widgetForPath(const QString& path) {
  static const QRegularExpression kVariable(QStringLiteral(R"(variable_fields\[(\d+)\](?:\.(\w+))?)"));
  if (const auto m = kVariable.match(path); m.hasMatch()) {
    static const std::pair<const char*, const char*> kColumns[] = {
        {"field", "varField"}, {"layer", "varField"}, {"mode", "varMode"}, {"start", "varStart"},
        {"step", "varStep"},   {"count", "varCount"}, {"mask", "varMask"}, {"prefix_length", "varPrefix"},
        {"values", "varValues"}};
    for (const auto& [key, name] : kColumns)
      if (m.captured(2) == QLatin1String(key)) return QStringLiteral("%1_%2").arg(QLatin1String(name), m.captured(1));
    return QStringLiteral("variableTable");
  }
  static const std::pair<const char*, const char*> kWidgets[] = {
      {"frame_length.fixed", "lengthFixed"}, {"frame_length.min", "lengthMin"},   {"frame_length.max", "lengthMax"},
      {"frame_length.step", "lengthStep"},   {"frame_length.mix", "imixTable"},   {"frame_length", "lengthMode"},
      {"rate", "rateValue"},                 {"control.goto_stream", "gotoStream"}, {"control", "controlMode"},
      {"variable_fields", "variableTable"}};
  for (const auto& [prefix, name] : kWidgets)
    if (path.startsWith(QLatin1String(prefix))) return QLatin1String(name);
  return {};
}

}  // namespace

StreamEditorDialog::StreamEditorDialog(const v1::Stream& stream, QWidget* parent)
    : QDialog(parent),
      stream_(stream),
      tabs_(new QTabWidget),
      protocols_(new ProtocolsPage),
      variables_(new VariableFieldsPage),
      length_(new LengthPage),
      rate_(new RateControlPage),
      packet_(new PacketView) {
  setWindowTitle(tr("Edit stream"));
  tabs_->setObjectName(QStringLiteral("tabs"));
  protocols_->setObjectName(QStringLiteral("protocolsPage"));
  variables_->setObjectName(QStringLiteral("variablesPage"));
  length_->setObjectName(QStringLiteral("lengthPage"));
  rate_->setObjectName(QStringLiteral("ratePage"));
  packet_->setObjectName(QStringLiteral("packetView"));
  tabs_->addTab(protocols_, tr("Protocols"));
  tabs_->addTab(variables_, tr("Variable fields"));
  tabs_->addTab(length_, tr("Length"));
  tabs_->addTab(rate_, tr("Rate && control"));
  auto* packetPage = new QWidget;
  auto* packetLayout = new QVBoxLayout(packetPage);
  packetLayout->setContentsMargins(6, 6, 6, 6);
  packetLayout->addWidget(packet_);
  tabs_->addTab(packetPage, tr("Packet"));

  auto* buttons = new QDialogButtonBox(QDialogButtonBox::Ok | QDialogButtonBox::Cancel);
  okButton_ = buttons->button(QDialogButtonBox::Ok);
  okButton_->setObjectName(QStringLiteral("okButton"));
  buttons->button(QDialogButtonBox::Cancel)->setObjectName(QStringLiteral("cancelButton"));
  connect(buttons, &QDialogButtonBox::accepted, this, &QDialog::accept);
  connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);

  auto* layout = new QVBoxLayout(this);
  layout->setContentsMargins(10, 10, 10, 10);
  layout->addWidget(createHeader());
  layout->addWidget(tabs_, 1);
  layout->addWidget(createErrorBar());
  layout->addWidget(buttons);

  protocols_->setStream(stream_);
  variables_->setStream(stream_);
  length_->setStream(stream_);
  rate_->setStream(stream_);
  packet_->setStream(stream_);

  connect(protocols_, &ProtocolsPage::layersChanged, this, &StreamEditorDialog::onLayersChanged);
  connect(protocols_->fieldsModel(), &LayerFieldsModel::editRejected, this, &StreamEditorDialog::onEditRejected);
  connect(variables_, &VariableFieldsPage::changed, this, [this] { onPageChanged(variables_); });
  connect(length_, &LengthPage::changed, this, [this] { onPageChanged(length_); });
  connect(rate_, &RateControlPage::changed, this, [this] { onPageChanged(rate_); });

  resize(1000, 700);
  validate();
}

QWidget* StreamEditorDialog::createHeader() {
  name_ = new QLineEdit(QString::fromStdString(stream_.name()));
  name_->setObjectName(QStringLiteral("nameEdit"));
  name_->setPlaceholderText(tr("Stream name"));
  enabled_ = new QCheckBox(tr("Enabled"));
  enabled_->setObjectName(QStringLiteral("enabledCheck"));
  enabled_->setChecked(streamEnabled(stream_));
  auto* id = new QLabel(tr("Stream id %1").arg(stream_.id()));
  id->setObjectName(QStringLiteral("streamIdLabel"));
  id->setStyleSheet(QStringLiteral("color: palette(placeholder-text);"));

  connect(name_, &QLineEdit::textChanged, this, [this](const QString& text) { stream_.set_name(text.toStdString()); });
  connect(enabled_, &QCheckBox::toggled, this, [this](bool on) {
    if (on) stream_.clear_enabled();  // absent means enabled
    else stream_.set_enabled(false);
  });

  auto* header = new QWidget;
  auto* layout = new QHBoxLayout(header);
  layout->setContentsMargins(0, 0, 0, 0);
  layout->addWidget(new QLabel(tr("Name")));
  layout->addWidget(name_, 1);
  layout->addSpacing(12);
  layout->addWidget(enabled_);
  layout->addSpacing(12);
  layout->addWidget(id);
  return header;
}

QWidget* StreamEditorDialog::createErrorBar() {
  errorLabel_ = new QLabel;
  errorLabel_->setObjectName(QStringLiteral("errorLabel"));
  errorLabel_->setWordWrap(true);
  errorLabel_->setTextInteractionFlags(Qt::TextSelectableByMouse);
  return errorLabel_;
}

void StreamEditorDialog::onLayersChanged() {
  *stream_.mutable_layers() = protocols_->layers();
  variables_->setStream(stream_);
  length_->setStream(stream_);
  packet_->setStream(stream_);
  validate();
}

void StreamEditorDialog::onPageChanged(QWidget* page) {
  if (page == variables_) variables_->apply(stream_);
  if (page == length_) length_->apply(stream_);
  if (page == rate_) rate_->apply(stream_);
  protocols_->setStream(stream_);  // automatic values depend on length and variable fields too
  packet_->setStream(stream_);
  validate();
}

void StreamEditorDialog::onEditRejected(const QString& fieldPath, const QString& message) {
  errorLabel_->setStyleSheet(kErrorStyle);
  errorLabel_->setText(tr("%1: %2 (not applied)").arg(fieldPath, message));
  markErrorPath(fieldPath);
}

void StreamEditorDialog::validate() {
  // compile() checks the rate too; the port's line rate is the drone's to check.
  auto plan = compile(stream_);
  const Status status = plan ? Status(Ok{}) : Status(plan.error());
  if (!status) {
    error_ = QString::fromStdString(status.error().toString());
    errorLabel_->setStyleSheet(kErrorStyle);
    errorLabel_->setText(error_);
    okButton_->setEnabled(false);
    markErrorPath(QString::fromStdString(status.error().path));
    return;
  }
  error_.clear();
  errorLabel_->setStyleSheet(kOkStyle);
  errorLabel_->setText(tr("Valid stream: %1 layers, average frame %2 bytes (FCS included).")
                           .arg(stream_.layers_size())
                           .arg(plan->averageFrameBytes, 0, 'f', plan->length.varies ? 1 : 0));
  okButton_->setEnabled(true);
  markErrorPath({});
}

void StreamEditorDialog::markErrorPath(const QString& path) {
  LayerFieldsModel* fields = protocols_->fieldsModel();
  fields->setErrorPath(path);
  if (const QModelIndex index = fields->indexForPath(path); index.isValid()) protocols_->fieldTree()->scrollTo(index);
  markInvalid(markedWidget_, false);
  const QString name = widgetForPath(path);
  markedWidget_ = name.isEmpty() ? nullptr : findChild<QWidget*>(name);
  markInvalid(markedWidget_, true);
}

}  // namespace staccato::client
