/* gpu.h: the binary32 kind's GPU backend, seen from its host scan (scan.c). Implemented in
 * eval.cu (or gpu_nogpu.c when the build has no CUDA toolkit); the probe every kind shares
 * is src/engine/device.h. */
#ifndef ULPCERT_GPU_H
#define ULPCERT_GPU_H

#include <stddef.h>
#include <stdint.h>

#include "src/kinds/binary32/device/work_items.h"
#include "src/jsonio/head.h"
#include "src/measure/item_stats.h"
#include "reference/fast/fast_eval.h"

#ifdef __cplusplus
extern "C" {
#endif

/* Device functions beyond the catalogue's (whose numbers are the variants' catalogue
 * indices): the selftest's table, and user functions compiled at run time. */
#define GPU_TABLE (-2)
#define GPU_DYN_BASE (1 << 20)
/* A function the host evaluates (a host library's, on the GPU backend): before each
 * gpu_submit the caller writes its outputs for the submitted segments, back to back, into
 * gpu_out_buffer(g, slot, f); the submit copies them to the device instead of launching. */
#define GPU_HOST (-3)

#define GPU_SLOTS 2
#define GPU_MAXF 64 /* functions per context (the scan's SCAN_MAXV) */
#define GPU_MAXSEG 2

struct gpu_ctx;
/* Open device dev for nfn device functions (catalogue indices or the numbers above), chunks of at most max_count inputs
 * per submit (summed over its segments) and at most max_items reduction work items.
 * Returns NULL with a message in err. */
struct gpu_ctx *gpu_open(int dev, int nfn, const int *fns, uint32_t max_count, uint32_t max_items, char *err,
                         size_t errlen);
/* The measure of each function f (absolute-error range and bound clauses): cfg[f]. 0 or -1. */
int gpu_set_measure(struct gpu_ctx *g, const struct measure_cfg *cfg);
/* Enqueue the evaluation of every function over nseg segments [first[i], first[i]+count[i])
 * into slot's device buffers (segments back to back), and with copy_outputs their copy to
 * the slot's pinned host buffers. Asynchronous. 0 or -1. */
int gpu_submit(struct gpu_ctx *g, int slot, int nseg, const uint32_t *first, const uint32_t *count, int copy_outputs);
/* The pinned host buffer of function f's outputs in slot (max_count entries): where a
 * GPU_HOST function's outputs are written before gpu_submit, and where copy_outputs
 * brings the device's. */
uint32_t *gpu_out_buffer(struct gpu_ctx *g, int slot, int f);
/* Pinned host buffers where the engine writes a chunk's reference values for slot
 * (2 * max_count / 2 entries: positives then negatives), made on the first call; NULL
 * (gpu_last_error says why) when pinned memory runs out. */
void gpu_ref_buffers(struct gpu_ctx *g, int slot, double **ry, int8_t **rt);
/* Enqueue, after slot's evaluation: copy its reference values (nref entries; none for an
 * outputs-only reduction) to the device and reduce every work item of geom for every
 * function into parts (index v * 2 * nblk + item; reduce.cuh). 0 or -1. */
int gpu_submit_reduce(struct gpu_ctx *g, int slot, const struct gpu_geom *geom, uint32_t nref);
/* Reference values computed on the device (ref_kernel.cuh). Set once per context:
 * the reference's device shortcut (ref_device_shortcut, -1 for none) and its fast-path
 * table (NULL or an empty view for none), copied to the device. 0 or -1. */
int gpu_set_reference(struct gpu_ctx *g, int shortcut, const struct fast_view *tab);
/* The ball evaluator's program of an expression reference (reference/interval/ib_prog.h;
 * NULL: none), copied to the device after gpu_set_reference: what the shortcut and the
 * table leave, the device decides in balls (balls.cu) before the host does. 0 or -1. */
struct ib_prog;
int gpu_set_balls(struct gpu_ctx *g, const struct ib_prog *P);
/* Enqueue, after slot's evaluation: the reference values of geom's chunk into slot's
 * device buffers (the engine's layout: sym ? len : 2 * len entries), the undecided entries
 * listed. 0 or -1. */
int gpu_submit_reference(struct gpu_ctx *g, int slot, const struct gpu_geom *geom);
/* Wait for slot's reference values: *idx (pinned host memory, valid until the next
 * submit on slot) lists the *n undecided entries; by[0], by[1] and by[2] count the entries
 * the shortcut, the table and the balls decided. 0 or -1. */
int gpu_reference_undecided(struct gpu_ctx *g, int slot, const uint32_t **idx, uint32_t *n, uint64_t by[3]);
/* Enqueue: the host's values of slot's n undecided entries, written in list order at the
 * start of gpu_ref_buffers' arrays, into the device buffers. 0 or -1. */
int gpu_reference_patch(struct gpu_ctx *g, int slot, uint32_t n);
/* refcheck: the reference values of ranges of inputs, each input as it is (no mirroring),
 * on device dev: the reference's device shortcut and table (uploaded once), and GPU_SLOTS
 * slots of at most max_count inputs, so that the device computes one range while the host
 * reads another. NULL (gpu_last_error says why) when the device or its memory is not there. */
struct gpu_refs;
struct gpu_refs *gpu_refs_open(int dev, int shortcut, const struct fast_view *tab, uint32_t max_count);
/* Enqueue [first, first + count) into slot (asynchronous). 0 or -1. */
int gpu_refs_submit(struct gpu_refs *r, int slot, uint32_t first, uint32_t count);
/* Wait for slot: input first + i has y[i], t[i] and how[i] (0 undecided, 1 the shortcut, 2 the
 * table), in pinned host memory the caller may change, valid until slot's next submit. 0 or -1. */
int gpu_refs_wait(struct gpu_refs *r, int slot, double **y, int8_t **t, uint8_t **how);
void gpu_refs_close(struct gpu_refs *r);
/* Wait for slot; outs[f] receives the host buffer of function f (filled when copied), *parts
 * the parts (NULL if no reduction was submitted). 0 or -1. */
int gpu_wait(struct gpu_ctx *g, int slot, uint32_t **outs, const struct part **parts);
/* Total seconds spent in kernels and in copies so far (from CUDA events). */
void gpu_times(struct gpu_ctx *g, double *kernel_s, double *copy_s);
/* The device reduction's x-bin maxima of function f (GPU_XBINS entries: 0 for none,
 * else the error's binary64 bits + 1). 0 or -1. */
int gpu_read_xbins(struct gpu_ctx *g, int f, uint64_t *out);
void gpu_close(struct gpu_ctx *g);
/* Scan after scan in one thread: between gpu_pool_begin and gpu_pool_end, gpu_close keeps
 * the thread's last context of each device, and gpu_open on that device takes it back,
 * cleared, when its buffers fit (same max_count and max_items, room for nfn functions),
 * instead of allocating and pinning its buffers again. gpu_pool_end frees what is kept.
 * Results do not change: a context taken back starts as a new one does. */
void gpu_pool_begin(void);
void gpu_pool_end(void);
/* The most device memory seen in use so far (bytes, the whole device), 0 if unknown. */
uint64_t gpu_peak_device_bytes(void);
/* Register a compiled user function: a CUBIN image holding kernel 'kernel'
 * (first, count, out), the user's function name (for messages) and the seconds one launch
 * may run (over a chunk's segment; past them the process ends with EXIT_USERCODE and a
 * message: watch.cuh). Returns its function number (>= GPU_DYN_BASE) or -1. */
int gpu_dyn_add(const void *image, size_t size, const char *kernel, const char *name, double limit_s);
/* Launch such a kernel with arguments of its own (args, as cuLaunchKernel takes them) on the
 * current device, stream (NULL: the default one), under the same time limit (first, count:
 * the inputs its message names). 0, or -1 (gpu_last_error). */
int gpu_dyn_launch(int fn, unsigned blocks, unsigned threads, void **args, uint32_t first, uint32_t count,
                   void *stream);
const char *gpu_last_error(void);
/* GPU_TABLE's outputs (on every device): tab[0..n) for magnitudes tlo.. of positive inputs, tab[n..2n)
 * for negative ones. 0 or -1. */
int gpu_set_table(const uint32_t *tab, uint32_t tlo, uint32_t n);

#ifdef __cplusplus
}
#endif
#endif
