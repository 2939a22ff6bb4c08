"""The workloads of the generality suite (bench/generality.py): array
programs over other ranks, widths and dtypes than the benchmark programs,
each with its inputs, a float64 NumPy reference and the PyTorch code a user
would write for it.

Each workload moves 128 MB or more (inputs read, outputs written), several
times the H200's 50 MB L2, so its time is memory-bound rather than
cache-resident and a launch's latency is small next to it.
"""

import numpy as np

MLIR_TYPES = {"float32": "f32", "float16": "f16", "bfloat16": "bf16",
              "bool": "i1"}


def t(shape, dtype):
    """The tensor type of `shape` and `dtype` (a NumPy or ml_dtypes name)."""
    dims = "x".join(str(d) for d in shape)
    return "tensor<%s%s%s>" % (dims, "x" if dims else "", MLIR_TYPES[dtype])


def keep(shape, axis):
    return shape[:axis] + (1,) + shape[axis + 1:]


class Workload:
    """name; args: [(name, shape, dtype)]; body(args) -> MLIR lines ending
    in the result's SSA name and type; ref(*f64 arrays) -> f64 result
    (None for attention, whose float64 reference bench/generality.py
    computes with torch on the GPU); torch(torch, *tensors) -> tensor;
    out_dtype: the result's dtype; attention: None, or the scale, the
    causal flag and the flop count of an attention workload."""

    attention = None

    def __init__(self, name, args, body, result, ref, torch_fn, out_dtype,
                 what):
        self.name, self.args, self.body = name, args, body
        self.result, self.ref, self.torch_fn = result, ref, torch_fn
        self.out_dtype, self.what = out_dtype, what

    def program(self):
        params = ", ".join("%%%s: %s" % (n, t(s, d)) for n, s, d in self.args)
        rtype = t(*self.result)
        lines = ["// %s" % self.what,
                 "func.func @main(%s) -> %s {" % (params, rtype)]
        lines += ["  " + line for line in self.body]
        lines += ["  return %%y : %s" % rtype, "}", ""]
        return "\n".join(lines)


# --- building blocks (MLIR lines) ------------------------------------------

def cast(src, dst, shape, a, b):
    return ["%%%s = array.astype %%%s : %s -> %s" % (dst, src, t(shape, a),
                                                     t(shape, b))]


def softmax_lines(x, y, shape, axis, log=False):
    k = keep(shape, axis)
    T, K = t(shape, "float32"), t(k, "float32")
    lines = [
        "%%m = array.max %%%s axes [%d] keepdims : %s -> %s" % (x, axis, T, K),
        "%%d = array.sub %%%s, %%m : (%s, %s) -> %s" % (x, T, K, T),
        "%%e = array.exp %%d : %s" % T,
        "%%s = array.sum %%e axes [%d] keepdims : %s -> %s" % (axis, T, K)]
    if log:
        lines += ["%%ls = array.log %%s : %s" % K,
                  "%%%s = array.sub %%d, %%ls : (%s, %s) -> %s" % (y, T, K, T)]
    else:
        lines += ["%%%s = array.div %%e, %%s : (%s, %s) -> %s" % (y, T, K, T)]
    return lines


def norm_lines(x, y, shape, rms, eps):
    axis = len(shape) - 1
    k = keep(shape, axis)
    T, K = t(shape, "float32"), t(k, "float32")
    if rms:
        lines = ["%%sq = array.mul %%%s, %%%s : (%s, %s) -> %s" % (x, x, T, T, T),
                 "%%v = array.mean %%sq axes [%d] keepdims : %s -> %s"
                 % (axis, T, K),
                 "%%c = array.reshape %%%s : %s -> %s" % (x, T, T)]
    else:
        lines = ["%%mu = array.mean %%%s axes [%d] keepdims : %s -> %s"
                 % (x, axis, T, K),
                 "%%c = array.sub %%%s, %%mu : (%s, %s) -> %s" % (x, T, K, T),
                 "%%v = array.var %%%s axes [%d] keepdims : %s -> %s"
                 % (x, axis, T, K)]
    lines += ["%%eps = array.full %e : tensor<f32>" % eps,
              "%%ve = array.add %%v, %%eps : (%s, tensor<f32>) -> %s" % (K, K),
              "%%r = array.rsqrt %%ve : %s" % K,
              "%%%s = array.mul %%c, %%r : (%s, %s) -> %s" % (y, T, K, T)]
    return lines


# --- references and torch code -------------------------------------------

def np_softmax(x, axis=-1, log=False):
    d = x - x.max(axis, keepdims=True)
    if log:
        return d - np.log(np.exp(d).sum(axis, keepdims=True))
    e = np.exp(d)
    return e / e.sum(axis, keepdims=True)


def np_norm(x, rms, eps):
    if rms:
        return x / np.sqrt((x * x).mean(-1, keepdims=True) + eps)
    mu = x.mean(-1, keepdims=True)
    return (x - mu) / np.sqrt(x.var(-1, keepdims=True) + eps)


def softmax(name, shape, dtype="float32", log=False):
    axis = len(shape) - 1
    body = []
    x = "x"
    if dtype != "float32":
        body += cast("x", "xf", shape, dtype, "float32")
        x = "xf"
    y = "y" if dtype == "float32" else "yf"
    body += softmax_lines(x, y, shape, axis, log)
    if dtype != "float32":
        body += cast("yf", "y", shape, "float32", dtype)

    def torch_fn(torch, x):
        f = torch.log_softmax if log else torch.softmax
        return f(x.float(), dim=-1).to(x.dtype)

    return Workload(name, [("x", shape, dtype)], body, (shape, dtype),
                    lambda x: np_softmax(x, log=log), torch_fn, dtype,
                    "%s of %s %s over the last axis%s" % (
                        "log-softmax" if log else "softmax", dtype,
                        "x".join(map(str, shape)),
                        ", computed in float32" if dtype != "float32" else ""))


def norm(name, shape, dtype="float32", rms=False, affine=False):
    eps = 1e-6 if rms else 1e-5
    n = shape[-1]
    args = [("x", shape, dtype)]
    if affine:
        args.append(("w", (n,), dtype))
        if not rms:
            args.append(("b", (n,), dtype))
    body = []
    x = "x"
    if dtype != "float32":
        body += cast("x", "xf", shape, dtype, "float32")
        x = "xf"
    body += norm_lines(x, "n", shape, rms, eps)
    T = t(shape, "float32")
    last = "n"
    if affine:
        W = t((n,), "float32")
        body += cast("w", "wf", (n,), dtype, "float32") if dtype != "float32" \
            else ["%%wf = array.reshape %%w : %s -> %s" % (W, W)]
        body += ["%%nw = array.mul %%n, %%wf : (%s, %s) -> %s" % (T, W, T)]
        last = "nw"
        if not rms:
            body += cast("b", "bf", (n,), dtype, "float32") \
                if dtype != "float32" else \
                ["%%bf = array.reshape %%b : %s -> %s" % (W, W)]
            body += ["%%nb = array.add %%nw, %%bf : (%s, %s) -> %s"
                     % (T, W, T)]
            last = "nb"
    if dtype != "float32":
        body += cast(last, "y", shape, "float32", dtype)
    else:
        body += ["%%y = array.reshape %%%s : %s -> %s" % (last, T, T)]

    def ref(x, w=None, b=None):
        y = np_norm(x, rms, eps)
        if w is not None:
            y = y * w
        if b is not None:
            y = y + b
        return y

    def torch_fn(torch, x, w=None, b=None):
        import torch.nn.functional as F
        if rms:
            xf = x.float()
            y = xf * torch.rsqrt((xf * xf).mean(-1, keepdim=True) + eps)
            if w is not None:
                y = y * w.float()
            return y.to(x.dtype)
        return F.layer_norm(x, (n,), w, b, eps=eps)

    return Workload(name, args, body, (shape, dtype), ref, torch_fn, dtype,
                    "%s of %s %s%s, statistics in float32" % (
                        "RMS norm" if rms else "layer norm", dtype,
                        "x".join(map(str, shape)),
                        " with weight" + ("" if rms else " and bias")
                        if affine else ""))


def reduce(name, shape, dtype, op, axes):
    out = tuple(d for i, d in enumerate(shape) if i not in axes)
    T, O = t(shape, "float32"), t(out, "float32")
    body = []
    x = "x"
    if dtype != "float32":
        body += cast("x", "xf", shape, dtype, "float32")
        x = "xf"
    ax = ", ".join(map(str, axes))
    if op == "logsumexp":
        body += ["%%y = array.logsumexp %%%s axes [%s] : %s -> %s"
                 % (x, ax, T, O)]
    else:
        body += ["%%y = array.%s %%%s axes [%s] : %s -> %s" % (op, x, ax, T, O)]

    def ref(x):
        if op == "logsumexp":
            m = x.max(tuple(axes), keepdims=True)
            return (np.log(np.exp(x - m).sum(tuple(axes), keepdims=True))
                    + m).reshape(out)
        return getattr(np, op)(x, axis=tuple(axes))

    def torch_fn(torch, x):
        xf = x.float()
        if op == "logsumexp":
            return torch.logsumexp(xf, dim=axes)
        if op == "var":
            return torch.var(xf, dim=axes, unbiased=False)
        return getattr(torch, op)(xf, dim=axes)

    return Workload(name, [("x", shape, dtype)], body, (out, "float32"), ref,
                    torch_fn, "float32",
                    "%s of %s %s over axes %s, in float32" % (
                        op, dtype, "x".join(map(str, shape)), list(axes)))


def masked_softmax(name, shape, dtype, scale):
    """Attention-score style: softmax(where(mask, x * scale, -inf)), the
    boolean mask broadcast over the leading axes."""
    n = shape[-1]
    mshape = shape[-2:]
    T, M = t(shape, "float32"), t(mshape, "bool")
    body = cast("x", "xf", shape, dtype, "float32")
    body += ["%%sc = array.full %e : tensor<f32>" % scale,
             "%%xs = array.mul %%xf, %%sc : (%s, tensor<f32>) -> %s" % (T, T),
             "%ninf = array.full -inf : tensor<f32>",
             "%%z = array.where %%mask, %%xs, %%ninf : (%s, %s, tensor<f32>)"
             " -> %s" % (M, T, T)]
    body += softmax_lines("z", "yf", shape, len(shape) - 1)
    body += cast("yf", "y", shape, "float32", dtype)

    def ref(x, mask):
        return np_softmax(np.where(mask, x * scale, -np.inf))

    def torch_fn(torch, x, mask):
        z = torch.where(mask, x.float() * scale, float("-inf"))
        return torch.softmax(z, dim=-1).to(x.dtype)

    return Workload(name, [("x", shape, dtype), ("mask", mshape, "bool")],
                    body, (shape, dtype), ref, torch_fn, dtype,
                    "softmax of where(causal mask, x * %g, -inf), %s %s" % (
                        scale, dtype, "x".join(map(str, shape))))


def scale_bias_cast(name, shape):
    n = shape[-1]
    T, B, H = t(shape, "float32"), t((n,), "float32"), t(shape, "float16")
    body = ["%sc = array.full 0.5 : tensor<f32>",
            "%%xs = array.mul %%x, %%sc : (%s, tensor<f32>) -> %s" % (T, T),
            "%%xb = array.add %%xs, %%b : (%s, %s) -> %s" % (T, B, T),
            "%%y = array.astype %%xb : %s -> %s" % (T, H)]
    return Workload(name, [("x", shape, "float32"), ("b", (n,), "float32")],
                    body, (shape, "float16"), lambda x, b: x * 0.5 + b,
                    lambda torch, x, b: (x * 0.5 + b).half(), "float16",
                    "(x * 0.5 + bias).astype(float16), x float32 %s" %
                    "x".join(map(str, shape)))


def attention(name, heads, tokens, head_dim, dtype, causal):
    """Scaled-dot-product attention as a user writes it: Q @ K^T in
    `dtype`, the scores widened to float32, scaled, causally masked (an
    arange comparison), the softmax, the probabilities cast back and @ V.
    Compute-bound: compared with PyTorch's fused attention kernels
    (`attention` holds what bench/generality.py needs for that)."""
    shape = (1, heads, tokens, head_dim)
    sshape = (1, heads, tokens, tokens)
    kt = (1, heads, head_dim, tokens)
    scale = 1.0 / np.sqrt(head_dim)
    body = ["%%kt = array.transpose %%k permutation [0, 1, 3, 2] : %s -> %s"
            % (t(shape, dtype), t(kt, dtype)),
            "%%sh = array.matmul %%q, %%kt : (%s, %s) -> %s"
            % (t(shape, dtype), t(kt, dtype), t(sshape, dtype))]
    body += cast("sh", "sf", sshape, dtype, "float32")
    body += ["%%scale = array.full %r : tensor<f32>" % scale,
             "%%xs = array.mul %%sf, %%scale : (%s, tensor<f32>) -> %s"
             % (t(sshape, "float32"), t(sshape, "float32"))]
    x = "xs"
    if causal:
        body += ["%%i = array.arange 0, %d, 1 : tensor<%dxi64>" % (tokens,
                                                                  tokens),
                 "%%ic = array.expand_dims %%i axis 1 : tensor<%dxi64> -> "
                 "tensor<%dx1xi64>" % (tokens, tokens),
                 "%%jr = array.expand_dims %%i axis 0 : tensor<%dxi64> -> "
                 "tensor<1x%dxi64>" % (tokens, tokens),
                 "%%keep = array.greater_equal %%ic, %%jr : (tensor<%dx1xi64>,"
                 " tensor<1x%dxi64>) -> tensor<%dx%dxi1>" % ((tokens,) * 4),
                 "%ninf = array.full -inf : tensor<f32>",
                 "%%xm = array.where %%keep, %%xs, %%ninf : (tensor<%dx%dxi1>, "
                 "%s, tensor<f32>) -> %s" % (tokens, tokens,
                                             t(sshape, "float32"),
                                             t(sshape, "float32"))]
        x = "xm"
    body += softmax_lines(x, "p", sshape, 3)
    body += cast("p", "ph", sshape, "float32", dtype)
    body += ["%%y = array.matmul %%ph, %%v : (%s, %s) -> %s"
             % (t(sshape, dtype), t(shape, dtype), t(shape, dtype))]

    def torch_fn(torch, q, k, v):
        s = (q @ k.transpose(-1, -2)).float() * scale
        if causal:
            keep = torch.ones(tokens, tokens, dtype=torch.bool,
                              device=q.device).tril()
            s = s.masked_fill(~keep, float("-inf"))
        return torch.softmax(s, dim=-1).to(q.dtype) @ v

    w = Workload(name, [("q", shape, dtype), ("k", shape, dtype),
                        ("v", shape, dtype)], body, (shape, dtype), None,
                 torch_fn, dtype, "%sattention, %s %s, scale 1/sqrt(%d)" % (
                     "causal " if causal else "", dtype,
                     "x".join(map(str, shape)), head_dim))
    w.attention = {"scale": scale, "causal": causal,
                   "flops": 4 * heads * tokens * tokens * head_dim *
                   (0.5 if causal else 1.0)}
    return w


WORKLOADS = [
    softmax("softmax_w64", (524288, 64)),
    softmax("softmax_r3", (64, 1024, 1024)),
    softmax("softmax_f16_r3", (32, 1024, 1024), "float16"),
    softmax("softmax_r4_w128", (32, 32, 256, 128)),
    softmax("softmax_wide", (1024, 50304)),
    softmax("softmax_w262144", (128, 262144)),
    masked_softmax("masked_softmax_f16_r4", (8, 16, 512, 512), "float16",
                   0.125),
    softmax("logsoftmax_bf16", (4096, 8192), "bfloat16", log=True),
    softmax("logsoftmax_w131072", (256, 131072), log=True),
    reduce("logsumexp_w2048", (16384, 2048), "float32", "logsumexp", (1,)),
    norm("layernorm_f16_r3", (32, 4096, 1024), "float16"),
    norm("layernorm_affine_bf16", (16384, 2048), "bfloat16", affine=True),
    norm("layernorm_w768", (32768, 768)),
    norm("layernorm_w65536", (512, 65536)),
    norm("rmsnorm_f16_r3", (32, 4096, 1024), "float16", rms=True),
    norm("rmsnorm_weight_bf16", (8192, 4096), "bfloat16", rms=True,
         affine=True),
    norm("rmsnorm_w262144", (128, 262144), rms=True),
    reduce("rowsum_w1024", (32768, 1024), "float32", "sum", (1,)),
    reduce("rowsum_f16_w524288", (64, 524288), "float16", "sum", (1,)),
    reduce("colsum_f32", (8192, 4096), "float32", "sum", (0,)),
    reduce("sum_axis1_bf16_r3", (64, 2048, 256), "bfloat16", "sum", (1,)),
    reduce("var_w512", (65536, 512), "float32", "var", (1,)),
    reduce("mean_axes02_r3", (256, 512, 256), "float32", "mean", (0, 2)),
    scale_bias_cast("scale_bias_cast", (8192, 4096)),
    attention("attention_s2048", 32, 2048, 128, "float16", causal=False),
    attention("attention_causal_s2048", 32, 2048, 128, "float16",
              causal=True),
    attention("attention_s8192", 32, 8192, 128, "float16", causal=False),
    attention("attention_causal_s8192", 32, 8192, 128, "float16",
              causal=True),
]
