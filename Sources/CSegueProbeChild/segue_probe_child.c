// The probe's child side before `main`: see segue_probe_child.h. Without the marker it costs one
// getenv at start; with it the program never reaches its `main`: it runs the constructors still
// to come, compiles the transition on its standard input under the budget and `_exit`s with the
// answer, so nothing of the host's own start or exit runs in the child.
#define _GNU_SOURCE
#include "segue_probe_child.h"

#include <errno.h>
#include <link.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

// SegueRenderJobs (Swift, @_cdecl): compiles `text` under the budget, as `runChild` does; 0 when
// it stayed within it (whether or not the file compiles), 1 when not. The answer, or the reason,
// goes to the descriptor the parent names (SEGUE_COMPILE_PROBE_REPORT_FD), never to a standard one.
extern int SegueRenderJobs_runCompileProbeChild(const char *name, const char *text);

// The whole of standard input, NUL-terminated (NULL when out of memory or unreadable).
static char *read_standard_input(void) {
    size_t size = 0, capacity = 1 << 16;
    char *text = malloc(capacity);
    while (text) {
        ssize_t got = read(STDIN_FILENO, text + size, capacity - size - 1);
        if (got < 0 && errno == EINTR) continue;
        if (got < 0) {
            free(text);
            return NULL;
        }
        if (got == 0) break;
        size += (size_t)got;
        if (size + 1 == capacity) {
            char *grown = realloc(text, capacity *= 2);
            if (!grown) free(text);
            text = grown;
        }
    }
    if (text) text[size] = '\0';
    return text;
}

typedef void (*constructor_fn)(int, char **, char **);
static void segue_probe_child_start(int argc, char **argv, char **envp);

// This image's constructors, as the linker lays them out (weak: none where it defines no bounds).
extern const constructor_fn __init_array_start[] __attribute__((weak, visibility("hidden")));
extern const constructor_fn __init_array_end[] __attribute__((weak, visibility("hidden")));

// Runs the constructors after this one in its image, which the loader would run before `main`:
// with Swift's runtime and Foundation linked in statically (`--static-swift-stdlib`), theirs
// follow the program's own objects, and the child side needs them done. Never returning to the
// loader, this process runs each once.
static void run_later_constructors(int argc, char **argv, char **envp) {
    if (!__init_array_start || !__init_array_end) return;
    size_t count = (size_t)(__init_array_end - __init_array_start), index = 0;
    while (index < count && __init_array_start[index] != segue_probe_child_start) index++;
    for (index++; index < count; index++) __init_array_start[index](argc, argv, envp);
}

// glibc calls a constructor with the program's arguments and environment.
__attribute__((constructor)) static void segue_probe_child_start(int argc, char **argv, char **envp) {
    const char *marker = getenv(SEGUE_PROBE_CHILD_MARKER);
    if (!marker) return;
    int isChild = strcmp(marker, "1") == 0 && argc == 3 && argv && strcmp(argv[1], "--name") == 0;
    // Scrubbed at once, so nothing this process starts inherits it; a marker left in a shell's
    // environment, with other arguments, leaves the program to run as usual.
    unsetenv(SEGUE_PROBE_CHILD_MARKER);
    if (!isChild) return;
    run_later_constructors(argc, argv, envp);
    char *text = read_standard_input();
    if (!text) _exit(3);
    _exit(SegueRenderJobs_runCompileProbeChild(argv[2], text));
}

// Stops at the first object dl_iterate_phdr reports, the main program: 1 if it holds `data`.
static int main_program_holds(struct dl_phdr_info *info, size_t size, void *data) {
    (void)size;
    uintptr_t address = (uintptr_t)data;
    for (ElfW(Half) index = 0; index < info->dlpi_phnum; index++) {
        const ElfW(Phdr) *header = &info->dlpi_phdr[index];
        uintptr_t start = info->dlpi_addr + header->p_vaddr;
        if (header->p_type == PT_LOAD && address >= start && address - start < header->p_memsz) return 1;
    }
    return 2;
}

int CSegueProbeChild_carriedByProgram(void) {
    return dl_iterate_phdr(main_program_holds, (void *)(uintptr_t)&segue_probe_child_start) == 1;
}
