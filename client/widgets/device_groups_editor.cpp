#include "client/widgets/device_groups_editor.h"

#include <QHBoxLayout>
#include <QHeaderView>
#include <QPushButton>
#include <QTableWidget>
#include <QVBoxLayout>

#include "client/core/device_groups_text.h"
#include "client/models/qs.h"
#include "rpc/device_limits.h"

namespace staccato::client {
namespace {

enum Column { kName, kCount, kMac, kMacStep, kVlans, kIpv4, kGateway4, kIpv4Step, kIpv6, kGateway6, kIpv6Step, kAnnounce, kColumns };
const char* const kHeaders[] = {"Name", "Hosts", "First MAC", "MAC step", "VLANs (outer first)", "IPv4/prefix", "Gateway",
                                "IPv4 step", "IPv6/prefix", "Gateway (IPv6)", "IPv6 step", "Announce"};

std::string stepText(uint64_t step) { return std::to_string(step ? step : 1); }  // 0 means 1

std::string cell(const QTableWidget* t, int row, int col) {
  const QTableWidgetItem* item = t->item(row, col);
  return item ? item->text().trimmed().toStdString() : std::string();
}

}  // namespace

DeviceGroupsEditor::DeviceGroupsEditor(const DeviceGroups& groups, QWidget* parent)
    : QWidget(parent), original_(groups), table_(new QTableWidget(0, kColumns, this)) {
  table_->setObjectName("deviceGroups");
  for (int c = 0; c < kColumns; ++c) table_->setHorizontalHeaderItem(c, new QTableWidgetItem(kHeaders[c]));
  table_->horizontalHeader()->setSectionResizeMode(QHeaderView::ResizeToContents);
  table_->verticalHeader()->setVisible(false);
  for (int i = 0; i < groups.size(); ++i) addRow(groups[i], i);
  auto* add = new QPushButton("Add group", this);
  add->setObjectName("addDeviceGroup");
  auto* remove = new QPushButton("Remove group", this);
  remove->setObjectName("removeDeviceGroup");
  connect(add, &QPushButton::clicked, this, [this] {
    v1::DeviceGroup g;  // a suggestion to edit: the next free-looking block
    g.set_count(10);
    g.set_mac("02:00:00:00:" + std::to_string(10 + table_->rowCount()) + ":00");
    addRow(g, -1);
  });
  connect(remove, &QPushButton::clicked, this, [this] {
    if (table_->currentRow() >= 0) table_->removeRow(table_->currentRow());
  });
  auto* buttons = new QHBoxLayout;
  buttons->addWidget(add);
  buttons->addWidget(remove);
  buttons->addStretch();
  auto* layout = new QVBoxLayout(this);
  layout->setContentsMargins(0, 0, 0, 0);
  layout->addWidget(table_);
  layout->addLayout(buttons);
}

void DeviceGroupsEditor::addRow(const v1::DeviceGroup& g, int from) {
  const int row = table_->rowCount();
  table_->insertRow(row);
  const std::string texts[] = {g.name(),    std::to_string(g.count()), g.mac(),           stepText(g.mac_step()),
                               vlansText(g), ipv4Text(g),              g.ipv4().gateway(), stepText(g.ipv4().step()),
                               ipv6Text(g), g.ipv6().gateway(),        stepText(g.ipv6().step())};
  for (int c = 0; c < kAnnounce; ++c) table_->setItem(row, c, new QTableWidgetItem(qs(texts[c])));
  auto* announce = new QTableWidgetItem;
  announce->setFlags(Qt::ItemIsEnabled | Qt::ItemIsUserCheckable | Qt::ItemIsSelectable);
  announce->setCheckState(g.announce() ? Qt::Checked : Qt::Unchecked);
  table_->setItem(row, kAnnounce, announce);
  announce->setData(Qt::UserRole, from);  // the group it came from (-1: added here), whose VLAN details it keeps
}

Result<DeviceGroups> DeviceGroupsEditor::groups() const {
  DeviceGroups out;
  for (int row = 0; row < table_->rowCount(); ++row) {
    const std::string at = "group " + std::to_string(row + 1);
    const int from = table_->item(row, kAnnounce)->data(Qt::UserRole).toInt();
    v1::DeviceGroup g = from >= 0 && from < original_.size() ? original_[from] : v1::DeviceGroup{};
    g.set_name(cell(table_, row, kName));
    const std::string count = cell(table_, row, kCount);
    if (count.empty() || count.size() > 5 || count.find_first_not_of("0123456789") != std::string::npos ||
        std::stoul(count) < 1 || std::stoul(count) > rpc::kMaxHostsPerPort)
      return makeError(at + ", Hosts", "'" + count + "' is not a number of hosts (1.." + std::to_string(rpc::kMaxHostsPerPort) + ")");
    g.set_count(static_cast<uint32_t>(std::stoul(count)));
    g.set_mac(cell(table_, row, kMac));
    auto macStep = parseMacStep(cell(table_, row, kMacStep));
    if (!macStep) return macStep.error().withPrefix(at + ", MAC step");
    g.set_mac_step(*macStep);
    g.clear_ipv4();
    g.clear_ipv6();
    if (const std::string v4 = cell(table_, row, kIpv4); !v4.empty()) {
      if (auto s = setAddress(*g.mutable_ipv4(), v4, cell(table_, row, kGateway4)); !s) return s.error().withPrefix(at + ", IPv4");
      auto typed = parseIpStep(cell(table_, row, kIpv4Step));
      if (!typed) return typed.error().withPrefix(at + ", IPv4 step");
      auto step = ipv4Step(*typed);
      if (!step) return step.error().withPrefix(at + ", IPv4 step");
      g.mutable_ipv4()->set_step(*step);
    }
    if (const std::string v6 = cell(table_, row, kIpv6); !v6.empty()) {
      if (auto s = setAddress(*g.mutable_ipv6(), v6, cell(table_, row, kGateway6)); !s) return s.error().withPrefix(at + ", IPv6");
      auto step = parseIpStep(cell(table_, row, kIpv6Step));
      if (!step) return step.error().withPrefix(at + ", IPv6 step");
      g.mutable_ipv6()->set_step(*step);
    }
    const QStringList vids = qs(cell(table_, row, kVlans)).split(',', Qt::SkipEmptyParts);
    auto old = g.vlans();
    g.clear_vlans();
    for (int i = 0; i < vids.size(); ++i) {
      auto vid = parseVlanId(vids[i].trimmed().toStdString());
      if (!vid) return vid.error().withPrefix(at + ", VLANs");
      v1::VlanTag tag = i < old.size() ? old[i] : v1::VlanTag{};
      tag.set_vid(*vid);
      *g.add_vlans() = tag;
    }
    g.set_announce(table_->item(row, kAnnounce)->checkState() == Qt::Checked);
    *out.Add() = std::move(g);
  }
  return out;
}

}  // namespace staccato::client
