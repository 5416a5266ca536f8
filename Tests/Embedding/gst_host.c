/*
 * A GStreamer application for the seguetransition tests: runs a pipeline (gst-launch syntax) whose
 * element `t` is a seguetransition and whose appsink `out` takes its frames, and writes each frame
 * to OUTDIR/frame-NNNN.raw (planes packed: RGBA rows, or I420's Y, U, V / NV12's Y, UV as ffmpeg's
 * rawvideo reads them) with its timestamp on a line of OUTDIR/pts.txt. Modes:
 *   plain                the pipeline as it is
 *   controlled N FPS     `progress` animated by a GstController: 0 at 0, 1 at frame N-1 (linear)
 *   start-at NS          `start` emitted from a probe on t's src pad once the frame ending at NS
 *                        has gone out (so the next frame, at running time NS, is the first)
 *   cycles N             the pipeline run to its end N times (PLAYING, EOS, NULL); prints VmRSS
 *                        after the 10th and the last run ("rss KB KB"), writes no frames
 * Exit status 0 after EOS; 1 with the error message on stderr ("error: ...") after an error.
 *   gst_host MODE [ARGS] OUTDIR PIPELINE
 */
#include <gst/app/gstappsink.h>
#include <gst/controller/gstdirectcontrolbinding.h>
#include <gst/controller/gstinterpolationcontrolsource.h>
#include <gst/gst.h>
#include <gst/video/video.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static const char *outdir;
static FILE *timestamps;
static int frames_written;
static GstClockTime start_at = GST_CLOCK_TIME_NONE;
static gboolean started;

static GstFlowReturn on_sample(GstAppSink *sink, gpointer data) {
    GstSample *sample = gst_app_sink_pull_sample(sink);
    if (sample == NULL) return GST_FLOW_EOS;
    GstVideoInfo info;
    GstVideoFrame frame;
    GstBuffer *buffer = gst_sample_get_buffer(sample);
    if (outdir && gst_video_info_from_caps(&info, gst_sample_get_caps(sample)) && gst_video_frame_map(&frame, &info, buffer, GST_MAP_READ)) {
        char path[4096];
        snprintf(path, sizeof path, "%s/frame-%04d.raw", outdir, frames_written);
        FILE *file = fopen(path, "wb");
        for (guint plane = 0; file && plane < GST_VIDEO_FRAME_N_PLANES(&frame); plane++) {
            /* A plane's row: its first component's width times the bytes a pixel takes in it (NV12's UV: 2). */
            gint components[GST_VIDEO_MAX_COMPONENTS];
            gst_video_format_info_component(info.finfo, plane, components);
            gint row = GST_VIDEO_FRAME_COMP_WIDTH(&frame, components[0]) * GST_VIDEO_FRAME_COMP_PSTRIDE(&frame, components[0]);
            gint rows = GST_VIDEO_FRAME_COMP_HEIGHT(&frame, components[0]);
            const guint8 *bytes = GST_VIDEO_FRAME_PLANE_DATA(&frame, plane);
            for (gint y = 0; y < rows; y++) fwrite(bytes + (gsize)y * GST_VIDEO_FRAME_PLANE_STRIDE(&frame, plane), 1, row, file);
        }
        if (file) fclose(file);
        gst_video_frame_unmap(&frame);
        fprintf(timestamps, "%" G_GUINT64_FORMAT "\n", (guint64)GST_BUFFER_PTS(buffer));
        frames_written++;
    }
    gst_sample_unref(sample);
    return GST_FLOW_OK;
}

/* start-at: once a frame ending at or after start_at has left the element, emit `start` (once). */
static GstPadProbeReturn on_output(GstPad *pad, GstPadProbeInfo *info, gpointer element) {
    GstBuffer *buffer = GST_PAD_PROBE_INFO_BUFFER(info);
    if (!started && GST_BUFFER_PTS(buffer) + GST_BUFFER_DURATION(buffer) >= start_at) {
        started = TRUE;
        g_signal_emit_by_name(element, "start");
    }
    return GST_PAD_PROBE_OK;
}

static long rss_kb(void) {
    FILE *status = fopen("/proc/self/status", "r");
    char line[256];
    long kb = -1;
    while (status && fgets(line, sizeof line, status))
        if (strncmp(line, "VmRSS:", 6) == 0) kb = atol(line + 6);
    if (status) fclose(status);
    return kb;
}

/* Builds and runs the pipeline once; 0 at EOS, 1 after an error (printed). */
static int run(const char *description, const char *mode, char **args) {
    GError *error = NULL;
    GstElement *pipeline = gst_parse_launch(description, &error);
    if (pipeline == NULL || error) {
        fprintf(stderr, "error: %s\n", error ? error->message : "no pipeline");
        return 1;
    }
    GstElement *element = gst_bin_get_by_name(GST_BIN(pipeline), "t");
    GstElement *sink = gst_bin_get_by_name(GST_BIN(pipeline), "out");
    if (sink) {
        GstAppSinkCallbacks callbacks;
        memset(&callbacks, 0, sizeof callbacks);
        callbacks.new_sample = on_sample;
        gst_app_sink_set_callbacks(GST_APP_SINK(sink), &callbacks, NULL, NULL);
    }
    if (element && strcmp(mode, "controlled") == 0) {
        int count = atoi(args[0]), fps = atoi(args[1]);
        GstControlSource *source = gst_interpolation_control_source_new();
        g_object_set(source, "mode", GST_INTERPOLATION_MODE_LINEAR, NULL);
        gst_timed_value_control_source_set(GST_TIMED_VALUE_CONTROL_SOURCE(source), 0, 0.0);
        gst_timed_value_control_source_set(GST_TIMED_VALUE_CONTROL_SOURCE(source),
                                           gst_util_uint64_scale(count - 1, GST_SECOND, fps), 1.0);
        gst_object_add_control_binding(GST_OBJECT(element), gst_direct_control_binding_new_absolute(GST_OBJECT(element), "progress", source));
        gst_object_unref(source);
    }
    if (element && strcmp(mode, "start-at") == 0) {
        start_at = g_ascii_strtoull(args[0], NULL, 10);
        started = FALSE;
        GstPad *src = gst_element_get_static_pad(element, "src");
        gst_pad_add_probe(src, GST_PAD_PROBE_TYPE_BUFFER, on_output, element, NULL);
        gst_object_unref(src);
    }
    int status = 0;
    if (gst_element_set_state(pipeline, GST_STATE_PLAYING) == GST_STATE_CHANGE_FAILURE) status = 1;
    GstBus *bus = gst_element_get_bus(pipeline);
    GstMessage *message = gst_bus_timed_pop_filtered(bus, GST_CLOCK_TIME_NONE, GST_MESSAGE_EOS | GST_MESSAGE_ERROR);
    if (message && GST_MESSAGE_TYPE(message) == GST_MESSAGE_ERROR) {
        gchar *debug = NULL;
        gst_message_parse_error(message, &error, &debug);
        fprintf(stderr, "error: %s (from %s)\n", error->message, GST_OBJECT_NAME(GST_MESSAGE_SRC(message)));
        g_clear_error(&error);
        g_free(debug);
        status = 1;
    }
    if (message) gst_message_unref(message);
    gst_object_unref(bus);
    gst_element_set_state(pipeline, GST_STATE_NULL);
    if (element) gst_object_unref(element);
    if (sink) gst_object_unref(sink);
    gst_object_unref(pipeline);
    return status;
}

int main(int argc, char **argv) {
    gst_init(&argc, &argv);
    if (argc < 4) {
        fprintf(stderr, "usage: gst_host MODE [ARGS] OUTDIR PIPELINE\n");
        return 2;
    }
    const char *mode = argv[1];
    int extra = strcmp(mode, "controlled") == 0 ? 2 : strcmp(mode, "start-at") == 0 || strcmp(mode, "cycles") == 0 ? 1 : 0;
    if (argc != 4 + extra) {
        fprintf(stderr, "usage: gst_host MODE [ARGS] OUTDIR PIPELINE\n");
        return 2;
    }
    char **args = argv + 2;
    const char *pipeline = argv[3 + extra];
    if (strcmp(mode, "cycles") == 0) {
        int count = atoi(args[0]);
        long after_ten = 0;
        for (int i = 1; i <= count; i++) {
            if (run(pipeline, mode, args) != 0) return 1;
            if (i == 10) after_ten = rss_kb();
        }
        printf("rss %ld %ld\n", after_ten, rss_kb());
        return 0;
    }
    outdir = argv[2 + extra];
    char path[4096];
    snprintf(path, sizeof path, "%s/pts.txt", outdir);
    timestamps = fopen(path, "w");
    if (timestamps == NULL) {
        fprintf(stderr, "error: cannot write %s\n", path);
        return 2;
    }
    int status = run(pipeline, mode, args);
    fclose(timestamps);
    return status;
}
