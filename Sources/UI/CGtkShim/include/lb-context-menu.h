// Context menus: a menu that opens over a widget where the person asks
// for it (a right click, a long press on a touch screen, the Menu key or
// Shift+F10), and menu items that only some selections can use.
#pragma once
#include <gtk/gtk.h>

static inline GtkPopover *lb_popover(GObject *object) { return GTK_POPOVER(object); }

// A GtkPopoverMenu showing `menu` over `parent` (its child until the parent
// is destroyed), without an arrow, as context menus are, and named `name`
// for screen readers. As it opens, its items get their keys as their
// descriptions (see lb_describe_menu_accelerators).
GObject *lb_popover_menu_new(GObject *menu, GObject *parent, const char *name);
// Shows `menu` in it from now on.
void lb_popover_menu_set_menu(GObject *popover, GObject *menu);
// Opens it pointing at the rectangle, in its parent's coordinates.
void lb_popover_popup_at(GObject *popover, double x, double y, double width, double height);

// Presses of the secondary button (a right click).
GObject *lb_secondary_click_gesture_new(void);
// A finger held in place on a touch screen (GtkGestureLongPress; a held
// mouse button starts a drag or a rubber band instead).
GObject *lb_long_press_gesture_new(void);
// The press the gesture is handling opened a menu: no other handler sees
// it, and the gesture forgets it. Its release goes to the menu, which has
// the pointer; a gesture still waiting for it would miss the next press.
void lb_gesture_finish(GObject *gesture);

// Adds an item to `menu` that is hidden while its action is disabled.
void lb_menu_append_hidden_when_disabled(GObject *menu, const char *label, const char *action);
// A menu model's items, depth first, each "label<TAB>detailed action"
// (no tab for a submenu's own item); a submenu's items have its label and
// " › " before theirs. NULL-terminated; free with g_strfreev.
char **lb_menu_model_items(GObject *model);
