// Counts heap allocations made on the calling thread between begin and end, by interposing
// the malloc family (linked into the test binary only). Tests use it to prove that the
// render loop allocates nothing once warm.
//
// Allocations are split by who called malloc: Swift code (the engine, which is linked into
// the test binary, and the Swift runtime acting for it) versus everything else (the GL
// driver: Mesa allocates a little inside some draw calls, which is not the engine's doing).
#pragma once

/// 1 when allocations are counted; 0 in a sanitizer's build, whose runtime owns malloc (nothing
/// is interposed there, and every count reads 0).
int segue_allocation_counter_available(void);
void segue_allocation_counter_begin(void);
/// Allocations by Swift code (the test binary itself and libswift*) since begin.
long segue_allocation_counter_end(void);
/// Allocations by other libraries (the GL driver) in the last begin...end span.
long segue_allocation_counter_other(void);
