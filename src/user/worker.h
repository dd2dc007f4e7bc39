/* worker.h: users' host functions evaluated in a separate process.
 *
 * The user's compiled functions (a shared object built by userfn.c) are never loaded into
 * ulpcert's own process. A worker (this binary, started again with a private first
 * argument) loads them and evaluates batches of inputs into memory shared with ulpcert:
 * - its floating-point state is its own: whatever the user's code sets (a rounding mode,
 *   FTZ/DAZ from -ffast-math's start-up code, enabled traps) never reaches the references;
 * - the state the code establishes when loaded is the one every batch starts from (it is
 *   the function's behaviour in any program built so) and is reported when it differs
 *   from the default; a function that leaves the state changed after a call is an error,
 *   reported with the input;
 * - a crash, a trap, an exit or a hang (no answer within the time limit of a batch) ends
 *   the worker, not ulpcert: the error names the signal or exit status and the input being
 *   evaluated (the batch is evaluated again on one thread to find it), and no result is
 *   claimed (EXIT_USERCODE). */
#ifndef ULPCERT_USER_WORKER_H
#define ULPCERT_USER_WORKER_H

#include <stddef.h>
#include <stdint.h>

/* argv[1] of a worker process; main() hands such a process to user_worker_main */
#define USER_WORKER_ARG "--ulpcert-internal-user-worker"
int user_worker_main(int argc, char **argv);

struct user_worker;

/* A worker for the n functions ulpcert_entry_0..n-1 of the shared object at so (which may
 * be deleted once this returns). NULL with the reason in err (and *rc an exit code). A
 * notice is printed if the object's start-up code changes the floating-point state. */
struct user_worker *user_worker_start(const char *so, int n, const char *const *names, int *rc, char *err,
                                      size_t errlen);

/* out[0..) = function fn at the inputs first[r] .. first[r] + count[r] - 1, r = 0..nr-1, in
 * that order, on threads threads of the worker (at most USER_MAXTHREADS); *threads_used (if
 * not NULL) is raised to the threads the worker's batches ran on, as it reports them. 0, or
 * EXIT_USERCODE (or EXIT_IO) with the reason in err; after an error the worker is gone and
 * every later call fails with the same error. Thread-safe. */
#define USER_MAXTHREADS 512
int user_worker_eval(struct user_worker *w, int fn, int threads, int nr, const uint32_t *first, const uint32_t *count,
                     uint32_t *out, int *threads_used, char *err, size_t errlen);

/* The time limit of one batch in seconds: $ULPCERT_USER_TIMEOUT (a positive number), else
 * USER_TIMEOUT_DEFAULT. A batch is at most USER_BATCH inputs. On the GPU backend the same
 * limit holds for each kernel launch of a user's function (gpu_dyn_add). */
#define USER_TIMEOUT_DEFAULT 60.0
#define USER_BATCH (1u << 20)
double user_timeout(void);

void user_worker_stop(struct user_worker *w);

#endif
