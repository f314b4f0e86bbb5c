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

# Streams pngcheck must refuse, as zlib does: one dynamic block for the
# byte "A" whose code-length code is incomplete (three codes of two bits),
# and one whose literal/length code is (A one bit, end of block two); and
# the same block with both codes complete, which it must take.
class Bits:
    def __init__(self):
        self.v, self.n, self.out = 0, 0, bytearray()

    def put(self, v, n):  # n bits of v, the first in bit 0
        self.v |= v << self.n
        self.n += n
        while self.n >= 8:
            self.out.append(self.v & 255)
            self.v >>= 8
            self.n -= 8

    def code(self, c, n):  # a Huffman code, its first bit the highest
        for i in range(n - 1, -1, -1):
            self.put(c >> i & 1, 1)

    def end(self):
        if self.n:
            self.out.append(self.v & 255)
        return bytes(self.out)

def canonical(lens):
    count = [0] * 16
    for l in lens.values():
        count[l] += 1
    code, nxt = 0, [0] * 16
    for b in range(1, 16):
        code = (code + count[b - 1]) << 1 if b > 1 else 0
        nxt[b] = code
    out = {}
    for s in sorted(lens):
        out[s] = (nxt[lens[s]], lens[s])
        nxt[lens[s]] += 1
    return out

order = [16, 17, 18, 0, 8, 7, 9, 6, 10, 5, 11, 4, 12, 3, 13, 2, 14, 1, 15]
for name, cl, lit in [('incomplete-cl', {0: 2, 1: 2, 18: 2}, {65: 1, 256: 1}),
                      ('incomplete-lit', {0: 2, 1: 2, 2: 2, 18: 2}, {65: 1, 256: 2}),
                      ('complete', {0: 2, 1: 2, 2: 2, 18: 2}, {65: 1, 256: 1})]:
    b = Bits()
    b.put(1, 1)
    b.put(2, 2)  # the last block, dynamic codes
    b.put(0, 5)  # 257 literal/length codes
    b.put(0, 5)  # 1 distance code
    b.put(15, 4)  # 19 code-length code lengths
    for s in order:
        b.put(cl.get(s, 0), 3)
    clc = canonical(cl)
    lens = [lit.get(k, 0) for k in range(257)] + [1]  # the one distance code: 1 bit
    k = 0
    while k < len(lens):
        if lens[k] == 0:
            r = 1
            while k + r < len(lens) and lens[k + r] == 0 and r < 138:
                r += 1
            if r >= 11:
                b.code(*clc[18])
                b.put(r - 11, 7)
                k += r
                continue
        b.code(*clc[lens[k]])
        k += 1
    lc = canonical(lit)
    b.code(*lc[65])
    b.code(*lc[256])
    data = b'\x78\x01' + b.end() + struct.pack('>I', zlib.adler32(b'A'))
    with open(name + '.z', 'wb') as fp:
        fp.write(data)
with open('A.raw', 'wb') as fp:
    fp.write(b'A')
# a header whose width and height make 3 * w + 1 times h wrap round in 64 bits
with open('wrap.png', 'wb') as fp:
    fp.write(b'\x89PNG\r\n\x1a\n' + chunk(b'IHDR', struct.pack('>IIBBBBB', 1431686659, 4294874616,
             8, 2, 0, 0, 0)) + chunk(b'IDAT', zlib.compress(bytes(166832))) + chunk(b'IEND', b''))
