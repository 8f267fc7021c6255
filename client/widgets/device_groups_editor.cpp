#include "client/widgets/device_groups_editor.h"

#include <QHBoxLayout>
#include <QHeaderView>
#include <QPushButton>
#include <QTableWidget>
#include <QVBoxLayout>

#include "client/core/device_groups_text.h"

namespace staccato::client {
namespace {

enum Column { kName, kCount, kMac, kMacStep, kVlans, kIpv4, kGateway4, kIpv6, kGateway6, kIpStep, kAnnounce, kColumns };
const char* const kHeaders[] = {"Name", "Hosts", "First MAC", "MAC step", "VLANs (outer first)", "IPv4/prefix",
                                "Gateway", "IPv6/prefix", "Gateway (IPv6)", "IP step", "Announce"};

QString qs(const std::string& s) { return QString::fromStdString(s); }

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
  for (const auto& g : groups) addRow(g);
  auto* add = new QPushButton("Add group", this);
  add->setObjectName("addDeviceGroup");
  auto* remove = new QPushButton("Remove group", this);
  connect(add, &QPushButton::clicked, this, [this] {
    v1::DeviceGroup g;  // a suggestion to edit: the next free-looking block
    g.set_count(10);
    g.set_mac("02:00:00:00:" + std::to_string(10 + table_->rowCount()) + ":00");
    addRow(g);
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

void DeviceGroupsEditor::addRow(const v1::DeviceGroup& g) {
  const int row = table_->rowCount();
  table_->insertRow(row);
  const uint64_t ipStep = g.ipv4().step() ? g.ipv4().step() : g.ipv6().step();
  const std::string texts[] = {g.name(), std::to_string(g.count()), g.mac(), std::to_string(g.mac_step() ? g.mac_step() : 1),
                               vlansText(g), ipv4Text(g), g.ipv4().gateway(), ipv6Text(g), g.ipv6().gateway(),
                               std::to_string(ipStep ? ipStep : 1)};
  for (int c = 0; c < kAnnounce; ++c) table_->setItem(row, c, new QTableWidgetItem(qs(texts[c])));
  auto* announce = new QTableWidgetItem;
  announce->setFlags(Qt::ItemIsEnabled | Qt::ItemIsUserCheckable | Qt::ItemIsSelectable);
  announce->setCheckState(g.announce() ? Qt::Checked : Qt::Unchecked);
  table_->setItem(row, kAnnounce, announce);
  announce->setData(Qt::UserRole, row < original_.size() ? row : -1);  // the group it came from
}

Result<DeviceGroups> DeviceGroupsEditor::groups() const {
  DeviceGroups out;
  for (int row = 0; row < table_->rowCount(); ++row) {
    const std::string at = "group " + std::to_string(row + 1);
    const int from = table_->item(row, kAnnounce)->data(Qt::UserRole).toInt();
    v1::DeviceGroup g = from >= 0 && from < original_.size() ? original_[from] : v1::DeviceGroup{};
    g.set_name(cell(table_, row, kName));
    uint64_t n = 0;
    const std::string count = cell(table_, row, kCount);
    if (count.empty() || count.size() > 6 || count.find_first_not_of("0123456789") != std::string::npos)
      return makeError(at + ", Hosts", "'" + count + "' is not a number of hosts (1..10000)");
    g.set_count(static_cast<uint32_t>(std::stoul(count)));
    g.set_mac(cell(table_, row, kMac));
    auto macStep = parseMacStep(cell(table_, row, kMacStep));
    if (!macStep) return macStep.error().withPrefix(at + ", MAC step");
    g.set_mac_step(*macStep);
    auto ipStep = parseIpStep(cell(table_, row, kIpStep));
    if (!ipStep) return ipStep.error().withPrefix(at + ", IP step");
    g.clear_ipv4();
    g.clear_ipv6();
    if (const std::string v4 = cell(table_, row, kIpv4); !v4.empty()) {
      auto a = parseAddressWithPrefix(v4);
      if (!a) return a.error().withPrefix(at + ", IPv4");
      g.mutable_ipv4()->set_address(a->address);
      g.mutable_ipv4()->set_prefix_length(a->prefixLength);
      g.mutable_ipv4()->set_gateway(cell(table_, row, kGateway4));
      g.mutable_ipv4()->set_step(static_cast<uint32_t>(*ipStep));
    }
    if (const std::string v6 = cell(table_, row, kIpv6); !v6.empty()) {
      auto a = parseAddressWithPrefix(v6);
      if (!a) return a.error().withPrefix(at + ", IPv6");
      g.mutable_ipv6()->set_address(a->address);
      g.mutable_ipv6()->set_prefix_length(a->prefixLength);
      g.mutable_ipv6()->set_gateway(cell(table_, row, kGateway6));
      g.mutable_ipv6()->set_step(*ipStep);
    }
    const QStringList vids = qs(cell(table_, row, kVlans)).split(',', Qt::SkipEmptyParts);
    auto old = g.vlans();
    g.clear_vlans();
    for (int i = 0; i < vids.size(); ++i) {
      bool ok = false;
      n = vids[i].trimmed().toULongLong(&ok);
      if (!ok || n < 1 || n > 4094) return makeError(at + ", VLANs", "'" + vids[i].toStdString() + "' is not a VLAN id (1..4094)");
      v1::VlanTag tag = i < old.size() ? old[i] : v1::VlanTag{};
      tag.set_vid(static_cast<uint32_t>(n));
      *g.add_vlans() = tag;
    }
    g.set_announce(table_->item(row, kAnnounce)->checkState() == Qt::Checked);
    *out.Add() = std::move(g);
  }
  return out;
}

}  // namespace staccato::client
