/*
 * seguetransition (libgstsegue.so): two video inputs, sink_0 ("from") and sink_1 ("to"), one
 * output; a GstVideoAggregator, so the inputs' frames are matched by running time. Each output
 * frame is, at the transition's progress p:
 *   p = 0  sink_0's frame, copied (no GL pass);
 *   p = 1  sink_1's frame, copied;
 *   else   libsegue's frame of `transition` between the two, rendered on the GPU: RGBA as
 *          segue_transition_render gives it (bit for bit `segue render`'s), I420 and NV12
 *          converted on the GPU both ways (segue_transition_render_planes).
 * p is the `progress` property (controllable: GstController animates it by stream time) until
 * `start` is emitted; from then on the frame k frames after the first output frame that follows
 * the signal is at p = k x frame duration / `duration`, and sink_1 passes through once p is 1.
 * `start-time` does the same without the signal: the first output frame at or after that running
 * time starts the transition (a gst-launch-1.0 line can switch at a time).
 * Both inputs must have one size, one format and (for Y'CbCr) one matrix and range: a mismatch is
 * a negotiation error naming both. A transition that cannot be loaded (an unknown name, a `.glsl`
 * that does not compile or busts the compile budget, a bad parameter) posts an error with
 * libsegue's message; nothing aborts the pipeline's process.
 */
#include "gstseguetransition.h"

#include <stdlib.h>
#include <string.h>

GST_DEBUG_CATEGORY_STATIC(gst_segue_transition_debug);
#define GST_CAT_DEFAULT gst_segue_transition_debug

enum { PROP_0, PROP_TRANSITION, PROP_PARAMS, PROP_PROGRESS, PROP_DURATION, PROP_START_TIME };
enum { SIGNAL_START, SIGNAL_COUNT };
static guint signals[SIGNAL_COUNT];

#define FORMATS "{ RGBA, I420, NV12 }"
static GstStaticPadTemplate src_template = GST_STATIC_PAD_TEMPLATE(
    "src", GST_PAD_SRC, GST_PAD_ALWAYS, GST_STATIC_CAPS(GST_VIDEO_CAPS_MAKE(FORMATS)));
static GstStaticPadTemplate sink_template = GST_STATIC_PAD_TEMPLATE(
    "sink_%u", GST_PAD_SINK, GST_PAD_REQUEST, GST_STATIC_CAPS(GST_VIDEO_CAPS_MAKE(FORMATS)));

G_DEFINE_TYPE(GstSegueTransition, gst_segue_transition, GST_TYPE_VIDEO_AGGREGATOR)

/* One engine (one GL thread and context) for every element of the process, made when a first
 * transition is loaded and ended at exit, before the driver's own exit-time teardown (as the
 * frei0r plugin does: a live context under that teardown crashed melt). Elements started and
 * stopped again reuse it, so a pipeline restarted many times makes no new context. */
static GMutex engine_lock;
static segue_engine *engine;

static void destroy_engine_at_exit(void) {
    g_mutex_lock(&engine_lock);
    segue_engine_destroy(engine);
    engine = NULL;
    g_mutex_unlock(&engine_lock);
}

/* The engine, or NULL with segue_last_error() set on this thread. */
static segue_engine *shared_engine(void) {
    static gboolean exit_handler;
    g_mutex_lock(&engine_lock);
    if (engine == NULL && segue_engine_create(&engine) == SEGUE_OK && !exit_handler) {
        atexit(destroy_engine_at_exit);
        exit_handler = TRUE;
    }
    segue_engine *made = engine;
    g_mutex_unlock(&engine_lock);
    return made;
}

static void release_transition(GstSegueTransition *self) {
    segue_transition_destroy(self->transition);
    self->transition = NULL;
}

/* Loads the transition for frames of width x height unless it is loaded already (and neither
 * transition nor params changed); posts an error with libsegue's message and returns FALSE when
 * it cannot be loaded or its parameters set. On the streaming thread. */
static gboolean ensure_transition(GstSegueTransition *self, gint width, gint height) {
    GST_OBJECT_LOCK(self);
    gboolean reload = self->reload;
    self->reload = FALSE;
    gchar *name = g_strdup(self->transition_name), *params = g_strdup(self->params);
    GST_OBJECT_UNLOCK(self);
    gboolean ok = TRUE;
    if (self->transition && !reload && self->loaded_width == width && self->loaded_height == height) goto done;
    release_transition(self);
    segue_engine *shared = shared_engine();
    if (shared == NULL) {
        GST_ELEMENT_ERROR(self, RESOURCE, FAILED, ("Segue could not make its GPU context: %s", segue_last_error()), (NULL));
        ok = FALSE;
        goto done;
    }
    segue_transition *loaded = NULL;
    if (segue_transition_load(shared, name ? name : "", width, height, &loaded) != SEGUE_OK) {
        GST_ELEMENT_ERROR(self, LIBRARY, SETTINGS, ("transition '%s': %s", name ? name : "", segue_last_error()),
                          ("seguetransition could not load transition='%s' for %dx%d frames", name ? name : "", width, height));
        ok = FALSE;
        goto done;
    }
    if (params && *params && segue_transition_set_all(loaded, params) != SEGUE_OK) {
        GST_ELEMENT_ERROR(self, LIBRARY, SETTINGS, ("params '%s' of '%s': %s", params, name, segue_last_error()), (NULL));
        segue_transition_destroy(loaded);
        ok = FALSE;
        goto done;
    }
    GST_INFO_OBJECT(self, "loaded '%s' (%s) for %dx%d", name, params ? params : "", width, height);
    self->transition = loaded;
    self->loaded_width = width;
    self->loaded_height = height;
done:
    g_free(name);
    g_free(params);
    return ok;
}

/* The pad named `name` (sink_0 or sink_1), with a reference, or NULL. */
static GstVideoAggregatorPad *sink_pad(GstSegueTransition *self, const gchar *name) {
    GstPad *pad = gst_element_get_static_pad(GST_ELEMENT(self), name);
    return pad ? GST_VIDEO_AGGREGATOR_PAD(pad) : NULL;
}

/* "202x114 RGBA", or for Y'CbCr "202x114 I420 (bt601)": what a mismatch message names. */
static gchar *describe(const GstVideoInfo *info) {
    if (!GST_VIDEO_INFO_IS_YUV(info)) return g_strdup_printf("%dx%d %s", info->width, info->height, GST_VIDEO_INFO_NAME(info));
    gchar *colorimetry = gst_video_colorimetry_to_string(&info->colorimetry);
    gchar *text = g_strdup_printf("%dx%d %s (%s)", info->width, info->height, GST_VIDEO_INFO_NAME(info), colorimetry ? colorimetry : "?");
    g_free(colorimetry);
    return text;
}

/* Checks a sink pad's new caps against the other input's: one size, one format, one matrix and
 * range. Posts a negotiation error naming both and returns FALSE on a mismatch. */
static gboolean check_caps(GstSegueTransition *self, GstPad *pad, GstCaps *caps) {
    GstVideoInfo info;
    if (!gst_video_info_from_caps(&info, caps)) {
        GST_ELEMENT_ERROR(self, CORE, NEGOTIATION, ("%s: caps that are not raw video: %" GST_PTR_FORMAT, GST_PAD_NAME(pad), caps), (NULL));
        return FALSE;
    }
    if (GST_VIDEO_INFO_IS_YUV(&info)) {
        GstVideoColorMatrix matrix = info.colorimetry.matrix;
        if (matrix != GST_VIDEO_COLOR_MATRIX_BT601 && matrix != GST_VIDEO_COLOR_MATRIX_BT709 && matrix != GST_VIDEO_COLOR_MATRIX_BT2020) {
            GST_ELEMENT_ERROR(self, CORE, NEGOTIATION,
                              ("%s: colorimetry %s has a matrix seguetransition does not convert (it takes bt601, bt709 and bt2020)",
                               GST_PAD_NAME(pad), gst_video_colorimetry_to_string(&info.colorimetry)), (NULL));
            return FALSE;
        }
    }
    const gchar *other_name = strcmp(GST_PAD_NAME(pad), "sink_0") == 0 ? "sink_1" : "sink_0";
    GstVideoAggregatorPad *other = sink_pad(self, other_name);
    if (other == NULL) return TRUE;
    GST_OBJECT_LOCK(other);
    GstVideoInfo theirs = other->info;
    GST_OBJECT_UNLOCK(other);
    gst_object_unref(other);
    /* An input given no caps yet has a zeroed info (no format info at all). */
    if (theirs.finfo == NULL || GST_VIDEO_INFO_FORMAT(&theirs) == GST_VIDEO_FORMAT_UNKNOWN) return TRUE;
    const gchar *problem = NULL;
    if (info.width != theirs.width || info.height != theirs.height) problem = "sizes";
    else if (GST_VIDEO_INFO_FORMAT(&info) != GST_VIDEO_INFO_FORMAT(&theirs)) problem = "formats";
    else if (GST_VIDEO_INFO_IS_YUV(&info) && (info.colorimetry.matrix != theirs.colorimetry.matrix
                                             || info.colorimetry.range != theirs.colorimetry.range))
        problem = "colour matrices or ranges";
    if (problem == NULL) return TRUE;
    gchar *mine = describe(&info), *other_text = describe(&theirs);
    GST_ELEMENT_ERROR(self, CORE, NEGOTIATION,
                      ("seguetransition's inputs differ in %s: %s is %s, %s is %s; both must be the same (scale or convert one before it)",
                       problem, GST_PAD_NAME(pad), mine, other_name, other_text), (NULL));
    g_free(mine);
    g_free(other_text);
    return FALSE;
}

static gboolean sink_event(GstAggregator *aggregator, GstAggregatorPad *pad, GstEvent *event) {
    GstSegueTransition *self = GST_SEGUE_TRANSITION(aggregator);
    if (GST_EVENT_TYPE(event) == GST_EVENT_CAPS) {
        GstCaps *caps;
        gst_event_parse_caps(event, &caps);
        if (!check_caps(self, GST_PAD(pad), caps)) {
            gst_event_unref(event);
            return FALSE;
        }
    }
    return GST_AGGREGATOR_CLASS(gst_segue_transition_parent_class)->sink_event(aggregator, pad, event);
}

/* Each input is offered every format and size of the template (what downstream takes first), not
 * only the other input's: a mismatch then reaches check_caps, which says what differs, instead of
 * failing upstream as a bare not-negotiated. */
static gboolean sink_query(GstAggregator *aggregator, GstAggregatorPad *pad, GstQuery *query) {
    GstPad *sink = GST_PAD(pad);
    if (GST_QUERY_TYPE(query) == GST_QUERY_ACCEPT_CAPS) {
        GstCaps *caps, *template = gst_pad_get_pad_template_caps(sink);
        gst_query_parse_accept_caps(query, &caps);
        gst_query_set_accept_caps_result(query, gst_caps_is_subset(caps, template));
        gst_caps_unref(template);
        return TRUE;
    }
    if (GST_QUERY_TYPE(query) == GST_QUERY_CAPS) {
        GstCaps *filter, *template = gst_pad_get_pad_template_caps(sink);
        gst_query_parse_caps(query, &filter);
        GstCaps *downstream = gst_pad_peer_query_caps(aggregator->srcpad, NULL);
        GstCaps *formats = gst_caps_copy(downstream);
        for (guint i = 0; i < gst_caps_get_size(formats); i++)
            gst_structure_remove_fields(gst_caps_get_structure(formats, i), "width", "height", "framerate", "pixel-aspect-ratio", NULL);
        GstCaps *offered = gst_caps_intersect_full(formats, template, GST_CAPS_INTERSECT_FIRST);
        if (gst_caps_is_empty(offered)) gst_caps_replace(&offered, template);
        if (filter) {
            GstCaps *filtered = gst_caps_intersect_full(filter, offered, GST_CAPS_INTERSECT_FIRST);
            gst_caps_unref(offered);
            offered = filtered;
        }
        gst_query_set_caps_result(query, offered);
        gst_caps_unref(offered);
        gst_caps_unref(formats);
        gst_caps_unref(downstream);
        gst_caps_unref(template);
        return TRUE;
    }
    return GST_AGGREGATOR_CLASS(gst_segue_transition_parent_class)->sink_query(aggregator, pad, query);
}

/* The output's size and format are known: the transition is loaded now, so that a bad name or
 * shader fails the negotiation with its reason before any frame. */
static gboolean negotiated_src_caps(GstAggregator *aggregator, GstCaps *caps) {
    GstSegueTransition *self = GST_SEGUE_TRANSITION(aggregator);
    GstVideoInfo info;
    if (!gst_video_info_from_caps(&info, caps)) return FALSE;
    if (!ensure_transition(self, info.width, info.height)) return FALSE;
    return GST_AGGREGATOR_CLASS(gst_segue_transition_parent_class)->negotiated_src_caps(aggregator, caps);
}

/* A packed (stride = width x 4) view of an RGBA frame: its own memory, or scratch[slot] with its rows copied in. */
static guint8 *packed_rgba(GstSegueTransition *self, GstVideoFrame *frame, int slot, gboolean copy) {
    gint width = GST_VIDEO_FRAME_WIDTH(frame), height = GST_VIDEO_FRAME_HEIGHT(frame);
    gint stride = GST_VIDEO_FRAME_PLANE_STRIDE(frame, 0), row = width * 4;
    guint8 *data = GST_VIDEO_FRAME_PLANE_DATA(frame, 0);
    if (stride == row) return data;
    gsize size = (gsize)row * height;
    if (self->scratch_size < size) {
        for (int i = 0; i < 3; i++) self->scratch[i] = g_realloc(self->scratch[i], size);
        self->scratch_size = size;
    }
    if (copy)
        for (gint y = 0; y < height; y++) memcpy(self->scratch[slot] + (gsize)y * row, data + (gsize)y * stride, row);
    return self->scratch[slot];
}

static segue_planes planes_of(GstVideoFrame *frame) {
    segue_planes planes = {{NULL, NULL, NULL}, {0, 0, 0}};
    for (guint i = 0; i < GST_VIDEO_FRAME_N_PLANES(frame) && i < 3; i++) {
        planes.data[i] = GST_VIDEO_FRAME_PLANE_DATA(frame, i);
        planes.stride[i] = GST_VIDEO_FRAME_PLANE_STRIDE(frame, i);
    }
    return planes;
}

/* libsegue's frame at `progress` between `from` and `to` into `out`; FALSE with an error posted. */
static gboolean render(GstSegueTransition *self, GstVideoFrame *from, GstVideoFrame *to, double progress, GstVideoFrame *out) {
    GstVideoInfo *info = &out->info;
    segue_status status;
    if (GST_VIDEO_INFO_FORMAT(info) == GST_VIDEO_FORMAT_RGBA) {
        guint8 *a = packed_rgba(self, from, 0, TRUE), *b = packed_rgba(self, to, 1, TRUE), *o = packed_rgba(self, out, 2, FALSE);
        status = segue_transition_render(self->transition, a, b, progress, o);
        if (status == SEGUE_OK && o != GST_VIDEO_FRAME_PLANE_DATA(out, 0)) {
            gint row = GST_VIDEO_FRAME_WIDTH(out) * 4, stride = GST_VIDEO_FRAME_PLANE_STRIDE(out, 0);
            for (gint y = 0; y < GST_VIDEO_FRAME_HEIGHT(out); y++)
                memcpy((guint8 *)GST_VIDEO_FRAME_PLANE_DATA(out, 0) + (gsize)y * stride, o + (gsize)y * row, row);
        }
    } else {
        segue_pixel_format format = GST_VIDEO_INFO_FORMAT(info) == GST_VIDEO_FORMAT_NV12 ? SEGUE_FORMAT_NV12 : SEGUE_FORMAT_I420;
        GstVideoColorMatrix m = info->colorimetry.matrix;
        segue_color_matrix matrix = m == GST_VIDEO_COLOR_MATRIX_BT709 ? SEGUE_MATRIX_BT709
                                    : m == GST_VIDEO_COLOR_MATRIX_BT2020 ? SEGUE_MATRIX_BT2020 : SEGUE_MATRIX_BT601;
        int full = info->colorimetry.range == GST_VIDEO_COLOR_RANGE_0_255;
        segue_planes a = planes_of(from), b = planes_of(to), o = planes_of(out);
        status = segue_transition_render_planes(self->transition, format, matrix, full, &a, &b, progress, &o);
    }
    if (status != SEGUE_OK) {
        GST_ELEMENT_ERROR(self, LIBRARY, FAILED, ("Segue could not render a frame: %s", segue_last_error()), (NULL));
        return FALSE;
    }
    return TRUE;
}

/* Opaque black: RGBA 0,0,0,255; Y'CbCr's black codes (16 or 0 for Y', 128 for chroma). */
static void fill_black(GstVideoFrame *frame) {
    gint width = GST_VIDEO_FRAME_WIDTH(frame), height = GST_VIDEO_FRAME_HEIGHT(frame);
    if (GST_VIDEO_FRAME_FORMAT(frame) == GST_VIDEO_FORMAT_RGBA) {
        for (gint y = 0; y < height; y++) {
            guint8 *row = (guint8 *)GST_VIDEO_FRAME_PLANE_DATA(frame, 0) + (gsize)y * GST_VIDEO_FRAME_PLANE_STRIDE(frame, 0);
            for (gint x = 0; x < width; x++) memcpy(row + 4 * x, "\0\0\0\377", 4);
        }
        return;
    }
    guint8 luma = frame->info.colorimetry.range == GST_VIDEO_COLOR_RANGE_0_255 ? 0 : 16;
    for (guint plane = 0; plane < GST_VIDEO_FRAME_N_PLANES(frame); plane++) {
        gint rows = plane == 0 ? height : (height + 1) / 2;
        for (gint y = 0; y < rows; y++)
            memset((guint8 *)GST_VIDEO_FRAME_PLANE_DATA(frame, plane) + (gsize)y * GST_VIDEO_FRAME_PLANE_STRIDE(frame, plane),
                   plane == 0 ? luma : 128, GST_VIDEO_FRAME_PLANE_STRIDE(frame, plane));
    }
}

static GstFlowReturn aggregate_frames(GstVideoAggregator *vagg, GstBuffer *outbuf) {
    GstSegueTransition *self = GST_SEGUE_TRANSITION(vagg);
    GstAggregator *aggregator = GST_AGGREGATOR(vagg);
    GstSegment *segment = &GST_AGGREGATOR_PAD(aggregator->srcpad)->segment;
    GstClockTime pts = GST_BUFFER_PTS(outbuf);
    GstClockTime running = gst_segment_to_running_time(segment, GST_FORMAT_TIME, pts);
    GstClockTime stream = gst_segment_to_stream_time(segment, GST_FORMAT_TIME, pts);
    if (GST_CLOCK_TIME_IS_VALID(stream)) gst_object_sync_values(GST_OBJECT(self), stream);

    GST_OBJECT_LOCK(self);
    gboolean due = GST_CLOCK_TIME_IS_VALID(self->start_time) && !GST_CLOCK_TIME_IS_VALID(self->started_at)
                   && GST_CLOCK_TIME_IS_VALID(running) && running >= self->start_time;
    if ((self->start_pending || due) && GST_CLOCK_TIME_IS_VALID(running)) {
        self->started_at = running;
        self->start_pending = FALSE;
        GST_INFO_OBJECT(self, "transition started at %" GST_TIME_FORMAT, GST_TIME_ARGS(running));
    }
    double progress = self->progress;
    GstClockTime duration = self->duration;
    GST_OBJECT_UNLOCK(self);
    if (GST_CLOCK_TIME_IS_VALID(self->started_at)) {
        /* Frame-accurate: the k-th frame after the start is at k frame durations (k / 30 at 30 fps, as
         * `segue render --frames 31` spaces a second), not at its rounded nanoseconds. */
        GstClockTime elapsed = running > self->started_at ? running - self->started_at : 0;
        gint fps_n = GST_VIDEO_INFO_FPS_N(&vagg->info), fps_d = GST_VIDEO_INFO_FPS_D(&vagg->info);
        double seconds = fps_n > 0 && fps_d > 0
            ? (double)gst_util_uint64_scale_round(elapsed, fps_n, (guint64)GST_SECOND * fps_d) * fps_d / fps_n
            : (double)elapsed / GST_SECOND;
        progress = seconds / ((double)duration / GST_SECOND);
        if (progress > 1) progress = 1;
    }

    GstVideoAggregatorPad *pads[2] = {sink_pad(self, "sink_0"), sink_pad(self, "sink_1")};
    GstVideoFrame *frames[2] = {NULL, NULL};
    for (int i = 0; i < 2; i++) frames[i] = pads[i] ? gst_video_aggregator_pad_get_prepared_frame(pads[i]) : NULL;
    /* An input with no frame for this time (not started yet, or ended) is stood in for by the other. */
    if (frames[0] == NULL) frames[0] = frames[1];
    if (frames[1] == NULL) frames[1] = frames[0];
    GstFlowReturn flow = GST_FLOW_OK;
    GstVideoFrame out;
    if (!gst_video_frame_map(&out, &vagg->info, outbuf, GST_MAP_WRITE)) {
        GST_ELEMENT_ERROR(self, RESOURCE, WRITE, ("could not map the output frame"), (NULL));
        flow = GST_FLOW_ERROR;
        goto done;
    }
    if (frames[0] == NULL) {
        GST_DEBUG_OBJECT(self, "no input frame for %" GST_TIME_FORMAT ": black", GST_TIME_ARGS(pts));
        fill_black(&out);
    } else if (GST_VIDEO_FRAME_WIDTH(frames[0]) != GST_VIDEO_FRAME_WIDTH(&out) || GST_VIDEO_FRAME_HEIGHT(frames[0]) != GST_VIDEO_FRAME_HEIGHT(&out)
        || GST_VIDEO_FRAME_WIDTH(frames[1]) != GST_VIDEO_FRAME_WIDTH(&out) || GST_VIDEO_FRAME_HEIGHT(frames[1]) != GST_VIDEO_FRAME_HEIGHT(&out)) {
        GST_ELEMENT_ERROR(self, CORE, NEGOTIATION, ("seguetransition's inputs are %dx%d and %dx%d, its output %dx%d: all must be one size",
                                                    GST_VIDEO_FRAME_WIDTH(frames[0]), GST_VIDEO_FRAME_HEIGHT(frames[0]),
                                                    GST_VIDEO_FRAME_WIDTH(frames[1]), GST_VIDEO_FRAME_HEIGHT(frames[1]),
                                                    GST_VIDEO_FRAME_WIDTH(&out), GST_VIDEO_FRAME_HEIGHT(&out)), (NULL));
        flow = GST_FLOW_NOT_NEGOTIATED;
    } else if (progress <= 0) {
        gst_video_frame_copy(&out, frames[0]);
    } else if (progress >= 1) {
        gst_video_frame_copy(&out, frames[1]);
    } else if (!ensure_transition(self, GST_VIDEO_FRAME_WIDTH(&out), GST_VIDEO_FRAME_HEIGHT(&out))
               || !render(self, frames[0], frames[1], progress, &out)) {
        flow = GST_FLOW_ERROR;
    }
    gst_video_frame_unmap(&out);
done:
    for (int i = 0; i < 2; i++)
        if (pads[i]) gst_object_unref(pads[i]);
    return flow;
}

/* Only sink_0 and sink_1: a name asked for must be one of them, else the first free one is given. */
static GstPad *request_new_pad(GstElement *element, GstPadTemplate *template, const gchar *name, const GstCaps *caps) {
    const gchar *chosen = name;
    if (chosen == NULL) {
        GstPad *first = gst_element_get_static_pad(element, "sink_0"), *second = gst_element_get_static_pad(element, "sink_1");
        chosen = first == NULL ? "sink_0" : second == NULL ? "sink_1" : NULL;
        if (first) gst_object_unref(first);
        if (second) gst_object_unref(second);
    }
    if (chosen == NULL || (strcmp(chosen, "sink_0") != 0 && strcmp(chosen, "sink_1") != 0)) {
        GST_ELEMENT_WARNING(element, CORE, PAD, ("seguetransition has two inputs, sink_0 (from) and sink_1 (to); not %s", name ? name : "a third"), (NULL));
        return NULL;
    }
    return GST_ELEMENT_CLASS(gst_segue_transition_parent_class)->request_new_pad(element, template, chosen, caps);
}

/* A stopped element starts afresh: no transition under way, none asked for (a `start` emitted
 * before the pipeline plays is kept: its first frame starts it). */
static gboolean start(GstAggregator *aggregator) {
    GST_SEGUE_TRANSITION(aggregator)->started_at = GST_CLOCK_TIME_NONE;
    return GST_AGGREGATOR_CLASS(gst_segue_transition_parent_class)->start(aggregator);
}

static gboolean stop(GstAggregator *aggregator) {
    GstSegueTransition *self = GST_SEGUE_TRANSITION(aggregator);
    release_transition(self);
    GST_OBJECT_LOCK(self);
    self->start_pending = FALSE;
    GST_OBJECT_UNLOCK(self);
    self->started_at = GST_CLOCK_TIME_NONE;
    return GST_AGGREGATOR_CLASS(gst_segue_transition_parent_class)->stop(aggregator);
}

/* The `start` action: the first output frame made after it is the transition's first. */
static void start_transition(GstSegueTransition *self) {
    GST_OBJECT_LOCK(self);
    self->start_pending = TRUE;
    GST_OBJECT_UNLOCK(self);
}

static void set_property(GObject *object, guint id, const GValue *value, GParamSpec *spec) {
    GstSegueTransition *self = GST_SEGUE_TRANSITION(object);
    GST_OBJECT_LOCK(self);
    switch (id) {
    case PROP_TRANSITION:
        g_free(self->transition_name);
        self->transition_name = g_value_dup_string(value);
        self->reload = TRUE;
        break;
    case PROP_PARAMS:
        g_free(self->params);
        self->params = g_value_dup_string(value);
        self->reload = TRUE;
        break;
    case PROP_PROGRESS: self->progress = g_value_get_double(value); break;
    case PROP_DURATION: self->duration = g_value_get_uint64(value); break;
    case PROP_START_TIME: self->start_time = g_value_get_uint64(value); break;
    default: G_OBJECT_WARN_INVALID_PROPERTY_ID(object, id, spec);
    }
    GST_OBJECT_UNLOCK(self);
}

static void get_property(GObject *object, guint id, GValue *value, GParamSpec *spec) {
    GstSegueTransition *self = GST_SEGUE_TRANSITION(object);
    GST_OBJECT_LOCK(self);
    switch (id) {
    case PROP_TRANSITION: g_value_set_string(value, self->transition_name); break;
    case PROP_PARAMS: g_value_set_string(value, self->params); break;
    case PROP_PROGRESS: g_value_set_double(value, self->progress); break;
    case PROP_DURATION: g_value_set_uint64(value, self->duration); break;
    case PROP_START_TIME: g_value_set_uint64(value, self->start_time); break;
    default: G_OBJECT_WARN_INVALID_PROPERTY_ID(object, id, spec);
    }
    GST_OBJECT_UNLOCK(self);
}

static void finalize(GObject *object) {
    GstSegueTransition *self = GST_SEGUE_TRANSITION(object);
    release_transition(self);
    g_free(self->transition_name);
    g_free(self->params);
    for (int i = 0; i < 3; i++) g_free(self->scratch[i]);
    G_OBJECT_CLASS(gst_segue_transition_parent_class)->finalize(object);
}

static void gst_segue_transition_init(GstSegueTransition *self) {
    self->transition_name = g_strdup("fade");
    self->params = g_strdup("");
    self->duration = GST_SECOND;
    self->started_at = GST_CLOCK_TIME_NONE;
    self->start_time = GST_CLOCK_TIME_NONE;
}

static void gst_segue_transition_class_init(GstSegueTransitionClass *klass) {
    GObjectClass *object_class = G_OBJECT_CLASS(klass);
    GstElementClass *element_class = GST_ELEMENT_CLASS(klass);
    GstAggregatorClass *aggregator_class = GST_AGGREGATOR_CLASS(klass);
    GstVideoAggregatorClass *vagg_class = GST_VIDEO_AGGREGATOR_CLASS(klass);
    object_class->set_property = set_property;
    object_class->get_property = get_property;
    object_class->finalize = finalize;

    g_object_class_install_property(object_class, PROP_TRANSITION,
        g_param_spec_string("transition", "Transition",
                            "A built-in transition's name (wipeleft, fade, circleopen, ...: every gl-transition and xfade "
                            "name Segue knows; `segue render --list`) or a gl-transitions .glsl file's path",
                            "fade", G_PARAM_READWRITE | G_PARAM_STATIC_STRINGS | GST_PARAM_MUTABLE_PLAYING));
    g_object_class_install_property(object_class, PROP_PARAMS,
        g_param_spec_string("params", "Parameters",
                            "The transition's own parameters, name=value separated by spaces: \"direction=1,0 smoothness=0.3\"",
                            "", G_PARAM_READWRITE | G_PARAM_STATIC_STRINGS | GST_PARAM_MUTABLE_PLAYING));
    g_object_class_install_property(object_class, PROP_PROGRESS,
        g_param_spec_double("progress", "Progress",
                            "0 shows sink_0, 1 sink_1, between them the transition (controllable); ignored once `start` is emitted",
                            0, 1, 0, G_PARAM_READWRITE | G_PARAM_STATIC_STRINGS | GST_PARAM_CONTROLLABLE | GST_PARAM_MUTABLE_PLAYING));
    g_object_class_install_property(object_class, PROP_DURATION,
        g_param_spec_uint64("duration", "Duration", "How long the transition `start` runs lasts, in nanoseconds", 1, G_MAXUINT64,
                            GST_SECOND, G_PARAM_READWRITE | G_PARAM_STATIC_STRINGS | GST_PARAM_MUTABLE_PLAYING));
    g_object_class_install_property(object_class, PROP_START_TIME,
        g_param_spec_uint64("start-time", "Start time",
                            "A running time (ns) at which the transition starts by itself, as `start` would (-1: only `start`)",
                            0, G_MAXUINT64, GST_CLOCK_TIME_NONE,
                            G_PARAM_READWRITE | G_PARAM_STATIC_STRINGS | GST_PARAM_MUTABLE_PLAYING));
    signals[SIGNAL_START] = g_signal_new_class_handler(
        "start", G_TYPE_FROM_CLASS(klass), G_SIGNAL_RUN_LAST | G_SIGNAL_ACTION, G_CALLBACK(start_transition), NULL, NULL, NULL,
        G_TYPE_NONE, 0);

    gst_element_class_add_static_pad_template_with_gtype(element_class, &src_template, GST_TYPE_AGGREGATOR_PAD);
    gst_element_class_add_static_pad_template_with_gtype(element_class, &sink_template, GST_TYPE_VIDEO_AGGREGATOR_PAD);
    gst_element_class_set_static_metadata(element_class, "Segue transition", "Filter/Editor/Video/Compositor",
                                          "Segue's GPU transitions between two video streams (sink_0 to sink_1): every "
                                          "gl-transition and xfade name, or a .glsl file; RGBA, I420 and NV12",
                                          "Segue");
    element_class->request_new_pad = request_new_pad;
    aggregator_class->sink_event = sink_event;
    aggregator_class->sink_query = sink_query;
    aggregator_class->negotiated_src_caps = negotiated_src_caps;
    aggregator_class->start = start;
    aggregator_class->stop = stop;
    vagg_class->aggregate_frames = aggregate_frames;
    GST_DEBUG_CATEGORY_INIT(gst_segue_transition_debug, "seguetransition", 0, "Segue's GPU transitions");
}

static gboolean plugin_init(GstPlugin *plugin) {
    return gst_element_register(plugin, "seguetransition", GST_RANK_NONE, GST_TYPE_SEGUE_TRANSITION);
}

#define PACKAGE "segue"
GST_PLUGIN_DEFINE(GST_VERSION_MAJOR, GST_VERSION_MINOR, segue, "Segue's GPU transitions between two video streams", plugin_init,
                  SEGUE_VERSION_STRING, "MIT", "Segue", "Segue (make gstreamer)")
