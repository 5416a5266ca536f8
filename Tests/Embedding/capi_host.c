/*
 * A C host of libsegue, as a user's program would be: only segue.h and dlopen, no Swift on the
 * link line (cc capi_host.c -ldl). Usage:
 *   capi_host LIBRARY NAME WIDTH HEIGHT FROM.rgba TO.rgba OUT_PREFIX [name=value ...]
 * renders NAME at progress 0, 0.5 and 1 (one call each, and once as a batch, which must agree)
 * into OUT_PREFIX-0000.rgba, -0001, -0002; then checks that bad calls fail with the right
 * codes and messages instead of aborting. Prints "ok - ..." / "not ok - ..." lines; exits 1 if any failed.
 */
#include <dlfcn.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "host_files.h"
#include "segue.h"

/* name_: the library's function, found by dlsym, with the header's type. */
#define LOAD(name) __typeof__(name) *name##_ = (__typeof__(name) *)dlsym(library, #name)

int main(int argc, char **argv) {
    if (argc < 8) {
        fprintf(stderr, "usage: capi_host LIBRARY NAME WIDTH HEIGHT FROM.rgba TO.rgba OUT_PREFIX [name=value ...]\n");
        return 2;
    }
    void *library = dlopen(argv[1], RTLD_NOW | RTLD_LOCAL);
    if (!library) {
        fprintf(stderr, "dlopen: %s\n", dlerror());
        return 2;
    }
    LOAD(segue_api_version); LOAD(segue_version); LOAD(segue_last_error); LOAD(segue_transition_count); LOAD(segue_transition_name);
    LOAD(segue_transition_parameters); LOAD(segue_engine_create); LOAD(segue_engine_destroy);
    LOAD(segue_transition_load); LOAD(segue_transition_set); LOAD(segue_transition_render);
    LOAD(segue_transition_render_batch); LOAD(segue_transition_destroy); LOAD(segue_transition_describe);
    check(segue_api_version_ && segue_api_version_() == SEGUE_API_VERSION, "the library's API version is the header's", NULL);
    check(segue_version_ && strcmp(segue_version_(), SEGUE_VERSION_STRING) == 0, "the library's release is the header's", NULL);

    int width = atoi(argv[3]), height = atoi(argv[4]);
    size_t bytes = (size_t)width * height * 4;
    unsigned char *from = read_exactly(argv[5], bytes), *to = read_exactly(argv[6], bytes);
    unsigned char *out = malloc(bytes * 3), *batch = malloc(bytes * 3);

    int listed = 0;
    for (size_t i = 0; i < segue_transition_count_(); i++)
        if (strcmp(segue_transition_name_(i), "wipe") == 0)
            listed = strstr(segue_transition_parameters_(i), "direction: vec2") != NULL;
    check(listed && segue_transition_name_(segue_transition_count_()) == NULL,
          "the listing names wipe with its direction parameter", NULL);

    segue_engine *engine = NULL;
    if (segue_engine_create_(&engine) != SEGUE_OK) {
        check(0, "an engine is made", segue_last_error_());
        return 1;
    }
    segue_transition *transition = NULL;
    int status = segue_transition_load_(engine, argv[2], width, height, &transition);
    check(status == SEGUE_OK, "the transition loads", segue_last_error_());
    if (status != SEGUE_OK) return 1;
    for (int i = 8; i < argc; i++) {
        char *equals = strchr(argv[i], '=');
        if (!equals) continue;
        *equals = '\0';
        check(segue_transition_set_(transition, argv[i], equals + 1) == SEGUE_OK, "a parameter is set by name", segue_last_error_());
    }
    const char *described = segue_transition_describe_(transition);
    check(described != NULL && (argc == 8 || strstr(described, argv[8])), "the parameters are described", described);
    const double progress[3] = {0, 0.5, 1};
    for (int i = 0; i < 3; i++) {
        status = segue_transition_render_(transition, from, to, progress[i], out + i * bytes);
        check(status == SEGUE_OK, "a frame renders", segue_last_error_());
        write_frame(argv[7], i, out + i * bytes, bytes);
    }
    status = segue_transition_render_batch_(transition, from, to, progress, 3, batch);
    check(status == SEGUE_OK && memcmp(batch, out, bytes * 3) == 0, "the batch equals the single frames", segue_last_error_());

    /* Bad calls: codes and messages, never an abort. */
    status = segue_transition_render_(transition, from, to, 1.5, out);
    check(status == SEGUE_ERROR_ARGUMENT && strstr(segue_last_error_(), "0...1"), "progress 1.5 is refused", segue_last_error_());
    status = segue_transition_set_(transition, "no_such_parameter", "1");
    check(status == SEGUE_ERROR_PARAMETER || status == SEGUE_ERROR_ARGUMENT, "an unknown parameter is refused", segue_last_error_());
    segue_transition *other = NULL;
    status = segue_transition_load_(engine, "wipeleftt", width, height, &other);
    check(status == SEGUE_ERROR_UNKNOWN_TRANSITION && strstr(segue_last_error_(), "wipeleft") && other == NULL,
          "a mistyped name is refused with the nearest name", segue_last_error_());
    status = segue_transition_load_(engine, "fade", 0, height, &other);
    check(status == SEGUE_ERROR_ARGUMENT, "a 0-pixel frame is refused", segue_last_error_());
    status = segue_transition_load_(engine, "fade", 16384, 16384, &other);
    check(status == SEGUE_ERROR_BUDGET, "a frame over the picture budget is refused", segue_last_error_());
    status = segue_transition_load_(engine, "/nonexistent/x.glsl", width, height, &other);
    check(status == SEGUE_ERROR_FILE, "a missing .glsl file is refused", segue_last_error_());
    status = segue_transition_render_(NULL, from, to, 0.5, out);
    check(status == SEGUE_ERROR_ARGUMENT, "a NULL transition is refused", segue_last_error_());

    segue_transition_destroy_(transition);
    segue_engine_destroy_(engine);
    free(from); free(to); free(out); free(batch);
    return failures ? 1 : 0;
}
