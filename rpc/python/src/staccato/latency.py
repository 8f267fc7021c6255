"""A stream's latency histogram, as the drone sends it (``LatencyStats`` in drone.proto).

The buckets are log-linear: with ``S = sub_bucket_bits`` (6) and ``N = 2**S``, bucket ``b < N``
holds exactly ``b`` ns, and bucket ``b >= N`` holds ``[2**e + k * 2**(e-S), 2**e + (k+1) *
2**(e-S) - 1]`` ns with ``e = S + (b - N) // N`` and ``k = (b - N) % N``: at most 1/N (1.6 %)
wide. Only non-empty buckets are sent, as ``bucket_index`` / ``bucket_count`` lists.

    row = drone.stats()["streams"][0]
    row["latency"]["buckets"]            # [(low_ns, high_ns, count), ...]
    staccato.latency.percentile(row["latency"], 0.999)

The arithmetic is the drone's (rpc/stats/latency_bucket_bounds.h, latency_buckets.cpp), so
``percentile(latency, 0.5)`` equals the drone's ``p50_ns``.
"""
from typing import List, Mapping, Tuple

MAX_SUB_BUCKET_BITS = 16  # what a reader accepts (the drone sends 6)

Bucket = Tuple[int, int, int]  # (low_ns, high_ns, count); bounds inclusive


def bucket_count(sub_bucket_bits: int) -> int:
    """How many buckets the layout has (3776 for 6 sub-bucket bits)."""
    return (65 - sub_bucket_bits) << sub_bucket_bits


def bucket_low(index: int, sub_bucket_bits: int) -> int:
    n = 1 << sub_bucket_bits
    if index < n:
        return index
    e = (index - n) // n + sub_bucket_bits
    return (1 << e) | (((index - n) % n) << (e - sub_bucket_bits))


def bucket_high(index: int, sub_bucket_bits: int) -> int:
    if index + 1 < bucket_count(sub_bucket_bits):
        return bucket_low(index + 1, sub_bucket_bits) - 1
    return 2**64 - 1


def check(latency: Mapping) -> None:
    """Raises ValueError when the buckets are malformed (a drone is not trusted); none is fine."""
    index, count = latency.get("bucket_index", []), latency.get("bucket_count", [])
    if len(index) != len(count):
        raise ValueError(f"latency: {len(index)} bucket indices but {len(count)} counts")
    if not index:
        return
    bits = latency.get("sub_bucket_bits", 0)
    if not 1 <= bits <= MAX_SUB_BUCKET_BITS:
        raise ValueError(f"latency.sub_bucket_bits: {bits} is not a bucket layout (allowed 1..{MAX_SUB_BUCKET_BITS})")
    last = -1
    for i, b in enumerate(index):
        if b >= bucket_count(bits):
            raise ValueError(f"latency.bucket_index[{i}]: {b} is out of range ({bucket_count(bits)} buckets)")
        if b <= last:
            raise ValueError(f"latency.bucket_index[{i}]: {b} is not above the index before it")
        last = b


def buckets(latency: Mapping) -> List[Bucket]:
    """The non-empty buckets as (low_ns, high_ns, count), ascending. ValueError when malformed."""
    check(latency)
    bits = latency.get("sub_bucket_bits", 0)
    return [(bucket_low(b, bits), bucket_high(b, bits), c)
            for b, c in zip(latency.get("bucket_index", []), latency.get("bucket_count", []))]


def percentile(latency: Mapping, q: float) -> int:
    """The latency (ns) at quantile ``q`` (0..1), as the drone computes p50..p99.9: the midpoint
    of the bucket where the running count first reaches floor(q * (total - 1)) + 1, kept within
    [min_ns, max_ns]. 0 without buckets; ValueError when they are malformed."""
    if not 0.0 <= q <= 1.0:
        raise ValueError(f"quantile {q} is not within 0..1")
    found = buckets(latency)
    total = sum(c for _, _, c in found)
    if total == 0:
        return 0
    lo, hi = latency.get("min_ns", 0), latency.get("max_ns", 0)
    rank = int(q * float(total - 1)) + 1
    seen = 0
    for low, high, count in found:
        seen += count
        if seen >= rank:
            return min(max(low + (high - low) // 2, lo), hi)
    return hi


def add_buckets(latency: dict) -> None:
    """Adds ``buckets`` (see buckets()) to a LatencyStats dict; malformed ones become [] with the
    reason in ``buckets_error``."""
    try:
        latency["buckets"] = buckets(latency)
    except ValueError as e:
        latency["buckets"] = []
        latency["buckets_error"] = str(e)
