// Opening Lightbox's GSettings schema wherever it is: compiled into a build
// folder, or installed. The memory backend's header is behind a macro.
#pragma once
#include <gio/gio.h>

typedef enum {
    LB_SETTINGS_DESKTOP,  // the desktop's backend (dconf), as GIO chooses
    LB_SETTINGS_MEMORY,   // nothing read or kept (tests)
    LB_SETTINGS_KEYFILE,  // a key file at `keyfile`, as GIO's keyfile backend writes it
} LbSettingsBackend;

// The settings of `schema_id`, looked up first in `directory` (a folder
// holding gschemas.compiled, or NULL), then among the installed schemas.
// NULL when the schema is nowhere. `*kept` says whether what is set is kept
// for the next run: not with the memory backend, asked for or the one GIO
// falls back to when the desktop's (dconf) is missing.
GSettings *lb_settings_open(const char *schema_id, const char *directory, LbSettingsBackend backend,
                            const char *keyfile, gboolean *kept);

// Whether `key` holds a value the person (or a program) set, not the default.
gboolean lb_settings_is_set(GSettings *settings, const char *key);
