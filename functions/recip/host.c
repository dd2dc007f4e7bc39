/* Host variant of 1/x: IEEE division, correctly rounded. */
float host_rcp(float x) { return 1.0f / x; }
