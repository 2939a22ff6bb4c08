#!/usr/bin/env python3
"""Writes the seed corpus of an array fuzzer from the repository's programs.

    tools/fuzz/make_corpus.py TARGET OUT_DIR

Every test/**/*.mlir, examples/*.mlir and bench/**/*.mlir, split at
`// -----` as `array-opt -split-input-file` splits them, with whole-line
comments (RUN, CHECK, NUMPY, expected-error lines) removed; one file per
distinct part, named by its hash. The pipeline targets leave out the parts
that expect an error (they do not verify, so they would only exercise the
parser). scripts/fuzz.sh calls this at run time: the seeds stay out of the
repository.
"""

import hashlib
import os
import re
import sys

PIPELINE_TARGETS = {"array-cpu-pipeline-fuzzer", "array-cuda-pipeline-fuzzer"}
TARGETS = {"array-parse-fuzzer"} | PIPELINE_TARGETS
SPLIT = re.compile(r"^// -----\s*$", re.M)


def sources(root):
    for top in ("test", "examples", "bench"):
        for directory, _, files in sorted(os.walk(os.path.join(root, top))):
            for name in sorted(files):
                if name.endswith(".mlir"):
                    yield os.path.join(directory, name)


def parts(path):
    text = open(path, encoding="utf-8", errors="replace").read()
    for part in SPLIT.split(text):
        expects_error = "expected-error" in part
        lines = [line for line in part.splitlines()
                 if not line.lstrip().startswith("//")]
        body = "\n".join(lines).strip()
        if body:
            yield body + "\n", expects_error


def main():
    if len(sys.argv) != 3 or sys.argv[1] not in TARGETS:
        sys.exit("usage: make_corpus.py {%s} OUT_DIR" % "|".join(
            sorted(TARGETS)))
    target, out = sys.argv[1:]
    root = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..")
    os.makedirs(out, exist_ok=True)
    for path in sources(root):
        for body, expects_error in parts(path):
            if expects_error and target in PIPELINE_TARGETS:
                continue
            name = hashlib.sha1(body.encode()).hexdigest()[:16] + ".mlir"
            with open(os.path.join(out, name), "w") as file:
                file.write(body)
    print("make_corpus: %d seeds for %s in %s" % (
        len(os.listdir(out)), target, out))


if __name__ == "__main__":
    main()
