/*
 * A frei0r host written against frei0r.h alone (Debian's frei0r-plugins-dev), as MLT is: it
 * loads a plugin with dlopen, reads its info, finds the `transition` and `progress` parameters
 * by name and mixes two frames with f0r_update2. Usage:
 *   frei0r_host PLUGIN.so NAME WIDTH HEIGHT FROM.rgba TO.rgba OUT_PREFIX [PARAMS]
 * writes OUT_PREFIX-0000.rgba, -0001, -0002 at progress 0, 0.5 and 1, and the transition
 * parameter's explanation (the names it takes) to OUT_PREFIX-help.txt; then asks for a
 * view-controller scenario (zoom-push), which must be said on stderr with the first input passed
 * through. With FREI0R_HOST_BROKEN set to a `.glsl` the driver refuses, a second instance mixes
 * 100 frames with it: each must be the first input, said once on stderr (the plugin must not try
 * the file again each frame: run-tests.sh counts the compile probe's runs). Prints "ok - ..." lines.
 */
#include <dlfcn.h>
#include <frei0r.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "host_files.h"

int main(int argc, char **argv) {
    if (argc < 8) {
        fprintf(stderr, "usage: frei0r_host PLUGIN.so NAME WIDTH HEIGHT FROM.rgba TO.rgba OUT_PREFIX [PARAMS]\n");
        return 2;
    }
    void *plugin = dlopen(argv[1], RTLD_NOW | RTLD_LOCAL);
    if (!plugin) {
        fprintf(stderr, "dlopen: %s\n", dlerror());
        return 2;
    }
    __typeof__(f0r_init) *init = (__typeof__(f0r_init) *)dlsym(plugin, "f0r_init");
    __typeof__(f0r_deinit) *deinit = (__typeof__(f0r_deinit) *)dlsym(plugin, "f0r_deinit");
    __typeof__(f0r_get_plugin_info) *plugin_info = (__typeof__(f0r_get_plugin_info) *)dlsym(plugin, "f0r_get_plugin_info");
    __typeof__(f0r_get_param_info) *param_info = (__typeof__(f0r_get_param_info) *)dlsym(plugin, "f0r_get_param_info");
    __typeof__(f0r_construct) *construct = (__typeof__(f0r_construct) *)dlsym(plugin, "f0r_construct");
    __typeof__(f0r_destruct) *destruct = (__typeof__(f0r_destruct) *)dlsym(plugin, "f0r_destruct");
    __typeof__(f0r_set_param_value) *set_param = (__typeof__(f0r_set_param_value) *)dlsym(plugin, "f0r_set_param_value");
    __typeof__(f0r_get_param_value) *get_param = (__typeof__(f0r_get_param_value) *)dlsym(plugin, "f0r_get_param_value");
    __typeof__(f0r_update2) *update2 = (__typeof__(f0r_update2) *)dlsym(plugin, "f0r_update2");
    check(init && deinit && plugin_info && param_info && construct && destruct && set_param && get_param && update2,
          "the plugin exports frei0r's functions", NULL);
    if (failures) return 1;
    check(init() == 1, "f0r_init succeeds", NULL);

    f0r_plugin_info_t info;
    plugin_info(&info);
    check(info.plugin_type == F0R_PLUGIN_TYPE_MIXER2 && info.color_model == F0R_COLOR_MODEL_RGBA8888
              && info.frei0r_version == FREI0R_MAJOR_VERSION,
          "the plugin is a mixer2 of RGBA8888 for frei0r 1", NULL);
    int transition_index = -1, progress_index = -1, params_index = -1;
    for (int i = 0; i < info.num_params; i++) {
        f0r_param_info_t param;
        param_info(&param, i);
        if (strcmp(param.name, "transition") == 0 && param.type == F0R_PARAM_STRING) transition_index = i;
        if (strcmp(param.name, "progress") == 0 && param.type == F0R_PARAM_DOUBLE) progress_index = i;
        if (strcmp(param.name, "params") == 0 && param.type == F0R_PARAM_STRING) params_index = i;
    }
    check(transition_index >= 0 && progress_index >= 0 && params_index >= 0,
          "the transition, progress and params parameters are found by name", NULL);
    if (failures) return 1;
    f0r_param_info_t transition_info;
    param_info(&transition_info, transition_index);
    write_file(argv[7], "-help.txt", transition_info.explanation, strlen(transition_info.explanation));

    unsigned width = (unsigned)atoi(argv[3]), height = (unsigned)atoi(argv[4]);
    size_t bytes = (size_t)width * height * 4;
    uint32_t *from = read_exactly(argv[5], bytes), *to = read_exactly(argv[6], bytes), *out = malloc(bytes);
    f0r_instance_t instance = construct(width, height);
    f0r_param_string name = argv[2];
    set_param(instance, &name, transition_index);
    if (argc > 8) {
        f0r_param_string params = argv[8];
        set_param(instance, &params, params_index);
    }
    f0r_param_string read_back = NULL;
    get_param(instance, &read_back, transition_index);
    check(read_back && strcmp(read_back, argv[2]) == 0, "the transition parameter reads back", NULL);
    const double progress[3] = {0, 0.5, 1};
    for (int i = 0; i < 3; i++) {
        f0r_param_double value = progress[i];
        set_param(instance, &value, progress_index);
        update2(instance, i, from, to, NULL, out);
        write_frame(argv[7], i, out, bytes);
    }

    /* A view-controller scenario: not offered here, said on stderr (caught in a file), the first input shown. */
    fflush(stderr);
    int saved_stderr = dup(2);
    FILE *said_file = tmpfile();
    dup2(fileno(said_file), 2);
    f0r_param_string scenario = "zoom-push";
    set_param(instance, &scenario, transition_index);
    update2(instance, 3, from, to, NULL, out);
    fflush(stderr);
    dup2(saved_stderr, 2);
    close(saved_stderr);
    char said[4096];
    rewind(said_file);
    said[fread(said, 1, sizeof said - 1, said_file)] = '\0';
    fclose(said_file);
    check(memcmp(out, from, bytes) == 0 && strstr(said, "'zoom-push' is a view-controller scenario")
              && strstr(said, "segue render"),
          "a scenario (zoom-push) is said to be offered by segue render, and the first input passed through", said);

    destruct(instance);

    /* A shader that fails to load: tried once, then every frame is the first input at once. */
    const char *broken_path = getenv("FREI0R_HOST_BROKEN");
    if (broken_path) {
        fflush(stderr);
        saved_stderr = dup(2);
        said_file = tmpfile();
        dup2(fileno(said_file), 2);
        f0r_instance_t broken = construct(width, height);
        f0r_param_string broken_name = (f0r_param_string)broken_path;
        set_param(broken, &broken_name, transition_index);
        f0r_param_double half = 0.5;
        set_param(broken, &half, progress_index);
        int passed_through = 0;
        for (int i = 0; i < 100; i++) {
            memset(out, 0x5a, bytes);
            update2(broken, i, from, to, NULL, out);
            passed_through += memcmp(out, from, bytes) == 0;
        }
        destruct(broken);
        fflush(stderr);
        dup2(saved_stderr, 2);
        close(saved_stderr);
        rewind(said_file);
        said[fread(said, 1, sizeof said - 1, said_file)] = '\0';
        fclose(said_file);
        int lines = 0;
        for (const char *line = strstr(said, "segue frei0r: "); line; line = strstr(line + 1, "segue frei0r: ")) lines++;
        char detail[4200];
        snprintf(detail, sizeof detail, "%d of 100 frames passed through, %d messages: %s", passed_through, lines, said);
        check(passed_through == 100 && lines == 1 && strstr(said, "undeclared"),
              "a .glsl that does not compile: 100 frames are the first input, the reason said once", detail);
    }
    deinit();
    free(from); free(to); free(out);
    return failures ? 1 : 0;
}
