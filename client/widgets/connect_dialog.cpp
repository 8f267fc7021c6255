#include "client/widgets/connect_dialog.h"

#include <QCheckBox>
#include <QDialog>
#include <QDialogButtonBox>
#include <QFileDialog>
#include <QFormLayout>
#include <QHBoxLayout>
#include <QLabel>
#include <QLineEdit>
#include <QPushButton>

#include "common/files/token_file.h"

namespace staccato::client {

namespace {

QLineEdit* fileField(QDialog* d, QFormLayout* form, const QString& label, const QString& name) {
  auto* edit = new QLineEdit(d);
  edit->setObjectName(name);
  auto* browse = new QPushButton("…", d);
  browse->setFixedWidth(32);
  QObject::connect(browse, &QPushButton::clicked, d, [d, edit] {
    const QString f = QFileDialog::getOpenFileName(d, "Choose a file");
    if (!f.isEmpty()) edit->setText(f);
  });
  auto* row = new QHBoxLayout;
  row->addWidget(edit, 1);
  row->addWidget(browse);
  form->addRow(label, row);
  return edit;
}

}  // namespace

std::optional<DroneAddress> askDroneAddress(QWidget* parent) {
  QDialog d(parent);
  d.setWindowTitle("Connect to a drone");
  d.setMinimumWidth(460);
  auto* form = new QFormLayout(&d);
  auto* target = new QLineEdit(kDefaultDroneTarget, &d);
  target->setObjectName("droneAddress");
  target->setToolTip("host:port, [v6]:port, or unix:/path/to/socket");
  form->addRow("Address", target);
  auto* token = new QLineEdit(&d);
  token->setObjectName("droneToken");
  token->setEchoMode(QLineEdit::Password);
  token->setPlaceholderText("none");
  form->addRow("Access token", token);
  auto* tokenFile = fileField(&d, form, "…or token file", "droneTokenFile");
  auto* tls = new QCheckBox("Use TLS", &d);
  tls->setObjectName("droneTls");
  form->addRow(tls);
  auto* ca = fileField(&d, form, "CA certificate", "droneCa");
  ca->setPlaceholderText("system roots");
  auto* plaintext = new QCheckBox("Send the token without TLS (a trusted network only)", &d);
  plaintext->setObjectName("dronePlaintextToken");
  plaintext->setToolTip("Without TLS, anyone on the path can read the token. A drone on this host (unix socket, "
                        "loopback) never needs this.");
  form->addRow(plaintext);
  auto* error = new QLabel(&d);
  error->setStyleSheet("color:#c0392b");
  error->setWordWrap(true);
  form->addRow(error);
  auto* box = new QDialogButtonBox(QDialogButtonBox::Ok | QDialogButtonBox::Cancel, &d);
  box->button(QDialogButtonBox::Ok)->setText("Connect");
  form->addRow(box);
  QObject::connect(box, &QDialogButtonBox::rejected, &d, &QDialog::reject);

  DroneAddress result;
  QObject::connect(box, &QDialogButtonBox::accepted, &d, [&] {
    DroneAddress a;
    a.target = withDefaultPort(target->text().trimmed().toStdString());
    a.token = token->text().toStdString();
    if (!tokenFile->text().isEmpty()) {
      auto t = readTokenFile(tokenFile->text().toStdString());
      if (!t) {
        error->setText(QString::fromStdString(t.error().toString()));
        return;
      }
      a.token = t->token;
    }
    a.tls = tls->isChecked() || !ca->text().isEmpty();
    a.caCertFile = ca->text().toStdString();
    a.plaintextToken = plaintext->isChecked();
    // Said here, not by a connection that retries forever.
    if (auto s = checkTokenTransport(a); !s) {
      error->setText(QString::fromStdString(s.error().toString()));
      return;
    }
    result = a;
    d.accept();
  });
  if (d.exec() != QDialog::Accepted) return std::nullopt;
  return result;
}

}  // namespace staccato::client
