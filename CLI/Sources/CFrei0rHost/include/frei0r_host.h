/* A minimal frei0r mixer2 host for `segue bench --sections frei0r`: the calls MLT makes per frame. */
#ifndef FREI0R_HOST_H
#define FREI0R_HOST_H

#include <stddef.h>
#include <stdint.h>

typedef struct frei0r_host frei0r_host;

/* Loads `plugin` (dlopen), checks it is a mixer2 of RGBA8888, makes an instance of width x height
 * and sets its `transition` parameter (found by name). NULL with `error` filled on failure. */
frei0r_host *frei0r_host_open(const char *plugin, unsigned width, unsigned height, const char *transition,
                              char *error, size_t error_size);
/* Sets `progress` (found by name) and calls f0r_update2: width * height * 4 bytes each. */
void frei0r_host_update(frei0r_host *host, double progress, const uint8_t *from, const uint8_t *to, uint8_t *out);
void frei0r_host_close(frei0r_host *host);

#endif
