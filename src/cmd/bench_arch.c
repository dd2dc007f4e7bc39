/* bench_arch.c: `ulpcert bench --arch-record GROUPS` and `--arch-compare GROUPS`: an arch
 * record, or a comparison with one, in parts, each part a whole process as a user runs it
 * (cold: the process starts, opens its devices, records or compares the kinds of its
 * group and writes its file), timed from outside, with each kind's seconds as the record
 * prints them ("float-float: 51 variants in 206.6 s on 1 GPU"). A record made this way is
 * the record of the whole, in parts (`arch compare` takes the parts together); the sum of
 * the parts' wall times is the whole record's, less one process start per part. */
#include "src/cmd/bench_arch.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include "src/common.h"
#include "src/engine/kind.h"

/* Issue 47's targets on one H100 over all inputs, seconds: a part of one kind, and the sums. */
static const struct {
  const char *kinds;
  double record_s;
} targets[] = {{"binary32", 45}, {"float-float", 60}, {"pair", 120}};
#define TARGET_RECORD_S 300.0
#define TARGET_COMPARE_S 90.0

static double target_of(const char *group, int compare) {
  for (size_t i = 0; !compare && i < sizeof targets / sizeof targets[0]; i++)
    if (!strcmp(targets[i].kinds, group)) return targets[i].record_s;
  return 0;
}

/* Every name of the group a kind with arch entries: 0, or EXIT_USAGE with a message. */
static int check_group(const char *g) {
  char buf[512];
  if (!*g || strlen(g) >= sizeof buf || strspn(g, "abcdefghijklmnopqrstuvwxyz0123456789-,") != strlen(g)) {
    errorf("--arch-record/--arch-compare: '%s' is not a group of kinds (K,K.. with groups separated by '/')", g);
    return EXIT_USAGE;
  }
  snprintf(buf, sizeof buf, "%s", g);
  for (char *save, *t = strtok_r(buf, ",", &save); t; t = strtok_r(NULL, ",", &save)) {
    int found = 0;
    for (int k = 0; kinds[k] && !found; k++) found = kinds[k]->arch_record && !strcmp(kinds[k]->name, t);
    if (!found) {
      errorf("--arch-record/--arch-compare: '%s' is not a kind with arch records", t);
      return EXIT_USAGE;
    }
  }
  return 0;
}

/* The kinds' seconds a record's log prints ("K: N variants in S s on ..." or "K: done in
 * S s on ...") into ks; compare's counts of identical and differing variants and of
 * kinds the baselines lack. */
static void read_log(const char *path, json_t *ks, int *same, int *differ, int *missing) {
  FILE *f = fopen(path, "r");
  char line[1024], name[64];
  int n;
  double s;
  *same = *differ = *missing = 0;
  while (f && fgets(line, sizeof line, f)) {
    if (sscanf(line, "%63[a-z0-9-]: %d variants in %lf s", name, &n, &s) == 3 ||
        sscanf(line, "%63[a-z0-9-]: done in %lf s", name, &s) == 2)
      json_object_set_new(ks, name, json_real(s));
    *same += strstr(line, " identical") != NULL;
    *differ += strstr(line, "DIFFERS") != NULL;
    *missing += !strncmp(line, "incomplete:", 11);
  }
  if (f) fclose(f);
}

/* Part i (group g) as a process: its row. */
static json_t *run_part(const struct bench_arch_cfg *c, const char *self, const char *dir, int i, const char *g,
                        int *failed) {
  char out[4300], log[4300], cmd[16384];
  snprintf(out, sizeof out, "%s/part%d.json.gz", dir, i);
  snprintf(log, sizeof log, "%s/part%d.%s.log", dir, i, c->compare ? "compare" : "record");
  if (c->compare)
    snprintf(cmd, sizeof cmd, "'%s' arch compare %s --kinds %s --quiet %s >'%s' 2>&1", self, c->baselines, g, c->extra,
             log);
  else
    snprintf(cmd, sizeof cmd, "'%s' arch record --kinds %s --no-cache --quiet --out '%s' %s >'%s' 2>&1", self, g, out,
             c->extra, log);
  fflush(stdout);
  const double t0 = now_s();
  const int st = system(cmd);
  const double wall = now_s() - t0;
  const int code = st == -1 ? -1 : WIFEXITED(st) ? WEXITSTATUS(st) : 128 + WTERMSIG(st);
  json_t *ks = json_object();
  int same, differ, missing;
  read_log(log, ks, &same, &differ, &missing);
  const double target = target_of(g, c->compare);
  json_t *row = json_pack("{s:s, s:s, s:f, s:i, s:f}", "run", c->compare ? "arch compare" : "arch record", "kinds", g,
                          "process_wall_s", wall, "exit_status", code, "target_s", target);
  if (c->compare)
    json_object_set_new(row, "identical", json_integer(same)), json_object_set_new(row, "differ", json_integer(differ)),
        json_object_set_new(row, "baselines_lack_kinds", json_boolean(missing));
  char tg[32] = "-", what[300] = "";
  if (target > 0) snprintf(tg, sizeof tg, "%.0f", target);
  if (c->compare) snprintf(what, sizeof what, "%d identical, %d differ%s", same, differ, missing ? ", incomplete" : "");
  const char *key;
  json_t *v;
  size_t off = 0;
  json_object_foreach(ks, key, v) if (!c->compare && off < sizeof what)
      off += (size_t)snprintf(what + off, sizeof what - off, "%s%s %.2f s", off ? ", " : "", key, json_real_value(v));
  if (!c->compare) json_object_set_new(row, "kinds_s", ks), ks = NULL;
  if (!c->compare && c->out) json_object_set_new(row, "record", json_string(out));
  json_decref(ks);
  printf("| %-40s | %9.2f | %8s | %4d | %s |\n", g, wall, tg, code, what);
  if (code) {
    errorf("part '%s' exited with %d (its log: %s)", g, code, log);
    *failed = 1;
  }
  return row;
}

int bench_arch(const struct bench_arch_cfg *c, json_t *rows) {
  char groups[1024], self[4096], tmp[] = "/tmp/ulpcert-bench-arch-XXXXXX";
  snprintf(groups, sizeof groups, "%s", c->groups);
  for (char *save, *t = strtok_r(groups, "/", &save); t; t = strtok_r(NULL, "/", &save))
    if (check_group(t)) return EXIT_USAGE;
  const ssize_t n = readlink("/proc/self/exe", self, sizeof self - 1);
  const char *dir = c->out ? c->out : mkdtemp(tmp);
  if (c->out) mkdir(c->out, 0777);
  struct stat sb;
  if (n <= 0 || !dir || stat(dir, &sb) || !S_ISDIR(sb.st_mode) || strchr(dir, '\'')) {
    errorf("cannot find this program or make the folder %s", c->out ? c->out : "in /tmp");
    return EXIT_IO;
  }
  self[n] = 0;
  printf("\n%s in parts, each part a process of its own (whole process, cold):\n\n",
         c->compare ? "arch compare" : "arch record");
  printf("| %-40s | %9s | %8s | %4s | %s |\n", "kinds", "process s", "target s", "exit", c->compare ? "variants" : "each kind, as the record prints it");
  printf("| --- | --- | --- | --- | --- |\n");
  snprintf(groups, sizeof groups, "%s", c->groups);
  double sum = 0;
  int failed = 0, i = 0;
  for (char *save, *t = strtok_r(groups, "/", &save); t; t = strtok_r(NULL, "/", &save), i++) {
    json_t *row = run_part(c, self, dir, i, t, &failed);
    sum += json_real_value(json_object_get(row, "process_wall_s"));
    json_array_append_new(rows, row);
  }
  const double target = c->compare ? TARGET_COMPARE_S : TARGET_RECORD_S;
  printf("| %-40s | %9.2f | %8.0f |      | the sum of %d part%s |\n", "every part", sum, target, i, i == 1 ? "" : "s");
  json_array_append_new(rows, json_pack("{s:s, s:s, s:f, s:f, s:i}", "run", c->compare ? "arch compare" : "arch record",
                                        "kinds", "sum of the parts", "process_wall_s", sum, "target_s", target,
                                        "parts", i));
  printf("(targets: issue 47's, on one H100 over all inputs)\n");
  if (!c->out && !failed) { /* the temporary folder: its parts' records and logs (kept when a part failed) */
    char p[4400];
    for (int k = 0; k < i; k++) {
      snprintf(p, sizeof p, "%s/part%d.json.gz", dir, k), unlink(p);
      snprintf(p, sizeof p, "%s/part%d.%s.log", dir, k, c->compare ? "compare" : "record"), unlink(p);
    }
    rmdir(dir);
  }
  return failed ? EXIT_FAIL : 0;
}
