#!/usr/bin/python3
"""Checks that a PNG screenshot shows something: enough distinct colours and enough "ink".

    /usr/bin/python3 ci/png_check.py report.png [--min-colours 16] [--min-ink 0.02]

Used by ci/render_report.sh on Chromium's screenshot of md_report's page: a page that failed to
render (blank, or one flat colour) has a handful of colours and no ink, a page with text and
charts has hundreds of colours (anti-aliasing) and a few percent of non-background pixels.

Ink is the share of pixels that differ from the most common colour (the background). Stdlib only
(zlib decodes the PNG; no PIL), so Debian's python3 runs it as installed. Prints one line of
statistics; exits 0 when both thresholds are met, 1 when not, 2 on a file it cannot read.
"""

import struct
import sys
import zlib
from collections import Counter

CHANNELS = {0: 1, 2: 3, 4: 2, 6: 4}  # PNG colour type -> samples per pixel (8-bit only)


def paeth(a, b, c):
    p = a + b - c
    pa, pb, pc = abs(p - a), abs(p - b), abs(p - c)
    if pa <= pb and pa <= pc:
        return a
    return b if pb <= pc else c


def unfilter(kind, line, prev, bpp):
    """Undoes one scanline's PNG filter (RFC 2083, 6.)."""
    if kind == 0:
        return line
    if kind == 2:
        return bytearray((x + y) & 255 for x, y in zip(line, prev))
    out = bytearray(line)
    for i in range(len(out)):
        a = out[i - bpp] if i >= bpp else 0
        b = prev[i]
        c = prev[i - bpp] if i >= bpp else 0
        if kind == 1:
            out[i] = (out[i] + a) & 255
        elif kind == 3:
            out[i] = (out[i] + (a + b) // 2) & 255
        elif kind == 4:
            out[i] = (out[i] + paeth(a, b, c)) & 255
        else:
            raise ValueError(f"unknown filter type {kind}")
    return out


def read_png(path):
    """Returns (width, height, bytes per pixel, rows)."""
    with open(path, "rb") as f:
        data = f.read()
    if data[:8] != b"\x89PNG\r\n\x1a\n":
        raise ValueError("not a PNG file")
    pos, idat, header = 8, [], None
    while pos + 8 <= len(data):
        (length,) = struct.unpack(">I", data[pos:pos + 4])
        kind, body = data[pos + 4:pos + 8], data[pos + 8:pos + 8 + length]
        pos += 12 + length
        if kind == b"IHDR":
            header = struct.unpack(">IIBBBBB", body)
        elif kind == b"IDAT":
            idat.append(body)
        elif kind == b"IEND":
            break
    if header is None:
        raise ValueError("no IHDR chunk")
    width, height, depth, colour, _, _, interlace = header
    if depth != 8 or colour not in CHANNELS or interlace != 0:
        raise ValueError(f"unsupported PNG (bit depth {depth}, colour type {colour}, "
                         f"interlace {interlace}); expected 8-bit, non-interlaced")
    bpp = CHANNELS[colour]
    raw = zlib.decompress(b"".join(idat))
    stride = width * bpp
    if len(raw) != height * (stride + 1):
        raise ValueError("image data has the wrong size")
    rows, prev = [], bytearray(stride)
    for y in range(height):
        start = y * (stride + 1)
        line = unfilter(raw[start], bytearray(raw[start + 1:start + 1 + stride]), prev, bpp)
        rows.append(bytes(line))
        prev = line
    return width, height, bpp, rows


def main(argv):
    args, min_colours, min_ink = [], 16, 0.02
    it = iter(argv[1:])
    try:
        for a in it:
            if a == "--min-colours":
                min_colours = int(next(it))
            elif a == "--min-ink":
                min_ink = float(next(it))
            else:
                args.append(a)
    except (StopIteration, ValueError):
        args = []
    if len(args) != 1:
        print("usage: png_check.py FILE.png [--min-colours N] [--min-ink FRACTION]",
              file=sys.stderr)
        return 2
    try:
        width, height, bpp, rows = read_png(args[0])
    except (OSError, ValueError, zlib.error) as e:
        print(f"png_check: {args[0]}: {e}", file=sys.stderr)
        return 2
    counts = Counter()
    for row in rows:
        counts.update(row[i:i + bpp] for i in range(0, len(row), bpp))
    total = width * height
    ink = 1 - counts.most_common(1)[0][1] / total
    ok = len(counts) >= min_colours and ink >= min_ink
    print(f"png_check: {args[0]}: {width}x{height}, {len(counts)} colours, "
          f"{ink * 100:.1f} % ink -> {'ok' if ok else 'BLANK?'} "
          f"(need >= {min_colours} colours and >= {min_ink * 100:.1f} % ink)")
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main(sys.argv))
