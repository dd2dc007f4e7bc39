/* worker.c: users' host functions evaluated in a separate process (worker.h).
 *
 * ulpcert and a worker share one memory object (struct shm: the request, the state, the
 * outputs) and one socket: ulpcert writes a request and sends a byte, the worker evaluates
 * and answers a byte. The worker is this binary started again (fork, exec of
 * /proc/self/exe), so nothing of ulpcert's state (threads, floating-point state, the
 * reference library) is shared; it loads the user's object from a descriptor ulpcert keeps
 * open, so that a second worker can load it again after the first one failed. */
#include "src/user/worker.h"

#include <dlfcn.h>
#include <errno.h>
#include <fcntl.h>
#include <fenv.h>
#include <omp.h>
#include <poll.h>
#include <pthread.h>
#include <signal.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/prctl.h>
#include <sys/socket.h>
#include <sys/wait.h>
#include <unistd.h>
#if defined(__x86_64__) || defined(__i386__)
#include <xmmintrin.h>
#endif

#include "src/common.h"

#define WMAXT USER_MAXTHREADS /* threads of a worker, at most */
#define WBLOCK 4096u    /* inputs a thread takes at a time */
#define FD_SOCK 3       /* a worker's descriptors */
#define FD_SHM 4
#define FD_OBJ 5

/* Floating-point control state: SSE's MXCSR without its sticky flags (rounding, FTZ, DAZ,
 * trap masks) and the x87 control word (precision, rounding, trap masks). Elsewhere: the
 * rounding mode. */
struct fpstate {
  uint32_t csr, cw;
};
static struct fpstate fp_now(void) {
  struct fpstate s = {0, 0};
#if defined(__x86_64__) || defined(__i386__)
  uint16_t cw;
  __asm__ volatile("fnstcw %0" : "=m"(cw));
  s.csr = _mm_getcsr() & ~0x3fu, s.cw = cw;
#else
  s.csr = (uint32_t)fegetround();
#endif
  return s;
}

struct shm {
  /* the request */
  uint32_t fn, first, count, nthreads;
  /* the answer: the threads of the team that evaluated the batch */
  uint32_t team;
  /* the worker's state: default (when it started), after loading the user's object */
  struct fpstate dfl, load;
  /* a call that left the state changed: its index in the batch, the state it left */
  uint32_t changed, changed_at;
  struct fpstate after;
  char msg[1024];
  volatile uint32_t cur[WMAXT]; /* 1 + index of the input each thread evaluates, 0: none */
  uint32_t out[USER_BATCH];
};

/* ---- the worker process ---- */

/* Inputs i0 .. i1-1 of the batch on thread t; with track, each input's index is stored
 * before its call (the batch is being evaluated again on one thread to find an input
 * that ended the worker) and the state checked after each call, else after the block. The
 * first input after which the state differs from the loaded one is noted. */
static void eval_block(struct shm *s, float (*f)(float), const fenv_t *base, int t, uint32_t i0, uint32_t i1,
                       int track) {
  const uint32_t x0 = s->first;
  const struct fpstate want = s->load;
  fesetenv(base);
  if (track) {
    for (uint32_t i = i0; i < i1; i++) {
      s->cur[t] = i + 1;
      s->out[i] = f2u(f(u2f(x0 + i)));
      struct fpstate now = fp_now();
      if (now.csr != want.csr || now.cw != want.cw) {
#pragma omp critical(ulpcert_changed)
        if (i < s->changed_at) s->changed_at = i, s->after = now;
        __atomic_store_n(&s->changed, 1, __ATOMIC_RELAXED);
        break;
      }
    }
    s->cur[t] = 0;
  } else {
    for (uint32_t i = i0; i < i1; i++) s->out[i] = f2u(f(u2f(x0 + i)));
    struct fpstate now = fp_now();
    if (now.csr != want.csr || now.cw != want.cw) eval_block(s, f, base, t, i0, i1, 1); /* which input */
  }
  fesetenv(base);
}

static void eval_batch(struct shm *s, float (*f)(float), const fenv_t *base) {
  const uint32_t n = s->count, nblk = (n + WBLOCK - 1) / WBLOCK;
  s->changed = 0, s->changed_at = UINT32_MAX;
  const int nt = s->nthreads < 1 ? 1 : s->nthreads > WMAXT ? WMAXT : (int)s->nthreads;
  s->team = 0;
#pragma omp parallel num_threads(nt)
  {
#pragma omp single nowait
    s->team = (uint32_t)omp_get_num_threads();
#pragma omp for schedule(dynamic, 1)
    for (uint32_t b = 0; b < nblk; b++)
      if (!__atomic_load_n(&s->changed, __ATOMIC_RELAXED))
        eval_block(s, f, base, omp_get_thread_num(), b * WBLOCK, (b + 1) * WBLOCK < n ? (b + 1) * WBLOCK : n, nt == 1);
  }
}

int user_worker_main(int argc, char **argv) {
  prctl(PR_SET_PDEATHSIG, SIGKILL);
  /* a terminal's ^C reaches the whole process group: ulpcert handles it (a partial
   * result) and ends this worker by closing the socket; the worker must not die first */
  signal(SIGINT, SIG_IGN);
  signal(SIGTERM, SIG_IGN);
  if (getppid() == 1) return 1;
  struct shm *s = mmap(NULL, sizeof *s, PROT_READ | PROT_WRITE, MAP_SHARED, FD_SHM, 0);
  if (s == MAP_FAILED || argc < 3) return 1;
  fesetenv(FE_DFL_ENV);
  s->dfl = fp_now();
  const int n = atoi(argv[2]);
  char obj[64], ans = 'L';
  snprintf(obj, sizeof obj, "/proc/self/fd/%d", FD_OBJ);
  void *h = dlopen(obj, RTLD_NOW | RTLD_LOCAL);
  float (**f)(float) = calloc((size_t)(n > 0 ? n : 1), sizeof *f);
  if (!h || !f) snprintf(s->msg, sizeof s->msg, "cannot load the compiled functions: %s", h ? "out of memory" : dlerror());
  for (int i = 0; h && f && i < n; i++) {
    char sym[64];
    snprintf(sym, sizeof sym, "ulpcert_entry_%d", i);
    *(void **)&f[i] = dlsym(h, sym);
    if (!f[i]) snprintf(s->msg, sizeof s->msg, "cannot find the compiled entry %d", i), h = NULL;
  }
  if (!h || !f) ans = 'E';
  /* the state the object's start-up code established (crtfastmath.o: FTZ, DAZ) */
  s->load = fp_now();
  fenv_t base;
  fegetenv(&base);
  if (send(FD_SOCK, &ans, 1, MSG_NOSIGNAL) != 1 || ans == 'E') return 1;
  char req;
  while (recv(FD_SOCK, &req, 1, 0) == 1) {
    if (req != 'R' || s->fn >= (uint32_t)n || s->count > USER_BATCH) return 1;
    eval_batch(s, f[s->fn], &base);
    ans = 'D';
    if (send(FD_SOCK, &ans, 1, MSG_NOSIGNAL) != 1) return 1;
  }
  return 0;
}

/* ---- ulpcert's side ---- */

struct user_worker {
  pthread_mutex_t mu;
  int obj;      /* the user's object, open */
  int n;        /* its functions */
  char names[64][128];
  pid_t pid;    /* the worker, 0: none */
  int sock;
  struct shm *s;
  int shm_fd;
  int nthreads; /* of the worker's batches: the caller's (user_worker_eval), 1 when finding an input */
  int failed;   /* an error ended it: later calls repeat err */
  char err[2048];
};

double user_timeout(void) {
  const char *e = getenv("ULPCERT_USER_TIMEOUT");
  char *end;
  double t = e && *e ? strtod(e, &end) : 0;
  return e && *e && !*end && t > 0 && t < 1e6 ? t : USER_TIMEOUT_DEFAULT;
}

/* Wait up to secs for the worker's answer byte: 1 it came, 0 the time ran out, -1 the
 * socket closed (the worker ended). */
static int wait_answer(struct user_worker *w, double secs, char *ans) {
  const double end = now_s() + secs;
  for (;;) {
    double left = end - now_s();
    if (left <= 0) return 0;
    struct pollfd p = {w->sock, POLLIN, 0};
    int r = poll(&p, 1, (int)(left * 1000) + 1);
    if (r < 0 && errno == EINTR) continue;
    if (r == 0) continue;
    return recv(w->sock, ans, 1, 0) == 1 ? 1 : -1;
  }
}

/* How the worker ended: "was killed by signal 11 (Segmentation fault)", "called exit(0)". */
static void reap(struct user_worker *w, int killed, char *how, size_t n) {
  int st = 0;
  if (killed) kill(w->pid, SIGKILL);
  while (waitpid(w->pid, &st, 0) < 0 && errno == EINTR) {
  }
  w->pid = 0;
  if (killed) snprintf(how, n, "did not finish within %g s (ULPCERT_USER_TIMEOUT) and was stopped", user_timeout());
  else if (WIFSIGNALED(st))
    snprintf(how, n, "was ended by signal %d (%s)", WTERMSIG(st), strsignal(WTERMSIG(st)));
  else snprintf(how, n, "ended the process with exit status %d (exit() or _exit() in the user's code)",
                WIFEXITED(st) ? WEXITSTATUS(st) : -1);
}

static void close_worker(struct user_worker *w) {
  if (w->pid) {
    char how[256];
    close(w->sock), w->sock = -1;
    reap(w, 1, how, sizeof how);
  }
  if (w->sock >= 0) close(w->sock), w->sock = -1;
}

/* Start a worker of nthreads threads on w's object. 0, or an exit code with w->err. */
static int spawn(struct user_worker *w, int nthreads) {
  int sv[2];
  if (socketpair(AF_UNIX, SOCK_STREAM | SOCK_CLOEXEC, 0, sv)) {
    snprintf(w->err, sizeof w->err, "cannot create a socket for the user's functions: %s", strerror(errno));
    return EXIT_IO;
  }
  char nbuf[16];
  snprintf(nbuf, sizeof nbuf, "%d", w->n);
  char *argv[] = {"ulpcert", USER_WORKER_ARG, nbuf, NULL};
  /* the worker's threads sleep between batches instead of spinning: ulpcert computes the
   * references and reduces meanwhile, on the same cores */
  size_t ne = 0;
  while (environ[ne]) ne++;
  char **envp = malloc((ne + 2) * sizeof *envp);
  if (!envp) {
    close(sv[0]), close(sv[1]);
    snprintf(w->err, sizeof w->err, "out of memory");
    return EXIT_IO;
  }
  size_t k = 0;
  envp[k++] = "OMP_WAIT_POLICY=PASSIVE";
  for (size_t i = 0; i < ne; i++)
    if (strncmp(environ[i], "OMP_WAIT_POLICY=", 16)) envp[k++] = environ[i];
  envp[k] = NULL;
  memset((void *)w->s, 0, offsetof(struct shm, out));
  /* above the worker's numbers, so that no dup2 below overwrites another */
  int hi[3] = {fcntl(sv[1], F_DUPFD_CLOEXEC, 16), fcntl(w->shm_fd, F_DUPFD_CLOEXEC, 16),
               fcntl(w->obj, F_DUPFD_CLOEXEC, 16)};
  close(sv[1]);
  pid_t pid = hi[0] < 0 || hi[1] < 0 || hi[2] < 0 ? -1 : fork();
  if (pid < 0) {
    for (int q = 0; q < 3; q++)
      if (hi[q] >= 0) close(hi[q]);
    free(envp);
    close(sv[0]);
    snprintf(w->err, sizeof w->err, "cannot start a process for the user's functions: %s", strerror(errno));
    return EXIT_IO;
  }
  if (pid == 0) { /* async-signal-safe calls only until exec */
    int ok = dup2(hi[0], FD_SOCK) == FD_SOCK && dup2(hi[1], FD_SHM) == FD_SHM && dup2(hi[2], FD_OBJ) == FD_OBJ &&
             dup2(2, 1) == 1;
    for (int fd = FD_OBJ + 1; ok && fd < 1024; fd++) close(fd);
    if (ok) execve("/proc/self/exe", argv, envp);
    _exit(127);
  }
  for (int q = 0; q < 3; q++) close(hi[q]);
  free(envp);
  w->pid = pid, w->sock = sv[0], w->nthreads = nthreads;
  char ans = 0, how[256];
  int r = wait_answer(w, user_timeout(), &ans);
  if (r == 1 && ans == 'L') return 0;
  if (r == 1) {
    snprintf(w->err, sizeof w->err, "%.1000s", w->s->msg);
    close_worker(w);
    return EXIT_USAGE;
  }
  reap(w, r == 0, how, sizeof how);
  snprintf(w->err, sizeof w->err, "the user's code, while being loaded (its start-up code), %s", how);
  close(w->sock), w->sock = -1;
  return EXIT_USERCODE;
}

static const char *fp_words(struct fpstate a, struct fpstate b, char *buf, size_t n) {
#if defined(__x86_64__) || defined(__i386__)
  static const char *rnd[] = {"to nearest", "downward", "upward", "toward zero"};
  const uint32_t d = a.csr ^ b.csr;
  size_t k = (size_t)snprintf(buf, n, "MXCSR 0x%04x -> 0x%04x", a.csr, b.csr);
  if (d & 0x8000 && k < n) k += (size_t)snprintf(buf + k, n - k, ", flush to zero %s", b.csr & 0x8000 ? "on" : "off");
  if (d & 0x40 && k < n) k += (size_t)snprintf(buf + k, n - k, ", denormals are zero %s", b.csr & 0x40 ? "on" : "off");
  if (d & 0x6000 && k < n) k += (size_t)snprintf(buf + k, n - k, ", rounding %s", rnd[(b.csr >> 13) & 3]);
  if (d & 0x1f80 && k < n) k += (size_t)snprintf(buf + k, n - k, ", exception traps changed");
  if (a.cw != b.cw && k < n) snprintf(buf + k, n - k, "; x87 control word 0x%04x -> 0x%04x", a.cw, b.cw);
#else
  snprintf(buf, n, "rounding mode %u -> %u", a.csr, b.csr);
#endif
  return buf;
}

struct user_worker *user_worker_start(const char *so, int n, const char *const *names, int *rc, char *err,
                                      size_t errlen) {
  struct user_worker *w = calloc(1, sizeof *w);
  *rc = EXIT_IO;
  if (!w) return snprintf(err, errlen, "out of memory"), NULL;
  pthread_mutex_init(&w->mu, NULL);
  w->n = n, w->sock = -1, w->obj = -1, w->shm_fd = -1;
  for (int i = 0; i < n && i < 64; i++) snprintf(w->names[i], sizeof w->names[i], "%s", names[i]);
  w->obj = open(so, O_RDONLY | O_CLOEXEC);
  w->shm_fd = memfd_create("ulpcert-user", MFD_CLOEXEC);
  if (w->obj < 0 || w->shm_fd < 0 || ftruncate(w->shm_fd, sizeof *w->s) ||
      (w->s = mmap(NULL, sizeof *w->s, PROT_READ | PROT_WRITE, MAP_SHARED, w->shm_fd, 0)) == MAP_FAILED) {
    snprintf(err, errlen, "cannot set up the process of the user's functions: %s", strerror(errno));
    w->s = NULL;
    user_worker_stop(w);
    return NULL;
  }
  *rc = spawn(w, 1);
  if (*rc) {
    snprintf(err, errlen, "%s", w->err);
    user_worker_stop(w);
    return NULL;
  }
  char buf[256];
  if (w->s->load.csr != w->s->dfl.csr || w->s->load.cw != w->s->dfl.cw)
    noticef("the compiled code changes the floating-point state when it is loaded (%s), as -ffast-math's start-up "
            "code does: its functions are evaluated in that state (as in any program built so), the references are "
            "not",
            fp_words(w->s->dfl, w->s->load, buf, sizeof buf));
  return w;
}

/* One batch (count <= USER_BATCH) on the running worker, on w->nthreads threads: 0, 1 (a
 * function left the state changed: w->err), -1 the worker ended or hung (how). */
static int batch(struct user_worker *w, int fn, uint32_t first, uint32_t count, uint32_t *out, char *how,
                 size_t hn) {
  w->s->fn = (uint32_t)fn, w->s->first = first, w->s->count = count, w->s->nthreads = (uint32_t)w->nthreads;
  char req = 'R', ans = 0;
  int r = send(w->sock, &req, 1, MSG_NOSIGNAL) == 1 ? wait_answer(w, user_timeout(), &ans) : -1;
  if (r != 1) {
    close(w->sock), w->sock = -1;
    reap(w, r == 0, how, hn);
    return -1;
  }
  if (w->s->changed) {
    char buf[256];
    const uint32_t x = first + w->s->changed_at;
    snprintf(w->err, sizeof w->err,
             "%s leaves the floating-point state changed after a call (%s) at x = %a (0x%08x): a function must "
             "restore what it changes (fesetround, fesetenv, FTZ/DAZ, traps), else its later calls and any code "
             "after it run in another mode; no result for it",
             w->names[fn], fp_words(w->s->load, w->s->after, buf, sizeof buf), (double)u2f(x), x);
    return 1;
  }
  memcpy(out, w->s->out, (size_t)count * 4);
  return 0;
}

/* After a batch ended the worker: the input being evaluated, found again on one thread. */
static void find_input(struct user_worker *w, int fn, uint32_t first, uint32_t count, const char *how) {
  uint32_t at = 0;
  int found = 0;
  for (int t = 0; t < WMAXT && w->nthreads == 1; t++)
    if (w->s->cur[t]) at = w->s->cur[t] - 1, found = 1;
  if (!found && w->nthreads > 1 && spawn(w, 1) == 0) {
    char how2[256];
    uint32_t *tmp = malloc((size_t)count * 4);
    if (tmp && batch(w, fn, first, count, tmp, how2, sizeof how2) < 0 && w->s->cur[0])
      at = w->s->cur[0] - 1, found = 1;
    free(tmp);
    close_worker(w);
  }
  if (found)
    snprintf(w->err, sizeof w->err, "the user's function %s %s while evaluating x = %a (0x%08x); no result for it",
             w->names[fn], how, (double)u2f(first + at), first + at);
  else
    snprintf(w->err, sizeof w->err,
             "the user's function %s %s while evaluating the inputs 0x%08x .. 0x%08x (not again when they were "
             "evaluated one at a time); no result for it",
             w->names[fn], how, first, first + count - 1);
}

int user_worker_eval(struct user_worker *w, int fn, int threads, int nr, const uint32_t *first, const uint32_t *count,
                     uint32_t *out, int *threads_used, char *err, size_t errlen) {
  pthread_mutex_lock(&w->mu);
  size_t k = 0;
  w->nthreads = threads < 1 ? 1 : threads > WMAXT ? WMAXT : threads;
  for (int r = 0; r < nr && !w->failed; r++)
    for (uint64_t off = 0; off < count[r] && !w->failed; off += USER_BATCH) {
      const uint32_t c = count[r] - off < USER_BATCH ? (uint32_t)(count[r] - off) : USER_BATCH;
      const uint32_t x = first[r] + (uint32_t)off;
      char how[256];
      int b = w->pid ? batch(w, fn, x, c, out + k, how, sizeof how) : -2;
      if (b == -2) snprintf(w->err, sizeof w->err, "the user's functions are no longer loaded");
      if (b == -1) find_input(w, fn, x, c, how);
      if (b == 0 && threads_used && (int)w->s->team > *threads_used) *threads_used = (int)w->s->team;
      w->failed = b != 0;
      k += c;
    }
  int rc = w->failed ? EXIT_USERCODE : 0;
  if (rc) snprintf(err, errlen, "%s", w->err);
  pthread_mutex_unlock(&w->mu);
  return rc;
}

void user_worker_stop(struct user_worker *w) {
  if (!w) return;
  close_worker(w);
  if (w->s) munmap(w->s, sizeof *w->s);
  if (w->shm_fd >= 0) close(w->shm_fd);
  if (w->obj >= 0) close(w->obj);
  pthread_mutex_destroy(&w->mu);
  free(w);
}
