#!/usr/bin/env python3
"""Compares two raw RGBA frames of one size (R, G and B; alpha is not compared).

  compare_frames.py tolerance A.rgba B.rgba   within the xfade parity bounds: a mean difference of
                                              at most 2 levels, at most 0.25% of the channels more
                                              than 8 levels apart (XfadeParityTests.compare's bounds)
Prints the mean, the share far apart and the largest difference; exits 1 beyond the bounds.
"""
import sys


def main():
    mode, a_path, b_path = sys.argv[1:4]
    a, b = open(a_path, "rb").read(), open(b_path, "rb").read()
    if len(a) != len(b) or len(a) % 4:
        print(f"sizes differ: {len(a)} and {len(b)} bytes")
        return 1
    total = far = largest = 0
    for i in range(0, len(a), 4):
        for c in range(3):
            d = abs(a[i + c] - b[i + c])
            total += d
            far += d > 8
            largest = max(largest, d)
    channels = len(a) // 4 * 3
    mean, share = total / channels, far / channels
    print(f"mean difference {mean:.3f}, {share * 100:.3f}% of channels more than 8 apart, largest {largest}")
    if mode != "tolerance":
        return 2
    return 0 if mean <= 2 and share <= 0.0025 else 1


if __name__ == "__main__":
    sys.exit(main())
