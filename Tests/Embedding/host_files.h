/* What the two test hosts share: "ok"/"not ok" lines, and raw RGBA pictures in and frames out. */
#ifndef HOST_FILES_H
#define HOST_FILES_H

#include <stdio.h>
#include <stdlib.h>

static int failures;

/* Prints "ok - WHAT" or "not ok - WHAT: DETAIL" (run-tests.sh counts them) and counts failures. */
static inline void check(int passed, const char *what, const char *detail) {
    printf("%s - %s%s%s\n", passed ? "ok" : "not ok", what, detail && *detail ? ": " : "", detail ? detail : "");
    if (!passed) failures++;
}

/* The whole file, which must hold exactly `expected` bytes (else the host exits 2). */
static inline void *read_exactly(const char *path, size_t expected) {
    FILE *file = fopen(path, "rb");
    unsigned char *bytes = malloc(expected + 1);
    size_t got = file && bytes ? fread(bytes, 1, expected + 1, file) : 0;
    if (file) fclose(file);
    if (got != expected) {
        fprintf(stderr, "%s: expected %zu bytes, read %zu\n", path, expected, got);
        exit(2);
    }
    return bytes;
}

/* Writes PREFIX followed by SUFFIX (the host exits 2 if it cannot). */
static inline void write_file(const char *prefix, const char *suffix, const void *bytes, size_t size) {
    char path[4096];
    snprintf(path, sizeof path, "%s%s", prefix, suffix);
    FILE *file = fopen(path, "wb");
    if (!file || fwrite(bytes, 1, size, file) != size) {
        fprintf(stderr, "%s: cannot write\n", path);
        exit(2);
    }
    fclose(file);
}

/* Writes frame `index` as PREFIX-000I.rgba. */
static inline void write_frame(const char *prefix, int index, const void *bytes, size_t size) {
    char suffix[32];
    snprintf(suffix, sizeof suffix, "-%04d.rgba", index);
    write_file(prefix, suffix, bytes, size);
}

#endif
