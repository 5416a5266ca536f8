# Segue — two commands do everything on a fresh Debian machine:
#   make demo   install what is missing, build release, run the main job
#   make test   install what is missing, run the test suite
SWIFT ?= swift
OUT ?= out

.PHONY: all deps build release demo test bench clean

all: release

deps:
	@bash scripts/install-deps.sh

build: deps
	$(SWIFT) build

release: deps
	$(SWIFT) build -c release

# With DISPLAY set: a window that plays the pixel dissolve (drag to scrub).
# Without: renders it headlessly on EGL to $(OUT)/ and prints where.
demo: release
	"$$($(SWIFT) build -c release --show-bin-path)/segue" demo --out "$(OUT)"

# The window tests need an X server of their own and real pointer input; the xfade presets
# are compared with ffmpeg's xfade, and the export tests read their videos back with ffmpeg.
# `time` (/usr/bin/time) measures ffmpeg's peak memory in the GIF export test.
# SEGUE_REQUIRE_FFMPEG: ffmpeg was installed above, so a missing one fails instead of skipping.
test:
	@bash scripts/install-deps.sh xvfb xdotool x11-apps ffmpeg time
	SEGUE_REQUIRE_FFMPEG=1 $(SWIFT) test

bench: release
	"$$($(SWIFT) build -c release --show-bin-path)/segue" bench

clean:
	rm -rf .build "$(OUT)"
