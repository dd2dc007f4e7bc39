/* plots.h: the binary32 kind's plots (gnuplot scripts run by src/report/report.c): per
 * variant and device the maximum ulp error along the bit patterns and along x in [-10, 10],
 * and its histogram; per family the variants' curves over x, one curve for variants whose
 * curves are identical. Every axis is fitted to the inputs the run covered. */
#ifndef ULPCERT_B32_PLOTS_H
#define ULPCERT_B32_PLOTS_H

#include <stddef.h>
#include <stdint.h>

struct stats;

/* What a plot shows of one variant on one device. */
struct plot_row {
  const char *name;        /* the variant */
  const char *dev;         /* its device as the tables name it */
  const char *short_dev;   /* the same for a legend ("H100 80GB HBM3", "CPU") */
  const char *tag;         /* the file name part: plots/<tag>-bins.svg */
  const struct stats *s;
  uint32_t from, to;       /* the bit patterns the run covered */
};

/* The three plots of r in dir/plots (SVG, and PNG with png). 0 or an exit code with err. */
int b32_plot_row(const struct plot_row *r, const char *dir, int png, char *err, size_t errlen);
/* The overview of a family: dir/plots/<family>-overview.svg from its rows. */
int b32_plot_overview(const struct plot_row *rows, int n, const char *family, const char *dir, int png, char *err,
                      size_t errlen);
/* The x range [*lo, *hi] within [-10, 10] that inputs from..to cover (bin edges of width
 * 0.01); 0 when none of them lies there. */
int b32_plot_xrange(uint32_t from, uint32_t to, double *lo, double *hi);

#endif
