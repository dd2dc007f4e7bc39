/* test_results.c: the body the kinds share in src/engine/: a run's description
 * (run_info_cpu, run_info_for, run_info_gpu, gpu_only_backend, first_device in options.h)
 * and a result document's start, writing and reading back (results.h). The expected values
 * are the options given and the header's fields as src/jsonio/head.h describes them (the
 * domain's bounds as 0x%08x text): each helper must hand back what it was given, in its
 * place, and refuse what is not a result. */
#include <jansson.h>
#include <omp.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "testutil.h"
#include "src/engine/device.h"
#include "src/engine/options.h"
#include "src/engine/results.h"
#include "src/jsonio/json_io.h"

static void cli_of(struct scan_cli *sc, uint32_t from, uint32_t to, int threads) {
  memset(sc, 0, sizeof *sc);
  scan_default_opts(&sc->o);
  sc->backend = -1;
  sc->o.from = from, sc->o.to = to, sc->o.threads = threads;
}

/* run_info_cpu: the command line as typed, the range and the threads as given (else
 * OpenMP's), no GPU; run_info_for: the same with the backend chosen (the CPU when asked). */
static void test_run_info(void **state) {
  (void)state;
  struct scan_cli sc;
  struct run_info ri;
  snprintf(g_command_line, sizeof g_command_line, "ulpcert run popc --from 0x10 --to 0x20");
  cli_of(&sc, 0x10, 0x20, 3);
  run_info_cpu(&sc, &ri);
  assert_string_equal(ri.command, "ulpcert run popc --from 0x10 --to 0x20");
  assert_int_equal(ri.from, 0x10), assert_int_equal(ri.to, 0x20);
  assert_int_equal(ri.threads, 3), assert_int_equal(ri.gpu, 0);
  cli_of(&sc, 0, 0xffffffffu, 0);
  run_info_cpu(&sc, &ri);
  assert_int_equal(ri.threads, omp_get_max_threads());
  assert_int_equal(ri.to, 0xffffffffu);
  cli_of(&sc, 5, 7, 2);
  sc.backend = 0;
  assert_int_equal(run_info_for(&sc, &ri), 0);
  assert_int_equal(ri.gpu, 0), assert_int_equal(ri.from, 5), assert_int_equal(ri.to, 7);
  assert_int_equal(ri.threads, 2), assert_int_equal(ri.ndevices, 0);
}

/* run_info_gpu: ri->gpu 1 where gpu_probe finds a GPU, else EXIT_NOGPU and ri->gpu 0;
 * gpu_only_backend refuses --backend cpu only; first_device: the first of --devices. */
static void test_gpu_only(void **state) {
  (void)state;
  struct gpu_info g;
  char why[512];
  const int have = gpu_probe(&g, why, sizeof why) == 0;
  struct run_info ri;
  int rc = run_info_gpu(&ri, "test variants");
  assert_int_equal(rc, have ? 0 : EXIT_NOGPU);
  assert_int_equal(ri.gpu, have);
  struct scan_cli sc;
  cli_of(&sc, 0, 0, 0);
  sc.backend = 0;
  assert_int_equal(gpu_only_backend(&sc, "test variants run on the GPU"), EXIT_USAGE);
  sc.backend = 1;
  assert_int_equal(gpu_only_backend(&sc, "test variants run on the GPU"), 0);
  sc.backend = -1;
  assert_int_equal(gpu_only_backend(&sc, "test variants run on the GPU"), 0);
  assert_int_equal(first_device(&sc), 0);
  sc.o.ndevices = 2, sc.o.devices[0] = 3, sc.o.devices[1] = 1;
  assert_int_equal(first_device(&sc), 3);
}

/* result_root with and without the range; result_write_free puts "results" in and the file
 * reads back; result_array_read gives that array, and refuses a document without one, one
 * longer than max and one whose header is incomplete. */
static void test_document(void **state) {
  (void)state;
  struct scan_cli sc;
  struct run_info ri, back;
  cli_of(&sc, 0x100, 0x1ff, 1);
  run_info_cpu(&sc, &ri);
  ri.complete = 1;
  json_t *bare = result_root(&ri, "popc", 0, 2.5);
  assert_string_equal(json_string_value(json_object_get(bare, "kind")), "popc");
  assert_true(json_real_value(json_object_get(json_object_get(bare, "timing"), "wall_s")) == 2.5);
  assert_null(json_object_get(bare, "domain"));
  assert_null(json_object_get(bare, "covered"));
  json_decref(bare);

  char dir[] = "/tmp/ulpcert-test-results-XXXXXX", path[128], err[512] = "";
  assert_non_null(mkdtemp(dir));
  snprintf(path, sizeof path, "%s/r.json", dir);
  json_t *res = json_pack("[i, i]", 7, 8);
  assert_int_equal(result_write_free(path, result_root(&ri, "popc", 1, 0.25), res, err, sizeof err), 0);
  json_t *doc = NULL, *arr = NULL;
  assert_int_equal(json_read_path(path, &doc, err, sizeof err), 0);
  json_t *dom = json_object_get(doc, "domain");
  assert_string_equal(json_string_value(json_object_get(dom, "from")), "0x00000100");
  assert_int_equal(json_integer_value(json_object_get(dom, "count")), 0x100);
  assert_int_equal(result_array_read(doc, path, &back, &arr, 0, "not a popc result", err, sizeof err), 0);
  assert_int_equal(json_array_size(arr), 2);
  assert_int_equal(json_integer_value(json_array_get(arr, 1)), 8);
  assert_int_equal(back.from, 0x100), assert_int_equal(back.to, 0x1ff);
  assert_int_equal(result_array_read(doc, path, &back, &arr, 2, "not a popc result", err, sizeof err), 0);

  char want[256];
  snprintf(want, sizeof want, "%s: not a popc result", path);
  assert_int_equal(result_array_read(doc, path, &back, &arr, 1, "not a popc result", err, sizeof err), EXIT_CORRUPT);
  assert_string_equal(err, want);
  json_object_set_new(doc, "results", json_string("none"));
  err[0] = 0;
  assert_int_equal(result_array_read(doc, path, &back, &arr, 0, "not a popc result", err, sizeof err), EXIT_CORRUPT);
  assert_string_equal(err, want);
  json_object_del(doc, "version");
  err[0] = 0;
  assert_int_equal(result_array_read(doc, path, &back, &arr, 0, "not a popc result", err, sizeof err), EXIT_CORRUPT);
  assert_non_null(strstr(err, "'version'"));
  json_decref(doc);
  unlink(path), rmdir(dir);
}

int main(void) {
  const struct CMUnitTest tests[] = {cmocka_unit_test(test_run_info), cmocka_unit_test(test_gpu_only),
                                     cmocka_unit_test(test_document)};
  return cmocka_run_group_tests(tests, NULL, NULL);
}
