// TurboJPEG's API returns error codes instead of longjmp-ing through Swift frames.
#include <stddef.h>
#include <turbojpeg.h>
