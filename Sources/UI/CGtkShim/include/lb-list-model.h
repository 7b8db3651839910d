// LbListModel: a GListModel whose items are LbListItem objects, each
// carrying a 64-bit key that a Swift data source maps back to its element.
// The Swift side decides what changed and calls lb_list_model_splice, which
// updates the items and emits one precise items-changed signal.
#pragma once
#include <gio/gio.h>

GObject *lb_list_model_new(void);
// Removes `n_removed` items at `position` and inserts `n_added` new items
// whose keys are `keys[0..n_added)`, then emits items-changed.
void lb_list_model_splice(GObject *model, guint position, guint n_removed,
                          const guint64 *keys, guint n_added);
guint lb_list_model_count(GObject *model);
// The key of the item at `position`; 0 when out of range.
guint64 lb_list_model_key_at(GObject *model, guint position);
// The key an LbListItem carries (for a GtkListItem's item); 0 if not one.
guint64 lb_list_item_key(GObject *item);
// The GtkListItem's item's key, or 0 when it has none.
guint64 lb_gtk_list_item_key(GObject *list_item);

// Multiple selection over a list model (GtkMultiSelection).
GObject *lb_multi_selection_new(GObject *model);
// The selected positions in ascending order, as a new array (g_free it);
// their number in `n_selected`.
guint *lb_selection_copy_selected(GObject *selection, guint *n_selected);
// Selects exactly `positions` (in any order), unselecting all others, in
// one change (one selection-changed signal).
void lb_selection_set_selected(GObject *selection, const guint *positions, guint n_positions);
