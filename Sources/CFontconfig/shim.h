// fontconfig finds font files by family name and finds a font for a character the chosen font lacks.
#include <fontconfig/fontconfig.h>
