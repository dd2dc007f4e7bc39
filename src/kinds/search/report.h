/* report.h: the search kind's part of `ulpcert report` (report.c). */
#ifndef ULPCERT_SEARCH_REPORT_H
#define ULPCERT_SEARCH_REPORT_H

#include "src/kinds/search/result.h"

struct report;
int sr_report(struct report *rp, struct kind_result *const *rs, char *const *paths, int n);

#endif
