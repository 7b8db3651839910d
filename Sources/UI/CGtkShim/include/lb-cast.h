// Checked casts from the GObject pointer every wrapper stores to the
// pointer type a GTK or GIO function takes. GTK's cast macros cannot be
// called from Swift; these inline functions can.
#pragma once
#include <gtk/gtk.h>

#define LB_DEFINE_CAST(name, Type, CAST) \
    static inline Type *lb_##name(GObject *object) { return CAST(object); }

LB_DEFINE_CAST(widget, GtkWidget, GTK_WIDGET)
LB_DEFINE_CAST(accessible, GtkAccessible, GTK_ACCESSIBLE)
LB_DEFINE_CAST(window, GtkWindow, GTK_WINDOW)
LB_DEFINE_CAST(application_window, GtkApplicationWindow, GTK_APPLICATION_WINDOW)
LB_DEFINE_CAST(gtk_application, GtkApplication, GTK_APPLICATION)
LB_DEFINE_CAST(g_application, GApplication, G_APPLICATION)
LB_DEFINE_CAST(header_bar, GtkHeaderBar, GTK_HEADER_BAR)
LB_DEFINE_CAST(box, GtkBox, GTK_BOX)
LB_DEFINE_CAST(orientable, GtkOrientable, GTK_ORIENTABLE)
LB_DEFINE_CAST(label, GtkLabel, GTK_LABEL)
LB_DEFINE_CAST(button, GtkButton, GTK_BUTTON)
LB_DEFINE_CAST(toggle_button, GtkToggleButton, GTK_TOGGLE_BUTTON)
LB_DEFINE_CAST(check_button, GtkCheckButton, GTK_CHECK_BUTTON)
LB_DEFINE_CAST(menu_button, GtkMenuButton, GTK_MENU_BUTTON)
LB_DEFINE_CAST(actionable, GtkActionable, GTK_ACTIONABLE)
LB_DEFINE_CAST(entry, GtkEntry, GTK_ENTRY)
LB_DEFINE_CAST(search_entry, GtkSearchEntry, GTK_SEARCH_ENTRY)
LB_DEFINE_CAST(editable, GtkEditable, GTK_EDITABLE)
LB_DEFINE_CAST(text_view, GtkTextView, GTK_TEXT_VIEW)
LB_DEFINE_CAST(image, GtkImage, GTK_IMAGE)
LB_DEFINE_CAST(picture, GtkPicture, GTK_PICTURE)
LB_DEFINE_CAST(spinner, GtkSpinner, GTK_SPINNER)
LB_DEFINE_CAST(progress_bar, GtkProgressBar, GTK_PROGRESS_BAR)
LB_DEFINE_CAST(tooltip, GtkTooltip, GTK_TOOLTIP)
LB_DEFINE_CAST(scrolled_window, GtkScrolledWindow, GTK_SCROLLED_WINDOW)
LB_DEFINE_CAST(overlay, GtkOverlay, GTK_OVERLAY)
LB_DEFINE_CAST(revealer, GtkRevealer, GTK_REVEALER)
LB_DEFINE_CAST(stack, GtkStack, GTK_STACK)
LB_DEFINE_CAST(grid_view, GtkGridView, GTK_GRID_VIEW)
LB_DEFINE_CAST(list_view, GtkListView, GTK_LIST_VIEW)
LB_DEFINE_CAST(list_item, GtkListItem, GTK_LIST_ITEM)
LB_DEFINE_CAST(list_item_factory, GtkListItemFactory, GTK_LIST_ITEM_FACTORY)
LB_DEFINE_CAST(selection_model, GtkSelectionModel, GTK_SELECTION_MODEL)
LB_DEFINE_CAST(list_model, GListModel, G_LIST_MODEL)
LB_DEFINE_CAST(native_dialog, GtkNativeDialog, GTK_NATIVE_DIALOG)
LB_DEFINE_CAST(file_chooser, GtkFileChooser, GTK_FILE_CHOOSER)
LB_DEFINE_CAST(file_filter, GtkFileFilter, GTK_FILE_FILTER)
LB_DEFINE_CAST(about_dialog, GtkAboutDialog, GTK_ABOUT_DIALOG)
LB_DEFINE_CAST(shortcuts_window, GtkShortcutsWindow, GTK_SHORTCUTS_WINDOW)
LB_DEFINE_CAST(action_map, GActionMap, G_ACTION_MAP)
LB_DEFINE_CAST(action, GAction, G_ACTION)
LB_DEFINE_CAST(simple_action, GSimpleAction, G_SIMPLE_ACTION)
LB_DEFINE_CAST(menu, GMenu, G_MENU)
LB_DEFINE_CAST(menu_model, GMenuModel, G_MENU_MODEL)
LB_DEFINE_CAST(style_provider, GtkStyleProvider, GTK_STYLE_PROVIDER)
LB_DEFINE_CAST(css_provider, GtkCssProvider, GTK_CSS_PROVIDER)
LB_DEFINE_CAST(event_controller, GtkEventController, GTK_EVENT_CONTROLLER)
LB_DEFINE_CAST(paintable, GdkPaintable, GDK_PAINTABLE)
LB_DEFINE_CAST(texture, GdkTexture, GDK_TEXTURE)
LB_DEFINE_CAST(file, GFile, G_FILE)

// Any instance pointer (typed or opaque in Swift) as the GObject it is.
static inline GObject *lb_object(gpointer instance) { return G_OBJECT(instance); }

#undef LB_DEFINE_CAST
