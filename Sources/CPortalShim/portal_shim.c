int portal_shim_version(void) { return 1; }
