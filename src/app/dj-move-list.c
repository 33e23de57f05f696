/* dj-move-list.c: the moves of the current line beside the board
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <glib/gi18n.h>

#include "dj-move-item.h"
#include "dj-move-list.h"

struct _DjMoveList
{
  GtkWidget           parent_instance;

  GtkStack           *stack;
  GtkListView        *list_view;

  DjLineModel        *model;
  GtkSingleSelection *selection;
  guint               syncing : 1;
};

enum {
  PROP_0,
  PROP_MODEL,
  N_PROPS
};

static GParamSpec *properties[N_PROPS];

G_DEFINE_FINAL_TYPE (DjMoveList, dj_move_list, GTK_TYPE_WIDGET)

/* One row: number, move, a mark when it has a comment, the time spent. */
static void
setup_row (GtkSignalListItemFactory *factory,
           GtkListItem              *list_item,
           DjMoveList               *self)
{
  GtkWidget *box = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 6);
  GtkWidget *number = gtk_label_new (NULL);
  GtkWidget *move = gtk_label_new (NULL);
  GtkWidget *comment = gtk_image_new_from_icon_name ("document-edit-symbolic");
  GtkWidget *time = gtk_label_new (NULL);

  gtk_label_set_xalign (GTK_LABEL (number), 1.0);
  gtk_label_set_width_chars (GTK_LABEL (number), 5);
  gtk_widget_add_css_class (number, "dim-label");
  gtk_widget_add_css_class (number, "numeric");
  gtk_label_set_xalign (GTK_LABEL (move), 0.0);
  gtk_widget_set_hexpand (move, TRUE);
  gtk_widget_add_css_class (move, "move");
  gtk_widget_set_tooltip_text (comment, _("This move has a comment"));
  gtk_widget_add_css_class (comment, "dim-label");
  gtk_widget_add_css_class (time, "dim-label");
  gtk_widget_add_css_class (time, "numeric");

  gtk_box_append (GTK_BOX (box), number);
  gtk_box_append (GTK_BOX (box), move);
  gtk_box_append (GTK_BOX (box), comment);
  gtk_box_append (GTK_BOX (box), time);
  gtk_list_item_set_child (list_item, box);
}

static void
bind_row (GtkSignalListItemFactory *factory,
          GtkListItem              *list_item,
          DjMoveList               *self)
{
  DjMoveItem *item = gtk_list_item_get_item (list_item);
  GtkWidget *box = gtk_list_item_get_child (list_item);
  GtkWidget *number = gtk_widget_get_first_child (box);
  GtkWidget *move = gtk_widget_get_next_sibling (number);
  GtkWidget *comment = gtk_widget_get_next_sibling (move);
  GtkWidget *time = gtk_widget_get_next_sibling (comment);
  const char *time_text = dj_move_item_get_time (item);

  gtk_label_set_label (GTK_LABEL (number), dj_move_item_get_number (item));
  gtk_label_set_label (GTK_LABEL (move), dj_move_item_get_move (item));
  gtk_widget_set_visible (comment, dj_move_item_has_comment (item));
  gtk_label_set_label (GTK_LABEL (time), time_text ? time_text : "");
  gtk_widget_set_visible (time, time_text != NULL);

  if (dj_move_item_get_mover (item) == DJ_SOUTH)
    {
      gtk_widget_add_css_class (box, "south");
      gtk_widget_remove_css_class (box, "north");
    }
  else
    {
      gtk_widget_add_css_class (box, "north");
      gtk_widget_remove_css_class (box, "south");
    }

  gtk_accessible_update_property (GTK_ACCESSIBLE (box),
                                  GTK_ACCESSIBLE_PROPERTY_LABEL,
                                  dj_move_item_get_description (item),
                                  -1);
}

static void
update_page (DjMoveList *self)
{
  gboolean empty = self->model == NULL
                   || g_list_model_get_n_items (G_LIST_MODEL (self->model)) == 0;

  gtk_stack_set_visible_child_name (self->stack, empty ? "empty" : "list");
}

static void
scroll_to_current (DjMoveList *self)
{
  guint current;

  if (self->model == NULL)
    return;
  current = dj_line_model_get_current (self->model);
  if (current == DJ_LINE_MODEL_NO_POSITION)
    current = 0;
  if (current < g_list_model_get_n_items (G_LIST_MODEL (self->model)))
    gtk_widget_activate_action (GTK_WIDGET (self->list_view), "list.scroll-to-item", "u", current);
}

static void
sync_selection (DjMoveList *self)
{
  guint current = dj_line_model_get_current (self->model);

  self->syncing = TRUE;
  if (current == DJ_LINE_MODEL_NO_POSITION)
    gtk_selection_model_unselect_all (GTK_SELECTION_MODEL (self->selection));
  else
    gtk_single_selection_set_selected (self->selection, current);
  self->syncing = FALSE;
  scroll_to_current (self);
}

static void
on_current_changed (DjMoveList  *self,
                    GParamSpec  *pspec,
                    DjLineModel *model)
{
  sync_selection (self);
}

static void
on_items_changed (DjMoveList *self,
                  guint       position,
                  guint       removed,
                  guint       added,
                  GListModel *model)
{
  update_page (self);
  /* The selection model drops a removed selection by itself; put it back
   * where the model says the current move is. */
  if (gtk_single_selection_get_selected (self->selection)
      != dj_line_model_get_current (self->model))
    sync_selection (self);
}

static void
on_selected_changed (DjMoveList         *self,
                     GParamSpec         *pspec,
                     GtkSingleSelection *selection)
{
  guint selected;
  DjGame *game;
  DjNode *node;

  if (self->syncing || self->model == NULL)
    return;

  selected = gtk_single_selection_get_selected (selection);
  game = dj_line_model_get_game (self->model);
  if (selected == GTK_INVALID_LIST_POSITION)
    {
      /* Unselecting the current move (Ctrl+click) keeps it current. */
      sync_selection (self);
      return;
    }
  node = dj_line_model_get_node (self->model, selected);
  if (node != NULL && node != dj_game_get_current (game))
    dj_game_set_current (game, node);
}

GtkWidget *
dj_move_list_new (void)
{
  return g_object_new (DJ_TYPE_MOVE_LIST, NULL);
}

DjLineModel *
dj_move_list_get_model (DjMoveList *self)
{
  g_return_val_if_fail (DJ_IS_MOVE_LIST (self), NULL);
  return self->model;
}

void
dj_move_list_set_model (DjMoveList  *self,
                        DjLineModel *model)
{
  g_return_if_fail (DJ_IS_MOVE_LIST (self));
  g_return_if_fail (model == NULL || DJ_IS_LINE_MODEL (model));

  if (self->model == model)
    return;

  if (self->model != NULL)
    g_signal_handlers_disconnect_by_data (self->model, self);
  g_set_object (&self->model, model);

  self->syncing = TRUE;
  gtk_single_selection_set_model (self->selection, G_LIST_MODEL (model));
  self->syncing = FALSE;

  if (model != NULL)
    {
      g_signal_connect_object (model, "notify::current",
                               G_CALLBACK (on_current_changed), self, G_CONNECT_SWAPPED);
      g_signal_connect_object (model, "items-changed",
                               G_CALLBACK (on_items_changed), self,
                               G_CONNECT_SWAPPED | G_CONNECT_AFTER);
      sync_selection (self);
    }
  update_page (self);

  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_MODEL]);
}

GtkListView *
dj_move_list_get_view (DjMoveList *self)
{
  g_return_val_if_fail (DJ_IS_MOVE_LIST (self), NULL);
  return self->list_view;
}

static void
dj_move_list_dispose (GObject *object)
{
  DjMoveList *self = DJ_MOVE_LIST (object);

  if (self->model != NULL)
    g_signal_handlers_disconnect_by_data (self->model, self);
  gtk_widget_dispose_template (GTK_WIDGET (self), DJ_TYPE_MOVE_LIST);
  g_clear_object (&self->selection);
  g_clear_object (&self->model);

  G_OBJECT_CLASS (dj_move_list_parent_class)->dispose (object);
}

static void
dj_move_list_get_property (GObject    *object,
                           guint       prop_id,
                           GValue     *value,
                           GParamSpec *pspec)
{
  DjMoveList *self = DJ_MOVE_LIST (object);

  switch (prop_id)
    {
    case PROP_MODEL:
      g_value_set_object (value, self->model);
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
dj_move_list_set_property (GObject      *object,
                           guint         prop_id,
                           const GValue *value,
                           GParamSpec   *pspec)
{
  DjMoveList *self = DJ_MOVE_LIST (object);

  switch (prop_id)
    {
    case PROP_MODEL:
      dj_move_list_set_model (self, g_value_get_object (value));
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
dj_move_list_class_init (DjMoveListClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = dj_move_list_dispose;
  object_class->get_property = dj_move_list_get_property;
  object_class->set_property = dj_move_list_set_property;

  properties[PROP_MODEL] =
    g_param_spec_object ("model", NULL, NULL,
                         DJ_TYPE_LINE_MODEL,
                         G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  g_object_class_install_properties (object_class, N_PROPS, properties);

  gtk_widget_class_set_template_from_resource (widget_class, RESOURCE_PATH "/ui/dj-move-list.ui");
  gtk_widget_class_bind_template_child (widget_class, DjMoveList, stack);
  gtk_widget_class_bind_template_child (widget_class, DjMoveList, list_view);
  gtk_widget_class_set_css_name (widget_class, "movelist");
}

static void
dj_move_list_init (DjMoveList *self)
{
  GtkListItemFactory *factory;

  gtk_widget_init_template (GTK_WIDGET (self));

  self->selection = gtk_single_selection_new (NULL);
  gtk_single_selection_set_autoselect (self->selection, FALSE);
  gtk_single_selection_set_can_unselect (self->selection, TRUE);
  g_signal_connect_object (self->selection, "notify::selected",
                           G_CALLBACK (on_selected_changed), self, G_CONNECT_SWAPPED);

  factory = gtk_signal_list_item_factory_new ();
  g_signal_connect_object (factory, "setup", G_CALLBACK (setup_row), self, 0);
  g_signal_connect_object (factory, "bind", G_CALLBACK (bind_row), self, 0);
  gtk_list_view_set_factory (self->list_view, factory);
  g_object_unref (factory);
  gtk_list_view_set_model (self->list_view, GTK_SELECTION_MODEL (self->selection));

  update_page (self);
}
