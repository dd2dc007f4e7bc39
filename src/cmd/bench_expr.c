/* bench_expr.c: `ulpcert bench --expressions`: users' activation kernels against their
 * references written as expressions, each a whole process as a user runs it (run
 * --source --function --ref, cold: no cache, the table built, the user's code compiled),
 * over all 2^32 inputs (or --from/--to): the process's wall time, the table's build
 * time, how many reference values the device (or the host's table) decided and how many
 * the host's MPFR/Arb did, and how many no one could. */
#include "src/cmd/bench_expr.h"

#include <jansson.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "src/common.h"

/* The kernels, as GPU code commonly writes them (CUDA C; also plain C for the host's
 * compiler, with the backend cpu). */
static const char kernels[] =
    "#ifndef __CUDACC_RTC__\n"
    "#include <math.h>\n"
    "#define __device__\n"
    "#define rsqrtf(x) (1.0f / sqrtf(x)) /* not in C's library */\n"
    "#endif\n"
    "__device__ float k_silu(float x) { return x / (1.0f + expf(-x)); }\n"
    "__device__ float k_quick_gelu(float x) { return x / (1.0f + expf(-1.702f * x)); }\n"
    "__device__ float k_swish(float x) { return x / (1.0f + expf(-1.5f * x)); }\n"
    "__device__ float k_softplus(float x) { return log1pf(expf(x)); }\n"
    "__device__ float k_rsqrt1(float x) { return rsqrtf(x * x + 1.0f); }\n"
    "__device__ float k_mish(float x) { return x * tanhf(log1pf(expf(x))); }\n"
    "__device__ float k_softplus_thr(float x) { return x > 20.0f ? x : log1pf(expf(x)); }\n"
    "__device__ float k_sigmoid(float x) { return 1.0f / (1.0f + expf(-x)); }\n"
    "__device__ float k_silu_tanh(float x) { return 0.5f * x * (1.0f + tanhf(0.5f * x)); }\n"
    "__device__ float k_gelu(float x) { return 0.5f * x * (1.0f + erff(x * 0.70710678f)); }\n"
    "__device__ float k_gelu_tanh(float x) {\n"
    "  return 0.5f * x * (1.0f + tanhf(0.7978845608f * (x + 0.044715f * x * x * x)));\n"
    "}\n"
    "__device__ float k_elu(float x) { return x > 0.0f ? x : expm1f(x); }\n"
    /* numerical kernels (issue 44's twenty) */
    "__device__ float k_1mcos(float x) { return 1.0f - cosf(x); }\n"
    "__device__ float k_expm1x(float x) { return expf(x) - 1.0f - x; }\n"
    "__device__ float k_sqrt4(float x) { return sqrtf(x * x + 4.0f) - 2.0f; }\n"
    "__device__ float k_asinh(float x) { return logf(x + sqrtf(x * x + 1.0f)); }\n"
    "__device__ float k_tanhx(float x) { return tanhf(x) - x; }\n"
    "__device__ float k_atanx(float x) { return atanf(x) - x; }\n"
    "__device__ float k_sinc(float x) { return sinf(x) / x; }\n"
    "__device__ float k_sinh(float x) { return (expf(x) - expf(-x)) / 2.0f; }\n"
    "__device__ float k_erfx2(float x) { return erff(x) * expf(x * x); }\n"
    "__device__ float k_log1x2(float x) { return logf(1.0f + x * x); }\n"
    "__device__ float k_xsqrt(float x) { return x / sqrtf(1.0f + x * x); }\n"
    "__device__ float k_expinv(float x) { return expf(-1.0f / (x * x)); }\n"
    "__device__ float k_dsigmoid(float x) {\n"
    "  float s = 1.0f / (1.0f + expf(-x));\n"
    "  return s * (1.0f - s);\n"
    "}\n"
    "__device__ float k_x3(float x) { return x * x * x / (1.0f + x * x); }\n"
    "__device__ float k_coshm1(float x) { return coshf(x) - 1.0f; }\n"
    "__device__ float k_xexp(float x) { return x * expf(-x); }\n"
    "__device__ float k_lorentz(float x) { return 1.0f / (1.0f + x * x); }\n"
    "__device__ float k_logsinhc(float x) { return logf(sinhf(x) / x); }\n"
    "__device__ float k_xlogx(float x) { return x * logf(fabsf(x)); }\n"
    "__device__ float k_cbrt1(float x) { return cbrtf(1.0f + x) - 1.0f; }\n";

/* The 34 targets of docs/expressions.md: the 14 of tests/unit/test_exprtail.c (a user's
 * SiLU, six activations users write, and the written-out forms of the seven activation
 * references) and the 20 numerical kernels of issue 44 (tests/unit/test_ib.c); named: the catalogue's reference the expression writes out, whose run with
 * the same kernel must give the same result field for field (NULL: none); inc: the
 * expression is increasing (run with --ref-increasing, as the named references declare). */
static const struct {
  const char *fn, *ref, *named;
  int inc;
} targets[] = {
    {"k_silu", "x/(1+exp(-x))", "silu", 0},
    {"k_quick_gelu", "x*sigmoid(1.702*x)", NULL, 0},
    {"k_swish", "x/(1+exp(-1.5*x))", NULL, 0},
    {"k_softplus", "log(1+exp(x))", "softplus", 1},
    {"k_rsqrt1", "rsqrt(x*x+1)", NULL, 0},
    {"k_mish", "x*tanh(log(1+exp(x)))", "mish", 0},
    {"k_softplus_thr", "(x+fabs(x))/2+log1p(exp(-fabs(x)))", "softplus", 1},
    {"k_sigmoid", "1/(1+exp(-x))", "sigmoid", 1},
    {"k_silu_tanh", "x*(1+tanh(x/2))/2", "silu", 0},
    {"k_gelu", "0.5*x*(1+erf(x/sqrt(2)))", "gelu", 0},
    {"k_gelu_tanh", "0.5*x*(1+tanh(sqrt(2/pi)*(x+0.044715*x^3)))", "gelu_tanh", 0},
    {"k_softplus", "log1p(exp(x))", "softplus", 1},
    {"k_mish", "x*tanh(log1p(exp(x)))", "mish", 0},
    /* elu with fabs, -0 at -0 as elu ((x+fabs(x))/2+... gives +0 there by IEEE rules) */
    {"k_elu", "expm1((x-fabs(x))/2)-(-x-fabs(x))/2", "elu", 1},
    /* issue 44's twenty: a user's float kernel for each */
    {"k_1mcos", "1-cos(x)", NULL, 0},
    {"k_expm1x", "exp(x)-1-x", NULL, 0},
    {"k_sqrt4", "sqrt(x^2+4)-2", NULL, 0},
    {"k_asinh", "log(x+sqrt(x^2+1))", NULL, 0},
    {"k_tanhx", "tanh(x)-x", NULL, 0},
    {"k_atanx", "atan(x)-x", NULL, 0},
    {"k_sinc", "sin(x)/x", NULL, 0},
    {"k_sinh", "(exp(x)-exp(-x))/2", NULL, 0},
    {"k_erfx2", "erf(x)*exp(x^2)", NULL, 0},
    {"k_log1x2", "log(1+x^2)", NULL, 0},
    {"k_xsqrt", "x/sqrt(1+x^2)", NULL, 0},
    {"k_expinv", "exp(-1/x^2)", NULL, 0},
    {"k_dsigmoid", "sigmoid(x)*(1-sigmoid(x))", NULL, 0},
    {"k_x3", "x^3/(1+x^2)", NULL, 0},
    {"k_coshm1", "cosh(x)-1", NULL, 0},
    {"k_xexp", "x*exp(-x)", NULL, 0},
    {"k_lorentz", "1/(1+x^2)", NULL, 0},
    {"k_logsinhc", "log(sinh(x)/x)", NULL, 0},
    {"k_xlogx", "x*log(fabs(x))", NULL, 0},
    {"k_cbrt1", "(1+x)^(1/3)-1", NULL, 0},
};
#define NTARGETS ((int)(sizeof targets / sizeof targets[0]))

/* The kernels' file: kernels.cu for the GPU backend, kernels.c (the same text, plain C
 * for the host's compiler) for the CPU backend, which refuses a CUDA source. */
static const char *kernels_file(int gpu) { return gpu ? "kernels.cu" : "kernels.c"; }

/* One run as its own process (`run --source DIR/kernels.cu --function FN --ref REF
 * --no-cache`, cold; kernels.c with the CPU backend; with --ref-increasing where inc),
 * its wall time into *wall, its first result and its timing into *res and *tm (new
 * references). With limit > 0 the process is sent SIGINT after limit seconds (coreutils
 * timeout; SIGKILL 30 s later), and its partial result, which an interrupted run writes,
 * is read: *cut = 1. 0 or an exit code. */
static int run_process(const char *self, const char *dir, const char *fn, const char *ref, int inc, int gpu,
                       const char *extra, double limit, double *wall, json_t **res, json_t **tm, int *cut) {
  char js[4200], cmd[16384], lim[64] = "";
  snprintf(js, sizeof js, "%s/run.json", dir);
  unlink(js);
  if (limit > 0) snprintf(lim, sizeof lim, "timeout --signal=INT --kill-after=30 %.0f ", limit);
  /* no single quote in an expression of the table: single quotes keep it whole for the shell */
  snprintf(cmd, sizeof cmd, "%s'%s' run --source '%s/%s' --function %s --ref '%s' --no-cache --quiet --json '%s'%s %s >/dev/null",
           lim, self, dir, kernels_file(gpu), fn, ref, js, inc ? " --ref-increasing" : "", extra);
  fflush(stdout);
  const double t0 = now_s();
  const int st = system(cmd);
  *wall = now_s() - t0;
  *cut = limit > 0 && WIFEXITED(st) && WEXITSTATUS(st) == 124; /* timeout's status: the limit was reached */
  json_error_t je;
  json_t *root = st == 0 || *cut ? json_load_file(js, 0, &je) : NULL;
  unlink(js);
  *res = root ? json_incref(json_array_get(json_object_get(root, "results"), 0)) : NULL;
  *tm = root ? json_incref(json_object_get(root, "timing")) : NULL;
  json_decref(root);
  if (*cut && (!*res || !*tm)) { /* cut before its first chunk: nothing to read, the row says so */
    json_decref(*res), json_decref(*tm);
    *res = json_object(), *tm = json_object();
  }
  if (!*res || !*tm) {
    json_decref(*res), json_decref(*tm);
    errorf("'%s' failed (status %d)", cmd, st);
    return EXIT_FAIL;
  }
  return EXIT_OK;
}

/* The result fields where a and b differ, the reference's name aside (a JSON array). */
static json_t *differing_fields(json_t *a, json_t *b) {
  json_t *d = json_array();
  const char *key;
  json_t *v;
  json_object_foreach(a, key, v) if (strcmp(key, "reference") && !json_equal(v, json_object_get(b, key)))
      json_array_append_new(d, json_string(key));
  json_object_foreach(b, key, v) if (strcmp(key, "reference") && !json_object_get(a, key))
      json_array_append_new(d, json_string(key));
  return d;
}

/* The result of target k's kernel against its named reference: the run of an earlier target
 * with the same kernel and name, or a new one (into done[k]). NULL after a message. */
static json_t *named_result(const char *self, const char *dir, int k, int gpu, const char *extra, json_t **done,
                            double limit, double *wall) {
  *wall = 0;
  for (int i = 0; i < k; i++)
    if (done[i] && !strcmp(targets[i].fn, targets[k].fn) && !strcmp(targets[i].named, targets[k].named))
      return done[i];
  json_t *tm;
  int cut;
  if (run_process(self, dir, targets[k].fn, targets[k].named, 0, gpu, extra, limit, wall, &done[k], &tm, &cut))
    return NULL;
  json_decref(tm);
  if (cut) { /* a partial result compares with nothing */
    json_decref(done[k]);
    done[k] = NULL;
  }
  return done[k];
}

/* Target k: its row into *row (the expression's run, and the comparison with its named
 * reference's run). 0 or an exit code. */
static int bench_one(const char *self, const char *dir, int k, int gpu, const char *extra, double limit,
                     json_t **done, json_t **row) {
  double wall, nwall;
  json_t *res, *tm;
  int cut;
  *row = NULL;
  int rc = run_process(self, dir, targets[k].fn, targets[k].ref, targets[k].inc, gpu, extra, limit, &wall, &res, &tm,
                       &cut);
  if (rc) { /* the process failed (its message above): a row that says so, and the others go on */
    *row = json_pack("{s:s, s:s, s:f, s:b, s:b}", "kernel", targets[k].fn, "ref", targets[k].ref, "process_wall_s",
                     wall, "complete", 0, "failed", 1);
    return rc;
  }
  /* the row's fields: from the run's timing (0) or its result (1) */
  static const struct {
    const char *key, *from;
    int res;
  } fields[] = {{"run_wall_s", "wall_s", 0},        {"fast_build_s", "fast_build_s", 0},
                {"reference_s", "reference_s", 0},  {"device_references", "device_references", 0},
                {"by_table", "fast_hits", 0},       {"by_balls", "ball_hits", 0},
                {"host_decisions", "mpfr_calls", 0},
                {"undecidable", "undecidable", 1},  {"inputs", "inputs", 1},
                {"correctly_rounded", "correctly_rounded", 1}, {"max_ulp", "max_ulp", 1}};
  *row = json_pack("{s:s, s:s, s:f, s:b}", "kernel", targets[k].fn, "ref", targets[k].ref, "process_wall_s", wall,
                   "complete", !cut);
  if (cut) json_object_set_new(*row, "cut_at_s", json_real(limit));
  for (size_t i = 0; i < sizeof fields / sizeof fields[0]; i++) {
    json_t *v = json_object_get(fields[i].res ? res : tm, fields[i].from);
    json_object_set_new(*row, fields[i].key, v ? json_incref(v) : json_null());
  }
  if (targets[k].named && !cut) {
    json_t *nres = named_result(self, dir, k, gpu, extra, done, limit, &nwall);
    if (!nres) rc = EXIT_FAIL;
    else {
      json_t *d = differing_fields(res, nres);
      json_object_set_new(*row, "named", json_string(targets[k].named));
      json_object_set_new(*row, "named_process_wall_s", json_real(nwall));
      json_object_set_new(*row, "same_as_named", json_boolean(json_array_size(d) == 0));
      json_object_set_new(*row, "differing_fields", d);
    }
  }
  json_decref(res), json_decref(tm);
  return rc;
}

static void print_row(const json_t *row) {
  const json_t *same = json_object_get(row, "same_as_named");
  char named[64] = "-";
  if (same) snprintf(named, sizeof named, "%s %s", json_is_true(same) ? "=" : "DIFFERS from",
                     json_string_value(json_object_get(row, "named")));
  char wall[32];
  const json_t *cut = json_object_get(row, "cut_at_s");
  if (json_is_true(json_object_get(row, "failed"))) snprintf(wall, sizeof wall, "FAILED");
  else if (cut) snprintf(wall, sizeof wall, "cut %.0f", json_real_value(cut));
  else snprintf(wall, sizeof wall, "%.2f", json_real_value(json_object_get(row, "process_wall_s")));
  char c[5][24]; /* "-" where a process cut before its first chunk has no figure */
  static const char *keys[5] = {"fast_build_s", "by_table", "by_balls", "host_decisions", "undecidable"};
  for (int i = 0; i < 5; i++) {
    const json_t *v = json_object_get(row, keys[i]);
    if (!v || json_is_null(v)) snprintf(c[i], sizeof c[i], "-");
    else if (i == 0) snprintf(c[i], sizeof c[i], "%.2f", json_number_value(v));
    else snprintf(c[i], sizeof c[i], "%lld", (long long)json_integer_value(v));
  }
  printf("| %-44s | %-15s | %9s | %8s | %11s | %10s | %9s | %6s | %-22s |\n",
         json_string_value(json_object_get(row, "ref")), json_string_value(json_object_get(row, "kernel")), wall, c[0],
         c[1], c[2], c[3], c[4], named);
  fflush(stdout);
}

int bench_expressions(int gpu, const char *extra, double limit, json_t **out, int *ndiffer) {
  *ndiffer = 0;
  char self[4096], dir[] = "/tmp/ulpcert-bench-expr-XXXXXX", src[4200];
  const ssize_t n = readlink("/proc/self/exe", self, sizeof self - 1);
  *out = json_array();
  if (n <= 0 || !mkdtemp(dir)) {
    errorf("cannot find this program or make a temporary folder");
    return EXIT_IO;
  }
  self[n] = 0;
  snprintf(src, sizeof src, "%s/%s", dir, kernels_file(gpu));
  FILE *f = fopen(src, "w");
  if (!f || fputs(kernels, f) < 0 || fclose(f) != 0) {
    errorf("cannot write %s", src);
    unlink(src), rmdir(dir);
    return EXIT_IO;
  }
  printf("\n| %-44s | %-15s | %9s | %8s | %11s | %10s | %9s | %6s | %-22s |\n", "reference (expression)", "kernel",
         "process s", "table s", "by table", "by balls", "by host", "undec.", "named reference");
  printf("| --- | --- | --- | --- | --- | --- | --- | --- | --- |\n");
  json_t *done[NTARGETS] = {0};
  int rc = EXIT_OK, differ = 0, ncut = 0, nfailed = 0;
  for (int k = 0; k < NTARGETS && rc == EXIT_OK; k++) {
    json_t *row;
    rc = bench_one(self, dir, k, gpu, extra, limit, done, &row);
    if (!row) break;
    print_row(row);
    differ += json_is_false(json_object_get(row, "same_as_named"));
    ncut += json_object_get(row, "cut_at_s") != NULL;
    if (json_is_true(json_object_get(row, "failed"))) nfailed++, rc = EXIT_OK; /* the next rows still run */
    json_array_append_new(*out, row);
  }
  if (ncut)
    printf("\n%d process%s cut at the --expr-limit of %.0f s (their counts are what they had decided)\n", ncut,
           ncut > 1 ? "es" : "", limit);
  if (nfailed) {
    printf("\n%d process%s FAILED (the messages above; rows marked \"failed\")\n", nfailed, nfailed > 1 ? "es" : "");
    if (!rc) rc = EXIT_FAIL;
  }
  for (int k = 0; k < NTARGETS; k++) json_decref(done[k]);
  unlink(src), rmdir(dir);
  *ndiffer = differ;
  if (!rc && differ)
    printf("\n%d written-out form%s give%s another result than the named reference (\"differing_fields\")\n", differ,
           differ > 1 ? "s" : "", differ > 1 ? "" : "s");
  return rc;
}
