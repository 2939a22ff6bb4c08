#!/usr/bin/env python3
"""Lists the images of the fatbin an `arrayc --emit=llvm` module embeds:
one line per image, `elf sm_NN` (machine code) or `ptx sm_NN`, in order.

  fatbin_images.py < module.ll

Reads the first `@..._binary = internal constant [N x i8] c"..."` global
(LLVM's escaped bytes) and walks the fatbin's entries: a 16-byte header
(magic 0xBA55ED50, version, header size, size of the entries), then per
entry a header with its kind (1: PTX, 2: ELF) at offset 0, its header size
at 4, its payload size at 8 and the SM number at 28.
"""
import re
import struct
import sys

text = sys.stdin.read()
match = re.search(r'@\w+_binary = internal constant \[(\d+) x i8\] c"((?:[^"\\]|\\.)*)"',
                  text)
if not match:
    sys.exit("no embedded binary in the input")
raw = bytearray()
escaped = match.group(2)
i = 0
while i < len(escaped):
    if escaped[i] == "\\":
        if escaped[i + 1] == "\\":
            raw.append(0x5C)
            i += 2
        else:
            raw.append(int(escaped[i + 1:i + 3], 16))
            i += 3
    else:
        raw.append(ord(escaped[i]))
        i += 1
assert len(raw) == int(match.group(1)), "decoded %d bytes" % len(raw)
magic, version, header, size = struct.unpack_from("<IHHQ", raw, 0)
if magic != 0xBA55ED50:
    sys.exit("not a fatbin (magic %#x)" % magic)
at, end = header, header + size
while at < end:
    kind, _, entry_header, payload = struct.unpack_from("<HHIQ", raw, at)
    arch, = struct.unpack_from("<I", raw, at + 28)
    print("%s sm_%d" % ({1: "ptx", 2: "elf"}.get(kind, "kind%d" % kind), arch))
    at += entry_header + payload
