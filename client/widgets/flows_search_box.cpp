#include "client/widgets/flows_search_box.h"

#include <QComboBox>
#include <QFormLayout>
#include <QLabel>
#include <QLineEdit>

#include <cmath>

#include "common/core/decimal_text.h"
#include "common/files/flow_profile.h"

namespace staccato::client {
namespace {

struct FieldSpec {
  const char* key;
  const char* initial;
  double min;
  const char* tip;
};

const FieldSpec kFields[] = {
    {"Low", "10", 1, "The lowest load tried (the search's bottom); by default a tenth of High"},
    {"High", "100", 1, "The first trial's load; by default the profile's target"},
    {"Resolution", "2", 0.1,
     "Stop when the highest passing and lowest failing loads are within this percentage of the failing one"},
    {"MaxFailureRatio", "0", 0, "A trial passes with at most this ratio of its steady phase's connections failed (0 to 1)"},
    {"MaxLatency", "0", 0, "A trial passes only with its steady phase's last-byte p99 within this; 0: not judged"},
    {"TrialSeconds", "10", 0.1, "Each trial's steady phase (its ramps are the profile's); by default the profile's"},
};
static_assert(std::size(kFields) == FlowsSearchBox::kFieldCount);

QString numberText(double v) { return QString::number(v, 'g', 10); }

}  // namespace

FlowsSearchBox::FlowsSearchBox(QWidget* parent) : QGroupBox(tr("RFC 9411 search"), parent) {
  setObjectName("flowsSearchBox");
  setCheckable(true);
  setChecked(false);
  setToolTip(tr("Checked: Run searches for the highest load the device passes, each trial a run of the profile at one "
                "load (as staccato-cli benchmark rfc9411)"));
  auto* form = new QFormLayout(this);
  mode_ = new QComboBox(this);
  mode_->setObjectName("flowsSearchMode");
  mode_->addItems({tr("Connections per second"), tr("Concurrent connections")});
  mode_->setToolTip(tr("What the trials change: the profile's connections per second, or its concurrent connections"));
  form->addRow(tr("Search"), mode_);
  for (int i = 0; i < kFieldCount; ++i) {
    fields_[i] = new QLineEdit(kFields[i].initial, this);
    fields_[i]->setObjectName(QString("flowsSearch") + kFields[i].key);
    fields_[i]->setToolTip(tr(kFields[i].tip));
    labels_[i] = new QLabel(this);
    form->addRow(labels_[i], fields_[i]);
  }
  connect(mode_, &QComboBox::currentIndexChanged, this, &FlowsSearchBox::showUnits);
  showUnits();
}

void FlowsSearchBox::setByRate(bool byRate) { mode_->setCurrentIndex(byRate ? 0 : 1); }
bool FlowsSearchBox::byRate() const { return mode_->currentIndex() == 0; }

void FlowsSearchBox::showUnits() {
  const QString unit = byRate() ? tr("connections/s") : tr("concurrent");
  labels_[kLow]->setText(tr("Low (%1)").arg(unit));
  labels_[kHigh]->setText(tr("High (%1)").arg(unit));
  labels_[kResolution]->setText(tr("Resolution (%)"));
  labels_[kMaxFailureRatio]->setText(tr("Max failure ratio"));
  labels_[kMaxLatency]->setText(tr("Max latency (ms)"));
  labels_[kTrialSeconds]->setText(tr("Trial duration (s)"));
}

void FlowsSearchBox::setProfile(const v1::FlowProfile& profile) {
  const v1::FlowLoad& l = profile.load();
  const bool byRate = l.target_case() != v1::FlowLoad::kConcurrent;
  const double target = byRate ? l.connections_per_second() : double(l.concurrent());
  setByRate(byRate);
  if (target > 0) {
    fields_[kHigh]->setText(numberText(target));
    fields_[kLow]->setText(numberText(std::max(1.0, std::round(target / 10))));
  }
  if (l.steady_seconds() > 0) fields_[kTrialSeconds]->setText(numberText(l.steady_seconds()));
}

Error FlowsSearchBox::refuse(Field f, const std::string& message) {
  fields_[f]->setFocus();
  fields_[f]->selectAll();
  return makeError(labels_[f]->text().toStdString(), message);
}

Result<FlowsSearch::Setup> FlowsSearchBox::setup() {
  const bool rate = byRate();
  const double maxLoad = rate ? kMaxConnectionsPerSecond : double(kMaxConcurrent);
  const double max[kFieldCount] = {maxLoad, maxLoad, 50, 1, 600'000, kMaxPhaseSeconds};
  double v[kFieldCount] = {};
  for (int i = 0; i < kFieldCount; ++i) {
    auto n = parseDecimal(fields_[i]->text().trimmed().toStdString(), kFields[i].min, max[i]);
    if (!n) return refuse(Field(i), n.error().message);
    v[i] = *n;
  }
  if (!rate)
    for (Field f : {kLow, kHigh})
      if (v[f] != std::floor(v[f])) return refuse(f, "must be a whole number of connections");
  if (v[kLow] > v[kHigh]) return refuse(kLow, "must be at most High (" + decimalText(v[kHigh]) + ")");
  FlowsSearch::Setup s;
  s.byRate = rate;
  s.settings = {v[kLow], v[kHigh], v[kResolution] / 100};
  s.criteria = {v[kMaxFailureRatio], uint64_t(v[kMaxLatency] * 1e6)};
  s.trialSeconds = v[kTrialSeconds];
  return s;
}

}  // namespace staccato::client
