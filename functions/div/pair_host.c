/* pair_host.c: the host's IEEE division, as a variant of functions/div/pair.def. */
float pair_host_div(float a, float b) { return a / b; }
