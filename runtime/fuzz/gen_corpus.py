#!/usr/bin/python3
"""Regenerates the seed corpora of the fuzz targets, corpus/<target>/.

Run with a Python that has NumPy:
    /usr/bin/python3 runtime/fuzz/gen_corpus.py

Seeds, small and committed: some of the unit tests' fixtures
(runtime/test/{npy,npz,mtx}), and hand-made files for what those lack:
.npy headers of format 2.0 and 3.0, Python 2's long integers and unicode
strings, every dtype arrayrt reads; archives of each scipy.sparse format
(CSR with int64 indices, CSC, COO, a unicode format string), an empty
archive and a stored one; Matrix Market files of each field and symmetry,
with comments, blank lines, CRLF line ends and no final newline.
Crashing inputs found by the fuzzers are kept next to them as
regression-<what>.<ext> (runtime/test checks them: FuzzRegressionTest).
"""

import io
import os
import shutil
import zipfile

import numpy as np

HERE = os.path.dirname(os.path.abspath(__file__))
TEST = os.path.join(HERE, "..", "test")


def out(target, name, data):
    folder = os.path.join(HERE, "corpus", target)
    os.makedirs(folder, exist_ok=True)
    with open(os.path.join(folder, name), "wb") as f:
        f.write(data)


def copy(target, folder, names):
    for name in names:
        with open(os.path.join(TEST, folder, name), "rb") as f:
            out(target, name, f.read())


def npy(array, version=None):
    buffer = io.BytesIO()
    if version is None:
        np.save(buffer, array)
    else:
        np.lib.format.write_array(buffer, array, version=version)
    return buffer.getvalue()


def npz(compressed=True, **arrays):
    buffer = io.BytesIO()
    (np.savez_compressed if compressed else np.savez)(buffer, **arrays)
    return buffer.getvalue()


def main():
    t = "arrayrt-npy-fuzzer"
    copy(t, "npy", ["save_f32_2x3.npy", "save_i1_2x3.npy", "save_f32_rank0.npy",
                    "save_f32_rank4.npy", "save_f32_empty2.npy",
                    "save_f16_2x3.npy", "save_i64_2x3.npy", "bad_fortran.npy",
                    "bad_structured.npy", "bad_big_endian.npy"])
    out(t, "v2_u16.npy", npy(np.arange(5, dtype=np.uint16), (2, 0)))
    out(t, "v3_u8.npy", npy(np.arange(4, dtype=np.uint8).reshape(2, 2), (3, 0)))
    for dtype in ["i1", "i2", "i4", "u4", "u8", "f8"]:
        out(t, "dtype_%s.npy" % dtype, npy(np.arange(3, dtype=dtype)))
    header = "{u'descr': u'<f4', 'fortran_order': False, 'shape': (2L, 1L), }"
    header += " " * (118 - len(header)) + "\n"
    out(t, "python2.npy", b"\x93NUMPY\x01\x00" + len(header).to_bytes(2, "little")
        + header.encode() + np.array([1, 2], np.float32).tobytes())

    t = "arrayrt-npz-fuzzer"
    copy(t, "npz", ["savez.npz", "compressed.npz", "csr.npz", "damaged.npz"])
    d = np.array([[1.0, 0.0, 2.0], [0.0, 0.0, 3.0]])
    r, k = np.nonzero(d)
    out(t, "scipy_csr64.npz", npz(format=b"csr", shape=np.array(d.shape),
                                  data=d[r, k], indices=k.astype(np.int64),
                                  indptr=np.array([0, 2, 3], np.int64)))
    c, q = np.nonzero(d.T)
    out(t, "scipy_csc.npz", npz(format=b"csc", shape=np.array(d.shape),
                                data=d.T[c, q].astype(np.float32),
                                indices=q.astype(np.int32),
                                indptr=np.array([0, 1, 1, 3], np.int32)))
    out(t, "scipy_coo.npz", npz(format=b"coo", shape=np.array(d.shape),
                                data=np.array([1, 2, 3, 4], np.int64),
                                row=np.array([1, 0, 1, 0], np.int32),
                                col=np.array([2, 0, 2, 2], np.int32)))
    out(t, "scipy_unicode.npz", npz(False, format=np.array("csr"),
                                    shape=np.array(d.shape), data=d[r, k],
                                    indices=k.astype(np.int32),
                                    indptr=np.array([0, 2, 3], np.int32)))
    buffer = io.BytesIO()
    zipfile.ZipFile(buffer, "w").close()
    out(t, "empty.npz", buffer.getvalue())

    t = "arrayrt-mtx-fuzzer"
    copy(t, "mtx", ["general.mtx", "pattern.mtx", "symmetric.mtx"])
    out(t, "symmetric_pattern.mtx", b"%%MatrixMarket matrix coordinate pattern "
        b"symmetric\n%\n4 4 3\n2 1\n4 4\n3 2\n")
    out(t, "double_crlf.mtx", b"%%matrixmarket MATRIX Coordinate double "
        b"General\r\n\r\n2 2 2\r\n1 2 -1.5e-3\r\n2 1 inf\r\n")
    out(t, "no_newline.mtx", b"%%MatrixMarket matrix coordinate integer "
        b"general\n1 1 1\n1 1 -9223372036854775807")
    out(t, "empty_matrix.mtx", b"%%MatrixMarket matrix coordinate real "
        b"general\n0 0 0\n")


if __name__ == "__main__":
    main()
