/* watch.cuh: the time limit of users' kernels on the GPU (run --source, certify).
 *
 * A user's function that never returns would hang a run on the GPU: a launched kernel cannot
 * be stopped from the host short of ending the process. Each launch of a user's kernel is
 * watched: an event recorded on its stream before it and one after it. A thread of this
 * process polls them (every WATCH_POLL_S); a kernel whose first event is complete and whose
 * second is not has been running since the poll that saw the first complete. When that is
 * longer than the function's limit ($ULPCERT_USER_TIMEOUT, given to gpu_dyn_add), the
 * thread prints which function did not finish, on which device and over which inputs, and
 * ends the process with EXIT_USERCODE at once (_exit): no result file, no partial result,
 * nothing after a run that cannot be vouched for; the driver ends the kernel with the
 * process. A kernel that ends in a CUDA error is left to the caller, whose next check
 * reports it. Included by eval.cu. */
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
#define WATCH_POLL_S 0.02 /* seconds between two looks at the events */

struct watch {
  int state; /* 0 free, 1 taken by a launch under way, 2 watched */
  int dev;
  cudaEvent_t before, after;
  char name[128]; /* the user's function */
  double limit;   /* seconds */
  uint32_t first, count;
  double started; /* when 'before' was seen complete (0: not yet) */
};

static struct watch g_watch[WATCH_MAX];
static int g_watch_n, g_watch_on; /* entries not free; the thread started */
static pthread_mutex_t g_watch_lock = PTHREAD_MUTEX_INITIALIZER;
static pthread_cond_t g_watch_cv = PTHREAD_COND_INITIALIZER;

static double watch_now(void) {
  struct timespec ts;
  clock_gettime(CLOCK_MONOTONIC, &ts);
  return (double)ts.tv_sec + ts.tv_nsec * 1e-9;
}

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

/* Entry i done with (completed, or failed: the caller's check reports a failure). Under the lock. */
static void watch_release(int i) {
  struct watch *w = &g_watch[i];
  cudaSetDevice(w->dev);
  cudaEventDestroy(w->before), cudaEventDestroy(w->after);
  w->state = 0;
  g_watch_n--;
  pthread_cond_broadcast(&g_watch_cv);
}

/* One look at every watched launch. Under the lock. */
static void watch_poll(void) {
  const double now = watch_now();
  for (int i = 0; i < WATCH_MAX; i++) {
    struct watch *w = &g_watch[i];
    if (w->state != 2) continue;
    if (cudaSetDevice(w->dev) != cudaSuccess) continue;
    if (!w->started) {
      const cudaError_t q = cudaEventQuery(w->before);
      if (q == cudaErrorNotReady) continue;
      if (q != cudaSuccess) {
        watch_release(i);
        continue;
      }
      w->started = now;
    }
    const cudaError_t q = cudaEventQuery(w->after);
    if (q != cudaErrorNotReady) watch_release(i);
    else if (now - w->started > w->limit) watch_expire(w, now - w->started);
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

/* Before launching a user's kernel on stream st of device dev (current): an entry with the
 * event 'before' recorded, or -1 (set_err says why). */
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
  if (cudaEventCreateWithFlags(&w->before, cudaEventDisableTiming) != cudaSuccess) {
    pthread_mutex_unlock(&g_watch_lock);
    set_err("cannot create an event to time a user's kernel");
    return -1;
  }
  if (cudaEventCreateWithFlags(&w->after, cudaEventDisableTiming) != cudaSuccess ||
      cudaEventRecord(w->before, st) != cudaSuccess) {
    cudaEventDestroy(w->before);
    pthread_mutex_unlock(&g_watch_lock);
    set_err("cannot record an event to time a user's kernel");
    return -1;
  }
  w->state = 1, g_watch_n++;
  w->dev = dev, w->limit = limit, w->first = first, w->count = count, w->started = 0;
  snprintf(w->name, sizeof w->name, "%s", name);
  pthread_mutex_unlock(&g_watch_lock);
  return i;
}

/* After the launch (launched: it was enqueued): its event 'after', and the entry watched
 * from now on; or the entry given back. 0 or -1. */
static int watch_after(int i, cudaStream_t st, int launched) {
  pthread_mutex_lock(&g_watch_lock);
  struct watch *w = &g_watch[i];
  const int ok = launched && cudaEventRecord(w->after, st) == cudaSuccess;
  if (ok) w->state = 2;
  else cudaEventDestroy(w->before), cudaEventDestroy(w->after), w->state = 0, g_watch_n--;
  pthread_cond_broadcast(&g_watch_cv);
  pthread_mutex_unlock(&g_watch_lock);
  if (launched && !ok) set_err("cannot record an event to time a user's kernel");
  return ok || !launched ? 0 : -1;
}

#endif
