# ulpcert: exhaustive verification of approximate math functions (binary32 and two-argument
# functions, float-float, 16-bit formats, conversions) against correctly rounded references.
#
#   make            build build/ulpcert (installs missing -dev packages with apt-get when root)
#   make run        the main job: exhaustive run of the tanh family, table + JSON in build/results/
#   make test       the quick tests: every kind and command on small ranges (CPU; GPU tests run when
#                   a GPU is present); make test-slow the slow ones; make ci all of them and more
#   make bench      per-stage timings and scaling (reports/bench/ holds committed results)
#   make            device code for the machine at hand: the GPU's own architecture when one
#                   answers (nvidia-smi, or the toolkit's device query), none without a GPU (the
#                   CPU backend; the build says how to build for GPUs)
#   make ARCHS=all  device code for every architecture from sm_75 (releases, packages, gpu-carry.sh)
#   make ARCHS="sm_90"  device code for chosen architectures only
#   make SAN=1 test     host code under AddressSanitizer and UndefinedBehaviorSanitizer
#   make MPI=1          an MPI build (build-mpi/ulpcert) for mpirun -np N ... run
#   make install PREFIX=/usr/local   the binary and its libraries: PREFIX/bin/ulpcert
#   make NVEXTRA=-DFF_MINBLOCKS=2   extra nvcc flags for every .cu file (variants of a kernel's build)

.DEFAULT_GOAL := all
# every core unless -j says otherwise: a first `make run` on a laptop builds in parallel
# (the top-level make only: a sub-make shares its jobs)
ifeq ($(MAKELEVEL)$(filter -j%,$(MAKEFLAGS)),0)
  MAKEFLAGS += -j$(shell nproc 2>/dev/null || echo 2)
endif
CC      ?= gcc
BUILD   ?= build
NVCC    ?= $(shell command -v nvcc 2>/dev/null || ( [ -x /usr/local/cuda/bin/nvcc ] && echo /usr/local/cuda/bin/nvcc ))
CUDA_HOME ?= $(if $(NVCC),$(patsubst %/bin/nvcc,%,$(NVCC)),)
LIBDIR  ?= /usr/lib/x86_64-linux-gnu

CFLAGS  ?= -O2 -g
CFLAGS  += -I. -I$(BUILD)/gen -std=c11 -D_GNU_SOURCE -Wall -Wextra -Werror=implicit-function-declaration -Wno-unused-parameter -fopenmp -ffp-contract=off
# fma() as one instruction where the build machine has it (the fast path's evaluator calls it
# for every input; the results are the same either way: C11 fma rounds once)
HOST_FMA ?= $(shell grep -qw fma /proc/cpuinfo 2>/dev/null && echo -mfma)
CFLAGS  += $(HOST_FMA)
LDLIBS  := -fopenmp -lm -ldl

ifeq ($(MPI),1)
  # MPI build: the ranks split the range and rank 0 merges (src/engine/par.c)
  BUILD := build-mpi
  CC := mpicc
  CFLAGS += -DULPCERT_MPI
endif

ifeq ($(SAN),1)
  BUILD := build-san
  CFLAGS += -fsanitize=address,undefined -fno-omit-frame-pointer -fno-sanitize-recover=undefined
  LDLIBS += -fsanitize=address,undefined
  # shared libraries: sanitizers dislike static archives mixed with the runtime
  LIBS_DEP := -lflint-arb -lflint -lmpfr -lgmp -ljansson -lz
else
  # static Jansson and zlib; Arb (FLINT) exists only as shared libraries, so MPFR and GMP are
  # linked shared too (one copy of each in the process) and all four travel in $(BUILD)/lib,
  # found through the binary's rpath: it needs nothing else but libgomp and the CUDA driver
  LIBS_DEP := $(LIBDIR)/libjansson.a $(LIBDIR)/libz.a -lflint-arb -lflint -lmpfr -lgmp -Wl,--disable-new-dtags,-rpath,'$$ORIGIN/lib'
endif

# Device code (ARCHS): by default for the machine at hand. With a GPU, its own architecture
# (the compute capabilities nvidia-smi reports, else the answer of the toolkit's device query,
# the one nvcc -arch=native asks); without one, no device code at all: the CPU backend needs
# none, and the build says how to build for GPUs. ARCHS=all: every real architecture the
# toolkit knows from sm_75 up, plus PTX of the newest (a release, a package, a binary that
# travels to a GPU machine). ARCHS="sm_80 sm_90": those.
# (The sanitizer build checks the host code and uses the no-GPU backend.)
ifeq ($(SAN),1)
  NVCC :=
endif
# the toolkit's compiler, kept where a build has no device code: the CUDA headers' host
# (software) paths (src/kinds/*/*_host.cu) need only it, so the CPU backend runs CUDA's
# conversions and quantizers as their headers compute them on the host
TOOLKIT_NVCC := $(NVCC)
CUDART_LIBS := -L$(CUDA_HOME)/lib64 -L$(CUDA_HOME)/targets/x86_64-linux/lib -lcudart_static -lstdc++ -ldl -lrt -lpthread
GPU_QUERY_SH = { nvidia-smi --query-gpu=compute_cap --format=csv,noheader 2>/dev/null || \
                 $(CUDA_HOME)/bin/__nvcc_device_query 2>/dev/null; } | tr ', ' '\n\n' | \
               sed -n 's/^\([0-9][0-9]*\)\.\{0,1\}\([0-9]\)$$/sm_\1\2/p' | sort -u | tr '\n' ' '
ifneq ($(NVCC),)
  ALL_ARCHS = $(shell $(NVCC) --list-gpu-code 2>/dev/null | grep '^sm_' | sed 's/sm_//' | awk '$$1 >= 75' | sort -n | sed 's/^/sm_/' | tr '\n' ' ')
  ifeq ($(origin ARCHS),undefined)
    ARCHS := native
  endif
  ifeq ($(strip $(ARCHS)),native)
    GPU_ARCHS := $(strip $(shell $(GPU_QUERY_SH)))
    # a GPU newer than the toolkit: the newest architecture it knows, whose PTX (in every
    # build) the driver compiles for that GPU
    override ARCHS := $(if $(GPU_ARCHS),$(or $(filter $(ALL_ARCHS),$(GPU_ARCHS)),$(lastword $(ALL_ARCHS))))
    ARCHS_WHY := $(if $(ARCHS),the GPU of this machine,no GPU on this machine)
  endif
  ifeq ($(strip $(ARCHS)),all)
    override ARCHS := $(strip $(ALL_ARCHS))
  endif
  # no architecture: a build without device code (the CPU backend)
  ifeq ($(strip $(ARCHS)),)
    NVCC :=
  endif
endif
ifneq ($(NVCC),)
  PTX_ARCH := $(lastword $(ARCHS))
  GENCODE := $(foreach a,$(ARCHS),-gencode arch=compute_$(a:sm_%=%),code=$(a)) \
             -gencode arch=compute_$(PTX_ARCH:sm_%=%),code=compute_$(PTX_ARCH:sm_%=%)
  NVBASE := -O3 -std=c++17 --threads 0 -I. -I$(BUILD)/gen -DULPCERT_ARCHS='"$(strip $(ARCHS)) + PTX $(PTX_ARCH:sm_%=compute_%)"' $(NVEXTRA)
  # the targets of a device object: the build's, unless the object names its own
  NVGEN = $(GENCODE)
  # the conversions' flavours (src/kinds/convert/catalogue.h): the headers' software paths
  # as PTX for compute_75 (compiled by the driver for the GPU at hand), and the
  # family-specific targets of the toolkit (none: the flavour says it was not built)
  FAM_ARCHS := $(filter sm_100 sm_110 sm_120,$(shell $(NVCC) --list-gpu-code 2>/dev/null))
  FAM_GENCODE := $(foreach a,$(FAM_ARCHS),-gencode arch=compute_$(a:sm_%=%)f,code=$(a)f)
  # every .cu file is one object; its build flavour (contraction, flush to zero) is part of it
  CU_SRC := $(wildcard src/engine/*.cu src/kinds/*/*.cu src/kinds/*/*/*.cu)
  GPU_OBJ := $(patsubst %.cu,$(BUILD)/%.o,$(CU_SRC))
  GPU_LIBS := $(CUDART_LIBS)
else ifneq ($(TOOLKIT_NVCC),)
  HOSTCU_SRC := $(wildcard src/kinds/*/*_host.cu)
  GPU_OBJ = $(patsubst %.c,$(BUILD)/%.o,$(NOGPU_SRC)) $(patsubst %.cu,$(BUILD)/%.o,$(HOSTCU_SRC))
  GPU_LIBS := $(CUDART_LIBS)
else
  GPU_OBJ = $(patsubst %.c,$(BUILD)/%.o,$(NOGPU_SRC) $(NOTOOLKIT_SRC))
  GPU_LIBS :=
endif

# host sources: the engine, commands, kinds and the catalogue (functions/*/)
# (test_*.c in a function folder are its tests; *_nogpu.c stand in for the device code of a
# build without the CUDA toolkit)
ALL_C := $(wildcard src/*.c src/*/*.c src/kinds/*/*.c src/kinds/*/*/*.c reference/*.c reference/*/*.c kernels/*.c functions/*/*.c)
NOGPU_SRC := $(filter %_nogpu.c,$(ALL_C))
NOTOOLKIT_SRC := $(filter %_notoolkit.c,$(ALL_C))
NOT_TESTS = $(foreach f,$(1),$(if $(findstring /test_,$(f)),,$(f)))
SRC := $(call NOT_TESTS,$(filter-out src/main.c $(NOGPU_SRC) $(NOTOOLKIT_SRC),$(ALL_C)))
OBJ := $(patsubst %.c,$(BUILD)/%.o,$(SRC)) $(BUILD)/$(BUILD)/gen/host_libc.o
MAIN_OBJ := $(BUILD)/src/main.o
# The catalogue: every functions/<name>/<name>.def and <name>.cuh, listed in generated
# files (rewritten only when the list changes, so that adding or removing a folder
# rebuilds what reads it).
GEN := $(BUILD)/gen
# (a folder's <name>.def first, then its <name>.*.def files: more variants of the function;
# the same for its device code, <name>.cuh then <name>.*.cuh)
CAT_DEFS := $(foreach d,$(sort $(wildcard functions/*/)),$(wildcard $(d)$(notdir $(d:/=)).def) \
              $(sort $(wildcard $(d)$(notdir $(d:/=)).*.def)))
# CUDA's own functions, compiled once per build flavour (src/kinds/binary32/device/flavour.cuh):
# the functions the .def files declare as CUDA_FUNCTION(fn, ...) or with a CUDA_VARIANT(fn, REF, FTZ),
# in catalogue order, one CUDA_FLAVOURS(fn) line each in the generated device_flavours.cuh
# every device file: <name>.cuh, then <name>.*.cuh
CAT_CUHS := $(foreach d,$(sort $(wildcard functions/*/)),$(wildcard $(d)$(notdir $(d:/=)).cuh) \
              $(sort $(wildcard $(d)$(notdir $(d:/=)).*.cuh)))
# references whose shortcut compiles for the device too (functions/<name>/shortcut.h, rules
# in reference/host_device.h): the device reference kernel runs them (src/kinds/binary32/device/ref_kernel.cuh)
CAT_SCS := $(foreach d,$(sort $(wildcard functions/*/)),$(wildcard $(d)shortcut.h))
# two-argument functions: each folder's pair.def and pair.cuh (src/kinds/pair/pair.h)
PAIR_DEFS := $(sort $(wildcard functions/*/pair.def))
PAIR_CUHS := $(sort $(wildcard functions/*/pair.cuh))
PAIR_REFS := $(sort $(wildcard functions/*/pair_ref.h))
# 16-bit formats: each folder's h16.def (16-bit functions and operations, src/kinds/h16/h16_catalogue.h)
# and h16_ref.h (the exact reference of an operation, host and device code with its proof)
H16_DEFS := $(sort $(wildcard functions/*/h16.def))
H16_REFS := $(sort $(wildcard functions/*/h16_ref.h))
KIND_DIRS := $(notdir $(patsubst %/,%,$(sort $(wildcard src/kinds/*/))))
# the C math libraries beside glibc (src/libm/libm.h): each folder's libm.def; the libraries'
# renamed static objects and link flags come from scripts/libm-objs.sh, once the dependencies
# are installed ($(BUILD)/libm/link: what the link lines add)
LIBM_DEFS := $(sort $(wildcard functions/*/libm.def))
# the search kind's binary64 functions of LLVM libc and musl: names for the script only
LIBM_SEARCH := src/kinds/search/libm64.def
GEN_FILES := $(GEN)/host_libc.c $(GEN)/catalogue.def $(GEN)/device_code.cuh $(GEN)/device_flavours.cuh $(GEN)/kinds.def $(GEN)/all_shortcuts.h $(GEN)/shortcuts.def \
             $(GEN)/pairs.def $(GEN)/pairs_device.cuh $(GEN)/pairs_ref.h $(GEN)/h16.def $(GEN)/h16_refs.h $(GEN)/libm.def $(GEN)/libm_config.h $(GEN)/conversions.def $(GEN)/conversions.cuh \
             $(GEN)/quant_nvrtc.h
# the text of the quantizers' device scan, as C strings {name, text}: what NVRTC compiles a
# user's quantizer with (src/kinds/quant/user_gpu.c), the same files quant_gpu.cu includes
QNV_SRC := reference/quant/quant.h src/kinds/quant/check.h src/kinds/quant/qg_kernel.cuh
$(GEN)/quant_nvrtc.h: $(QNV_SRC)
	@mkdir -p $(GEN) && for f in $(QNV_SRC); do printf '{"%s",\n' $$f; \
	  sed -e 's/\\/\\\\/g' -e 's/"/\\"/g' -e 's/^/"/' -e 's/$$/\\n"/' $$f; printf '},\n'; done >$@.tmp && mv $@.tmp $@
$(GEN)/h16.def: FORCE
	@mkdir -p $(GEN) && printf '#include "%s"\n' $(H16_DEFS) >$@.tmp && { cmp -s $@.tmp $@ || mv $@.tmp $@; } && rm -f $@.tmp
$(GEN)/h16_refs.h: FORCE
	@mkdir -p $(GEN) && printf '#include "%s"\n' reference/formats/fmt16.h $(H16_REFS) >$@.tmp && { cmp -s $@.tmp $@ || mv $@.tmp $@; } && rm -f $@.tmp
$(GEN)/libm.def: FORCE
	@mkdir -p $(GEN) && printf '#include "%s"\n' $(LIBM_DEFS) >$@.tmp && { cmp -s $@.tmp $@ || mv $@.tmp $@; } && rm -f $@.tmp
$(BUILD)/libm/link: scripts/libm-objs.sh $(LIBM_DEFS) $(LIBM_SEARCH) | $(BUILD)/.deps
	@CC="$(CC)" scripts/libm-objs.sh $(BUILD)/libm $(GEN) $(LIBM_DEFS) $(LIBM_SEARCH)
$(GEN)/libm_config.h: $(BUILD)/libm/link
	@test -f $@ || CC="$(CC)" scripts/libm-objs.sh $(BUILD)/libm $(GEN) $(LIBM_DEFS) $(LIBM_SEARCH)
# conversions: each format folder's <format>.def and <format>.cuh (src/kinds/convert/catalogue.h)
CONV_DEFS := $(sort $(wildcard conversions/*/*.def))
CONV_CUHS := $(sort $(wildcard conversions/*/*.cuh))
$(GEN)/conversions.def: FORCE
	@mkdir -p $(GEN) && printf '#include "%s"\n' $(CONV_DEFS) >$@.tmp && { cmp -s $@.tmp $@ || mv $@.tmp $@; } && rm -f $@.tmp
$(GEN)/conversions.cuh: FORCE
	@mkdir -p $(GEN) && printf '#include "%s"\n' $(CONV_CUHS) >$@.tmp && { cmp -s $@.tmp $@ || mv $@.tmp $@; } && rm -f $@.tmp
$(GEN)/pairs.def: FORCE
	@mkdir -p $(GEN) && printf '#include "%s"\n' $(PAIR_DEFS) >$@.tmp && { cmp -s $@.tmp $@ || mv $@.tmp $@; } && rm -f $@.tmp
$(GEN)/pairs_ref.h: FORCE
	@mkdir -p $(GEN) && printf '#include "%s"\n' reference/shared/pair_hd.h $(PAIR_REFS) >$@.tmp && { cmp -s $@.tmp $@ || mv $@.tmp $@; } && rm -f $@.tmp
$(GEN)/pairs_device.cuh: FORCE
	@mkdir -p $(GEN) && printf '#include "%s"\n' $(PAIR_CUHS) >$@.tmp && { cmp -s $@.tmp $@ || mv $@.tmp $@; } && rm -f $@.tmp
$(GEN)/catalogue.def: FORCE
	@mkdir -p $(GEN) && printf '#include "%s"\n' $(CAT_DEFS) >$@.tmp && { cmp -s $@.tmp $@ || mv $@.tmp $@; } && rm -f $@.tmp
$(GEN)/device_code.cuh: FORCE
	@mkdir -p $(GEN) && printf '#include "%s"\n' $(CAT_CUHS) >$@.tmp && { cmp -s $@.tmp $@ || mv $@.tmp $@; } && rm -f $@.tmp
$(GEN)/device_flavours.cuh: FORCE
	@mkdir -p $(GEN) && sed -nE 's/^(CUDA_FUNCTION\(([a-z0-9_]+),|CUDA_VARIANT\(([a-z0-9_]+), *"[^"]*", *FTZ).*/CUDA_FLAVOURS(\2\3)/p' \
	  $(CAT_DEFS) >$@.tmp && { cmp -s $@.tmp $@ || mv $@.tmp $@; } && rm -f $@.tmp
$(GEN)/all_shortcuts.h: FORCE
	@mkdir -p $(GEN) && for f in $(CAT_SCS); do echo "#include \"$$f\""; done >$@.tmp && { cmp -s $@.tmp $@ || mv $@.tmp $@; } && rm -f $@.tmp
$(GEN)/shortcuts.def: FORCE
	@mkdir -p $(GEN) && for n in $(notdir $(patsubst %/shortcut.h,%,$(CAT_SCS))); do echo "DEV_SHORTCUT($$n)"; done >$@.tmp && { cmp -s $@.tmp $@ || mv $@.tmp $@; } && rm -f $@.tmp
# the host C library's functions as variants (a VARIANT's HOST_LIBC(fn), src/catalogue/catalogue.h):
# their one-line wrappers
$(GEN)/host_libc.c: FORCE
	@mkdir -p $(GEN) && { echo '/* host_libc.c: generated by the Makefile from the HOST_LIBC(fn) fields of functions/'"'"'s .def files */'; \
	  echo '#include <math.h>'; \
	  sed -nE 's/.*HOST_LIBC\(([a-z0-9_]+)\).*/float host_\1(float x) { return \1(x); }/p' $(CAT_DEFS); } >$@.tmp && \
	  { cmp -s $@.tmp $@ || mv $@.tmp $@; } && rm -f $@.tmp
$(GEN)/kinds.def: FORCE
	@mkdir -p $(GEN) && printf 'KIND(%s)\n' $(KIND_DIRS) >$@.tmp && { cmp -s $@.tmp $@ || mv $@.tmp $@; } && rm -f $@.tmp
FORCE:
HDR := $(GEN_FILES) $(wildcard src/*.h src/*/*.h src/*/*.def src/*/*.cuh src/kinds/*/*.h src/kinds/*/*.cuh src/kinds/*/*/*.h src/kinds/*/*/*.cuh reference/*.h reference/*/*.h kernels/*.h kernels/*.cuh functions/*/*.h functions/*/*.cuh functions/*/*.def)
HDR += $(CONV_DEFS) $(CONV_CUHS)

# the tests: tests/unit/test_*.c, and each function folder's test_<name>.c (its reference's tests)
TESTS := $(basename $(notdir $(wildcard tests/unit/test_*.c functions/*/test_*.c)))
TEST_BIN := $(addprefix $(BUILD)/tests/,$(TESTS))

.PHONY: FORCE all deps test-deps run test test-slow bench clean fuzz valgrind ci report report-check mpi-test install
all: $(BUILD)/ulpcert
	@echo "ulpcert: the binary is $(BUILD)/ulpcert (it finds its libraries in $(BUILD)/lib; 'make install PREFIX=DIR' puts both in DIR)"
	@echo "ulpcert: $(if $(NVCC),device code for $(strip $(ARCHS)),built for the CPU only ($(NOGPU_WHY)); 'make ARCHS=all' or 'make ARCHS=sm_90' builds device code)"
	@$(if $(NVCC),echo "ulpcert: stochastic rounding's cvt.rs $(if $(SR_HW_ARCHS),compiled for $(SR_HW_ARCHS:%=%a),NOT compiled: this toolkit has no sm_100a (sr-*.f32.cvt-rs runs are refused))",true)
	@echo "ulpcert: to call it as the README does: export PATH=\"\$$PWD/$(BUILD):\$$PATH\""

# The reference cache's folder, as ulpcert chooses it (refcache_default_dir in
# reference/refcache.c): $ULPCERT_CACHE, else $XDG_CACHE_HOME/ulpcert, else ~/.cache/ulpcert.
CACHE_DIR_SH = d="$${ULPCERT_CACHE:-}"; [ -n "$$d" ] || d="$${XDG_CACHE_HOME:+$$XDG_CACHE_HOME/ulpcert}"; [ -n "$$d" ] || d="$$HOME/.cache/ulpcert"

$(BUILD)/.deps: scripts/deps.sh
	@scripts/deps.sh $(if $(filter 1,$(MPI)),mpi)
	@mkdir -p $(BUILD) && touch $@

$(BUILD)/.test-deps: scripts/deps.sh
	@scripts/deps.sh test
	@mkdir -p $(BUILD) && touch $@

# gnuplot, for the plots of make report and report-check
$(BUILD)/.report-deps: scripts/deps.sh
	@scripts/deps.sh report
	@mkdir -p $(BUILD) && touch $@

# each object's headers come from the compiler (-MMD: $(BUILD)/*.d, read below); the
# generated lists are made first
$(BUILD)/%.o: %.c | $(BUILD)/.deps $(GEN_FILES)
	@mkdir -p $(dir $@)
	$(CC) $(CFLAGS) -MMD -MP -c $< -o $@

# device code: contraction off unless the object's flavour says otherwise
NVFLAV := -fmad=false
$(BUILD)/src/kinds/ff/ff_fmad.o: NVFLAV := -fmad=true
$(BUILD)/src/kinds/ff/ff_ftz.o: NVFLAV := -fmad=false -ftz=true
$(BUILD)/src/kinds/pair/pair_ftz.o: NVFLAV := -fmad=false -ftz=true
$(BUILD)/src/kinds/pair/pair_fast.o: NVFLAV := -use_fast_math
# the search kind's device code: CUDA's double functions as a default build compiles them
$(BUILD)/src/kinds/search/search_gpu.o: NVFLAV :=
# the 16-bit math functions as users build them: nvcc's defaults, and -use_fast_math
$(BUILD)/src/kinds/h16/h16_default.o: NVFLAV :=
$(BUILD)/src/kinds/h16/h16_fastmath.o: NVFLAV := -use_fast_math
# CUDA's math functions as users build them (src/kinds/binary32/device/flavour.cuh): nvcc's
# defaults, then -ftz=true, then -use_fast_math (which implies -ftz=true -prec-div=false -prec-sqrt=false)
$(BUILD)/src/kinds/binary32/device/flavour_default.o: NVFLAV :=
$(BUILD)/src/kinds/binary32/device/flavour_ftz.o: NVFLAV := -ftz=true
$(BUILD)/src/kinds/binary32/device/flavour_fastmath.o: NVFLAV := -use_fast_math
$(BUILD)/src/kinds/convert/conv_emul.o: NVGEN := -gencode arch=compute_75,code=compute_75
$(BUILD)/src/kinds/convert/conv_family.o: NVGEN := $(if $(FAM_GENCODE),$(FAM_GENCODE),$(GENCODE) -DCV_FAMILY_ABSENT)
# the hardware stochastic rounding (src/kinds/sround/sr_hw.cu): cvt.rs exists on sm_100a and
# sm_103a only, for which it is compiled where the toolkit has them (SR_HW_CODE names them);
# without them, it is compiled with SR_HW_ABSENT (a run says it was not built) and the build says so
SR_HW_ARCHS := $(if $(NVCC),$(filter sm_100 sm_103,$(shell $(NVCC) --list-gpu-code 2>/dev/null)))
SR_HW_GENCODE := $(foreach a,$(SR_HW_ARCHS),-gencode arch=compute_$(a:sm_%=%)a,code=$(a)a)
$(BUILD)/src/kinds/sround/sr_hw.o: NVGEN := $(if $(SR_HW_GENCODE),$(SR_HW_GENCODE) -DSR_HW_CODE='"$(SR_HW_ARCHS:%=%a)"',$(GENCODE) -DSR_HW_ABSENT)
# the codes each flavour's object carries (its code= targets), which its probe checks
# against the GPU's compute capability before it launches anything
comma := ,
CV_CODES = $(strip $(patsubst code=%,%,$(filter code=%,$(subst $(comma), ,$(NVGEN)))))
$(addprefix $(BUILD)/src/kinds/convert/,conv_gpu.o conv_emul.o conv_family.o): NVFLAV = -fmad=false -DCV_CODE='"$(CV_CODES)"'
# the device objects depend on the targets and extra flags they were built with: a build
# for other ARCHS (make ci's, or ARCHS=...) rebuilds them instead of mixing the two
$(GEN)/nvflags: FORCE
	@mkdir -p $(GEN) && echo '$(strip $(ARCHS)) $(subst ','"'"',$(NVEXTRA))' >$@.tmp && { cmp -s $@.tmp $@ || mv $@.tmp $@; } && rm -f $@.tmp
# a build without device code: the host paths alone, by the toolkit's compiler (PTX for
# compute_75 only, which nothing assembles: the objects carry no code for a GPU)
ifeq ($(NVCC),)
$(BUILD)/%.o: %.cu $(GEN)/nvflags | $(BUILD)/.deps $(GEN_FILES)
	@mkdir -p $(dir $@)
	$(TOOLKIT_NVCC) -O3 -std=c++17 --threads 0 -I. -I$(BUILD)/gen -gencode arch=compute_75,code=compute_75 -fmad=false -MMD -MP -c $< -o $@
else
$(BUILD)/%.o: %.cu $(GEN)/nvflags | $(BUILD)/.deps $(GEN_FILES)
	@mkdir -p $(dir $@)
	$(NVCC) $(NVBASE) $(NVGEN) $(NVFLAV) -MMD -MP -c $< -o $@
endif

# a build without device code says why, and how to build for GPUs (here and in ulpcert --version)
NOGPU_WHY := $(if $(ARCHS_WHY),$(ARCHS_WHY),$(if $(filter 1,$(SAN)),the sanitizer build,nvcc not found or NVCC= given))
$(BUILD)/src/engine/device_nogpu.o: CFLAGS += -DULPCERT_NOGPU_WHY='"$(NOGPU_WHY)"'
$(BUILD)/src/engine/device_nogpu.o: $(GEN)/nvflags | $(BUILD)/.nvcc-notice
$(BUILD)/.nvcc-notice:
	@mkdir -p $(dir $@)
	@echo "ulpcert: building for the CPU only, without device code ($(NOGPU_WHY)); for GPUs:" \
	  "'make ARCHS=all' (every architecture), 'make ARCHS=sm_90' (one), or plain 'make' on a GPU machine" >&2
	@touch $@

$(BUILD)/libulpcert.a: $(OBJ) $(GPU_OBJ)
	rm -f $@ && ar rcs $@ $^

$(BUILD)/ulpcert: $(MAIN_OBJ) $(BUILD)/libulpcert.a $(BUILD)/libm/link
	$(CC) $(CFLAGS) -o $@ $(MAIN_OBJ) $(BUILD)/libulpcert.a $$(cat $(BUILD)/libm/link) $(LIBS_DEP) $(GPU_LIBS) $(LDLIBS)
	@scripts/bundle-libs.sh $@ $(BUILD)/lib

# the per-call cost of the C math libraries' functions (docs/libm.md): make build/libm-cost
$(BUILD)/libm-cost: scripts/libm-cost.c $(BUILD)/libulpcert.a $(BUILD)/libm/link
	$(CC) $(CFLAGS) -o $@ $< $(BUILD)/libulpcert.a $$(cat $(BUILD)/libm/link) $(LIBS_DEP) $(GPU_LIBS) $(LDLIBS)

# one rule per test program (its source is in tests/ or in a function folder)
define TEST_RULE
$(BUILD)/tests/$(basename $(notdir $(1))): $(1) $(wildcard tests/unit/*.h tests/ref/*.h) $(BUILD)/libulpcert.a $(BUILD)/libm/link | $(BUILD)/.test-deps
	@mkdir -p $$(dir $$@)
	$$(CC) $$(CFLAGS) -o $$@ $(1) $$(BUILD)/libulpcert.a $$$$(cat $$(BUILD)/libm/link) $$(LIBS_DEP) $$(GPU_LIBS) -lcmocka $$(LDLIBS)
endef
$(foreach t,$(wildcard tests/unit/test_*.c functions/*/test_*.c),$(eval $(call TEST_RULE,$(t))))

# The main job: with a usable GPU, every one of the 2^32 inputs through the tanh family; on
# the CPU (no GPU, or a build without device code) a slice that takes seconds, RUN_SLICE:
# the positive inputs from 2^-12 (0x39800000) to 9.0 (0x41100000), the binades where tanh is
# neither x nor 1 to within a few ulp (tanh is odd: the negative half mirrors it), 127 M inputs,
# then how to run all 2^32 and what that costs on this CPU (from the slice's rate).
RUN_SLICE := --from 0x39800000 --to 0x41100000
run: $(BUILD)/ulpcert
	@mkdir -p $(BUILD)/results
	@if $(BUILD)/ulpcert run tanh --backend gpu --from 0x3f800000 --to 0x3f800000 --no-cache --quiet >/dev/null 2>&1; then \
	  slice=""; else slice="$(RUN_SLICE)"; \
	  echo "ulpcert: no usable GPU: the main job runs on the CPU over a slice (2^-12 to 9.0, 127 M inputs) instead of all 2^32"; fi; \
	  t0=$$(date +%s.%N); \
	  echo "$(BUILD)/ulpcert run tanh $$slice --json $(BUILD)/results/tanh.json"; \
	  $(BUILD)/ulpcert run tanh $$slice --json $(BUILD)/results/tanh.json >$(BUILD)/results/tanh.txt; rc=$$?; \
	  cat $(BUILD)/results/tanh.txt; [ $$rc -eq 0 ] || exit $$rc; \
	  if [ -n "$$slice" ]; then echo; awk -v t0=$$t0 -v t1=$$(date +%s.%N) -v n=126877697 'BEGIN { \
	    m = (t1 - t0) * 4294967296 / n / 60; \
	    printf "ulpcert: that was %.0f s for 126877697 inputs on the CPU; all 2^32 inputs: $(BUILD)/ulpcert run tanh" \
	      " (about %.0f minutes on this CPU at that rate; about a minute with a GPU: make run on a GPU machine)\n", t1 - t0, m }'; fi
	@$(CACHE_DIR_SH); z=$$(du -sh "$$d" 2>/dev/null | cut -f1); echo; \
	  echo "ulpcert: binary $(BUILD)/ulpcert; results in $(BUILD)/results/tanh.txt and tanh.json;" \
	  "reference cache $$d ($${z:-empty}; --no-cache or ULPCERT_CACHE=DIR to change)"

# make install PREFIX=DIR: DIR/lib/ulpcert/ holds the binary and the libraries it finds
# through its rpath ($$ORIGIN/lib), DIR/bin/ulpcert links to it.
PREFIX ?= /usr/local
install: $(BUILD)/ulpcert
	install -d $(DESTDIR)$(PREFIX)/bin $(DESTDIR)$(PREFIX)/lib/ulpcert/lib
	install -m 755 $(BUILD)/ulpcert $(DESTDIR)$(PREFIX)/lib/ulpcert/ulpcert
	cp -P $(BUILD)/lib/* $(DESTDIR)$(PREFIX)/lib/ulpcert/lib/
	ln -sf ../lib/ulpcert/ulpcert $(DESTDIR)$(PREFIX)/bin/ulpcert
	@echo "ulpcert: installed $(DESTDIR)$(PREFIX)/bin/ulpcert"

# (under the sanitizers, the suites that build a tree of their own and never run this
# build's binary are not run twice)
SAN_SKIP := new_function_test new_kind_test hostile_test
SAN_SKIP_WHY := it builds and runs a binary of its own without the sanitizers, or (hostile_test) it checks how a run ends when a user's function crashes, traps or exits, which the sanitizers' own handlers change (make test runs it)
# make test: the quick tier (every kind and command on small ranges, minutes); make
# test-slow: the slow tier; TIER=all both (make ci). tests/budgets.txt gives each suite its
# tier and its budget of CPU seconds (tests/run_all.sh).
TIER ?= quick
test: $(BUILD)/ulpcert $(TEST_BIN)
	@$(if $(filter 1,$(SAN)),SKIP_SUITES="$(SAN_SKIP)" SKIP_WHY="$(SAN_SKIP_WHY)" \
	  LSAN_OPTIONS="suppressions=$(CURDIR)/tests/lsan.supp") \
	  TIER=$(TIER) sh tests/run_all.sh $(BUILD) $(TESTS)
test-slow:
	@$(MAKE) test TIER=slow

# Accuracy tables and plots from every committed result, plain or gzip, and the generated
# blocks of the README (the summary table) and of the manual's pages (each kind's table;
# the bench excerpts of docs/speed.md from reports/bench/).
# reports/results/libm/: the C math libraries' runs (libm-runs.sh), after the others: their glibc variant adds
# nothing where another result has it (its plots stay that result's)
# reports/arch/<model>.json.gz is a record of kind binary32 (its conversion and 16-bit parts
# beside): the report reads it; <model>.<part>.json.gz, records of kind arch, are arch compare's
RESULTS := $(sort $(wildcard reports/results/*.json reports/results/*.json.gz) \
             $(shell ls reports/arch/*.json reports/arch/*.json.gz 2>/dev/null | grep -Ev '\.[^/.]+\.json(\.gz)?$$')) \
           $(sort $(wildcard reports/results/libm/*.json.gz)) $(sort $(wildcard reports/results/search/*.json.gz reports/search/*.json))
GEN_DOCS := README.md docs/binary32.md docs/float-float.md docs/half.md docs/conversions.md docs/pair.md docs/libm.md
# the ulp budgets of every committed result, in each format of report --budgets (reports/budgets/)
BUDGET_FILES := h:ulpcert_budgets.h json:ulpcert_budgets.json csv:ulpcert_budgets.csv xla:xla_accuracy_budget.h \
                llvm:llvm_conformance_tolerances.h
BUDGETS_SH = mkdir -p $(1) && for fb in $(BUDGET_FILES); do \
	  $(BUILD)/ulpcert report $(RESULTS) --budgets $${fb%%:*} >$(1)/$${fb\#*:}.tmp && mv $(1)/$${fb\#*:}.tmp $(1)/$${fb\#*:} || exit 1; done
report: $(BUILD)/ulpcert | $(BUILD)/.report-deps
	$(BUILD)/ulpcert report $(RESULTS) --out reports $(GEN_DOCS:%=--readme %)
	@$(call BUDGETS_SH,reports/budgets)
	python3 scripts/readme-bench.py --all docs/speed.md

# The committed reports and generated blocks are what the generators make of the committed results.
report-check: $(BUILD)/ulpcert | $(BUILD)/.report-deps
	@rm -rf $(BUILD)/report-check && mkdir -p $(BUILD)/report-check/docs && \
	  for f in $(GEN_DOCS) docs/speed.md; do cp $$f $(BUILD)/report-check/$$f; done
	@$(BUILD)/ulpcert report $(RESULTS) --out $(BUILD)/report-check/reports \
	  $(GEN_DOCS:%=--readme $(BUILD)/report-check/%) --quiet
	@$(call BUDGETS_SH,$(BUILD)/report-check/reports/budgets)
	@python3 scripts/readme-bench.py --all $(BUILD)/report-check/docs/speed.md
	@sed -i 's#$(BUILD)/report-check/reports/plots#reports/plots#' $(BUILD)/report-check/README.md
	@ok=1; for f in $(GEN_DOCS) docs/speed.md; do diff $(BUILD)/report-check/$$f $$f >/dev/null || ok=0; done; \
	  diff -r -x '*.png' -x bench -x results -x arch -x refcheck -x validate -x search $(BUILD)/report-check/reports reports >/dev/null && \
	  [ $$ok = 1 ] && echo "report-check: 1 passed, 0 failed" || \
	  { echo "report-check: committed reports differ from 'make report' (run it and commit)"; \
	    echo "report-check: 0 passed, 1 failed"; exit 1; }

bench: $(BUILD)/ulpcert
	@mkdir -p $(BUILD)/bench
	$(BUILD)/ulpcert bench --json $(BUILD)/bench/bench.json | tee $(BUILD)/bench/bench.txt

# Fuzzing (libFuzzer, clang): the result JSON reader and the command-line value parsers.
# Each target runs FUZZ_SECONDS on its committed corpus (tests/fuzz/corpus/NAME); new
# inputs go to $(BUILD)/fuzz/new-NAME (copy the interesting ones into the corpus).
FUZZ_SECONDS ?= 30
FUZZ_CC ?= clang
FUZZ_FLAGS := -g -O1 -std=c11 -D_GNU_SOURCE -fsanitize=fuzzer,address,undefined -ffp-contract=off -I. -I$(BUILD)/gen \
              -DULPCERT_NO_LIBM
FUZZ_LIB_SRC := $(GEN)/host_libc.c src/numbers.c src/process.c reference/diag.c src/measure/metrics.c src/measure/verdict.c src/catalogue/registry.c \
                src/catalogue/references.c src/kinds/binary32/result_read.c src/user/claims.c src/user/claimnum.c \
                src/jsonio/head.c src/jsonio/json_io.c tests/fuzz/link_stubs.c \
                reference/reference.c reference/expr/expr.c reference/expr/expr_fn.c reference/expr/expr_ib.c reference/expr/expr_anchor.c reference/expr/expr_limit.c reference/expr/expr_range.c \
                reference/arb_ziv.c $(wildcard reference/shared/*.c) \
                $(call NOT_TESTS,$(wildcard functions/*/*.c))
FUZZERS := result args claims expr
$(BUILD)/fuzz/fuzz_%: tests/fuzz/fuzz_%.c $(FUZZ_LIB_SRC) $(HDR) | $(BUILD)/.deps
	@mkdir -p $(dir $@)
	$(FUZZ_CC) $(FUZZ_FLAGS) -o $@ $< $(FUZZ_LIB_SRC) -lflint-arb -lflint -lmpfr -lgmp -ljansson -lz -lm
# the expression parser needs the catalogue (its functions are references) but no result reader
$(BUILD)/fuzz/fuzz_expr: tests/fuzz/fuzz_expr.c $(FUZZ_LIB_SRC) $(HDR) | $(BUILD)/.deps
	@mkdir -p $(dir $@)
	$(FUZZ_CC) $(FUZZ_FLAGS) -o $@ $< $(filter-out src/kinds/binary32/result_read.c,$(FUZZ_LIB_SRC)) \
	  -lflint-arb -lflint -lmpfr -lgmp -ljansson -lz -lm
fuzz: $(addprefix $(BUILD)/fuzz/fuzz_,$(FUZZERS))
	@set -e; for f in $(FUZZERS); do mkdir -p $(BUILD)/fuzz/new-$$f; \
	  echo "== fuzz $$f ($(FUZZ_SECONDS) s)"; \
	  if ! $(BUILD)/fuzz/fuzz_$$f -max_total_time=$(FUZZ_SECONDS) -max_len=65536 -print_final_stats=1 \
	    $(BUILD)/fuzz/new-$$f tests/fuzz/corpus/$$f >$(BUILD)/fuzz/$$f.log 2>&1; then \
	    tail -40 $(BUILD)/fuzz/$$f.log; echo "fuzz $$f: FAILED (crash input saved in the current folder)"; exit 1; fi; \
	  grep -E "^stat::(number_of_executed_units|new_units_added)" $(BUILD)/fuzz/$$f.log; \
	  echo "fuzz $$f: 1 passed, 0 failed"; done

# valgrind (memcheck) on a small CPU run: no invalid access, no definite leak.
valgrind: $(BUILD)/ulpcert
	valgrind --error-exitcode=1 --leak-check=full --errors-for-leak-kinds=definite --quiet \
	  $(BUILD)/ulpcert run tanhf.host --backend cpu --from 0x3f7ff000 --to 0x3f800fff --threads 2 --no-cache --quiet >/dev/null
	@echo "valgrind: 1 passed, 0 failed"

# MPI: 2 ranks on localhost give the single-process result (CPU backend).
mpi-test:
	$(MAKE) MPI=1
	@sh tests/suites/mpi_test.sh build-mpi/ulpcert $(BUILD)/ulpcert

# What CI runs: the tests, the tests under sanitizers, the MPI build, the fuzzers for a
# bounded time, valgrind. Its device code is compiled for one architecture (CI_ARCHS): that
# checks that every kernel compiles, in a fraction of the time of the release build's dozen
# targets; the MPI build, whose test runs on the CPU, is built without device code.
CI_ARCHS ?= sm_90
ci:
	$(MAKE) test ARCHS="$(CI_ARCHS)" TIER=all
	$(MAKE) report-check ARCHS="$(CI_ARCHS)"
	$(MAKE) test SAN=1 TIER=all
	$(MAKE) mpi-test NVCC=
	$(MAKE) fuzz FUZZ_SECONDS=$(FUZZ_SECONDS)
	$(MAKE) valgrind ARCHS="$(CI_ARCHS)"

clean:
	rm -rf build build-san build-mpi

# the header dependencies the compilers wrote (-MMD)
-include $(shell find $(BUILD) -name '*.d' 2>/dev/null)
