/* maxrelerr = 1e-3 maxulperr=2.5 ref = tanh */
float f(float a) { return a; }
