// The benchmark's floor: the pixel dissolve written as plainly as possible in C and GL, with
// no engine in between (no graph, no generated code, no wrapper). The fused engine path is
// measured against it.
#pragma once

typedef struct segue_floor segue_floor;

/// Compiles the floor's program on the current context. Returns NULL and fills `log` on failure.
segue_floor *segue_floor_create(char *log, int log_capacity);

/// Draws one pixel-dissolve frame into the bound framebuffer (viewport set by the caller),
/// reading the two textures, which must have the framebuffer's size.
void segue_floor_draw(segue_floor *floor, unsigned from_texture, unsigned to_texture, int width, float progress);

void segue_floor_destroy(segue_floor *floor);
