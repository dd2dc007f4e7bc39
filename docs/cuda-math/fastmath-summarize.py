#!/usr/bin/env python3
"""fastmath-summarize.py OUT [--table]: read OUT/ptx/*.ptx and OUT/sass/*.sass written by
fastmath-probe.sh. Without --table: one row per (name, configuration) with PTX and SASS
counts. With --table: one row per name comparing the configurations (fast-math.tsv)."""
import collections, glob, hashlib, os, re, sys

CFGS = ["D", "F", "PD", "PS", "P", "U"]
SPECIAL = re.compile(r"approx|^rcp|^sqrt|^rsqrt|^div|^tanh|^ex2|^lg2|^sin|^cos|^call|"
                     r"^cvt\.r[nzmp]i\.f32\.f32|^cvt\.rni\.ftz|^cvt\.r[nzmp]i\.ftz")
INTRINSICS = ["__sinf", "__cosf", "__tanf", "__tanhf", "__expf", "__exp10f", "__logf",
              "__log2f", "__log10f", "__fdividef", "__powf", "__sincosf_s", "__sincosf_c"]
# Guide, CUDA C++ Programming Guide 13.0 (legacy) Table 20 / CUDA Programming Guide 5.5.9.3
# Table 59: functions listed as affected by -use_fast_math.
GUIDE_FASTMATH = {"div": "__fdividef", "fdividef": "__fdividef (new Guide Table 59 only)", "sinf": "__sinf",
                  "cosf": "__cosf", "tanf": "__tanf", "sincosf_s": "__sincosf",
                  "sincosf_c": "__sincosf", "logf": "__logf", "log2f": "__log2f",
                  "log10f": "__log10f", "expf": "__expf", "exp10f": "__exp10f",
                  "powf": "__powf", "tanhf": "__tanhf"}


DISPLAY = {"div": "x / y", "recip": "1.0f / x", "rsqrt_expr": "1.0f / sqrtf(x)",
           "fdividef": "fdividef(x, y)", "__fdividef": "__fdividef(x, y)", "__fdiv_rn": "__fdiv_rn(x, y)",
           "powf": "powf(x, y)", "__powf": "__powf(x, y)", "sincosf_s": "sincosf (sine output)",
           "sincosf_c": "sincosf (cosine output)", "__sincosf_s": "__sincosf (sine output)",
           "__sincosf_c": "__sincosf (cosine output)"}


def order(n):
    if n in DISPLAY:
        return (2, n)
    return (1 if n.startswith("__") else 0, n)


def ptx_body(path):
    lines = open(path).read().split("\n")
    out, on = [], False
    for l in lines:
        if l.startswith(".visible .entry k") or l.startswith(".entry k"):
            on = True
        if not on:
            continue
        s = l.split("//")[0].strip()
        if s:
            out.append(s)
    return out


def ptx_instrs(body):
    ins = []
    for s in body:
        if not s.endswith(";") or s.startswith("."):
            continue
        s = re.sub(r"^@!?%p\d+\s+", "", s)
        ins.append(s.split()[0].rstrip(";"))
    return ins


def sass_instrs(path):
    ins = []
    for l in open(path):
        m = re.match(r"\s*/\*[0-9a-f]{4}\*/\s+(?:@!?U?P[T0-9]+\s+)?([A-Z0-9_.]+)", l)
        if m and m.group(1) != "NOP":
            ins.append(m.group(1))
    return ins


def fmt_ops(ops):
    c = collections.Counter(ops)
    return ",".join(f"{k}x{v}" if v > 1 else k for k, v in sorted(c.items())) or "-"


def load(out):
    data = {}
    for p in glob.glob(os.path.join(out, "ptx", "*.ptx")):
        base = os.path.basename(p)[:-4]
        name, cfg = base.rsplit(".", 1)
        body = ptx_body(p)
        ins = ptx_instrs(body)
        sass = sass_instrs(os.path.join(out, "sass", base + ".sass"))
        data[(name, cfg)] = dict(
            body="\n".join(body),
            hash=hashlib.sha1("\n".join(body).encode()).hexdigest()[:10],
            n=len(ins),
            special=fmt_ops([i for i in ins if SPECIAL.search(i)]),
            ftz=any(".ftz" in i for i in ins),
            sn=len(sass),
            mufu=fmt_ops([i for i in sass if i.startswith("MUFU") or i.startswith("CALL")]))
    return data


def summary(d):
    return f"{d['n']} PTX instr; special: {d['special']}; SASS {d['sn']} instr; MUFU: {d['mufu']}"


def main():
    out = sys.argv[1]
    data = load(out)
    names = sorted({n for n, _ in data}, key=order)
    if "--table" not in sys.argv:
        print("name\tcfg\tptx_instr\tptx_special\tptx_has_ftz\tsass_instr\tsass_mufu\tptx_sha1")
        for n in names:
            for c in CFGS:
                d = data[(n, c)]
                print(f"{DISPLAY.get(n, n)}\t{c}\t{d['n']}\t{d['special']}\t{'yes' if d['ftz'] else 'no'}"
                      f"\t{d['sn']}\t{d['mufu']}\t{d['hash']}")
        return
    print("function\tdefault (nvcc -arch=sm_90)\t-ftz=true changes PTX\t-prec-div=false changes PTX"
          "\t-prec-sqrt=false changes PTX\t-use_fast_math vs its implied flags"
          "\t-use_fast_math PTX identical to intrinsic\t-use_fast_math result\tGuide lists under -use_fast_math"
          "\tverdict")
    for n in names:
        D, F, PD, PS, P, U = (data[(n, c)] for c in CFGS)
        same = lambda a, b: a["body"] == b["body"]
        twin = [i for i in INTRINSICS if i != n and (i, "U") in data and same(U, data[(i, "U")])]
        if same(D, U):
            verdict = "identical to default"
        elif twin and not same(P, U):
            verdict = "replaced by " + "/".join(twin)
        elif same(P, U) and n.startswith("__"):
            verdict = "intrinsic, not substituted; changed only by -ftz=true (part of -use_fast_math)" if same(F, U) else "intrinsic, not substituted; changed by the implied flags"
        elif same(P, U):
            parts = []
            if not same(D, F):
                parts.append("ftz")
            if not same(D, PD):
                parts.append("prec-div")
            if not same(D, PS):
                parts.append("prec-sqrt")
            verdict = "no substitution; changed only by the implied flags (" + ", ".join(parts or ["combined flags"]) + ")"
        else:
            verdict = "substituted, but not identical to any listed intrinsic"
        twin = [DISPLAY.get(t, t) for t in twin]
        verdict = verdict.replace("__sincosf_s", "__sincosf (sine output)").replace("__sincosf_c", "__sincosf (cosine output)")
        print("\t".join([
            DISPLAY.get(n, n), summary(D),
            "yes" if not same(D, F) else "no",
            "yes" if not same(D, PD) else "no",
            "yes" if not same(D, PS) else "no",
            "identical" if same(P, U) else "different",
            "/".join(twin) if twin else "-",
            summary(U),
            GUIDE_FASTMATH.get(n, "-"),
            verdict]))


main()
