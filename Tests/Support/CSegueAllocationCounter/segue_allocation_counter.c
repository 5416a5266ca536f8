#define _GNU_SOURCE
#include "segue_allocation_counter.h"
#include <dlfcn.h>
#include <errno.h>
#include <stddef.h>
#include <string.h>

// glibc's own entry points: the interposers below count, then forward to these.
extern void *__libc_malloc(size_t size);
extern void *__libc_calloc(size_t count, size_t size);
extern void *__libc_realloc(void *pointer, size_t size);
extern void *__libc_memalign(size_t alignment, size_t size);

static _Thread_local int segue_counting;
static _Thread_local int segue_inside;  // dladdr must not recurse into the count
static _Thread_local long segue_swift_count;
static _Thread_local long segue_other_count;

// Whether the code at `caller` belongs to this executable or to the Swift runtime.
static int segue_is_swift_caller(void *caller) {
    Dl_info caller_info, self_info;
    if (!dladdr(caller, &caller_info) || !dladdr((void *)&segue_is_swift_caller, &self_info)) return 1;
    if (caller_info.dli_fbase == self_info.dli_fbase) return 1;
    const char *name = caller_info.dli_fname ? caller_info.dli_fname : "";
    return strstr(name, "libswift") != NULL || strstr(name, "libFoundation") != NULL
        || strstr(name, "libdispatch") != NULL;
}

__attribute__((unused)) static inline void segue_note(void *caller) {
    if (!segue_counting || segue_inside) return;
    segue_inside = 1;
    if (segue_is_swift_caller(caller)) segue_swift_count++; else segue_other_count++;
    segue_inside = 0;
}

#define SEGUE_CALLER __builtin_return_address(0)

// Under AddressSanitizer or ThreadSanitizer (`swift test --sanitize=...`) the sanitizer's runtime
// owns the malloc family: memory from glibc's allocator would reach its `free` (and the runtime
// allocates through these before anything is set up, a crash at start), so nothing is
// interposed and nothing counted (`segue_allocation_counter_available` says 0).
#if defined(__has_feature)
#if __has_feature(address_sanitizer) || __has_feature(thread_sanitizer)
#define SEGUE_SANITIZED 1
#endif
#endif
#if defined(__SANITIZE_ADDRESS__) || defined(__SANITIZE_THREAD__)
#define SEGUE_SANITIZED 1
#endif

#ifdef SEGUE_SANITIZED
int segue_allocation_counter_available(void) { return 0; }
#else
int segue_allocation_counter_available(void) { return 1; }

void *malloc(size_t size) { segue_note(SEGUE_CALLER); return __libc_malloc(size); }
void *calloc(size_t count, size_t size) { segue_note(SEGUE_CALLER); return __libc_calloc(count, size); }
void *realloc(void *pointer, size_t size) { segue_note(SEGUE_CALLER); return __libc_realloc(pointer, size); }
void *memalign(size_t alignment, size_t size) { segue_note(SEGUE_CALLER); return __libc_memalign(alignment, size); }
void *aligned_alloc(size_t alignment, size_t size) { segue_note(SEGUE_CALLER); return __libc_memalign(alignment, size); }
int posix_memalign(void **out, size_t alignment, size_t size) {
    segue_note(SEGUE_CALLER);
    void *p = __libc_memalign(alignment, size);
    if (p == NULL) return ENOMEM;
    *out = p;
    return 0;
}

#endif

void segue_allocation_counter_begin(void) {
    segue_swift_count = 0;
    segue_other_count = 0;
    segue_counting = 1;
}

long segue_allocation_counter_end(void) {
    segue_counting = 0;
    return segue_swift_count;
}

long segue_allocation_counter_other(void) { return segue_other_count; }
