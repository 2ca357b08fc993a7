#ifndef PORTAL_SHIM_H
#define PORTAL_SHIM_H
/// Placeholder; the terminal layer fills this in (signals, self-pipe).
int portal_shim_version(void);
#endif
