/* diag.h: what the trusted base reports with: the exit codes every command shares (one per
 * kind of failure, documented in docs/usage.md, "Exit codes") and the messages on stderr.
 * The rest of the program takes them from here (src/common.h includes this file). */
#ifndef ULPCERT_DIAG_H
#define ULPCERT_DIAG_H

enum {
  EXIT_OK = 0,        /* success; for verification commands: nothing failed */
  EXIT_FAIL = 1,      /* a verification failed (VIOLATED claim, selftest miss, arch difference) */
  EXIT_USAGE = 2,     /* bad command line: unknown option or variant, bad range or number */
  EXIT_NOGPU = 3,     /* --backend gpu asked for, but no usable GPU or driver; or a CUDA error */
  EXIT_IO = 4,        /* a file could not be read or written (disk full included) */
  EXIT_CORRUPT = 5,   /* a file was read but is corrupt, truncated or of another version */
  EXIT_DEPEND = 6,    /* a dependency is missing at run time */
  EXIT_SKIPPED = 7,   /* certify checked nothing: every claim SKIPPED (GPU code without a GPU) */
  EXIT_USERCODE = 8,  /* the user's code crashed, trapped, exited, hung or left the floating-point
                         state changed (src/user/worker.h): no result for it */
  EXIT_INTERRUPT = 130 /* stopped by SIGINT/SIGTERM */
};

/* The sign bit of a binary32 bit pattern. */
#define SIGN32 0x80000000u

/* Print an error prefixed with "ulpcert: error: " to stderr (control bytes but newlines
 * and tabs written as \xHH). */
void errorf(const char *fmt, ...) __attribute__((format(printf, 1, 2)));
/* Print a notice prefixed with "ulpcert: " to stderr unless quiet. */
void noticef(const char *fmt, ...) __attribute__((format(printf, 1, 2)));
extern int g_quiet;

#endif
