/* The child of libsegue's compile budget: `libsegue-compile-probe LIBRARY --name NAME` reads a
 * transition on stdin, loads LIBRARY (libsegue.so or the frei0r plugin, whichever asked) and
 * compiles the transition there under the budget (segue_compile_probe_child). Its own exit
 * status is the answer; it is never run by hand. */
#include <dlfcn.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

int main(int argc, char **argv) {
    if (argc != 4 || strcmp(argv[2], "--name") != 0) {
        fprintf(stderr, "usage: libsegue-compile-probe LIBRARY --name NAME < transition.glsl\n");
        return 2;
    }
    size_t size = 0, capacity = 1 << 16;
    char *text = malloc(capacity);
    for (size_t got; text && (got = fread(text + size, 1, capacity - size - 1, stdin)) > 0;) {
        size += got;
        if (size + 1 == capacity) {
            /* The old block is freed when it cannot grow (realloc keeps it then). */
            char *grown = realloc(text, capacity *= 2);
            if (!grown) free(text);
            text = grown;
        }
    }
    if (!text) return 3;
    text[size] = '\0';
    void *library = dlopen(argv[1], RTLD_NOW | RTLD_LOCAL);
    if (!library) {
        fprintf(stderr, "libsegue-compile-probe: %s\n", dlerror());
        free(text);
        return 4;
    }
    int (*child)(const char *, const char *) = (int (*)(const char *, const char *))dlsym(library, "segue_compile_probe_child");
    if (!child) {
        fprintf(stderr, "libsegue-compile-probe: %s has no segue_compile_probe_child\n", argv[1]);
        free(text);
        return 4;
    }
    /* The answer, or the reason it failed, the library reports on the parent's descriptor
     * (SEGUE_COMPILE_PROBE_REPORT_FD); this program's own output is only logged there. Everything
     * is freed before the end, so a leak check at exit (the sanitizers' run) has nothing to say. */
    int status = child(argv[3], text);
    free(text);
    const char *(*message)(void) = (const char *(*)(void))dlsym(library, "segue_last_error");
    if (status != 0 && message) fprintf(stderr, "%s\n", message());
    return status;
}
