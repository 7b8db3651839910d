#include "lb-list-model.h"

#include <gtk/gtk.h>
#include <string.h>

// ---- LbListItem: a GObject that only carries a key. ----

#define LB_TYPE_LIST_ITEM (lb_list_item_get_type())
G_DECLARE_FINAL_TYPE(LbListItem, lb_list_item, LB, LIST_ITEM, GObject)

struct _LbListItem {
    GObject parent_instance;
    guint64 key;
};

G_DEFINE_FINAL_TYPE(LbListItem, lb_list_item, G_TYPE_OBJECT)

static void lb_list_item_class_init(LbListItemClass *klass) { (void)klass; }
static void lb_list_item_init(LbListItem *self) { (void)self; }

guint64 lb_list_item_key(GObject *item) {
    return LB_IS_LIST_ITEM(item) ? LB_LIST_ITEM(item)->key : 0;
}

// ---- LbListModel: an array of LbListItems behind GListModel. ----

#define LB_TYPE_LIST_MODEL (lb_list_model_get_type())
G_DECLARE_FINAL_TYPE(LbListModel, lb_list_model, LB, LIST_MODEL, GObject)

struct _LbListModel {
    GObject parent_instance;
    GPtrArray *items;
};

static void lb_list_model_iface_init(GListModelInterface *iface);

G_DEFINE_FINAL_TYPE_WITH_CODE(LbListModel, lb_list_model, G_TYPE_OBJECT,
                              G_IMPLEMENT_INTERFACE(G_TYPE_LIST_MODEL,
                                                    lb_list_model_iface_init))

static GType lb_list_model_get_item_type(GListModel *model) {
    (void)model;
    return LB_TYPE_LIST_ITEM;
}

static guint lb_list_model_get_n_items(GListModel *model) {
    return LB_LIST_MODEL(model)->items->len;
}

static gpointer lb_list_model_get_item(GListModel *model, guint position) {
    GPtrArray *items = LB_LIST_MODEL(model)->items;
    if (position >= items->len) return NULL;
    return g_object_ref(g_ptr_array_index(items, position));
}

static void lb_list_model_iface_init(GListModelInterface *iface) {
    iface->get_item_type = lb_list_model_get_item_type;
    iface->get_n_items = lb_list_model_get_n_items;
    iface->get_item = lb_list_model_get_item;
}

static void lb_list_model_finalize(GObject *object) {
    g_ptr_array_unref(LB_LIST_MODEL(object)->items);
    G_OBJECT_CLASS(lb_list_model_parent_class)->finalize(object);
}

static void lb_list_model_class_init(LbListModelClass *klass) {
    G_OBJECT_CLASS(klass)->finalize = lb_list_model_finalize;
}

static void lb_list_model_init(LbListModel *self) {
    self->items = g_ptr_array_new_with_free_func(g_object_unref);
}

GObject *lb_list_model_new(void) { return g_object_new(LB_TYPE_LIST_MODEL, NULL); }

void lb_list_model_splice(GObject *object, guint position, guint n_removed,
                          const guint64 *keys, guint n_added) {
    LbListModel *self = LB_LIST_MODEL(object);
    g_return_if_fail(position <= self->items->len);
    g_return_if_fail(n_removed <= self->items->len - position);
    // In place: the items that stay are moved, not re-referenced, so a
    // splice costs one memmove of the tail, whatever the list's length.
    if (n_removed > 0) g_ptr_array_remove_range(self->items, position, n_removed);
    if (n_added > 0) {
        guint length = self->items->len;
        g_ptr_array_set_size(self->items, (gint)(length + n_added));
        gpointer *slots = self->items->pdata;
        memmove(&slots[position + n_added], &slots[position], (length - position) * sizeof(gpointer));
        for (guint i = 0; i < n_added; i++) {
            LbListItem *item = g_object_new(LB_TYPE_LIST_ITEM, NULL);
            item->key = keys[i];
            slots[position + i] = item;
        }
    }
    if (n_removed > 0 || n_added > 0)
        g_list_model_items_changed(G_LIST_MODEL(self), position, n_removed, n_added);
}

guint lb_list_model_count(GObject *model) { return LB_LIST_MODEL(model)->items->len; }

guint64 lb_list_model_key_at(GObject *model, guint position) {
    GPtrArray *items = LB_LIST_MODEL(model)->items;
    return position < items->len ? LB_LIST_ITEM(g_ptr_array_index(items, position))->key : 0;
}

guint64 lb_gtk_list_item_key(GObject *list_item) {
    GObject *item = gtk_list_item_get_item(GTK_LIST_ITEM(list_item));
    return item ? lb_list_item_key(item) : 0;
}

// ---- Selection ----------------------------------------------------------

GObject *lb_multi_selection_new(GObject *model) {
    // gtk_multi_selection_new takes ownership of the model; keep ours.
    return G_OBJECT(gtk_multi_selection_new(G_LIST_MODEL(g_object_ref(model))));
}

guint *lb_selection_copy_selected(GObject *selection, guint *n_selected) {
    GtkBitset *set = gtk_selection_model_get_selection(GTK_SELECTION_MODEL(selection));
    guint64 size = gtk_bitset_get_size(set);
    guint *positions = g_new(guint, size > 0 ? size : 1);
    guint count = 0;
    GtkBitsetIter iter;
    guint value;
    for (gboolean more = gtk_bitset_iter_init_first(&iter, set, &value); more && count < size;
         more = gtk_bitset_iter_next(&iter, &value))
        positions[count++] = value;
    gtk_bitset_unref(set);
    *n_selected = count;
    return positions;
}

void lb_selection_set_selected(GObject *selection, const guint *positions, guint n_positions) {
    GtkSelectionModel *model = GTK_SELECTION_MODEL(selection);
    guint n_items = g_list_model_get_n_items(G_LIST_MODEL(model));
    GtkBitset *selected = gtk_bitset_new_empty();
    for (guint i = 0; i < n_positions; i++)
        if (positions[i] < n_items) gtk_bitset_add(selected, positions[i]);
    // The mask says which items the call decides: all of them.
    GtkBitset *mask = gtk_bitset_new_range(0, n_items);
    gtk_selection_model_set_selection(model, selected, mask);
    gtk_bitset_unref(mask);
    gtk_bitset_unref(selected);
}
