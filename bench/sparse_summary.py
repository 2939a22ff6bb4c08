#!/usr/bin/env python3
"""Issue 7's table from a `bench/sparse.py run` report (sparse.json).

  sparse_summary.py RESULTS/sparse.json

Prints each workload's time through arrayc's program (the median device
time per run, and the product's own calls), CuPy's and torch's, and the
ratios to the targets' anchors (below 1: arrayc is faster), plus the
parts of the SpMV program (arrayrt's row check of array.csr_matrix, the
product).
"""

import json
import sys


def op_ms(row, name):
    """The per-run device time of the profile rows called `name`."""
    ops = [op for op in row.get("operations", []) if op["name"] == name]
    if not ops or not row.get("iterations"):
        return None
    return sum(op["total_ms"] for op in ops) / row["iterations"]


def fmt(value):
    return "-" if value is None else "%.3f" % value


def main(argv):
    report = json.load(open(argv[1]))
    print("device: %s" % report.get("device"))
    # (workload, ours, the anchor the target names, its name, the others)
    spmv = report.get("spmv_compiled") or {}
    spmm = report.get("spmm_compiled") or {}
    spgemm = report.get("spgemm_compiled") or {}
    cg = report.get("cg_compiled") or {}
    rows = [
        ("SpMV 4M x 4M, 16/row, f32", spmv.get("median_ms"),
         report.get("spmv_cupy_ms"), "CuPy",
         {"torch": report.get("spmv_torch_ms")}),
        ("SpMM 1M x 1M x 64, f32", spmm.get("median_ms"),
         report.get("spmm_torch_ms"), "torch",
         {"CuPy": report.get("spmm_cupy_ms")}),
        ("SpGEMM 1M x 1M, 8/row, steps", spgemm.get("call_ms"),
         report.get("spgemm_cupy_ms"), "CuPy",
         {"torch": report.get("spgemm_torch_ms")}),
        ("CG Poisson 4096^2, per iter", cg.get("ms_per_iter"),
         report.get("cg_loop_cupy_ms_per_iter"), "CuPy loop",
         {"cupyx cg": report.get("cg_cupyx_ms_per_iter")}),
    ]
    print("%-30s %9s %9s %-10s %7s  %s" % ("workload", "arrayc ms", "anchor",
                                          "", "ratio", "others (ms)"))
    for name, ours, anchor, anchor_name, others in rows:
        ratio = ours / anchor if ours and anchor else None
        print("%-30s %9s %9s %-10s %7s  %s" % (
            name, fmt(ours), fmt(anchor), anchor_name,
            "-" if ratio is None else "%.3f" % ratio,
            ", ".join("%s %s" % (k, fmt(v)) for k, v in others.items())))
    print("SpMV program parts (ms per run): row check %s, arrayrt kernel %s, "
          "cusparseSpMV %s" % (fmt(op_ms(spmv, "arrayrt_csr_row_stats")),
                               fmt(op_ms(spmv, "arrayrt_csr_spmv")),
                               fmt(op_ms(spmv, "cusparseSpMV"))))
    forced = report.get("spmv_cusparse_compiled") or {}
    print("SpMV program with ARRAYRT_SPMV=cusparse: %s ms (cusparseSpMV %s)"
          % (fmt(forced.get("median_ms")), fmt(op_ms(forced, "cusparseSpMV"))))
    spgemm_cusparse = report.get("spgemm_cusparse_compiled") or {}
    print("SpGEMM steps (ms per run): arrayrt count %s, scan %s, fill %s; "
          "with ARRAYRT_SPGEMM=cusparse %s (work estimation %s, compute %s, "
          "copy %s)" % (
              fmt(op_ms(spgemm, "arrayrt_spgemm_count")),
              fmt(op_ms(spgemm, "arrayrt_spgemm_scan")),
              fmt(op_ms(spgemm, "arrayrt_spgemm_fill")),
              fmt(spgemm_cusparse.get("call_ms")),
              fmt(op_ms(spgemm_cusparse, "cusparseSpGEMM_workEstimation")),
              fmt(op_ms(spgemm_cusparse, "cusparseSpGEMM_compute")),
              fmt(op_ms(spgemm_cusparse, "cusparseSpGEMM_copy"))))
    for key in ("spmv", "spmm", "spgemm", "spgemm_cusparse", "cg"):
        row = report.get(key + "_compiled") or {}
        print("%s: %s, rel. error %s, %s runs" % (
            key, row.get("status"), row.get("rel_error"),
            row.get("iterations")))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
