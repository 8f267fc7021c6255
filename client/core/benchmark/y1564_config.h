#pragma once
/// ITU-T Y.1564 service activation test: the services under test (each a class of frames with its
/// bandwidth profile and acceptance criteria) and how the two tests run. A config file
/// (y1564_json.h) holds it; every value is checked before a frame is sent.
#include <cstdint>
#include <string>
#include <vector>

#include "client/core/benchmark/enum_names.h"
#include "client/core/benchmark/frame_size.h"
#include "common/core/result.h"

namespace staccato::bench {

/// How the device tells committed (green) frames from excess (yellow) ones: by their rate alone
/// (blind), or by a marking the tester sets on the frames it sends above CIR (aware).
enum class ColourMode { kBlind, kAware };
template <>
struct EnumNames<ColourMode> {
  static constexpr std::pair<ColourMode, std::string_view> kAll[] = {{ColourMode::kBlind, "blind"},
                                                                     {ColourMode::kAware, "aware"}};
};

/// What a service must meet in each direction measured (Y.1564's service acceptance criteria).
struct AcceptanceCriteria {
  double maxFtdMs = 0;       ///< frame transfer delay, the average allowed (ms); 0 = not judged
  double maxFdvMs = 0;       ///< frame delay variation allowed (ms); 0 = not judged
  double maxFlr = 0;         ///< frame loss ratio allowed (0..1; 0 = none)
  double minAvail = 0.9999;  ///< availability the performance test needs (fraction of its seconds)
  Status check() const;
};

struct Y1564Service {
  std::string name;                        ///< 1..32 printable characters, unique
  FrameSize frameSize = FrameSize::fixed(512);
  uint32_t vlan = 0;                       ///< 802.1Q VLAN id, 1..4094; 0 = untagged
  uint32_t pcp = 0;                        ///< priority (tagged frames), 0..7
  uint32_t dscp = 0;                       ///< 0..63
  double cirMbps = 0;                      ///< committed information rate, Mbit/s of frames (FCS included, as MEF counts)
  double eirMbps = 0;                      ///< excess information rate; 0 = none
  uint64_t cbsBytes = 0;                   ///< committed burst size; 0 = no CBS test
  uint64_t ebsBytes = 0;                   ///< excess burst size; 0 = no EBS test
  ColourMode colour = ColourMode::kBlind;
  std::string yellowMark;                  ///< aware: how frames above CIR are marked: "dei", "pcp N" or "dscp N"
  AcceptanceCriteria sac;
  Status check() const;
};

/// Services at most in one test (Y.1564 tests up to 16 classes of service together).
inline constexpr size_t kMaxY1564Services = 16;

struct Y1564Config {
  std::vector<Y1564Service> services;
  std::vector<double> cirSteps = {0.25, 0.5, 0.75, 1.0};  ///< fractions of CIR, rising, the last 1
  double stepSeconds = 10;          ///< each step of the configuration test
  double performanceSeconds = 900;  ///< the performance test (15 min; 2 h and 24 h are usual too)
  double sesLossRatio = 0.5;        ///< a second losing more than this is severely errored (Y.1563)
  double rateTolerance = 0.02;      ///< information rates are judged within this fraction
  Status check() const;
};

}  // namespace staccato::bench
