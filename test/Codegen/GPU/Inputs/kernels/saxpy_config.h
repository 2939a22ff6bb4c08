// Included by saxpy.cu from its own directory.
#define SAXPY_SCALE 1.0f
