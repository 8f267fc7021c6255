#pragma once
/// Reference transmit loops for tx_bench: what a bare API achieves with nothing to build.
/// (Separate files: libpcap and AF_XDP headers cannot share a translation unit.)
#include <cstdint>
#include <string>
#include <vector>

/// pcap_sendpacket of one fixed frame, `count` times. Returns Mpps, or < 0 on error.
double plainPcapLoop(const std::string& iface, const std::vector<uint8_t>& frame, uint64_t count);

/// A bare libxdp copy-mode tx loop on queues 0..queues-1 (a thread each, pinned to core k, each
/// sending its share of `count`): frames prefilled once, batches of 64, completions reaped in
/// batches, nothing written per packet. Returns Mpps of all queues together, or < 0 on error.
double bareXskLoop(const std::string& iface, const std::vector<uint8_t>& frame, uint64_t count, uint32_t queues);
