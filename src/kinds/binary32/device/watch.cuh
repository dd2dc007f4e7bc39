/* watch.cuh: the time limit of users' kernels on the GPU (run --source, certify).
 *
 * A user's function that never returns would hang a run on the GPU: a launched kernel cannot
 * be stopped from the host short of ending the process. Each launch of a user's kernel is
 * watched: a host function enqueued on its stream just before it notes when the stream
 * reaches the kernel (the work before it done: the kernel starts), one enqueued just after it
 * notes that it finished. A thread of this process looks at those notes every WATCH_POLL_S
 * seconds, and makes no CUDA call (a call could wait behind the kernel that hangs): when a
 * kernel has started and not finished for longer than the function's limit
 * ($ULPCERT_USER_TIMEOUT, given to gpu_dyn_add), it prints which function did not finish, on
 * which device and over which inputs, and ends the process with EXIT_USERCODE at once
 * (_exit): no result file, no partial result, nothing after a run that cannot be vouched
 * for; the driver ends the kernel with the process. A kernel that fails (a CUDA error) is
 * the caller's to report, at its next check of the stream. Included by eval.cu. */
#ifndef ULPCERT_WATCH_CUH
#define ULPCERT_WATCH_CUH

#include <cuda_runtime.h>
#include <pthread.h>
#include <stdint.h>
#include <stdio.h>
#include <time.h>
#include <unistd.h>

extern "C" {
#include "reference/diag.h" /* EXIT_USERCODE */
}

#define WATCH_MAX 256     /* launches watched at once (a new one waits for a free entry) */
#define WATCH_POLL_S 0.02 /* seconds between two looks */

struct watch {
  int state; /* 0 free, 1 taken by a launch being enqueued, 2 watched; under g_watch_lock */
  int dev;
  char name[128]; /* the user's function */
  double limit;   /* seconds */
  uint32_t first, count;
  /* written by the stream's host functions (atomics): when the kernel started (ns of
   * CLOCK_MONOTONIC, 0: not yet), whether it finished */
  uint64_t started_ns;
  int done;
};

static struct watch g_watch[WATCH_MAX];
static int g_watch_n, g_watch_on; /* entries not free; the thread started */
static pthread_mutex_t g_watch_lock = PTHREAD_MUTEX_INITIALIZER;
static pthread_cond_t g_watch_cv = PTHREAD_COND_INITIALIZER;

static uint64_t watch_now_ns(void) {
  struct timespec ts;
  clock_gettime(CLOCK_MONOTONIC, &ts);
  return (uint64_t)ts.tv_sec * 1000000000u + (uint64_t)ts.tv_nsec;
}

/* The stream's host functions (no CUDA call in them, as CUDA requires). */
static void CUDART_CB watch_started(void *p) {
  __atomic_store_n(&((struct watch *)p)->started_ns, watch_now_ns(), __ATOMIC_RELEASE);
}
static void CUDART_CB watch_done(void *p) { __atomic_store_n(&((struct watch *)p)->done, 1, __ATOMIC_RELEASE); }

/* The end of a run whose user kernel did not finish: the message, then the process ends. */
static void watch_expire(const struct watch *w, double ran) {
  fprintf(stderr,
          "ulpcert: error: the user's function %s did not finish within %g s (ULPCERT_USER_TIMEOUT) on GPU %d, "
          "in a launch over the inputs 0x%08x .. 0x%08x (still running after %.1f s): the run was stopped; no "
          "result for it\n",
          w->name, w->limit, w->dev, w->first, w->first + w->count - 1, ran);
  fflush(stderr);
  _exit(EXIT_USERCODE);
}

/* One look at every watched launch: the finished ones given back, one over its limit ends
 * the process. Under the lock. */
static void watch_poll(void) {
  const uint64_t now = watch_now_ns();
  for (int i = 0; i < WATCH_MAX; i++) {
    struct watch *w = &g_watch[i];
    if (w->state != 2) continue;
    if (__atomic_load_n(&w->done, __ATOMIC_ACQUIRE)) {
      w->state = 0, g_watch_n--;
      pthread_cond_broadcast(&g_watch_cv);
      continue;
    }
    const uint64_t t0 = __atomic_load_n(&w->started_ns, __ATOMIC_ACQUIRE);
    if (t0 && now > t0 && (double)(now - t0) * 1e-9 > w->limit) watch_expire(w, (double)(now - t0) * 1e-9);
  }
}

static void *watch_thread(void *arg) {
  (void)arg;
  pthread_mutex_lock(&g_watch_lock);
  for (;;) {
    while (!g_watch_n) pthread_cond_wait(&g_watch_cv, &g_watch_lock);
    watch_poll();
    pthread_mutex_unlock(&g_watch_lock);
    usleep((useconds_t)(WATCH_POLL_S * 1e6));
    pthread_mutex_lock(&g_watch_lock);
  }
  return NULL;
}

/* Before launching a user's kernel on stream st of device dev: an entry, with the host
 * function that notes its start enqueued; or -1 (set_err says why). */
static int watch_before(int dev, const char *name, double limit, uint32_t first, uint32_t count, cudaStream_t st) {
  pthread_mutex_lock(&g_watch_lock);
  if (!g_watch_on) {
    pthread_t t;
    if (pthread_create(&t, NULL, watch_thread, NULL)) {
      pthread_mutex_unlock(&g_watch_lock);
      set_err("cannot start the thread that limits the time of a user's kernel");
      return -1;
    }
    pthread_detach(t);
    g_watch_on = 1;
  }
  while (g_watch_n == WATCH_MAX) pthread_cond_wait(&g_watch_cv, &g_watch_lock);
  int i = 0;
  while (g_watch[i].state) i++;
  struct watch *w = &g_watch[i];
  w->state = 1, g_watch_n++;
  w->dev = dev, w->limit = limit, w->first = first, w->count = count;
  w->started_ns = 0, w->done = 0;
  snprintf(w->name, sizeof w->name, "%s", name);
  pthread_mutex_unlock(&g_watch_lock);
  if (cudaLaunchHostFunc(st, watch_started, w) != cudaSuccess) {
    pthread_mutex_lock(&g_watch_lock);
    w->state = 0, g_watch_n--;
    pthread_cond_broadcast(&g_watch_cv);
    pthread_mutex_unlock(&g_watch_lock);
    set_err("cannot enqueue the timing of a user's kernel");
    return -1;
  }
  return i;
}

/* After the launch (launched: it was enqueued): the host function that notes its end, and
 * the entry watched from now on (given back once the end is noted: the start note enqueued
 * before it has come by then). 0 or -1. Should the note not be enqueued, the entry stays
 * taken, never reused under a start note still to come (the run fails anyway). */
static int watch_after(int i, cudaStream_t st, int launched) {
  struct watch *w = &g_watch[i];
  const int ok = cudaLaunchHostFunc(st, watch_done, w) == cudaSuccess;
  pthread_mutex_lock(&g_watch_lock);
  if (ok) w->state = 2;
  pthread_cond_broadcast(&g_watch_cv);
  pthread_mutex_unlock(&g_watch_lock);
  if (launched && !ok) set_err("cannot enqueue the timing of a user's kernel");
  return ok || !launched ? 0 : -1;
}

#endif
