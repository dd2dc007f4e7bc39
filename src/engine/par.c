/* par.c: see par.h. Each rank scans its slice of the range (balanced by cost, as
 * --shard does) with its machine's GPUs and cores; rank 0 merges and writes. */
#include "src/engine/par.h"

#include <stdlib.h>
#include <string.h>

#ifdef ULPCERT_MPI
#include <mpi.h>

static int g_rank = 0, g_size = 1, g_on = 0;

void par_init(int *argc, char ***argv) {
  int provided;
  MPI_Init_thread(argc, argv, MPI_THREAD_FUNNELED, &provided);
  MPI_Comm_rank(MPI_COMM_WORLD, &g_rank);
  MPI_Comm_size(MPI_COMM_WORLD, &g_size);
  g_on = 1;
}

void par_finalize(void) {
  if (g_on) MPI_Finalize();
  g_on = 0;
}

int par_rank(void) { return g_rank; }
int par_size(void) { return g_size; }

int par_reduce_stats(struct stats *const *st, int nv) {
  if (g_size == 1) return 0;
  size_t one = sizeof(struct stats);
  struct stats *buf = NULL;
  if (g_rank == 0) {
    buf = malloc(one * (size_t)nv * (size_t)g_size);
    if (!buf) return -1;
  }
  struct stats *mine = malloc(one * (size_t)nv);
  if (!mine) return -1;
  for (int i = 0; i < nv; i++) memcpy(&mine[i], st[i], one);
  /* the ranks run the same binary: the struct travels as bytes */
  int rc = MPI_Gather(mine, (int)(one * (size_t)nv), MPI_BYTE, buf, (int)(one * (size_t)nv), MPI_BYTE, 0,
                      MPI_COMM_WORLD);
  free(mine);
  if (rc != MPI_SUCCESS) return -1;
  if (g_rank == 0) {
    for (int r = 1; r < g_size; r++)
      for (int i = 0; i < nv; i++) stats_merge(st[i], &buf[(size_t)r * nv + i]);
    free(buf);
  }
  return 0;
}

int par_reduce_bytes(void *mine, size_t n, void (*merge)(void *mine, const void *theirs, void *ctx), void *ctx) {
  if (g_size == 1) return 0;
  char *buf = g_rank == 0 ? malloc(n * (size_t)g_size) : NULL;
  if (g_rank == 0 && !buf) return -1;
  int rc = MPI_Gather(mine, (int)n, MPI_BYTE, buf, (int)n, MPI_BYTE, 0, MPI_COMM_WORLD);
  if (rc == MPI_SUCCESS && g_rank == 0)
    for (int r = 1; r < g_size; r++) merge(mine, buf + (size_t)r * n, ctx);
  free(buf);
  return rc == MPI_SUCCESS ? 0 : -1;
}

int par_agree(int rc) {
  if (g_size == 1) return rc;
  int out = rc;
  MPI_Allreduce(&rc, &out, 1, MPI_INT, MPI_MAX, MPI_COMM_WORLD);
  return out;
}

double par_sum(double x) {
  double out = x;
  if (g_size > 1) MPI_Reduce(&x, &out, 1, MPI_DOUBLE, MPI_SUM, 0, MPI_COMM_WORLD);
  return out;
}

double par_max(double x) {
  double out = x;
  if (g_size > 1) MPI_Reduce(&x, &out, 1, MPI_DOUBLE, MPI_MAX, 0, MPI_COMM_WORLD);
  return out;
}

#else

void par_init(int *argc, char ***argv) { (void)argc, (void)argv; }
void par_finalize(void) {}
int par_rank(void) { return 0; }
int par_size(void) { return 1; }
int par_reduce_stats(struct stats *const *st, int nv) { (void)st, (void)nv; return 0; }
int par_reduce_bytes(void *mine, size_t n, void (*merge)(void *mine, const void *theirs, void *ctx), void *ctx) {
  (void)mine, (void)n, (void)merge, (void)ctx;
  return 0;
}
int par_agree(int rc) { return rc; }
double par_sum(double x) { return x; }
double par_max(double x) { return x; }

#endif
