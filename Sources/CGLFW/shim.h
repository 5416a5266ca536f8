// GLFW without its own GL header: epoxy provides GL, so GLFW must not include one.
#define GLFW_INCLUDE_NONE
#include <GLFW/glfw3.h>
