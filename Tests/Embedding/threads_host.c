/*
 * A C host of libsegue that uses it from several threads at once, as segue.h allows ("every
 * function may be called from any thread; several engines run in parallel"): run under
 * ThreadSanitizer by scripts/sanitizers/capi-tsan.sh, with the library and this host both
 * instrumented. Only segue.h and dlopen (cc threads_host.c -ldl -lpthread). Usage:
 *   threads_host LIBRARY [FILE.glsl]
 * First, on the main thread alone, one engine renders each of the first four listed transitions
 * at three progresses (the reference). Then four threads, two on each of two engines, load the
 * same transitions, render them (one frame at a time and as a batch) and destroy them, three
 * rounds each, while a fifth makes and destroys engines of its own; every frame must equal the
 * reference byte for byte, and each thread's segue_last_error() must be its own failure's. With
 * FILE.glsl, one of the four also loads it each round (the compile probe, from a thread).
 * Prints "ok - ..." / "not ok - ..." lines; exits 1 if any failed.
 */
#include <dlfcn.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "host_files.h"
#include "segue.h"

#define LOAD(name) name##_ = (__typeof__(name) *)dlsym(library, #name)
#define WIDTH 64
#define HEIGHT 48
#define BYTES ((size_t)WIDTH * HEIGHT * 4)
#define NAMES 4
#define ROUNDS 3

static __typeof__(segue_last_error) *segue_last_error_;
static __typeof__(segue_transition_name) *segue_transition_name_;
static __typeof__(segue_engine_create) *segue_engine_create_;
static __typeof__(segue_engine_destroy) *segue_engine_destroy_;
static __typeof__(segue_engine_renderer) *segue_engine_renderer_;
static __typeof__(segue_transition_load) *segue_transition_load_;
static __typeof__(segue_transition_render) *segue_transition_render_;
static __typeof__(segue_transition_render_batch) *segue_transition_render_batch_;
static __typeof__(segue_transition_destroy) *segue_transition_destroy_;

static const double progress[3] = {0.25, 0.5, 0.75};
static unsigned char from[BYTES], to[BYTES];
static unsigned char reference[NAMES][3 * BYTES];
static const char *names[NAMES];
static const char *glsl;
/* Written by each worker into its own slot, read by main after pthread_join. */
static char verdicts[5][256];

/* Two pictures with structure everywhere (gradients and a checkerboard), so a frame from the
 * wrong transition or the wrong progress differs. */
static void make_pictures(void) {
    for (int y = 0; y < HEIGHT; y++)
        for (int x = 0; x < WIDTH; x++) {
            unsigned char *a = from + ((size_t)y * WIDTH + x) * 4, *b = to + ((size_t)y * WIDTH + x) * 4;
            a[0] = (unsigned char)(x * 4), a[1] = (unsigned char)(y * 5), a[2] = 200, a[3] = 255;
            b[0] = ((x / 8 + y / 8) % 2) ? 240 : 20, b[1] = (unsigned char)(255 - x * 4), b[2] = (unsigned char)(y * 3), b[3] = 255;
        }
}

/* Renders `name` on `engine` at the three progresses, one call each, into out; 0 on success. */
static int render_three(segue_engine *engine, const char *name, unsigned char *out, char *why, size_t room) {
    segue_transition *transition = NULL;
    if (segue_transition_load_(engine, name, WIDTH, HEIGHT, &transition) != SEGUE_OK) {
        snprintf(why, room, "%s does not load: %s", name, segue_last_error_());
        return 1;
    }
    for (int i = 0; i < 3; i++)
        if (segue_transition_render_(transition, from, to, progress[i], out + i * BYTES) != SEGUE_OK) {
            snprintf(why, room, "%s at %.2f: %s", name, progress[i], segue_last_error_());
            segue_transition_destroy_(transition);
            return 1;
        }
    segue_transition_destroy_(transition);
    return 0;
}

struct worker {
    int index;
    segue_engine *engine;
};

/* Three rounds of: each transition loaded, rendered (single frames and a batch), compared with
 * the reference, destroyed; a mistyped name whose message must be this thread's own. */
static void *work(void *argument) {
    struct worker *worker = argument;
    char *verdict = verdicts[worker->index];
    unsigned char *frames = malloc(3 * BYTES), *batch = malloc(3 * BYTES);
    char why[200] = "";
    for (int round = 0; round < ROUNDS && !*verdict; round++) {
        for (int n = 0; n < NAMES && !*verdict; n++) {
            int name = (n + worker->index) % NAMES;  /* the threads start on different transitions */
            if (render_three(worker->engine, names[name], frames, why, sizeof why)) {
                snprintf(verdict, 256, "thread %d: %s", worker->index, why);
            } else if (memcmp(frames, reference[name], 3 * BYTES) != 0) {
                snprintf(verdict, 256, "thread %d: %s differs from the reference (round %d)", worker->index, names[name], round);
            }
            segue_transition *transition = NULL;
            if (!*verdict && (segue_transition_load_(worker->engine, names[name], WIDTH, HEIGHT, &transition) != SEGUE_OK
                              || segue_transition_render_batch_(transition, from, to, progress, 3, batch) != SEGUE_OK
                              || memcmp(batch, reference[name], 3 * BYTES) != 0))
                snprintf(verdict, 256, "thread %d: %s's batch fails or differs: %s", worker->index, names[name], segue_last_error_());
            segue_transition_destroy_(transition);
        }
        char mistyped[32];
        snprintf(mistyped, sizeof mistyped, "no-such-name-%d", worker->index);
        segue_transition *none = NULL;
        if (!*verdict && (segue_transition_load_(worker->engine, mistyped, WIDTH, HEIGHT, &none) != SEGUE_ERROR_UNKNOWN_TRANSITION
                          || !strstr(segue_last_error_(), mistyped)))
            snprintf(verdict, 256, "thread %d: its last error is not its own: %s", worker->index, segue_last_error_());
        if (!*verdict && glsl && worker->index == 1) {
            segue_transition *user = NULL;
            if (segue_transition_load_(worker->engine, glsl, WIDTH, HEIGHT, &user) != SEGUE_OK)
                snprintf(verdict, 256, "thread 1: %s does not load: %s", glsl, segue_last_error_());
            segue_transition_destroy_(user);
        }
    }
    free(frames);
    free(batch);
    return NULL;
}

/* Makes, uses and destroys engines of its own while the others render. */
static void *churn(void *argument) {
    (void)argument;
    char why[200] = "";
    unsigned char *frames = malloc(3 * BYTES);
    for (int round = 0; round < ROUNDS && !*verdicts[4]; round++) {
        segue_engine *engine = NULL;
        if (segue_engine_create_(&engine) != SEGUE_OK) {
            snprintf(verdicts[4], 256, "churn: an engine is not made: %s", segue_last_error_());
            break;
        }
        if (!segue_engine_renderer_(engine) || render_three(engine, names[round % NAMES], frames, why, sizeof why))
            snprintf(verdicts[4], 256, "churn: %s", *why ? why : "no renderer name");
        else if (memcmp(frames, reference[round % NAMES], 3 * BYTES) != 0)
            snprintf(verdicts[4], 256, "churn: %s on a new engine differs from the reference", names[round % NAMES]);
        segue_engine_destroy_(engine);
    }
    free(frames);
    return NULL;
}

int main(int argc, char **argv) {
    if (argc < 2) {
        fprintf(stderr, "usage: threads_host LIBRARY [FILE.glsl]\n");
        return 2;
    }
    void *library = dlopen(argv[1], RTLD_NOW | RTLD_LOCAL);
    if (!library) {
        fprintf(stderr, "dlopen: %s\n", dlerror());
        return 2;
    }
    glsl = argc > 2 ? argv[2] : NULL;
    LOAD(segue_last_error); LOAD(segue_transition_name); LOAD(segue_engine_create); LOAD(segue_engine_destroy);
    LOAD(segue_engine_renderer); LOAD(segue_transition_load); LOAD(segue_transition_render);
    LOAD(segue_transition_render_batch); LOAD(segue_transition_destroy);
    make_pictures();
    for (int n = 0; n < NAMES; n++) names[n] = segue_transition_name_(n);
    check(names[NAMES - 1] != NULL, "the library lists at least four transitions", NULL);
    if (!names[NAMES - 1]) return 1;

    segue_engine *engines[2] = {NULL, NULL};
    char why[200] = "";
    int made = segue_engine_create_(&engines[0]) == SEGUE_OK && segue_engine_create_(&engines[1]) == SEGUE_OK;
    check(made, "two engines are made", segue_last_error_());
    if (!made) return 1;
    int rendered = 1;
    for (int n = 0; n < NAMES && rendered; n++) rendered = !render_three(engines[0], names[n], reference[n], why, sizeof why);
    check(rendered, "the main thread alone renders the reference frames", why);
    if (!rendered) return 1;

    pthread_t threads[5];
    struct worker workers[4];
    for (int i = 0; i < 4; i++) {
        workers[i] = (struct worker){.index = i, .engine = engines[i / 2]};
        pthread_create(&threads[i], NULL, work, &workers[i]);
    }
    pthread_create(&threads[4], NULL, churn, NULL);
    for (int i = 0; i < 5; i++) pthread_join(threads[i], NULL);
    for (int i = 0; i < 4; i++) {
        char what[96];
        snprintf(what, sizeof what, "thread %d (engine %d): %d rounds of four transitions equal the reference", i, i / 2, ROUNDS);
        check(!*verdicts[i], what, verdicts[i]);
    }
    check(!*verdicts[4], "a fifth thread makes, uses and destroys engines meanwhile", verdicts[4]);
    segue_engine_destroy_(engines[0]);
    segue_engine_destroy_(engines[1]);
    return failures ? 1 : 0;
}
