#!/usr/bin/env python3
# Makes the PNG files beside it with Python's zlib, to test tests/pngcheck.c
# (not run by the tests; the files are committed).  One image of 37x29
# pixels, ref.ppm, its scanlines filtered None, Sub, Up, Average and Paeth in
# turn, compressed as stored blocks (zlib level 0), with the fixed codes
# (Z_FIXED) and with dynamic codes (levels 1 and 9), the zlib stream split
# over three IDAT chunks.
import random, struct, zlib

def chunk(t, d):
    return struct.pack('>I', len(d)) + t + d + struct.pack('>I', zlib.crc32(t + d))

def paeth(a, b, c):
    p = a + b - c
    pa, pb, pc = abs(p - a), abs(p - b), abs(p - c)
    return a if pa <= pb and pa <= pc else b if pb <= pc else c

random.seed(3)
w, h = 37, 29
pix = [[(random.randrange(4) * 60, (x * 7) % 256, (y * 13) % 256) for x in range(w)] for y in range(h)]
raw, prev = b'', [0] * (3 * w)
for y in range(h):
    line = [v for px in pix[y] for v in px]
    f, out = y % 5, []
    for i, v in enumerate(line):
        a = line[i - 3] if i >= 3 else 0
        b = prev[i]
        c = prev[i - 3] if i >= 3 else 0
        out.append((v - [0, a, b, (a + b) // 2, paeth(a, b, c)][f]) & 255)
    raw += bytes([f] + out)
    prev = line
ihdr = chunk(b'IHDR', struct.pack('>IIBBBBB', w, h, 8, 2, 0, 0, 0))
for name, z in [('stored', zlib.compress(raw, 0)), ('dynamic1', zlib.compress(raw, 1)),
                ('dynamic9', zlib.compress(raw, 9)),
                ('fixed', (lambda c: c.compress(raw) + c.flush())(
                    zlib.compressobj(6, zlib.DEFLATED, 15, 9, zlib.Z_FIXED)))]:
    k = len(z) // 3
    with open(name + '.png', 'wb') as fp:
        fp.write(b'\x89PNG\r\n\x1a\n' + ihdr + chunk(b'IDAT', z[:k]) + chunk(b'IDAT', z[k:2 * k]) +
                 chunk(b'IDAT', z[2 * k:]) + chunk(b'IEND', b''))
with open('ref.ppm', 'wb') as fp:
    fp.write(b'P6\n%d %d\n255\n' % (w, h) + bytes(v for row in pix for px in row for v in px))
