#define _GNU_SOURCE
#include <dlfcn.h>
#include <string.h>

#include "segue.h"
#include "segue_support.h"

/* One message per thread, as errno and dlerror: a host's threads never read each other's errors. */
static _Thread_local char last_error[4096];

void segue_support_set_error(const char *message) {
    strncpy(last_error, message ? message : "", sizeof last_error - 1);
    last_error[sizeof last_error - 1] = '\0';
}

const char *segue_last_error(void) { return last_error; }

int segue_api_version(void) { return SEGUE_API_VERSION; }

const char *segue_version(void) { return SEGUE_VERSION_STRING; }

const char *segue_support_library_path(void) {
    Dl_info info;
    if (dladdr((void *)&segue_support_library_path, &info) == 0 || info.dli_fname == NULL) return NULL;
    return info.dli_fname;
}
