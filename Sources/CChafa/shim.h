// libchafa (Debian libchafa-dev) through pkg-config: its cflags (glib's include folders)
// reach the C shim CPictureShim, the only code that includes it.
#include <chafa.h>
