#include "frei0r_host.h"

#include <dlfcn.h>
#include <frei0r.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

struct frei0r_host {
    void *plugin;
    f0r_instance_t instance;
    int progress_index;
    __typeof__(f0r_set_param_value) *set_param;
    __typeof__(f0r_update2) *update2;
    __typeof__(f0r_destruct) *destruct;
    __typeof__(f0r_deinit) *deinit;
};

#define FIND(name) __typeof__(name) *name##_ = (__typeof__(name) *)dlsym(plugin, #name)

frei0r_host *frei0r_host_open(const char *path, unsigned width, unsigned height, const char *transition,
                              char *error, size_t error_size) {
    void *plugin = dlopen(path, RTLD_NOW | RTLD_LOCAL);
    if (!plugin) {
        snprintf(error, error_size, "%s", dlerror());
        return NULL;
    }
    FIND(f0r_init); FIND(f0r_deinit); FIND(f0r_get_plugin_info); FIND(f0r_get_param_info); FIND(f0r_construct);
    FIND(f0r_destruct); FIND(f0r_set_param_value); FIND(f0r_update2);
    if (!f0r_init_ || !f0r_deinit_ || !f0r_get_plugin_info_ || !f0r_get_param_info_ || !f0r_construct_ || !f0r_destruct_
        || !f0r_set_param_value_ || !f0r_update2_) {
        snprintf(error, error_size, "%s is not a frei0r plugin", path);
        return NULL;
    }
    f0r_init_();
    f0r_plugin_info_t info;
    f0r_get_plugin_info_(&info);
    int transition_index = -1, progress_index = -1;
    for (int i = 0; i < info.num_params; i++) {
        f0r_param_info_t param;
        f0r_get_param_info_(&param, i);
        if (strcmp(param.name, "transition") == 0) transition_index = i;
        if (strcmp(param.name, "progress") == 0) progress_index = i;
    }
    if (info.plugin_type != F0R_PLUGIN_TYPE_MIXER2 || info.color_model != F0R_COLOR_MODEL_RGBA8888 || transition_index < 0
        || progress_index < 0) {
        snprintf(error, error_size, "%s is not a mixer2 of RGBA8888 with transition and progress parameters", path);
        return NULL;
    }
    frei0r_host *host = calloc(1, sizeof *host);
    host->plugin = plugin;
    host->instance = f0r_construct_(width, height);
    host->progress_index = progress_index;
    host->set_param = f0r_set_param_value_;
    host->update2 = f0r_update2_;
    host->destruct = f0r_destruct_;
    host->deinit = f0r_deinit_;
    f0r_param_string name = (f0r_param_string)transition;
    host->set_param(host->instance, &name, transition_index);
    return host;
}

void frei0r_host_update(frei0r_host *host, double progress, const uint8_t *from, const uint8_t *to, uint8_t *out) {
    f0r_param_double value = progress;
    host->set_param(host->instance, &value, host->progress_index);
    host->update2(host->instance, progress, (const uint32_t *)from, (const uint32_t *)to, NULL, (uint32_t *)out);
}

void frei0r_host_close(frei0r_host *host) {
    if (!host) return;
    host->destruct(host->instance);
    host->deinit();
    free(host);
}
