/*
 * segue.h: Segue's transitions from C (libsegue.so).
 *
 * An engine owns a headless EGL context (Mesa's surfaceless platform, or a GPU's EGL device) on
 * a thread of its own, so a host needs no GL, no window and no Swift toolchain: it loads
 * libsegue.so (with dlopen or by linking it) and calls these functions. A transition is one of
 * the 83 transitions between two pictures that are built in (segue_transition_names: the pixel
 * dissolve and the 82 gl-transitions, ffmpeg xfade's names among them) or a gl-transitions `.glsl`
 * file; it renders RGBA8 pictures (straight alpha, top row first, rows packed: width * 4 bytes) of
 * its own size. The 12 view-controller scenarios of `segue render --list` (zoom-push, cube-push,
 * ...) need a window stage: they are offered by `segue render` and the Swift API, not here
 * (SEGUE_ERROR_SCENARIO).
 *
 * Linking: `cc app.c $(pkg-config --cflags --libs segue)` after `make install-libsegue`
 * (libsegue.so.1, soname libsegue.so.1), or dlopen("libsegue.so.1").
 *
 *     segue_engine *engine;  segue_transition *wipe;
 *     if (segue_engine_create(&engine) != SEGUE_OK) fprintf(stderr, "%s\n", segue_last_error());
 *     segue_transition_load(engine, "wipeleft", 640, 360, &wipe);
 *     segue_transition_render(wipe, from, to, 0.5, out);
 *     segue_transition_destroy(wipe);  segue_engine_destroy(engine);
 *
 * Errors: every call that can fail returns a segue_status; on anything but SEGUE_OK,
 * segue_last_error() gives the message (as Segue's command line words it). Bad input never aborts
 * the process.
 *
 * Budgets (the command line's): a transition's frame is 1...16384 pixels a side and at most
 * 512 MiB of RGBA8; a batch is 1...100000 frames; a `.glsl` file is compiled first in a child
 * process (libsegue-compile-probe: $SEGUE_LIBSEGUE_COMPILE_PROBE, else beside the library, else in
 * segue/ beside it, where `make install-libsegue` puts it) under a CPU budget of
 * $SEGUE_COMPILE_CPU_SECONDS (1...600, default 10), 1 GiB and a wall-clock limit of
 * $SEGUE_COMPILE_WALL_SECONDS (1...3600, default 3 x the CPU seconds + 10: a child blocked without
 * computing is killed with whatever it started), so a hostile shader is refused
 * (SEGUE_ERROR_BUDGET) instead of hanging the host. Built-ins are not probed. Each load runs
 * the probe again and leaves no descriptor of it open.
 *
 * Threads: every function may be called from any thread. An engine runs its GL work on its own
 * thread and serialises the calls of all its transitions there (a call waits for the ones before
 * it); several engines run in parallel. segue_last_error() is per calling thread. Do not destroy
 * a transition or an engine while another thread is using it; destroy an engine's transitions
 * before the engine (segue_engine_destroy releases what is left, and those handles are then dead).
 *
 * Handles: a segue_engine * or segue_transition * is a number the library looks up on every
 * call, never reused. One destroyed already (or never made) is refused with SEGUE_ERROR_ARGUMENT
 * ("not a live engine"), and destroying it again does nothing: a stale handle never crashes.
 */
#ifndef SEGUE_H
#define SEGUE_H

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

#define SEGUE_API_VERSION 1

/* Segue's release (the repository's VERSION file) this header comes with. */
#define SEGUE_VERSION_MAJOR 1
#define SEGUE_VERSION_MINOR 0
#define SEGUE_VERSION_PATCH 0
#define SEGUE_VERSION_STRING "1.0.0"

typedef struct segue_engine segue_engine;
typedef struct segue_transition segue_transition;

typedef enum segue_status {
    SEGUE_OK = 0,
    /* A null pointer, a size, progress or count out of range, a picture of the wrong size. */
    SEGUE_ERROR_ARGUMENT = 1,
    /* Neither a built-in name nor a `.glsl` path (the message suggests the nearest names). */
    SEGUE_ERROR_UNKNOWN_TRANSITION = 2,
    /* An unknown parameter, a value of the wrong type or out of its @range, a missing texture. */
    SEGUE_ERROR_PARAMETER = 3,
    /* The `.glsl` file is not a transition Segue accepts, or the driver would not compile it. */
    SEGUE_ERROR_SHADER = 4,
    /* Over a budget: the frame's size, or the compile budget of a `.glsl` file. */
    SEGUE_ERROR_BUDGET = 5,
    /* A file (the `.glsl`, a texture's PNG) could not be read. */
    SEGUE_ERROR_FILE = 6,
    /* No EGL or GL context could be made, or a GL call failed. */
    SEGUE_ERROR_GL = 7,
    /* The name is one of `segue render`'s view-controller scenarios (zoom-push, ...): they need a
     * window stage and are offered by `segue render` and the Swift API, not by this library. */
    SEGUE_ERROR_SCENARIO = 8
} segue_status;

/* SEGUE_API_VERSION of the library loaded (compare with the header's). */
int segue_api_version(void);

/* The release of the library loaded, "MAJOR.MINOR.PATCH" (SEGUE_VERSION_STRING of the header it
 * was built with). The string is the library's. */
const char *segue_version(void);

/* The message of the last call on this thread that failed ("" before any). The text stays valid
 * until this thread's next failing call. */
const char *segue_last_error(void);

/* The built-in transitions segue_transition_load takes: segue_transition_count() names, each with
 * its parameter lines ("name: type = value  (range a…b)", separated by '\n'; "" when it has none)
 * at the values it runs with. Strings are the library's, valid while it is loaded; NULL past the end. */
size_t segue_transition_count(void);
const char *segue_transition_name(size_t index);
const char *segue_transition_parameters(size_t index);
/* The same names at once, in the same order: an array of segue_transition_count() strings and a
 * NULL after them, the library's, valid while it is loaded. `count` may be NULL. */
const char *const *segue_transition_names(size_t *count);

/* A new engine (its thread and its GL context). */
segue_status segue_engine_create(segue_engine **engine);
/* The GL renderer's name ("llvmpipe (LLVM 15.0.7, 256 bits)"), valid until the engine is destroyed;
 * NULL for a handle that is not a live engine. */
const char *segue_engine_renderer(segue_engine *engine);
/* Ends the engine's thread and releases its context and the transitions left on it. NULL, and an
 * engine destroyed already (a second call), are ignored. */
void segue_engine_destroy(segue_engine *engine);

/* Loads `name` (a built-in, or a path ending in `.glsl`) for frames of width x height: parses
 * and checks it, compiles it (a `.glsl` under the compile budget first) and makes its GPU state.
 * A `.glsl` file's sampler2D parameters load without a texture; frames are refused
 * (SEGUE_ERROR_PARAMETER) until each is given one (segue_transition_set_texture or _set). */
segue_status segue_transition_load(
    segue_engine *engine, const char *name, int width, int height, segue_transition **transition);
/* Sets one parameter by name, the value written as on the command line's --param: "0.3",
 * "1,0", "true", a PNG's path or a luma map's name for a sampler2D. Kept for the next frames. */
segue_status segue_transition_set(segue_transition *transition, const char *name, const char *value);
/* Several at once: "direction=1,0 smoothness=0.3" (name=value, separated by spaces). All are
 * checked before any is kept. */
segue_status segue_transition_set_all(segue_transition *transition, const char *settings);
/* Gives the sampler2D parameter `name` a picture: width x height RGBA8 (straight alpha, top row
 * first, rows packed, as the pictures), any size within the frame budget, copied now. What a PNG
 * of the same pixels gives through segue_transition_set(t, name, "FILE.png") or `segue render
 * --param name=FILE.png`. Call it again to change the picture (the previous texture is released). */
segue_status segue_transition_set_texture(
    segue_transition *transition, const char *name, const uint8_t *rgba, int width, int height);
/* The transition's parameter lines with the values it now runs with (as segue_transition_parameters). */
const char *segue_transition_describe(segue_transition *transition);

/* One frame at `progress` (0...1) between `from` and `to` into `out`: three buffers of
 * width * height * 4 bytes. */
segue_status segue_transition_render(
    segue_transition *transition, const uint8_t *from, const uint8_t *to, double progress, uint8_t *out);
/* `count` frames (1...100000), at progress[0], progress[1], ..., one after another in `out`
 * (count * width * height * 4 bytes); the pictures are uploaded once. */
segue_status segue_transition_render_batch(
    segue_transition *transition, const uint8_t *from, const uint8_t *to, const double *progress, size_t count,
    uint8_t *out);

/* Y'CbCr pictures, converted on the GPU (segue_transition_render_planes): what video pipelines
 * (GStreamer, a decoder's output) carry, so a host needs no CPU conversion on either side. */
typedef enum segue_pixel_format {
    /* Three planes: Y' (width x height), then Cb and Cr ((width + 1) / 2 x (height + 1) / 2). */
    SEGUE_FORMAT_I420 = 1,
    /* Two planes: Y', then Cb and Cr interleaved (Cb first; (width + 1) / 2 pairs a row, (height + 1) / 2 rows). */
    SEGUE_FORMAT_NV12 = 2
} segue_pixel_format;

/* The Y'CbCr matrix of a picture's codes (BT.601: bt470bg and smpte170m alike; BT.2020 non-constant luminance). */
typedef enum segue_color_matrix {
    SEGUE_MATRIX_BT601 = 0,
    SEGUE_MATRIX_BT709 = 1,
    SEGUE_MATRIX_BT2020 = 2
} segue_color_matrix;

/* A picture's planes: data[i] points at plane i's first row (top row first), stride[i] is the
 * bytes from one row to the next (at least the plane's row: width bytes for Y', and for NV12's
 * chroma plane 2 * ((width + 1) / 2)). An unused plane (NV12's third) is ignored. */
typedef struct segue_planes {
    uint8_t *data[3];
    int stride[3];
} segue_planes;

/* One frame at `progress` (0...1) between two Y'CbCr pictures of the transition's size, in the
 * same `format`, `matrix` and range (`full_range` 0: studio swing, Y' 16...235; 1: 0...255), into
 * `out`'s planes in that layout. The GPU converts the codes to R'G'B' (chroma repeated over its
 * 2x2 block), renders the transition as segue_transition_render does, and converts back (each
 * chroma sample the mean of its 2x2 block), so a picture that is not changed comes back within
 * a code of itself. Pictures are opaque: alpha is 1 in, and the frame is taken over black out. */
segue_status segue_transition_render_planes(
    segue_transition *transition, segue_pixel_format format, segue_color_matrix matrix, int full_range,
    const segue_planes *from, const segue_planes *to, double progress, const segue_planes *out);

/* Releases the transition's GPU state (on the engine's thread). NULL, and a transition destroyed
 * already, are ignored. */
void segue_transition_destroy(segue_transition *transition);

#ifdef __cplusplus
}
#endif

#endif
