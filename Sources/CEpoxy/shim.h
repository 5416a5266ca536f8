// libepoxy: GL and EGL entry points resolved at run time. The gl*/egl* names are
// macros that Swift cannot import; Swift calls the epoxy_* function pointers instead.
#include <epoxy/gl.h>
#include <epoxy/egl.h>
