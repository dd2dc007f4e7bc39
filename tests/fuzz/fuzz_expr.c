/* fuzz_expr.c: libFuzzer target for the expression parser of `--ref EXPR` and `ref = EXPR`
 * (reference/expr/expr.h): any text must parse or be refused with a message that names a
 * column inside the text (or just past it); a parsed expression must evaluate on a few
 * balls without a crash. */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "reference/expr/expr.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  if (size > EXPR_MAX_LEN + 16) return 0;
  char *text = malloc(size + 1);
  memcpy(text, data, size);
  text[size] = 0;
  const size_t len = strlen(text); /* the parser reads up to the first NUL */
  char err[512] = "";
  struct expr *e = expr_parse(text, err, sizeof err);
  if (!e) {
    const char *c = strstr(err, " at column ");
    if (!c) __builtin_trap();
    long col = strtol(c + 11, NULL, 10);
    if (col < 1 || (size_t)col > len + 1) __builtin_trap();
  } else {
    arb_t x, r;
    arb_init(x), arb_init(r);
    static const double xs[] = {0.0, -1.5, 0.25, 1e5};
    for (int i = 0; i < 4; i++) {
      arb_set_d(x, xs[i]);
      expr_arb(r, e, x, 64);
    }
    arb_clear(x), arb_clear(r);
    expr_free(e);
  }
  free(text);
  return 0;
}
