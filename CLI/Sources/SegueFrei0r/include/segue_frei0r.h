/* The frei0r plugin (segue.so) exports frei0r.h's f0r_* functions; nothing of its own. */
#ifndef SEGUE_FREI0R_H
#define SEGUE_FREI0R_H
#endif
