#include "client/widgets/rfc2889_settings_box.h"

#include <QFormLayout>
#include <QLineEdit>
#include <QSettings>

#include <cctype>
#include <cmath>
#include <iterator>

namespace staccato::client {
namespace {

/// Which tests a field belongs to.
enum TestMask : unsigned {
  kCaching = 1,
  kLearning = 2,
  kMeshed = 4,
  kBroadcast = 8,
  kOneToMany = 16,
  kManyToOne = 32,
  kCongestion = 64,
  kForwardPressure = 128,
  kErroredFrames = 256,
  kAddress = kCaching | kLearning,
  kSearched = kMeshed | kOneToMany | kManyToOne,
  kOneLoad = kSearched | kBroadcast | kCongestion | kErroredFrames,  ///< Load: the first or the one trial's
  kTraffic = kOneLoad | kForwardPressure
};

constexpr unsigned maskOf(Rfc2889Test test) { return 1u << unsigned(test); }
static_assert(maskOf(Rfc2889Test::kBroadcast) == kBroadcast && maskOf(Rfc2889Test::kOneToMany) == kOneToMany &&
              maskOf(Rfc2889Test::kManyToOne) == kManyToOne && maskOf(Rfc2889Test::kCongestion) == kCongestion &&
              maskOf(Rfc2889Test::kForwardPressure) == kForwardPressure &&
              maskOf(Rfc2889Test::kErroredFrames) == kErroredFrames);

/// A number field: its label (what errors name), its tests, its default ("" = none: required),
/// its range as the CLI has it, and what it means.
struct FieldSpec {
  const char* key;
  const char* label;
  unsigned tests;
  const char* initial;
  double min, max;
  bool aboveMin;  ///< the minimum itself is refused ("above 0")
  bool whole;
  const char* tip;
};

enum Field { kAging, kTestRate, kMaxAddresses, kAddressResolution, kLearningRate, kAddresses, kMinRate, kMaxRate,
             kRateResolution, kLoad, kMinLoad, kLoadResolution, kSweepMinLoad, kSweepStep, kSweepMaxLoad, kUndersize,
             kOversize, kDuration, kFieldCount };

constexpr double kMaxAddressCount = double(uint64_t{1} << 24);

const FieldSpec kFields[] = {
    {"Aging", "Aging (s)", kAddress, "", 0, 3600, false, false,
     "How long the device keeps an address it no longer sees (a Linux bridge's ageing_time; 300 s on most switches). "
     "Each trial waits this long first, so that it starts with an empty table: give more than the device's"},
    {"TestRate", "Test rate (fps)", kAddress, "1000", 1, 1e9, false, false, "The test frames' rate, one to each address"},
    {"MaxAddresses", "Max addresses", kCaching, "4096", 1, kMaxAddressCount, false, true,
     "The first trial's; the search halves down from it to the device's table size"},
    {"AddressResolution", "Resolution (addresses)", kCaching, "1", 1, kMaxAddressCount, false, true,
     "Stop when the largest passing and smallest failing trials are this close (1: the exact size)"},
    {"LearningRate", "Learning rate (fps)", kCaching, "1000", 1, 1e9, false, false,
     "The learning frames' rate: slower than any device learns"},
    {"Addresses", "Addresses", kLearning, "1000", 1, kMaxAddressCount, false, true, "New addresses learned each trial"},
    {"MinRate", "Min rate (fps)", kLearning, "100", 1, 1e9, false, false, "The slowest learning rate tried"},
    {"MaxRate", "Max rate (fps)", kLearning, "100000", 1, 1e9, false, false, "The first trial's learning rate"},
    {"RateResolution", "Resolution (%)", kLearning, "1", 0.01, 50, false, false,
     "Stop when the fastest passing and slowest failing rates are this close, in % of the failing one"},
    {"Load", "Load (%)", kOneLoad, "100", 0, 100, true, false,
     "Per sending port, in % of its line rate: the search's first trial, or the one trial's (broadcast; errored "
     "frames; congestion control, where above 67 % congests the congested port)"},
    {"MinLoad", "Min load (%)", kSearched, "1", 1, 100, false, false, "The lowest load the search tries"},
    {"LoadResolution", "Resolution (%)", kSearched, "1", 1, 50, false, false,
     "Stop when the highest passing and lowest failing loads are this close, in % of the line rate"},
    {"SweepMinLoad", "Min load (%)", kForwardPressure, "10", 1, 100, false, false,
     "The first trial's load, in % of the receiving port's line rate"},
    {"Step", "Step (%)", kForwardPressure, "10", 1, 100, false, false,
     "From one trial's load to the next, in % of the receiving port's line rate"},
    {"SweepMaxLoad", "Max load (%)", kForwardPressure, "100", 0, 100, true, false,
     "The last stepped trial's load; the forward pressure trial (an 88-bit gap: above the line rate) follows it"},
    {"Undersize", "Undersize (B)", kErroredFrames, "60", bench::kMinUndersizeBytes, 63, false, true,
     "The undersized frames' size, FCS included: below 64 bytes"},
    {"Oversize", "Oversize (B)", kErroredFrames, "1519", 1519, bench::kMaxOversizeBytes, false, true,
     "The oversized frames' size, FCS included: above 1518 bytes (a port sends frames above its MTU only when it "
     "is raised)"},
    {"Duration", "Trial duration (s)", kTraffic, "10", 0.1, 3600, false, false, "Each trial's sending time"},
};
static_assert(std::size(kFields) == kFieldCount);

QString settingsKey(const QString& key) { return "rfc2889/fields/" + key; }

QString numberText(double v) { return QString::number(v, 'g', 10); }

/// "1..4096", "above 0, at most 100"
QString rangeText(const FieldSpec& f) {
  if (f.aboveMin) return QString("above %1, at most %2").arg(numberText(f.min), numberText(f.max));
  return numberText(f.min) + ".." + numberText(f.max);
}

}  // namespace

Rfc2889SettingsBox::Rfc2889SettingsBox(QWidget* parent) : QGroupBox(tr("Settings"), parent) {
  form_ = new QFormLayout(this);
  QSettings settings;
  for (const FieldSpec& f : kFields) {
    auto* edit = new QLineEdit(settings.value(settingsKey(f.key), f.initial).toString(), this);
    edit->setObjectName(QString("rfc2889") + f.key);
    edit->setToolTip(tr(f.tip));
    edit->setPlaceholderText(*f.initial ? rangeText(f) : tr("required"));
    form_->addRow(tr(f.label), edit);
    fields_.push_back(edit);
  }
  frameSize_ = new QLineEdit(settings.value(settingsKey("FrameSize"), "64").toString(), this);
  frameSize_->setObjectName("rfc2889FrameSize");
  frameSize_->setToolTip(tr("Bytes, FCS included (64..16384), or imix"));
  form_->addRow(tr("Frame size"), frameSize_);
}

void Rfc2889SettingsBox::showTest(Rfc2889Test test) {
  for (size_t i = 0; i < fields_.size(); ++i) form_->setRowVisible(fields_[i], (kFields[i].tests & maskOf(test)) != 0);
  form_->setRowVisible(frameSize_, (kTraffic & maskOf(test)) != 0);
}

Error Rfc2889SettingsBox::refuse(QLineEdit* field, const std::string& label, const std::string& message) {
  field->setFocus();
  field->selectAll();
  return makeError(label, message);
}

Result<double> Rfc2889SettingsBox::number(size_t i) const {
  const FieldSpec& f = kFields[i];
  const QString text = fields_[i]->text().trimmed();
  if (text.isEmpty() && !*f.initial) {
    std::string what = f.tip;
    what[0] = char(std::tolower(static_cast<unsigned char>(what[0])));
    return makeError(f.label, "required, no default: " + what);
  }
  bool ok = false;
  const double value = text.toDouble(&ok);
  if (!ok || !std::isfinite(value)) return makeError(f.label, "\"" + text.toStdString() + "\" is not a number");
  const bool inRange = (f.aboveMin ? value > f.min : value >= f.min) && value <= f.max;
  if (!inRange || (f.whole && value != std::floor(value)))
    return makeError(f.label, "must be " + std::string(f.whole ? "a whole number " : "") + rangeText(f).toStdString());
  return value;
}

Status Rfc2889SettingsBox::readInto(Rfc2889Test test, Rfc2889Setup& setup) {
  double v[kFieldCount] = {};
  for (size_t i = 0; i < kFieldCount; ++i) {
    if (!(kFields[i].tests & maskOf(test))) continue;
    auto n = number(i);
    if (!n) return refuse(fields_[i], n.error().path, n.error().message);
    v[i] = *n;
  }
  switch (test) {
    case Rfc2889Test::kCaching:
      if (v[kAddressResolution] > v[kMaxAddresses])
        return refuse(fields_[kAddressResolution], kFields[kAddressResolution].label,
                      "must be at most Max addresses (" + std::to_string(uint64_t(v[kMaxAddresses])) + ")");
      setup.caching = {uint64_t(v[kMaxAddresses]), uint64_t(v[kAddressResolution]), v[kLearningRate]};
      break;
    case Rfc2889Test::kLearning:
      if (v[kMaxRate] < v[kMinRate])
        return refuse(fields_[kMaxRate], kFields[kMaxRate].label,
                      "must be at least Min rate (" + numberText(v[kMinRate]).toStdString() + ")");
      setup.learning = {uint64_t(v[kAddresses]), v[kMinRate], v[kMaxRate], v[kRateResolution] / 100};
      break;
    case Rfc2889Test::kMeshed:
    case Rfc2889Test::kOneToMany:
    case Rfc2889Test::kManyToOne:
      if (v[kMinLoad] > v[kLoad])
        return refuse(fields_[kMinLoad], kFields[kMinLoad].label,
                      "must be at most Load (" + numberText(v[kLoad]).toStdString() + " %)");
      setup.throughput = {v[kLoad] / 100, v[kMinLoad] / 100, v[kLoadResolution] / 100};
      break;
    case Rfc2889Test::kForwardPressure: {
      if (v[kSweepMinLoad] > v[kSweepMaxLoad])
        return refuse(fields_[kSweepMinLoad], kFields[kSweepMinLoad].label,
                      "must be at most Max load (" + numberText(v[kSweepMaxLoad]).toStdString() + " %)");
      setup.forwarding = {v[kSweepMinLoad] / 100, v[kSweepStep] / 100, v[kSweepMaxLoad] / 100};
      if (auto s = bench::checkForwardingSettings(setup.forwarding); !s)
        return refuse(fields_[kSweepStep], kFields[kSweepStep].label, s.error().message);
      setup.trialLoad = setup.forwarding.maxLoad;  // as the CLI's --load: the sweep's last stepped load
      break;
    }
    case Rfc2889Test::kErroredFrames:
      setup.trialLoad = v[kLoad] / 100;
      setup.traffic.errored = {uint32_t(v[kUndersize]), uint32_t(v[kOversize])};
      break;
    case Rfc2889Test::kBroadcast:
    case Rfc2889Test::kCongestion: setup.trialLoad = v[kLoad] / 100; break;
  }
  if (setup.addressTest()) {
    setup.address.agingSeconds = v[kAging];
    setup.address.testPps = v[kTestRate];
    setup.address.freshAddressesEachTrial = test == Rfc2889Test::kLearning;  // as the CLI's learning test
    return Ok{};
  }
  setup.traffic.seconds = v[kDuration];
  auto size = bench::parseFrameSize(frameSize_->text().trimmed().toStdString());
  if (!size) return refuse(frameSize_, "Frame size", size.error().message);
  setup.traffic.size = *size;
  return Ok{};
}

bool Rfc2889SettingsBox::setText(const QString& key, const QString& text) {
  auto* field = findChild<QLineEdit*>("rfc2889" + key);
  if (field) field->setText(text);
  return field != nullptr;
}

void Rfc2889SettingsBox::saveSettings() const {
  QSettings settings;
  for (size_t i = 0; i < fields_.size(); ++i) settings.setValue(settingsKey(kFields[i].key), fields_[i]->text());
  settings.setValue(settingsKey("FrameSize"), frameSize_->text());
}

}  // namespace staccato::client
