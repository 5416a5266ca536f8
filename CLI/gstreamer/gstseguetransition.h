/* seguetransition: a GstVideoAggregator with two inputs (sink_0 from, sink_1 to) that renders a
 * Segue transition between them on the GPU (libsegue). */
#ifndef GST_SEGUE_TRANSITION_H
#define GST_SEGUE_TRANSITION_H

#include <gst/gst.h>
#include <gst/video/gstvideoaggregator.h>
#include <gst/video/video.h>

#include "segue.h"

G_BEGIN_DECLS

#define GST_TYPE_SEGUE_TRANSITION (gst_segue_transition_get_type())
G_DECLARE_FINAL_TYPE(GstSegueTransition, gst_segue_transition, GST, SEGUE_TRANSITION, GstVideoAggregator)

struct _GstSegueTransition {
    GstVideoAggregator parent;

    /* Properties, with the object lock. */
    gchar *transition_name;
    gchar *params;
    gdouble progress;
    GstClockTime duration;
    GstClockTime start_time;      /* `start-time`: a running time that starts the transition, or NONE */
    /* `start` was emitted: the next output frame is the transition's first. */
    gboolean start_pending;

    /* The streaming thread's own. */
    segue_transition *transition; /* loaded for transition_name/params at width x height, or NULL */
    gint loaded_width, loaded_height;
    gboolean reload;              /* transition or params changed since the load */
    GstClockTime started_at;      /* the running time of the transition's first frame, or NONE */
    guint8 *scratch[3];           /* RGBA pictures packed for libsegue, where a stride is padded */
    gsize scratch_size;
};

G_END_DECLS

#endif
