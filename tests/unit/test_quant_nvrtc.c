/* test_quant_nvrtc.c: the part of a user's quantizer on the GPU that runs without one: the
 * program user_gpu.c builds around the --source file (the device scan of qg_kernel.cuh with
 * check.h and reference/quant/quant.h, whose text the build embeds) compiled by NVRTC for
 * sm_90. The test quantizers of tests/data/quant (CUDA C) must compile into a CUBIN holding
 * the kernels of each quantizer asked for (element form, block form and its fix-up), named
 * by family and source; one that includes cuda_fp8.h compiles (the toolkit's headers), one
 * without quant_scale too; a file whose function has another type, or lacks it, must not
 * compile, with NVRTC's message naming the function. Skipped (visibly) where NVRTC is not
 * installed. Seconds. */
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "testutil.h"
#include "src/kinds/quant/quant.h"

static int have_nvrtc = -1;

/* does the image hold the string s (a kernel's name in the CUBIN's symbol table) */
static int holds(const char *img, size_t n, const char *s) {
  size_t k = strlen(s);
  for (size_t i = 0; i + k <= n; i++)
    if (!memcmp(img + i, s, k)) return 1;
  return 0;
}

static struct kind_result *with(int n, const int (*v)[3]) {
  struct kind_result *r = calloc(1, sizeof *r);
  r->g = 1.0f, r->Ng = 1, r->Eg = 0, r->nv = n;
  for (int i = 0; i < n; i++) r->run[i].fam = v[i][0], r->run[i].src = v[i][1], r->run[i].impl = v[i][2];
  return r;
}

/* compile path for r's quantizers: the exit code, the image in *img */
static int compile(struct kind_result *r, const char *path, const char *efn, const char *bfn, char **img, size_t *n,
                   char *log, size_t loglen) {
  int rc = q_user_cubin(r, path, efn, bfn, 9, 0, img, n, log, loglen);
  if (rc == EXIT_DEPEND && have_nvrtc < 0) {
    have_nvrtc = 0;
    printf("test_quant_nvrtc: SKIPPED (not run): %s\n", log);
  } else if (have_nvrtc < 0) {
    have_nvrtc = 1;
  }
  return rc;
}

static void test_compiles(void **state) {
  (void)state;
  const int v[][3] = {{QM_E2M1, QX_BF16, QI_USER}, {QM_E2M1, QX_BF16, QI_BLOCK}, {QM_E2M1, QX_F16, QI_USER}};
  struct kind_result *r = with(3, v);
  char *img = NULL, log[8192];
  size_t n = 0;
  int rc = compile(r, "tests/data/quant/mxfp4_ceil.cu", "quant_element", "quant_block", &img, &n, log, sizeof log);
  if (!have_nvrtc) return free(r);
  if (rc) printf("%s\n", log);
  assert_int_equal(rc, 0);
  assert_true(n > 1000);
  /* QM_E2M1 = 4, QX_BF16 = 2, QX_F16 = 1 */
  assert_true(holds(img, n, "ulpcert_q_4_2"));
  assert_true(holds(img, n, "ulpcert_qb_4_2"));
  assert_true(holds(img, n, "ulpcert_qbfix_4_2"));
  assert_true(holds(img, n, "ulpcert_q_4_1"));
  assert_false(holds(img, n, "ulpcert_qb_4_1"));
  free(img), free(r);
}

static void test_nvfp4_and_fp8(void **state) {
  (void)state;
  const int v[][3] = {{QM_NVFP4, QX_F32, QI_USER}, {QM_E4M3, QX_BF16, QI_USER}};
  struct kind_result *r = with(2, v);
  char *img = NULL, log[8192];
  size_t n = 0;
  int rc = compile(r, "tests/data/quant/e4m3_nan.cu", "quant_element", NULL, &img, &n, log, sizeof log);
  if (!have_nvrtc) return free(r);
  if (rc) printf("%s\n", log);
  assert_int_equal(rc, 0);
  assert_true(holds(img, n, "ulpcert_q_5_0") && holds(img, n, "ulpcert_q_0_2"));
  free(img), img = NULL;
  /* cuda_fp8.h's conversions, from the toolkit's include folder */
  rc = compile(r, "tests/data/quant/cuda_e4m3.cu", "quant_element", NULL, &img, &n, log, sizeof log);
  if (rc) printf("%s\n", log);
  assert_int_equal(rc, 0);
  free(img), free(r);
}

/* a function of another type, or none: no CUBIN, NVRTC's message names it */
static void test_rejects(void **state) {
  (void)state;
  const int v[][3] = {{QM_E2M1, QX_BF16, QI_USER}};
  struct kind_result *r = with(1, v);
  char path[] = "/tmp/ulpcert-qnvrtc-XXXXXX.cu", *img = NULL, log[8192];
  size_t n = 0;
  int fd = mkstemps(path, 3);
  assert_true(fd >= 0);
  FILE *f = fdopen(fd, "w");
  /* first a right one without quant_scale (optional: found by overload resolution) */
  fputs("#include <stdint.h>\nuint32_t quant_element(uint32_t x, uint32_t s) { return x & 7; }\n", f);
  fclose(f);
  int rc = compile(r, path, "quant_element", NULL, &img, &n, log, sizeof log);
  if (have_nvrtc) {
    if (rc) printf("%s\n", log);
    assert_int_equal(rc, 0);
    free(img), img = NULL;
  }
  f = fopen(path, "w");
  fputs("#include <stdint.h>\nfloat quant_element(float x, uint32_t s) { return x; }\n", f);
  fclose(f);
  rc = compile(r, path, "quant_element", NULL, &img, &n, log, sizeof log);
  if (have_nvrtc) {
    assert_int_equal(rc, EXIT_USAGE);
    assert_null(img);
    assert_non_null(strstr(log, "quant_element must be uint32_t quant_element(uint32_t x, uint32_t scale_code)"));
    rc = compile(r, path, "my_quant", NULL, &img, &n, log, sizeof log);
    assert_int_equal(rc, EXIT_USAGE);
    assert_non_null(strstr(log, "my_quant"));
  }
  unlink(path);
  free(r);
}

int main(void) {
  const struct CMUnitTest tests[] = {cmocka_unit_test(test_compiles), cmocka_unit_test(test_nvfp4_and_fp8),
                                     cmocka_unit_test(test_rejects)};
  return cmocka_run_group_tests(tests, NULL, NULL);
}
