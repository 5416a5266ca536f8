// The child side of the compile budget (SegueRenderJobs's `ShaderCompileProbe`), carried by every
// program that links SegueRenderJobs: a process that starts with SEGUE_COMPILE_PROBE_CHILD=1 in
// its environment and `--name NAME` as its arguments is the probe's child, and runs that before
// its program's `main` (a constructor in segue_probe_child.c). So a user's program or test bundle
// is its own child, `/proc/self/exe`, with no program of Segue's to build or find.
#ifndef SEGUE_PROBE_CHILD_H
#define SEGUE_PROBE_CHILD_H

/// The environment variable that makes a start of this program the probe's child.
#define SEGUE_PROBE_CHILD_MARKER "SEGUE_COMPILE_PROBE_CHILD"

/// 1 when the child side is linked into the main program (the executable `/proc/self/exe` names),
/// so starting that program again runs it; 0 when it lives in a shared library (a Python or C
/// host's libsegue.so), whose host knows nothing of the marker.
int CSegueProbeChild_carriedByProgram(void) __attribute__((visibility("hidden")));

#endif
