#pragma once
// Test oracle: decode frames with tshark (Wireshark), which we did not write.
#include <map>
#include <span>
#include <string>
#include <vector>

#include "common/packet/field.h"

namespace staccato::test {

using Frame = std::vector<uint8_t>;

/// Writes frames to a temporary pcap and returns its path (removed at process exit).
std::string writeTempPcap(const std::vector<Frame>& frames);

/// One row per frame: field name -> tshark's text (empty when absent). Checksum validation on.
std::vector<std::map<std::string, std::string>> tsharkFields(const std::vector<Frame>& frames,
                                                            const std::vector<std::string>& fields);

/// The same for the frames of an existing capture file (pcap or pcapng).
std::vector<std::map<std::string, std::string>> tsharkFieldsOfFile(const std::string& path,
                                                                  const std::vector<std::string>& fields);

/// Expert infos of severity warning or error, and malformed packets, as "frame N: message".
std::vector<std::string> tsharkProblems(const std::vector<Frame>& frames);

/// True when tshark knows a display-filter field of this name.
bool tsharkHasField(const std::string& name);

/// Our value as Wireshark shows it: header lengths in bytes, TCP options padded to 4 bytes.
FieldValue asWiresharkShows(const FieldSpec& field, FieldValue ours);

/// Does tshark's text mean the same value as ours for this field?
bool sameValue(const FieldSpec& field, const FieldValue& ours, const std::string& tsharkText);

}  // namespace staccato::test
