// GIO without GTK, for LightboxCore: GSettings.
#pragma once
#include <gio/gio.h>
