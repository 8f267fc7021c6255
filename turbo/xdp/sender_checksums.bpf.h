// The in-kernel sender's frame writes and checksums (included by sender.bpf.c only; see its
// comment). Checksum ops run as one flat loop over the stream's pieces in a global function,
// verified once: RFC 1624 updates (the precomputed constant plus the pieces that change, summed
// in native byte order, which commutes with byte swapping: RFC 1071), full recomputes over
// 512-byte chunks (bpf_csum_diff) and SCTP's CRC32c (slicing-by-8, a bpf_loop per chunk).
#ifndef STACCATO_TURBO_XDP_SENDER_CHECKSUMS_BPF_H
#define STACCATO_TURBO_XDP_SENDER_CHECKSUMS_BPF_H

#include "turbo/xdp/sender_maps.bpf.h"

static __always_inline __u16 fold(__u64 acc) {
  acc = (acc & 0xffffffffull) + (acc >> 32);
  acc = (acc & 0xffffffffull) + (acc >> 32);
  acc = (acc & 0xffff) + (acc >> 16);
  acc = (acc & 0xffff) + (acc >> 16);
  return (__u16)acc;
}

/// Writes the low `bytes` bytes of `bits` big-endian at `offset`, a byte at a time: windows of
/// 3, 5, 6 or 7 bytes, or near the frame's end. 0, or -1 outside the frame.
__noinline int xs_store_bytes(struct xdp_md *ctx, __u32 offset, __u32 bytes, __u64 bits) {
  __u8 *data = (__u8 *)(long)ctx->data;
  __u8 *end = (__u8 *)(long)ctx->data_end;
  __u8 *p = data + (offset & OFFSET_MASK);
  if (bytes == 0 || bytes > 8) return -1;
  for (__u32 i = 0; i < 8; i++) {
    if (i >= bytes) break;
    __u8 *q = p + i;
    if (q + 1 > end) return -1;
    *q = (__u8)(bits >> (8 * (bytes - 1 - i)));
  }
  return 0;
}

/// The same, in one store for windows of 1, 2, 4 or 8 bytes away from the frame's end.
static __always_inline int xs_store(struct xdp_md *ctx, __u32 offset, __u32 bytes, __u64 bits) {
  __u8 *data = (__u8 *)(long)ctx->data;
  __u8 *end = (__u8 *)(long)ctx->data_end;
  __u8 *p = data + (offset & OFFSET_MASK);
  if (p + 8 <= end) {
    switch (bytes) {
      case 1: *p = (__u8)bits; return 0;
      case 2: *(__u16 *)p = bpf_htons((__u16)bits); return 0;
      case 4: *(__u32 *)p = bpf_htonl((__u32)bits); return 0;
      case 8: *(__u64 *)p = bpf_cpu_to_be64(bits); return 0;
    }
  }
  return xs_store_bytes(ctx, offset, bytes, bits);
}

static __always_inline __u16 load16(__u8 *p) { return (__u16)(p[0] << 8 | p[1]); }

/// The pseudo-header's sum (pseudoHeaderSum) for an upper-layer length.
static __always_inline int pseudo_sum(struct xdp_md *ctx, const struct xs_op *op, __u32 upper, __u64 *acc) {
  if (op->pseudo_kind == 0) return 0;
  __u8 src[16], dst[16];
  __u32 n = op->pseudo_len;
  if (n != 4 && n != 16) return -1;
  if (bpf_xdp_load_bytes(ctx, op->pseudo_src, src, n) || bpf_xdp_load_bytes(ctx, op->pseudo_dst, dst, n)) return -1;
  for (__u32 i = 0; i < 8; i++) {
    if (2 * i >= n) break;
    *acc += load16(src + 2 * i) + load16(dst + 2 * i);
  }
  *acc += op->pseudo_protocol;
  *acc += upper;
  return 0;
}

/// kChecksumFull: the checksum recomputed over [region_start, len) and the pseudo-header.
__noinline int xs_checksum_full(struct xdp_md *ctx, const struct xs_op *op, __u32 len) {
  if (!op || op->region_start >= len || len > XS_MAX_FRAME) return -1;
  if (xs_store(ctx, op->csum_offset, 2, 0)) return -1;
  __u64 acc = 0;
  if (pseudo_sum(ctx, op, len - op->region_start, &acc)) return -1;
  __u32 zero = 0;
  struct xs_scratch *buf = bpf_map_lookup_elem(&scratch, &zero);
  if (!buf) return -1;
  for (__u32 c = 0; c < (XS_MAX_FRAME + XS_SUM_CHUNK - 1) / XS_SUM_CHUNK; c++) {
    __u32 off = op->region_start + c * XS_SUM_CHUNK;
    if (off >= len) break;
    __u32 n = len - off;
    if (n > XS_SUM_CHUNK) n = XS_SUM_CHUNK;
    if (n < 1) break;
    if (bpf_xdp_load_bytes(ctx, off, buf->bytes, n)) return -1;
    // Zero up to the next multiple of 4 (bpf_csum_diff's unit): an odd last byte is summed as
    // a high byte, as onesSumAdd pads it. Chunks start at even offsets of the region.
    __u32 padded = (n + 3) & ~3u;
    for (__u32 i = 0; i < 3; i++) {
      __u32 at = n + i;
      if (at >= padded || at >= XS_SUM_CHUNK + 8) break;
      buf->bytes[at] = 0;
    }
    if (padded > XS_SUM_CHUNK) return -1;
    __s64 partial = bpf_csum_diff(0, 0, (__be32 *)buf->bytes, padded, 0);
    if (partial < 0) return -1;
    // A sum of native (little-endian) words: fold, and swap into the wire's big-endian order.
    acc += __builtin_bswap16(fold((__u64)(__u32)partial));
  }
  __u16 sum = (__u16)~fold(acc);
  if (op->zero_as_ones && sum == 0) sum = 0xffff;
  return xs_store(ctx, op->csum_offset, 2, sum);
}

/// One 8-byte slice of a CRC32c over the scratch buffer (a bpf_loop callback: verified once).
struct crc_walk {
  __u32 state, at;
};
static long crc_slice(__u32 index, void *arg) {
  struct crc_walk *w = arg;
  __u32 zero = 0;
  struct xs_scratch *buf = bpf_map_lookup_elem(&scratch, &zero);
  struct xs_crc_tables *tables = bpf_map_lookup_elem(&crc_tables, &zero);
  if (!buf || !tables) return 1;
  __u32 at = w->at & (XS_SUM_CHUNK - 8);
  __u32 lo = *(__u32 *)&buf->bytes[at] ^ w->state;  // little-endian words: the reflected CRC reads bytes
  __u32 hi = *(__u32 *)&buf->bytes[at + 4];
  w->state = tables->t[7][lo & 0xff] ^ tables->t[6][(lo >> 8) & 0xff] ^ tables->t[5][(lo >> 16) & 0xff] ^
             tables->t[4][lo >> 24] ^ tables->t[3][hi & 0xff] ^ tables->t[2][(hi >> 8) & 0xff] ^
             tables->t[1][(hi >> 16) & 0xff] ^ tables->t[0][hi >> 24];
  w->at += 8;
  return 0;
}

/// kCrc32c (SCTP): CRC32c of [region_start, region_end or the frame's end) with the field zeroed,
/// stored least significant byte first (writeCrc32cField), slicing-by-8 over 512-byte chunks.
__noinline int xs_crc32c(struct xdp_md *ctx, const struct xs_op *op, __u32 len) {
  __u32 end = op && op->region_end ? op->region_end : len;
  if (!op || op->region_start >= end || end > len || len > XS_MAX_FRAME) return -1;
  __u32 zero = 0;
  struct xs_scratch *buf = bpf_map_lookup_elem(&scratch, &zero);
  struct xs_crc_tables *tables = bpf_map_lookup_elem(&crc_tables, &zero);
  if (!buf || !tables || xs_store(ctx, op->csum_offset, 4, 0)) return -1;
  struct crc_walk walk = {~0u, 0};
  for (__u32 c = 0; c < (XS_MAX_FRAME + XS_SUM_CHUNK - 1) / XS_SUM_CHUNK; c++) {
    __u32 off = op->region_start + c * XS_SUM_CHUNK;
    if (off >= end) break;
    __u32 n = end - off;
    if (n > XS_SUM_CHUNK) n = XS_SUM_CHUNK;
    if (n < 1) break;
    if (bpf_xdp_load_bytes(ctx, off, buf->bytes, n)) return -1;
    walk.at = 0;
    bpf_loop(n / 8, crc_slice, &walk, 0);
    for (__u32 i = 0; i < 7; i++) {  // the chunk's last bytes
      if (walk.at >= n) break;
      walk.state = (walk.state >> 8) ^ tables->t[0][(walk.state ^ buf->bytes[walk.at & (XS_SUM_CHUNK - 1)]) & 0xff];
      walk.at++;
    }
  }
  return xs_store(ctx, op->csum_offset, 4, __builtin_bswap32(~walk.state));
}

/// The checksum ops, in order, as one flat loop over the stream's pieces (one loop, verified
/// once): RFC 1624 updates (kChecksumDelta: the precomputed constant plus the pieces that
/// change, summed in native byte order, which commutes with byte swapping: RFC 1071), full
/// recomputes and CRC32c. 1, or 0 on failure.
__noinline int xs_run_checksums(struct xdp_md *ctx, const struct xs_stream *s, __u32 len) {
  if (!s) return 0;
  __u64 native = 0;
  for (__u32 c = 0; c < XS_MAX_PIECES; c++) {
    if (c >= s->piece_count) break;
    __u32 index = s->piece_op[c] & ~XS_PIECE_OP_WHOLE;
    if (index >= XS_MAX_OPS) return 0;
    const struct xs_op *op = &s->ops[index];
    if (s->piece_op[c] & XS_PIECE_OP_WHOLE) {
      if (op->kind == XS_CRC32C ? xs_crc32c(ctx, op, len) : xs_checksum_full(ctx, op, len)) return 0;
      continue;
    }
    __u16 piece = s->pieces[c];
    if (piece & XS_PIECE_FIRST) {  // pieces may cover the field: the constant assumes zero there
      if (xs_store(ctx, op->csum_offset, 2, 0)) return 0;
      native = 0;
    }
    __u8 *data = (__u8 *)(long)ctx->data;
    __u8 *end = (__u8 *)(long)ctx->data_end;
    __u8 *p = data + (piece & XS_PIECE_OFFSET);
    switch ((piece >> XS_PIECE_SHIFT) & 3) {
      case 3: {
        if (p + 8 > end) return 0;
        __u64 w = *(__u64 *)p;
        native += (w & 0xffffffffull) + (w >> 32);
        break;
      }
      case 2:
        if (p + 4 > end) return 0;
        native += *(__u32 *)p;
        break;
      case 1:
        if (p + 2 > end) return 0;
        native += *(__u16 *)p;
        break;
      default:  // a lone byte at an even position: the low byte of a native word
        if (p + 1 > end) return 0;
        native += *p;
        break;
    }
    if (piece & XS_PIECE_LAST) {
      __u16 sum = (__u16)~fold((__u64)op->csum_constant + __builtin_bswap16(fold(native)));
      if (op->zero_as_ones && sum == 0) sum = 0xffff;
      if (xs_store(ctx, op->csum_offset, 2, sum)) return 0;
    }
  }
  return 1;
}

#endif
