// The in-kernel sender's maps (included by sender.bpf.c only; user space fills them:
// sender_program.cpp).
#ifndef STACCATO_TURBO_XDP_SENDER_MAPS_BPF_H
#define STACCATO_TURBO_XDP_SENDER_MAPS_BPF_H

#include <linux/bpf.h>
#include <bpf/bpf_endian.h>
#include <bpf/bpf_helpers.h>

#include "turbo/xdp/sender_abi.h"

#define OFFSET_MASK 0xfff  // frames end below 4096: masks prove offsets bounded to the verifier
// Makes clang keep `x` in one register, so a bounds check on it is the one the verifier sees.
#define PIN(x) asm volatile("" : "+r"(x))

struct {
  __uint(type, BPF_MAP_TYPE_ARRAY);
  __uint(max_entries, 1);  // the number of streams, set before load
  __type(key, __u32);
  __type(value, struct xs_stream);
} streams SEC(".maps");

struct xs_template {
  __u8 bytes[XS_MAX_FRAME];
};
struct {
  __uint(type, BPF_MAP_TYPE_ARRAY);
  __uint(max_entries, 1);
  __type(key, __u32);
  __type(value, struct xs_template);
} templates SEC(".maps");

struct {
  __uint(type, BPF_MAP_TYPE_ARRAY);
  __uint(max_entries, 1);  // all streams' list values
  __type(key, __u32);
  __type(value, __u64);
} list_values SEC(".maps");

struct {
  __uint(type, BPF_MAP_TYPE_ARRAY);
  __uint(max_entries, 1);  // all streams' length tables
  __type(key, __u32);
  __type(value, __u32);
} length_table SEC(".maps");

struct {
  __uint(type, BPF_MAP_TYPE_PERCPU_ARRAY);
  __uint(max_entries, 1);
  __type(key, __u32);
  __type(value, struct xs_state);
} states SEC(".maps");

struct {
  __uint(type, BPF_MAP_TYPE_ARRAY);
  __uint(max_entries, 1);  // possible CPUs
  __uint(map_flags, BPF_F_MMAPABLE);
  __type(key, __u32);
  __type(value, struct xs_worker);
} workers SEC(".maps");

struct {
  __uint(type, BPF_MAP_TYPE_ARRAY);
  __uint(max_entries, 1);
  __uint(map_flags, BPF_F_MMAPABLE);
  __type(key, __u32);
  __type(value, struct xs_config);
} config SEC(".maps");

struct {
  __uint(type, BPF_MAP_TYPE_ARRAY);
  __uint(max_entries, 1);  // possible CPUs * XS_COPY_SLOTS
  __uint(map_flags, BPF_F_MMAPABLE);
  __type(key, __u32);
  __type(value, struct xs_copy);
} copies SEC(".maps");

struct {
  __uint(type, BPF_MAP_TYPE_DEVMAP);
  __uint(max_entries, 1);
  __type(key, __u32);
  __type(value, __u32);
} ports SEC(".maps");

struct {
  __uint(type, BPF_MAP_TYPE_ARRAY);
  __uint(max_entries, 1);
  __type(key, __u32);
  __type(value, struct xs_crc_tables);
} crc_tables SEC(".maps");

struct xs_scratch {
  __u8 bytes[XS_SUM_CHUNK + 8];
};
struct {
  __uint(type, BPF_MAP_TYPE_PERCPU_ARRAY);
  __uint(max_entries, 1);
  __type(key, __u32);
  __type(value, struct xs_scratch);
} scratch SEC(".maps");

#endif
