/* The signature trailer as the BPF programs see it (C, for clang -target bpf and C++ alike): the
 * one spelling of its magic bytes and offsets below common/packet/signature_layout.h, which C++
 * code includes and which this header is checked against at compile time. */
#ifndef STACCATO_TURBO_BPF_SIGNATURE_WIRE_H
#define STACCATO_TURBO_BPF_SIGNATURE_WIRE_H

#define SIGNATURE_BYTES 16
#define SIGNATURE_MAGIC_HI 0x5a /* lane 0's magic 0x5a7c, big-endian on the wire */
#define SIGNATURE_MAGIC_LO 0x7c
#define SIGNATURE_LANE_MAGIC_HI 0x5b /* lanes 1..255: 0x5b00 | lane */
#define SIGNATURE_STREAM_ID_OFFSET 2 /* 16 bits */
#define SIGNATURE_SEQ_OFFSET 4       /* 32 bits */
#define SIGNATURE_TIME_OFFSET 8      /* 64 bits, ns, realtime */

/* The lane a trailer starting at `sig` names (0..255), or -1 when its magic is no lane's. */
#define SIGNATURE_LANE(sig)                                                         \
  ((sig)[0] == SIGNATURE_MAGIC_HI && (sig)[1] == SIGNATURE_MAGIC_LO        ? 0      \
   : (sig)[0] == SIGNATURE_LANE_MAGIC_HI && (sig)[1] != 0 ? (int)(sig)[1] \
                                                           : -1)
/* The magic lane `lane` writes (laneMagic()). */
#define SIGNATURE_LANE_MAGIC(lane) \
  ((lane) ? (SIGNATURE_LANE_MAGIC_HI << 8 | (lane)) : (SIGNATURE_MAGIC_HI << 8 | SIGNATURE_MAGIC_LO))

#ifdef __cplusplus
#include "common/packet/signature_layout.h"
static_assert(SIGNATURE_BYTES == staccato::kSignatureBytes);
static_assert((SIGNATURE_MAGIC_HI << 8 | SIGNATURE_MAGIC_LO) == staccato::kSignatureMagic);
static_assert(SIGNATURE_LANE_MAGIC_HI << 8 == staccato::kLaneMagicBase);
static_assert(SIGNATURE_LANE_MAGIC(0) == staccato::laneMagic(0) && SIGNATURE_LANE_MAGIC(7) == staccato::laneMagic(7));
static_assert(SIGNATURE_STREAM_ID_OFFSET == staccato::kSigStreamIdOffset);
static_assert(SIGNATURE_SEQ_OFFSET == staccato::kSigSeqOffset);
static_assert(SIGNATURE_TIME_OFFSET == staccato::kSigTimestampOffset);
static_assert(staccato::kSigMagicOffset == 0, "the BPF programs read the magic at the trailer's start");
#endif

#endif
