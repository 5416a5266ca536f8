/*
 * The names libsegue offers, from C (segue.h and dlopen alone). Usage:
 *   names_host LIBRARY OUT.txt [SCENARIO ...]
 * checks that segue_transition_names agrees with segue_transition_count / segue_transition_name
 * and ends with NULL, writes the names to OUT.txt one a line (run-tests.sh compares them with
 * `segue render --list`), and checks that each SCENARIO (the listed names not offered here) is
 * refused with SEGUE_ERROR_SCENARIO and words saying where it is offered, while a mistyped name
 * stays SEGUE_ERROR_UNKNOWN_TRANSITION. Prints "ok - ..." / "not ok - ..." lines.
 */
#include <dlfcn.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "host_files.h"
#include "segue.h"

#define LOAD(name) __typeof__(name) *name##_ = (__typeof__(name) *)dlsym(library, #name)

int main(int argc, char **argv) {
    if (argc < 3) {
        fprintf(stderr, "usage: names_host LIBRARY OUT.txt [SCENARIO ...]\n");
        return 2;
    }
    void *library = dlopen(argv[1], RTLD_NOW | RTLD_LOCAL);
    if (!library) {
        fprintf(stderr, "dlopen: %s\n", dlerror());
        return 2;
    }
    LOAD(segue_transition_names); LOAD(segue_transition_count); LOAD(segue_transition_name); LOAD(segue_last_error);
    LOAD(segue_engine_create); LOAD(segue_engine_destroy); LOAD(segue_transition_load);
    check(segue_transition_names_ != NULL, "the library exports segue_transition_names", NULL);
    if (failures) return 1;

    size_t count = 0;
    const char *const *names = segue_transition_names_(&count);
    int same = count == segue_transition_count_() && names[count] == NULL && segue_transition_names_(NULL) == names;
    size_t bytes = 0;
    for (size_t i = 0; same && i < count; i++) {
        same = strcmp(names[i], segue_transition_name_(i)) == 0;
        bytes += strlen(names[i]) + 1;
    }
    check(same && count > 0, "segue_transition_names gives segue_transition_name's names in order, then NULL", NULL);
    char *text = malloc(bytes + 1), *end = text;
    for (size_t i = 0; i < count; i++) end += sprintf(end, "%s\n", names[i]);
    write_file(argv[2], "", text, (size_t)(end - text));
    free(text);

    segue_engine *engine = NULL;
    if (segue_engine_create_(&engine) != SEGUE_OK) {
        check(0, "an engine is made", segue_last_error_());
        return 1;
    }
    int refused = argc > 3;
    for (int i = 3; i < argc; i++) {
        segue_transition *transition = NULL;
        int status = segue_transition_load_(engine, argv[i], 64, 36, &transition);
        const char *message = segue_last_error_();
        if (status != SEGUE_ERROR_SCENARIO || transition != NULL || !strstr(message, "is a view-controller scenario")
            || !strstr(message, "offered by `segue render` and the Swift API, not here") || !strstr(message, argv[i])) {
            check(0, "a scenario is refused with SEGUE_ERROR_SCENARIO", message);
            refused = 0;
        }
    }
    check(refused, "each scenario given is refused with SEGUE_ERROR_SCENARIO: offered by segue render and the Swift API", NULL);
    segue_transition *other = NULL;
    int status = segue_transition_load_(engine, "zoom-pushh", 64, 36, &other);
    check(status == SEGUE_ERROR_UNKNOWN_TRANSITION, "a mistyped name is still SEGUE_ERROR_UNKNOWN_TRANSITION", segue_last_error_());
    segue_engine_destroy_(engine);
    return failures ? 1 : 0;
}
