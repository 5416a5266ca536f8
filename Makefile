# Segue — two commands do everything on a fresh Debian machine:
#   make demo   install what is missing, build release, run the main job
#   make test   install what is missing, run the test suite
SWIFT ?= swift
OUT ?= out
# The command line and the benchmarks are their own package (CLI/), beside the libraries (.).
CLI := --package-path CLI
SEGUE = "$$($(SWIFT) build -c release $(CLI) --show-bin-path)/segue"
RELEASE_BIN = "$$($(SWIFT) build -c release $(CLI) --show-bin-path)"
# libsegue (lib/libsegue.so.VERSION with its links, include/segue.h, lib/libsegue-compile-probe) and
# the frei0r plugin (frei0r-1/segue.so and its probe) are staged here; FREI0R_PATH's first folder is
# where install-frei0r puts the plugin (MLT's default, /usr/lib/frei0r-1, without it).
LIBSEGUE := .build-libsegue
FREI0R_DIR = $(firstword $(subst :, ,$(or $(FREI0R_PATH),/usr/lib/frei0r-1)))
# The GStreamer plugin (gstreamer-1.0/libgstsegue.so with libsegue.so.MAJOR and its probe beside it)
# is staged in LIBSEGUE too; install-gstreamer puts the three in GST_PLUGIN_PATH's first folder, or
# without it in the user's own plugin folder, which GStreamer scans by itself.
GST_PLUGIN_DIR = $(firstword $(subst :, ,$(or $(GST_PLUGIN_PATH),$(HOME)/.local/share/gstreamer-1.0/plugins)))
CC ?= cc
# The release's version (the VERSION file's, 1.0.0 without one); libsegue's soname is libsegue.so.MAJOR.
VERSION := $(or $(strip $(shell cat VERSION 2>/dev/null)),1.0.0)
SOVERSION := $(firstword $(subst ., ,$(VERSION)))
# install-libsegue: PREFIX/lib/libsegue.so.VERSION (+ .so.MAJOR, .so), PREFIX/include/segue.h,
# PREFIX/lib/pkgconfig/segue.pc and PREFIX/lib/segue/libsegue-compile-probe (the library looks there).
PREFIX ?= /usr/local
LIBDIR ?= $(PREFIX)/lib
INCLUDEDIR ?= $(PREFIX)/include
# The folders the dynamic loader searches by itself: a LIBDIR elsewhere (/usr/local/lib too, which
# only ldconfig's cache finds) gets `-Wl,-rpath,LIBDIR` in segue.pc, so programs run without LD_LIBRARY_PATH.
MULTIARCH := $(shell $(CC) -print-multiarch 2>/dev/null)
SYSTEM_LIBDIRS := /lib /usr/lib /lib64 /usr/lib64 $(if $(MULTIARCH),/lib/$(MULTIARCH) /usr/lib/$(MULTIARCH))
PC_RPATH = $(if $(filter $(patsubst %/,%,$(LIBDIR)),$(SYSTEM_LIBDIRS)),,-Wl,-rpath,$${libdir} )
PC_LIBDIR = $(patsubst $(PREFIX)/%,$${prefix}/%,$(LIBDIR))
PC_INCLUDEDIR = $(patsubst $(PREFIX)/%,$${prefix}/%,$(INCLUDEDIR))

.PHONY: all deps build release demo seedapp test check-layers check-links check-specs check-api test-libraries test-cli test-external test-upgrade \
	test-integrations test-reach test-sanitizers check-packages docs bench bench-edit clean fuzz fuzz-build fuzz-merge test-fuzz-corpus \
	libsegue install-libsegue uninstall-libsegue frei0r install-frei0r gstreamer install-gstreamer wheel

all: release

deps:
	@bash scripts/install-deps.sh

build: deps
	$(SWIFT) build
	$(SWIFT) build $(CLI)

release: deps
	$(SWIFT) build -c release $(CLI)

# With DISPLAY set: a window that plays the pixel dissolve (drag to scrub).
# Without: renders it headlessly on EGL to $(OUT)/ and prints where.
demo: release
	$(SEGUE) demo --out "$(OUT)"

# The seeds' apps in a window (needs DISPLAY): a menu of buttons, each a seed's transition.
seedapp: deps
	$(SWIFT) run SeedApp

# The window tests need an X server of their own and real pointer input; the xfade presets
# are compared with ffmpeg's xfade, and the export tests read their videos back with ffmpeg.
# The text tests draw CJK with WenQuanYi Micro Hei and compare with HarfBuzz's own hb-shape and hb-view.
# `time` (/usr/bin/time) measures ffmpeg's peak memory in the GIF export test.
# SEGUE_REQUIRE_FFMPEG: ffmpeg was installed above, so a missing one fails instead of skipping.
# Ray (pinned, from PyPI, into its own venv: scripts/ray/install-ray.sh) drives the distributed
# render's test on a local cluster; Debian's chromium loads `segue gallery`'s page. Both are
# required under make test (SEGUE_REQUIRE_RAY, SEGUE_REQUIRE_CHROMIUM) as ffmpeg is.
# The xfade parity tests compare all 58 of xfade's names with ffmpeg 9 as well as Debian's 5.1 (which
# has 46): a static ffmpeg from PyPI's imageio-ffmpeg (pinned), in a venv of its own under .build/
# (scripts/xfade/install-reference-ffmpeg.sh), a test reference only; required under make test
# (SEGUE_REQUIRE_REFERENCE_FFMPEG).
# The two main suites run last, so the run ends on their summaries (the snapshot-testing
# integration's tests are XCTest, and its Swift Testing summary counts none).
# Everything the suites need is installed first, before anything is compiled.
test:
	@bash scripts/install-deps.sh xvfb xdotool x11-apps x11-utils ffmpeg time fonts-wqy-microhei libharfbuzz-bin python3-venv chromium libheif-examples colord-data openbox melt binutils python3-jsonschema \
		libgstreamer1.0-dev libgstreamer-plugins-base1.0-dev gstreamer1.0-tools gstreamer1.0-plugins-base gstreamer1.0-plugins-good
	@bash scripts/ray/install-ray.sh >/dev/null
	@bash scripts/xfade/install-reference-ffmpeg.sh >/dev/null
	$(MAKE) check-layers check-links check-specs check-api test-integrations test-external test-upgrade test-reach check-packages docs test-fuzz-corpus test-libraries test-cli

# No module depends on or imports one above it (the layer list in docs/ARCHITECTURE.md).
check-layers:
	SWIFT="$(SWIFT)" python3 scripts/check-layers

# No link in the README, docs/, the examples' READMEs or the DocC catalog to a missing file.
check-links:
	python3 scripts/check-links

# docs/edit-spec.schema.json is a valid JSON Schema and every example spec in the repository
# (the docs' JSON blocks, docs/montage/montage.json) validates against it (python3-jsonschema).
check-specs:
	python3 scripts/check-edit-specs

# The library products' public API against Tests/APIBaseline/: a symbol that went must be deprecated
# in place or listed under Removed in CHANGELOG.md (the checker's own tests first, on fixtures).
# Builds the libraries (debug, as test-libraries does), then seconds. SEGUE_RECORD_API=1 records.
check-api:
	python3 Tests/APICheck/test_check_api.py
	SWIFT="$(SWIFT)" python3 scripts/check-api

test-libraries:
	SEGUE_REQUIRE_FFMPEG=1 SEGUE_REQUIRE_REFERENCE_FFMPEG=1 $(SWIFT) test

# The libraries' suites under AddressSanitizer (leaks included) and the suites of the code that
# runs threads under ThreadSanitizer, each built in a scratch path of its own (.build-asan,
# .build-tsan); every suite's time printed with the load. Not part of `make test`: its measured
# ASan pass alone (a 20 min build, 48 min of suites at load 12-25) would push `make test` past CI's
# 90 minutes on the 2-core machine (docs/TestSuite.md, "Under the sanitizers").
# SANITIZERS=address, thread or c runs one; thread also runs libsegue's engine thread from C hosts
# built with -fsanitize=thread (scripts/sanitizers/capi-tsan.sh, .build-tsan-capi); c builds the
# project's own C (libsegue's, the frei0r plugin's and the GStreamer element's C, the compile probe's
# child and helper, the C hosts) under ASan and UBSan. Reports that are the toolchain's or Mesa's are
# suppressed with a reason in scripts/sanitizers/; under ASan the window suites run with Mesa's
# driver (swrast_dri.so) preloaded, which GLFW would otherwise unload before the leak check.
SANITIZERS ?= address thread c
test-sanitizers:
	@bash scripts/install-deps.sh xvfb xdotool x11-apps x11-utils ffmpeg time fonts-wqy-microhei libharfbuzz-bin openbox frei0r-plugins-dev \
		libgstreamer1.0-dev libgstreamer-plugins-base1.0-dev gstreamer1.0-tools gstreamer1.0-plugins-base
	SEGUE_REQUIRE_FFMPEG=1 SWIFT="$(SWIFT)" bash scripts/test-sanitizers $(SANITIZERS)

test-cli:
	SEGUE_REQUIRE_FFMPEG=1 SEGUE_REQUIRE_RAY=1 SEGUE_REQUIRE_CHROMIUM=1 SEGUE_REQUIRE_FREI0R=1 $(SWIFT) test $(CLI)

# Every header the C code includes and every library `segue`, libsegue.so, the frei0r plugin and the
# GStreamer plugin load comes from a package the target that builds them installs first (and the
# image's runtime stage covers `segue`); then the same check without frei0r-plugins-dev, and without
# libgstreamer-plugins-base1.0-dev, must fail.
check-packages: release libsegue frei0r gstreamer
	python3 scripts/check-packages --bin $(RELEASE_BIN) --self-test

# libsegue from a C program (dlopen, no Swift on its link line) and installed (install-libsegue into
# a temporary PREFIX, the README's program built through pkg-config), the frei0r plugin from a frei0r
# host and from Debian's melt, and the Python package (the wheel of `make wheel` in a fresh venv with
# MoviePy 2 from PyPI, then pytest): every frame against `segue render`'s, bit for bit; the GStreamer
# element (Tests/Embedding/gstreamer-tests.sh) through gst-launch-1.0 and a GStreamer application.
test-reach: release libsegue frei0r gstreamer wheel
	@bash scripts/install-deps.sh ffmpeg melt python3-venv binutils \
		libgstreamer1.0-dev libgstreamer-plugins-base1.0-dev gstreamer1.0-tools gstreamer1.0-plugins-base gstreamer1.0-plugins-good
	SEGUE=$(SEGUE) bash Tests/Embedding/run-tests.sh

# The C API: segue.h, libsegue.so.VERSION with its soname libsegue.so.MAJOR and the links a
# linker and a loader look for (Swift's runtime linked in: a C host needs nothing of Swift's), and
# the compile budget's helper beside it. The soname is given on this link only (not the plugin's).
libsegue: deps
	$(SWIFT) build -c release $(CLI) --product segue-capi -Xlinker -soname -Xlinker libsegue.so.$(SOVERSION)
	mkdir -p $(LIBSEGUE)/lib $(LIBSEGUE)/include
	rm -f $(LIBSEGUE)/lib/libsegue.so $(LIBSEGUE)/lib/libsegue.so.*
	cp $(RELEASE_BIN)/libsegue-capi.so $(LIBSEGUE)/lib/libsegue.so.$(VERSION)
	ln -s libsegue.so.$(VERSION) $(LIBSEGUE)/lib/libsegue.so.$(SOVERSION)
	ln -s libsegue.so.$(SOVERSION) $(LIBSEGUE)/lib/libsegue.so
	cp CLI/Sources/CSegue/include/segue.h $(LIBSEGUE)/include/
	$(CC) -O2 -o $(LIBSEGUE)/lib/libsegue-compile-probe CLI/libsegue/libsegue-compile-probe.c -ldl

# libsegue into PREFIX (default /usr/local; DESTDIR for packagers), with segue.pc for pkg-config:
# cc app.c $$(pkg-config --cflags --libs segue) links it, and the program runs with no variable set.
install-libsegue: libsegue
	install -d "$(DESTDIR)$(LIBDIR)/pkgconfig" "$(DESTDIR)$(LIBDIR)/segue" "$(DESTDIR)$(INCLUDEDIR)"
	install -m 755 $(LIBSEGUE)/lib/libsegue.so.$(VERSION) "$(DESTDIR)$(LIBDIR)/"
	ln -sf libsegue.so.$(VERSION) "$(DESTDIR)$(LIBDIR)/libsegue.so.$(SOVERSION)"
	ln -sf libsegue.so.$(SOVERSION) "$(DESTDIR)$(LIBDIR)/libsegue.so"
	install -m 755 $(LIBSEGUE)/lib/libsegue-compile-probe "$(DESTDIR)$(LIBDIR)/segue/"
	install -m 644 CLI/Sources/CSegue/include/segue.h "$(DESTDIR)$(INCLUDEDIR)/"
	sed -e 's|@PREFIX@|$(PREFIX)|; s|@LIBDIR@|$(PC_LIBDIR)|; s|@INCLUDEDIR@|$(PC_INCLUDEDIR)|' \
		-e 's|@VERSION@|$(VERSION)|; s|@RPATH@|$(PC_RPATH)|' CLI/libsegue/segue.pc.in > "$(DESTDIR)$(LIBDIR)/pkgconfig/segue.pc"
	@echo "installed $(LIBDIR)/libsegue.so.$(VERSION): cc app.c \$$(pkg-config --cflags --libs segue)" \
		"(PKG_CONFIG_PATH=$(LIBDIR)/pkgconfig if pkg-config does not look there)"

# The frei0r plugin (MLT's frei0r.segue): segue.so and its compile budget's helper.
frei0r: deps
	@bash scripts/install-deps.sh frei0r-plugins-dev
	$(SWIFT) build -c release $(CLI) --product segue-frei0r
	mkdir -p $(LIBSEGUE)/frei0r-1
	cp $(RELEASE_BIN)/libsegue-frei0r.so $(LIBSEGUE)/frei0r-1/segue.so
	$(CC) -O2 -o $(LIBSEGUE)/frei0r-1/libsegue-compile-probe CLI/libsegue/libsegue-compile-probe.c -ldl

uninstall-libsegue:
	rm -f "$(DESTDIR)$(LIBDIR)/libsegue.so.$(VERSION)" "$(DESTDIR)$(LIBDIR)/libsegue.so.$(SOVERSION)" "$(DESTDIR)$(LIBDIR)/libsegue.so" \
		"$(DESTDIR)$(LIBDIR)/segue/libsegue-compile-probe" "$(DESTDIR)$(INCLUDEDIR)/segue.h" "$(DESTDIR)$(LIBDIR)/pkgconfig/segue.pc"
	-rmdir "$(DESTDIR)$(LIBDIR)/segue"

# The Python package as a wheel in dist/ (segue-VERSION-py3-none-linux_ARCH.whl, libsegue inside):
# `pip install dist/segue-*.whl` then takes seconds. Built in a venv of its own from this libsegue.
wheel: libsegue
	@bash scripts/install-deps.sh python3-venv
	test -x $(LIBSEGUE)/wheel-venv/bin/pip || python3 -m venv $(LIBSEGUE)/wheel-venv
	rm -rf dist/segue-*.whl python/build python/segue.egg-info
	SEGUE_LIBSEGUE_DIR=$(CURDIR)/$(LIBSEGUE)/lib $(LIBSEGUE)/wheel-venv/bin/pip wheel --quiet --disable-pip-version-check \
		--no-deps --wheel-dir dist ./python
	rm -rf python/build python/segue.egg-info
	@ls dist/segue-*.whl

# The GStreamer plugin (element seguetransition): C over libsegue, which it loads from beside itself
# ($$ORIGIN), so the plugin folder holds libgstsegue.so, libsegue.so.MAJOR and the compile probe.
gstreamer: libsegue
	@bash scripts/install-deps.sh libgstreamer1.0-dev libgstreamer-plugins-base1.0-dev gstreamer1.0-tools gstreamer1.0-plugins-base gstreamer1.0-plugins-good
	mkdir -p $(LIBSEGUE)/gstreamer-1.0
	rm -f $(LIBSEGUE)/gstreamer-1.0/libsegue.so.*
	cp $(LIBSEGUE)/lib/libsegue.so.$(VERSION) $(LIBSEGUE)/gstreamer-1.0/libsegue.so.$(SOVERSION)
	cp $(LIBSEGUE)/lib/libsegue-compile-probe $(LIBSEGUE)/gstreamer-1.0/
	$(CC) -O2 -Wall -Wextra -Wno-unused-parameter -Werror -shared -fPIC -o $(LIBSEGUE)/gstreamer-1.0/libgstsegue.so \
		CLI/gstreamer/gstseguetransition.c -I$(LIBSEGUE)/include $$(pkg-config --cflags --libs gstreamer-video-1.0) \
		-L$(LIBSEGUE)/lib -lsegue -Wl,-rpath,'$$ORIGIN' -Wl,-z,defs

install-gstreamer: gstreamer
	install -d "$(GST_PLUGIN_DIR)"
	install -m 755 $(LIBSEGUE)/gstreamer-1.0/libgstsegue.so $(LIBSEGUE)/gstreamer-1.0/libsegue.so.$(SOVERSION) \
		$(LIBSEGUE)/gstreamer-1.0/libsegue-compile-probe "$(GST_PLUGIN_DIR)/"
	@echo "installed $(GST_PLUGIN_DIR)/libgstsegue.so: gst-inspect-1.0 seguetransition"

install-frei0r: frei0r
	install -d "$(FREI0R_DIR)"
	install -m 755 $(LIBSEGUE)/frei0r-1/segue.so $(LIBSEGUE)/frei0r-1/libsegue-compile-probe "$(FREI0R_DIR)/"
	@echo "installed $(FREI0R_DIR)/segue.so: MLT (melt, Shotcut, Kdenlive) finds it as frei0r.segue"

# Examples/ExternalPackage, a package that uses Segue as a user would, copied out of the repository
# and tested with plain `swift test` (rebuilds Segue in the copy's .build), then the test kit's
# record / pass / changed-golden cycle on that copy; then Examples/AnimatorGuide (the code of the
# guide "Writing an animator", checked against the guide) built and tested in the same .build.
test-external:
	SWIFT="$(SWIFT)" bash scripts/test-external-package.sh

# Tests/Upgrade/From779ddb1: code written against the README and DocC of commit 779ddb1 builds
# against this release with deprecation warnings only, each naming what to write now (CHANGELOG.md).
# Rebuilds Segue in its own .build (one debug build, about 1-3 minutes).
test-upgrade:
	SWIFT="$(SWIFT)" bash scripts/test-upgrade.sh

# Integrations/SegueSnapshotTesting: Segue pictures as pointfreeco/swift-snapshot-testing snapshots,
# a package of its own so Segue's users never resolve it (first build about 2 minutes: swift-syntax
# is resolved, not compiled).
test-integrations:
	cd Integrations/SegueSnapshotTesting && $(SWIFT) build --build-tests && $(SWIFT) test

# The DocC catalog (Sources/Segue/Segue.docc), built with swift-docc-plugin; a broken link fails.
# The DocC catalog (Sources/Segue/Segue.docc) and a page per library module (Sources/*/*.docc), one
# combined archive; a symbol link that does not resolve fails.
DOC_TARGETS = Segue SegueColor SegueImage SegueTiming SegueOutput SegueInput SegueGLSL SegueGL SegueHeadless \
	SegueGLFW SegueEffects SegueUIKit SegueCompositor SegueStage SegueAppHost SegueText SegueExport SegueTransitions SegueSoak \
	SegueTimeline SegueRenderJobs SeguePlayer SegueTesting
docs:
	$(SWIFT) package --disable-sandbox generate-documentation --enable-experimental-combined-documentation \
		$(foreach target,$(DOC_TARGETS),--target $(target)) --warnings-as-errors --output-path .build/documentation

bench: release
	$(SEGUE) bench

# The timeline against ffmpeg's xfade chain and MoviePy 2 (installed into .build/bench-venv by
# scripts/bench-moviepy-setup.sh, for the benchmark only), then memory over a 10-minute edit.
bench-edit: release
	@bash scripts/install-deps.sh ffmpeg
	bash scripts/bench-moviepy-setup.sh
	$(SEGUE) bench --sections edit,edit-long

# The libFuzzer targets (Fuzz/, a package of its own built with -sanitize=fuzzer,address; see
# docs/TestSuite.md): each of FUZZ_TARGETS runs FUZZ_SECONDS, FUZZ_JOBS side by side; what they
# find lands in Fuzz/Regressions/TARGET. fuzz-merge adds to the committed corpus the fewest,
# smallest inputs of .build-fuzz/corpus that reach code it does not (edges only, not counters:
# a corpus in the repository stays small).
FUZZ_SECONDS ?= 120
FUZZ_JOBS ?= 2
FUZZ_TARGETS ?= edit-spec srt glsl gl-params picture
FUZZ_BUILD = $(SWIFT) build --package-path Fuzz -Xswiftc -sanitize=fuzzer,address -Xswiftc -DSEGUE_LIBFUZZER

fuzz-build: deps
	$(FUZZ_BUILD)

fuzz: fuzz-build
	FUZZ_SECONDS=$(FUZZ_SECONDS) FUZZ_JOBS=$(FUZZ_JOBS) FUZZ_TARGETS="$(FUZZ_TARGETS)" \
		FUZZ_BINARY="$$($(FUZZ_BUILD) --show-bin-path)/segue-fuzz" bash scripts/fuzz-run

fuzz-merge: fuzz-build
	for target in $(FUZZ_TARGETS); do \
		SWIFT_BACKTRACE=enable=no ASAN_OPTIONS=detect_leaks=0 "$$($(FUZZ_BUILD) --show-bin-path)/segue-fuzz" $$target -merge=1 -use_counters=0 \
			Fuzz/Corpus/$$target .build-fuzz/corpus/$$target || exit 1; done

# Every fuzz corpus file and kept finding through the targets' entry functions, without libFuzzer
# (seconds; part of the libraries' suite too).
test-fuzz-corpus:
	$(SWIFT) test --filter SegueFuzzReplayTests

clean:
	rm -rf .build CLI/.build $(LIBSEGUE) dist/segue-*.whl Examples/ExternalPackage/.build Examples/AnimatorGuide/.build Integrations/SegueSnapshotTesting/.build \
		Tests/Upgrade/From779ddb1/.build Fuzz/.build .build-fuzz "$(OUT)"
