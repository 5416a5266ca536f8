/*
 * A C host of libsegue that misuses it as a hostile or careless program would (issue
 * "hardening-3"); only segue.h and dlopen (cc hardening_host.c -ldl). Usage:
 *   hardening_host LIBRARY stale
 *       destroys an engine and a transition twice and uses them after: refused, never a crash
 *   hardening_host LIBRARY descriptors FILE.glsl COUNT
 *       loads FILE.glsl once, then COUNT more times (each destroyed): /proc/self/fd holds as many
 *       descriptors after them as after the first, and every load ends as the first did
 *   hardening_host LIBRARY wall-clock FILE.glsl
 *       the load fails with SEGUE_ERROR_BUDGET, its message about the wall-clock limit (run with
 *       a probe that sleeps, SEGUE_LIBSEGUE_COMPILE_PROBE, and SEGUE_COMPILE_WALL_SECONDS small)
 *   hardening_host LIBRARY texture FILE.glsl WIDTH HEIGHT FROM.rgba TO.rgba TEX.rgba TW TH OUT_PREFIX
 *       FILE.glsl has a sampler2D `luma`: it loads, refuses frames until given a texture, then
 *       renders progress 0, 0.5, 1 with TEX (TW x TH) into OUT_PREFIX-000I.rgba
 *   hardening_host LIBRARY planes
 *       segue_transition_render_planes (I420 and NV12) with bad calls: an unknown format or matrix,
 *       a range other than 0 or 1, a NULL plane, a stride under its row, progress 1.5, a dead
 *       transition: each refused with SEGUE_ERROR_ARGUMENT and a message; good calls render
 * Prints "ok - ..." / "not ok - ..." lines; exits 1 if any failed.
 */
#include <dirent.h>
#include <dlfcn.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "host_files.h"
#include "segue.h"

#define LOAD(name) __typeof__(name) *name##_ = (__typeof__(name) *)dlsym(library, #name)

/* The descriptors this process has open (/proc/self/fd's entries, less the one reading it). */
static int open_descriptors(void) {
    DIR *folder = opendir("/proc/self/fd");
    int count = 0;
    if (!folder) return -1;
    for (struct dirent *entry; (entry = readdir(folder));)
        if (entry->d_name[0] != '.') count++;
    closedir(folder);
    return count - 1;
}

int main(int argc, char **argv) {
    if (argc < 3) {
        fprintf(stderr, "usage: hardening_host LIBRARY stale|descriptors|wall-clock|texture ...\n");
        return 2;
    }
    void *library = dlopen(argv[1], RTLD_NOW | RTLD_LOCAL);
    if (!library) {
        fprintf(stderr, "dlopen: %s\n", dlerror());
        return 2;
    }
    LOAD(segue_last_error); LOAD(segue_engine_create); LOAD(segue_engine_destroy); LOAD(segue_engine_renderer);
    LOAD(segue_transition_load); LOAD(segue_transition_render); LOAD(segue_transition_destroy);
    LOAD(segue_transition_set_texture); LOAD(segue_transition_set); LOAD(segue_transition_render_planes);
    check(segue_transition_set_texture_ != NULL, "the library exports segue_transition_set_texture", NULL);
    segue_engine *engine = NULL;
    if (segue_engine_create_(&engine) != SEGUE_OK) {
        check(0, "an engine is made", segue_last_error_());
        return 1;
    }
    const char *mode = argv[2];
    segue_transition *transition = NULL;
    char detail[4300];

    if (strcmp(mode, "stale") == 0) {
        unsigned char picture[16 * 16 * 4] = {0}, out[16 * 16 * 4];
        check(segue_transition_load_(engine, "fade", 16, 16, &transition) == SEGUE_OK, "fade loads", segue_last_error_());
        segue_transition_destroy_(transition);
        segue_transition_destroy_(transition);
        int status = segue_transition_render_(transition, picture, picture, 0.5, out);
        check(status == SEGUE_ERROR_ARGUMENT && strstr(segue_last_error_(), "not a live transition"),
              "a transition destroyed twice, then rendered: SEGUE_ERROR_ARGUMENT, not a crash", segue_last_error_());
        status = segue_transition_render_((segue_transition *)engine, picture, picture, 0.5, out);
        check(status == SEGUE_ERROR_ARGUMENT, "an engine passed as a transition is refused", segue_last_error_());
        segue_engine_destroy_(engine);
        segue_engine_destroy_(engine);
        check(segue_engine_renderer_(engine) == NULL, "a destroyed engine has no renderer", NULL);
        segue_transition *other = NULL;
        status = segue_transition_load_(engine, "fade", 16, 16, &other);
        check(status == SEGUE_ERROR_ARGUMENT && other == NULL && strstr(segue_last_error_(), "not a live engine"),
              "segue_engine_destroy twice, then a load on it: SEGUE_ERROR_ARGUMENT, not a crash", segue_last_error_());
        /* A new engine after the old one's destroy works, and the old handle stays dead. */
        segue_engine *again = NULL;
        check(segue_engine_create_(&again) == SEGUE_OK && again != engine
                  && segue_transition_load_(again, "fade", 16, 16, &other) == SEGUE_OK
                  && segue_transition_load_(engine, "fade", 16, 16, &transition) == SEGUE_ERROR_ARGUMENT,
              "a new engine works beside the dead one, whose handle is not reused", segue_last_error_());
        segue_transition_destroy_(other);
        segue_engine_destroy_(again);
        return failures ? 1 : 0;
    }

    if (strcmp(mode, "descriptors") == 0 && argc == 5) {
        int count = atoi(argv[4]);
        /* The first load opens what stays open for the process (the driver's), then is the reference. */
        int first = segue_transition_load_(engine, argv[3], 64, 36, &transition);
        segue_transition_destroy_(transition);
        int before = open_descriptors(), same = 0;
        for (int i = 0; i < count; i++) {
            transition = NULL;
            same += segue_transition_load_(engine, argv[3], 64, 36, &transition) == first;
            segue_transition_destroy_(transition);
        }
        int after = open_descriptors();
        snprintf(detail, sizeof detail, "%d descriptors before, %d after; %d of %d loads ended with status %d (%s)", before,
                 after, same, count, first, segue_last_error_());
        printf("  descriptors: %s\n", detail);
        check(before > 0 && after == before && same == count, "loads of a .glsl leave the descriptor count where it was", detail);
        segue_engine_destroy_(engine);
        return failures ? 1 : 0;
    }

    if (strcmp(mode, "wall-clock") == 0 && argc == 4) {
        int status = segue_transition_load_(engine, argv[3], 64, 36, &transition);
        check(status == SEGUE_ERROR_BUDGET && strstr(segue_last_error_(), "wall-clock") && transition == NULL,
              "a compile probe that blocks is stopped at the wall-clock limit: SEGUE_ERROR_BUDGET", segue_last_error_());
        segue_engine_destroy_(engine);
        return failures ? 1 : 0;
    }

    if (strcmp(mode, "texture") == 0 && argc == 12) {
        if (!segue_transition_set_texture_) return 1;
        int width = atoi(argv[4]), height = atoi(argv[5]), tw = atoi(argv[9]), th = atoi(argv[10]);
        size_t bytes = (size_t)width * height * 4;
        unsigned char *from = read_exactly(argv[6], bytes), *to = read_exactly(argv[7], bytes);
        unsigned char *texture = read_exactly(argv[8], (size_t)tw * th * 4), *out = malloc(bytes);
        int status = segue_transition_load_(engine, argv[3], width, height, &transition);
        check(status == SEGUE_OK, "a .glsl with a sampler2D loads before its texture is given", segue_last_error_());
        if (status != SEGUE_OK) return 1;
        status = segue_transition_render_(transition, from, to, 0.5, out);
        check(status == SEGUE_ERROR_PARAMETER && strstr(segue_last_error_(), "'luma'") && strstr(segue_last_error_(), "no texture"),
              "a frame before the texture is refused, naming the sampler", segue_last_error_());
        status = segue_transition_set_texture_(transition, "no_such_sampler", texture, tw, th);
        check(status == SEGUE_ERROR_PARAMETER, "a texture for an unknown sampler is refused", segue_last_error_());
        status = segue_transition_set_texture_(transition, "luma", texture, 0, th);
        check(status == SEGUE_ERROR_ARGUMENT, "a texture of 0 pixels is refused", segue_last_error_());
        /* A luma map first, then the host's pixels over it: the pixels are what renders. */
        check(segue_transition_set_(transition, "luma", "spiral-1") == SEGUE_OK
                  && segue_transition_set_texture_(transition, "luma", texture, tw, th) == SEGUE_OK,
              "segue_transition_set_texture gives the sampler the host's pixels", segue_last_error_());
        const double progress[3] = {0, 0.5, 1};
        for (int i = 0; i < 3; i++) {
            status = segue_transition_render_(transition, from, to, progress[i], out);
            check(status == SEGUE_OK, "a frame with the texture renders", segue_last_error_());
            write_frame(argv[11], i, out, bytes);
        }
        segue_transition_destroy_(transition);
        segue_engine_destroy_(engine);
        free(from); free(to); free(texture); free(out);
        return failures ? 1 : 0;
    }
    if (strcmp(mode, "planes") == 0 && segue_transition_render_planes_) {
        /* 10x6 I420 with rows padded to 12 (Y') and 8 (chroma), as GStreamer pads them. */
        static unsigned char y[3][12 * 6], u[3][8 * 3], v[3][8 * 3];
        memset(y, 128, sizeof y); memset(u, 128, sizeof u); memset(v, 128, sizeof v);
        segue_planes from = {{y[0], u[0], v[0]}, {12, 8, 8}}, to = {{y[1], u[1], v[1]}, {12, 8, 8}}, out = {{y[2], u[2], v[2]}, {12, 8, 8}};
        check(segue_transition_load_(engine, "wipeleft", 10, 6, &transition) == SEGUE_OK, "wipeleft loads at 10x6", segue_last_error_());
        int status = segue_transition_render_planes_(transition, SEGUE_FORMAT_I420, SEGUE_MATRIX_BT709, 0, &from, &to, 0.5, &out);
        check(status == SEGUE_OK && y[2][0] == 128 && u[2][0] == 128, "an I420 frame of grey pictures renders grey", segue_last_error_());
        /* NV12's chroma: 5 Cb/Cr pairs a row (10 bytes), 3 rows, in a plane of its own (u's 24 are too few). */
        static unsigned char uv[2][10 * 3];
        memset(uv, 128, sizeof uv);
        segue_planes nv12_from = {{y[0], uv[0], NULL}, {12, 10, 0}}, nv12_out = {{y[2], uv[1], NULL}, {12, 10, 0}};
        check(segue_transition_render_planes_(transition, SEGUE_FORMAT_NV12, SEGUE_MATRIX_BT601, 1, &nv12_from, &nv12_from, 0.5, &nv12_out) == SEGUE_OK,
              "an NV12 frame renders (its third plane NULL)", segue_last_error_());
        status = segue_transition_render_planes_(transition, (segue_pixel_format)99, SEGUE_MATRIX_BT709, 0, &from, &to, 0.5, &out);
        check(status == SEGUE_ERROR_ARGUMENT && strstr(segue_last_error_(), "pixel format"), "an unknown pixel format is refused", segue_last_error_());
        status = segue_transition_render_planes_(transition, SEGUE_FORMAT_I420, (segue_color_matrix)7, 0, &from, &to, 0.5, &out);
        check(status == SEGUE_ERROR_ARGUMENT && strstr(segue_last_error_(), "matrix"), "an unknown matrix is refused", segue_last_error_());
        status = segue_transition_render_planes_(transition, SEGUE_FORMAT_I420, SEGUE_MATRIX_BT709, 2, &from, &to, 0.5, &out);
        check(status == SEGUE_ERROR_ARGUMENT && strstr(segue_last_error_(), "full_range"), "a range of 2 is refused", segue_last_error_());
        segue_planes missing = from;
        missing.data[2] = NULL;
        status = segue_transition_render_planes_(transition, SEGUE_FORMAT_I420, SEGUE_MATRIX_BT709, 0, &missing, &to, 0.5, &out);
        check(status == SEGUE_ERROR_ARGUMENT && strstr(segue_last_error_(), "plane 2"), "an I420 picture without its Cr plane is refused", segue_last_error_());
        segue_planes narrow = out;
        narrow.stride[0] = 9;
        status = segue_transition_render_planes_(transition, SEGUE_FORMAT_I420, SEGUE_MATRIX_BT709, 0, &from, &to, 0.5, &narrow);
        check(status == SEGUE_ERROR_ARGUMENT && strstr(segue_last_error_(), "stride"), "a stride under its row (9 < 10) is refused", segue_last_error_());
        status = segue_transition_render_planes_(transition, SEGUE_FORMAT_I420, SEGUE_MATRIX_BT709, 0, &from, &to, 1.5, &out);
        check(status == SEGUE_ERROR_ARGUMENT && strstr(segue_last_error_(), "progress"), "progress 1.5 is refused", segue_last_error_());
        status = segue_transition_render_planes_(transition, SEGUE_FORMAT_I420, SEGUE_MATRIX_BT709, 0, NULL, &to, 0.5, &out);
        check(status == SEGUE_ERROR_ARGUMENT, "a NULL picture is refused", segue_last_error_());
        segue_transition_destroy_(transition);
        status = segue_transition_render_planes_(transition, SEGUE_FORMAT_I420, SEGUE_MATRIX_BT709, 0, &from, &to, 0.5, &out);
        check(status == SEGUE_ERROR_ARGUMENT && strstr(segue_last_error_(), "not a live transition"), "a destroyed transition is refused",
              segue_last_error_());
        segue_engine_destroy_(engine);
        return failures ? 1 : 0;
    }
    fprintf(stderr, "hardening_host: unknown mode or arguments: %s\n", mode);
    return 2;
}
