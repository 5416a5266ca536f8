/*
 * segue.so, a frei0r mixer2 plugin (RGBA8888) on libsegue's C API: MLT (melt, Shotcut, Kdenlive)
 * loads it as the transition `frei0r.segue`. Parameters:
 *   transition  a built-in name (wipeleft, fade, ...) or a path to a gl-transitions .glsl file; the
 *               parameter's explanation lists every built-in name (segue_transition_names). The
 *               view-controller scenarios of `segue render --list` (zoom-push, ...) are not offered
 *               here: asking for one is reported as such on stderr.
 *   progress    0...1 (keyframe it over the overlap)
 *   params      the transition's own parameters: "direction=1,0 smoothness=0.3", or written with
 *               ':' for MLT, which reads a string holding '=' as keyframes: "direction:1,0 smoothness:0.3";
 *               a sampler2D's is a PNG's path or a built-in luma map's name ("luma:/path/to/map.png")
 * A transition that cannot be loaded or set is reported on stderr once and the first input is
 * passed through: frei0r has no way to return an error. The failure is remembered: the same
 * transition and params are not tried again (a `.glsl` over the compile budget would cost its
 * budget on every frame) until either changes.
 * A `.glsl` file's sampler2D parameter given no picture in params loads, and its frames pass the
 * first input through with the reason said once.
 */
#include <frei0r.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "segue.h"

enum { PARAM_TRANSITION, PARAM_PROGRESS, PARAM_PARAMS, PARAM_COUNT };

typedef struct {
    int width, height;
    char *transition_name, *params;
    double progress;
    segue_transition *transition; /* loaded for transition_name and params, or NULL */
    char *loaded_name, *loaded_params;
    char *failed_name, *failed_params; /* the last that failed to load or set, not tried again */
    char *reported;                /* the last error printed, so it is printed once */
} instance;

/* One engine (one GL thread) for every instance of the process, made at the first frame. */
static pthread_mutex_t engine_lock = PTHREAD_MUTEX_INITIALIZER;
static segue_engine *engine;

int f0r_init(void) { return 1; }

void f0r_deinit(void) {
    pthread_mutex_lock(&engine_lock);
    segue_engine_destroy(engine);
    engine = NULL;
    pthread_mutex_unlock(&engine_lock);
}

/* Hosts such as melt exit without f0r_deinit. The engine's GL thread must stop before the
 * driver's own exit-time teardown, or that teardown runs under a live context and crashes the
 * host at exit (seen with Mesa: melt exited 139 after writing its file). Registered when the
 * engine is first made, after the driver has loaded, so it runs before the driver's teardown;
 * atexit from a shared object is undone if the plugin is unloaded first. */
static void destroy_engine_at_exit(void) { f0r_deinit(); }

void f0r_get_plugin_info(f0r_plugin_info_t *info) {
    info->name = "segue";
    info->author = "Segue";
    info->plugin_type = F0R_PLUGIN_TYPE_MIXER2;
    info->color_model = F0R_COLOR_MODEL_RGBA8888;
    info->frei0r_version = FREI0R_MAJOR_VERSION;
    info->major_version = 1;
    info->minor_version = SEGUE_API_VERSION;
    info->num_params = PARAM_COUNT;
    info->explanation = "Segue's GPU transitions: every gl-transition built in, or a .glsl file";
}

/* The transition parameter's explanation: every name the library takes, made once. */
static pthread_once_t transition_help_once = PTHREAD_ONCE_INIT;
static char *transition_help;

static void make_transition_help(void) {
    static const char head[] = "a .glsl file's path or a built-in transition's name: ";
    static const char tail[] = " (not the view-controller scenarios of `segue render --list`, such as zoom-push)";
    size_t count = 0, length = sizeof head + sizeof tail;
    const char *const *names = segue_transition_names(&count);
    for (size_t i = 0; i < count; i++) length += strlen(names[i]) + 2;
    char *text = malloc(length);
    if (!text) return;
    strcpy(text, head);
    for (size_t i = 0; i < count; i++) {
        if (i > 0) strcat(text, ", ");
        strcat(text, names[i]);
    }
    strcat(text, tail);
    transition_help = text;
}

void f0r_get_param_info(f0r_param_info_t *info, int index) {
    pthread_once(&transition_help_once, make_transition_help);
    f0r_param_info_t params[PARAM_COUNT] = {
        {"transition", F0R_PARAM_STRING,
         transition_help ? transition_help : "a built-in transition's name (wipeleft, fade, ...) or a .glsl file's path"},
        {"progress", F0R_PARAM_DOUBLE, "0 shows the first input, 1 the second"},
        {"params", F0R_PARAM_STRING,
         "the transition's parameters separated by spaces, name=value or name:value (MLT): direction:1,0 smoothness:0.3; "
         "a sampler2D takes a PNG's path or a luma map's name: luma:/path/to/map.png"},
    };
    if (index >= 0 && index < PARAM_COUNT) *info = params[index];
}

static char *copy(const char *text) { return strdup(text ? text : ""); }

/* "direction:1,0 smoothness:0.3" as "direction=1,0 smoothness=0.3": a word without '=' has its
 * first ':' read as one (MLT takes a property holding '=' for keyframes, so its users write ':'). */
static char *settings_text(const char *params) {
    char *text = copy(params);
    for (char *word = text; *word;) {
        size_t length = strcspn(word, " \t\n");
        char *colon = memchr(word, ':', length);
        if (colon && !memchr(word, '=', length)) *colon = '=';
        word += length;
        word += strspn(word, " \t\n");
    }
    return text;
}

f0r_instance_t f0r_construct(unsigned int width, unsigned int height) {
    instance *self = calloc(1, sizeof *self);
    if (!self) return NULL;
    self->width = (int)width;
    self->height = (int)height;
    self->transition_name = copy("fade");
    self->params = copy("");
    return self;
}

void f0r_destruct(f0r_instance_t handle) {
    instance *self = handle;
    segue_transition_destroy(self->transition);
    free(self->transition_name);
    free(self->params);
    free(self->loaded_name);
    free(self->loaded_params);
    free(self->failed_name);
    free(self->failed_params);
    free(self->reported);
    free(self);
}

void f0r_set_param_value(f0r_instance_t handle, f0r_param_t param, int index) {
    instance *self = handle;
    if (index == PARAM_PROGRESS) {
        double value = *(const double *)param;
        self->progress = value < 0 ? 0 : value > 1 ? 1 : value;
    } else if (index == PARAM_TRANSITION || index == PARAM_PARAMS) {
        char **field = index == PARAM_TRANSITION ? &self->transition_name : &self->params;
        free(*field);
        *field = copy(*(const f0r_param_string *)param);
    }
}

void f0r_get_param_value(f0r_instance_t handle, f0r_param_t param, int index) {
    instance *self = handle;
    if (index == PARAM_PROGRESS) *(double *)param = self->progress;
    else if (index == PARAM_TRANSITION) *(f0r_param_string *)param = self->transition_name;
    else if (index == PARAM_PARAMS) *(f0r_param_string *)param = self->params;
}

/* Prints a failure once per distinct message (a frei0r host has no error channel). */
static void report(instance *self, const char *what) {
    char message[4600];
    snprintf(message, sizeof message, "%s: %s", what, segue_last_error());
    if (self->reported && strcmp(self->reported, message) == 0) return;
    fprintf(stderr, "segue frei0r: %s\n", message);
    free(self->reported);
    self->reported = copy(message);
}

/* Remembers that the current name and params failed, so that they are not tried again. */
static void remember_failure(instance *self) {
    free(self->failed_name);
    free(self->failed_params);
    self->failed_name = copy(self->transition_name);
    self->failed_params = copy(self->params);
}

/* Loads the transition when its name or parameters changed; 0 when none could be (once: a
 * failed name and params are remembered, and fail at once until one of them changes). */
static int ready(instance *self) {
    if (self->transition && strcmp(self->loaded_name, self->transition_name) == 0
        && strcmp(self->loaded_params, self->params) == 0)
        return 1;
    segue_transition_destroy(self->transition);
    self->transition = NULL;
    if (self->failed_name && strcmp(self->failed_name, self->transition_name) == 0
        && strcmp(self->failed_params, self->params) == 0)
        return 0;
    pthread_mutex_lock(&engine_lock);
    int existed = engine != NULL;
    int made = existed || segue_engine_create(&engine) == SEGUE_OK;
    if (made && !existed) atexit(destroy_engine_at_exit);
    pthread_mutex_unlock(&engine_lock);
    if (!made) {
        report(self, "no GL engine");
        remember_failure(self);
        return 0;
    }
    segue_transition *loaded = NULL;
    if (segue_transition_load(engine, self->transition_name, self->width, self->height, &loaded) != SEGUE_OK) {
        report(self, self->transition_name);
        remember_failure(self);
        return 0;
    }
    char *settings = settings_text(self->params);
    int set = segue_transition_set_all(loaded, settings) == SEGUE_OK;
    free(settings);
    if (!set) {
        report(self, self->params);
        remember_failure(self);
        segue_transition_destroy(loaded);
        return 0;
    }
    self->transition = loaded;
    free(self->loaded_name);
    free(self->loaded_params);
    self->loaded_name = copy(self->transition_name);
    self->loaded_params = copy(self->params);
    return 1;
}

void f0r_update2(f0r_instance_t handle, double time, const uint32_t *from, const uint32_t *to, const uint32_t *unused,
                 uint32_t *out) {
    (void)time;
    (void)unused;
    instance *self = handle;
    size_t bytes = (size_t)self->width * (size_t)self->height * 4;
    if (!ready(self)) {
        memcpy(out, from, bytes);
        return;
    }
    if (segue_transition_render(self->transition, (const uint8_t *)from, (const uint8_t *)to, self->progress,
                                (uint8_t *)out) != SEGUE_OK) {
        report(self, "render");
        memcpy(out, from, bytes);
    }
}

void f0r_update(f0r_instance_t handle, double time, const uint32_t *from, uint32_t *out) {
    /* A mixer2 is updated through f0r_update2; a host calling this has one input only. */
    f0r_update2(handle, time, from, from, NULL, out);
}
