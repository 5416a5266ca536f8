/* Internal to libsegue (not part of segue.h's API): the per-thread message and where the library is. */
#ifndef SEGUE_SUPPORT_H
#define SEGUE_SUPPORT_H

/* Keeps `message` (copied, truncated to 4 KiB) as this thread's segue_last_error(). */
void segue_support_set_error(const char *message);
/* The path of the shared object this code was linked into (libsegue.so or the frei0r plugin), or NULL. */
const char *segue_support_library_path(void);

#endif
