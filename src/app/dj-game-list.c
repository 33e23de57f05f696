/* dj-game-list.c: the games of a file: open, add, delete, reorder
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <adwaita.h>
#include <glib/gi18n.h>

#include "dj-game-list.h"

struct _DjGameList
{
  GtkWidget           parent_instance;

  /* template */
  GtkListView        *list_view;
  GtkLabel           *count_label;

  DjCollection       *collection;
  GtkSingleSelection *selection;
  DjGame             *current;
  gboolean            syncing;
};

enum {
  GAME_ACTIVATED,
  N_SIGNALS
};

static guint signals[N_SIGNALS];

G_DEFINE_FINAL_TYPE (DjGameList, dj_game_list, GTK_TYPE_WIDGET)

static char *
game_subtitle (DjGame *game)
{
  const DjGameInfo *info = dj_game_get_info (game);
  GString *s = g_string_new (NULL);
  const char *parts[] = { info->event, info->date, info->round };

  for (guint i = 0; i < G_N_ELEMENTS (parts); i++)
    if (parts[i] != NULL && parts[i][0] != '\0')
      {
        if (s->len > 0)
          g_string_append (s, " · ");
        g_string_append (s, parts[i]);
      }
  if (info->result != DJ_RESULT_UNKNOWN)
    {
      if (s->len > 0)
        g_string_append (s, " · ");
      g_string_append (s, info->result == DJ_RESULT_SOUTH_WINS ? _("South won")
                          : info->result == DJ_RESULT_NORTH_WINS ? _("North won")
                          : _("Draw"));
    }
  if (s->len == 0)
    g_string_append (s, dj_variant_display_name (dj_game_get_rules (game)->variant));
  return g_string_free (s, FALSE);
}

static void
update_row (GtkWidget *box,
            DjGame    *game)
{
  GtkWidget *title = gtk_widget_get_first_child (box);
  GtkWidget *subtitle = gtk_widget_get_next_sibling (title);
  g_autofree char *t = dj_game_info_get_title (dj_game_get_info (game));
  g_autofree char *s = game_subtitle (game);

  gtk_label_set_label (GTK_LABEL (title), t);
  gtk_label_set_label (GTK_LABEL (subtitle), s);
}

static void
setup_row (GtkSignalListItemFactory *factory,
           GtkListItem              *item,
           DjGameList               *self)
{
  GtkWidget *box = gtk_box_new (GTK_ORIENTATION_VERTICAL, 2);
  GtkWidget *title = gtk_label_new (NULL);
  GtkWidget *subtitle = gtk_label_new (NULL);

  gtk_label_set_xalign (GTK_LABEL (title), 0);
  gtk_label_set_ellipsize (GTK_LABEL (title), PANGO_ELLIPSIZE_END);
  gtk_label_set_xalign (GTK_LABEL (subtitle), 0);
  gtk_label_set_ellipsize (GTK_LABEL (subtitle), PANGO_ELLIPSIZE_END);
  gtk_widget_add_css_class (subtitle, "dim-label");
  gtk_widget_add_css_class (subtitle, "caption");
  gtk_widget_set_margin_top (box, 4);
  gtk_widget_set_margin_bottom (box, 4);
  gtk_box_append (GTK_BOX (box), title);
  gtk_box_append (GTK_BOX (box), subtitle);
  gtk_list_item_set_child (item, box);
}

static void
on_info_changed (GtkWidget *box,
                 DjGame    *game)
{
  update_row (box, game);
}

static void
bind_row (GtkSignalListItemFactory *factory,
          GtkListItem              *item,
          DjGameList               *self)
{
  DjGame *game = gtk_list_item_get_item (item);
  GtkWidget *box = gtk_list_item_get_child (item);

  update_row (box, game);
  g_signal_connect_object (game, "info-changed", G_CALLBACK (on_info_changed), box,
                           G_CONNECT_SWAPPED);
}

static void
unbind_row (GtkSignalListItemFactory *factory,
            GtkListItem              *item,
            DjGameList               *self)
{
  DjGame *game = gtk_list_item_get_item (item);
  GtkWidget *box = gtk_list_item_get_child (item);

  if (game != NULL)
    g_signal_handlers_disconnect_by_func (game, on_info_changed, box);
}

static void
update_actions (DjGameList *self)
{
  GtkWidget *widget = GTK_WIDGET (self);
  guint n = self->collection ? dj_collection_get_n_games (self->collection) : 0;
  guint pos = gtk_single_selection_get_selected (self->selection);
  gboolean selected = pos != GTK_INVALID_LIST_POSITION;

  gtk_widget_action_set_enabled (widget, "games.add", self->collection != NULL);
  gtk_widget_action_set_enabled (widget, "games.delete", selected && n > 1);
  gtk_widget_action_set_enabled (widget, "games.move-up", selected && pos > 0);
  gtk_widget_action_set_enabled (widget, "games.move-down", selected && pos + 1 < n);

  {
    /* Translators: how many games the file holds */
    g_autofree char *text = g_strdup_printf (ngettext ("%u game", "%u games", n), n);

    gtk_label_set_label (self->count_label, text);
  }
}

static void
select_game (DjGameList *self,
             DjGame     *game)
{
  int pos = game && self->collection ? dj_collection_find (self->collection, game) : -1;

  self->syncing = TRUE;
  gtk_single_selection_set_selected (self->selection,
                                     pos < 0 ? GTK_INVALID_LIST_POSITION : (guint) pos);
  self->syncing = FALSE;
  update_actions (self);
}

static void
on_selected (DjGameList *self)
{
  DjGame *game = dj_game_list_get_selected (self);

  update_actions (self);
  if (self->syncing || game == NULL || game == self->current)
    return;
  self->current = game;
  g_signal_emit (self, signals[GAME_ACTIVATED], 0, game);
}

static void
on_items_changed (DjGameList *self)
{
  update_actions (self);
}

void
dj_game_list_set_collection (DjGameList   *self,
                             DjCollection *collection,
                             DjGame       *current)
{
  g_return_if_fail (DJ_IS_GAME_LIST (self));
  g_return_if_fail (collection == NULL || DJ_IS_COLLECTION (collection));

  if (self->collection != collection)
    {
      if (self->collection != NULL)
        g_signal_handlers_disconnect_by_data (self->collection, self);
      g_set_object (&self->collection, collection);
      self->syncing = TRUE;
      gtk_single_selection_set_model (self->selection, G_LIST_MODEL (collection));
      self->syncing = FALSE;
      if (collection != NULL)
        g_signal_connect_object (collection, "items-changed", G_CALLBACK (on_items_changed), self,
                                 G_CONNECT_SWAPPED | G_CONNECT_AFTER);
    }
  self->current = current;
  select_game (self, current);
}

DjGame *
dj_game_list_get_selected (DjGameList *self)
{
  g_return_val_if_fail (DJ_IS_GAME_LIST (self), NULL);
  return gtk_single_selection_get_selected_item (self->selection);
}

/* Actions */

static void
add_action (GtkWidget  *widget,
            const char *action_name,
            GVariant   *parameter)
{
  DjGameList *self = DJ_GAME_LIST (widget);
  DjGame *model = self->current ? self->current : dj_collection_get_game (self->collection, 0);
  DjRules rules = DJ_RULES_INIT (DJ_VARIANT_ABOURE);
  g_autoptr(DjGame) game = NULL;

  if (model != NULL)
    rules = *dj_game_get_rules (model);
  game = dj_game_new (&rules, NULL);
  dj_collection_append (self->collection, game);
  self->current = game;
  select_game (self, game);
  g_signal_emit (self, signals[GAME_ACTIVATED], 0, game);
}

void
dj_game_list_delete_selected (DjGameList *self)
{
  guint pos;
  DjGame *next;

  g_return_if_fail (DJ_IS_GAME_LIST (self));

  pos = gtk_single_selection_get_selected (self->selection);
  if (self->collection == NULL || pos == GTK_INVALID_LIST_POSITION
      || dj_collection_get_n_games (self->collection) < 2)
    return;
  /* Show a neighbour first: the window must not hold a game that goes. */
  next = dj_collection_get_game (self->collection, pos > 0 ? pos - 1 : pos + 1);
  self->current = next;
  g_signal_emit (self, signals[GAME_ACTIVATED], 0, next);
  dj_collection_remove (self->collection, pos);
  select_game (self, next);
}

static void
delete_response (AdwMessageDialog *dialog,
                 const char       *response,
                 DjGameList       *self)
{
  if (g_str_equal (response, "delete"))
    dj_game_list_delete_selected (self);
}

static void
delete_action (GtkWidget  *widget,
               const char *action_name,
               GVariant   *parameter)
{
  DjGameList *self = DJ_GAME_LIST (widget);
  DjGame *game = dj_game_list_get_selected (self);
  g_autofree char *title = NULL;
  g_autofree char *heading = NULL;
  GtkWidget *dialog;

  if (game == NULL)
    return;
  title = dj_game_info_get_title (dj_game_get_info (game));
  heading = g_strdup_printf (_("Delete “%s”?"), title);
  dialog = adw_message_dialog_new (GTK_WINDOW (gtk_widget_get_root (widget)), heading,
                                   _("The game and all its moves and notes leave the file. "
                                     "This cannot be undone."));
  adw_message_dialog_add_responses (ADW_MESSAGE_DIALOG (dialog),
                                    "cancel", _("_Cancel"),
                                    "delete", _("_Delete"),
                                    NULL);
  adw_message_dialog_set_response_appearance (ADW_MESSAGE_DIALOG (dialog), "delete",
                                              ADW_RESPONSE_DESTRUCTIVE);
  adw_message_dialog_set_default_response (ADW_MESSAGE_DIALOG (dialog), "cancel");
  adw_message_dialog_set_close_response (ADW_MESSAGE_DIALOG (dialog), "cancel");
  g_signal_connect_object (dialog, "response", G_CALLBACK (delete_response), self, 0);
  gtk_window_present (GTK_WINDOW (dialog));
}

static void
move_selected (DjGameList *self,
               int         delta)
{
  guint pos = gtk_single_selection_get_selected (self->selection);
  g_autoptr(DjGame) game = NULL;
  guint n;

  if (self->collection == NULL || pos == GTK_INVALID_LIST_POSITION)
    return;
  n = dj_collection_get_n_games (self->collection);
  if ((delta < 0 && pos == 0) || (delta > 0 && pos + 1 >= n))
    return;
  game = g_object_ref (dj_collection_get_game (self->collection, pos));
  self->syncing = TRUE;
  dj_collection_remove (self->collection, pos);
  dj_collection_insert (self->collection, pos + delta, game);
  self->syncing = FALSE;
  select_game (self, game);
}

static void
move_up_action (GtkWidget  *widget,
                const char *action_name,
                GVariant   *parameter)
{
  move_selected (DJ_GAME_LIST (widget), -1);
}

static void
move_down_action (GtkWidget  *widget,
                  const char *action_name,
                  GVariant   *parameter)
{
  move_selected (DJ_GAME_LIST (widget), +1);
}

/* GObject */

static void
dj_game_list_dispose (GObject *object)
{
  DjGameList *self = DJ_GAME_LIST (object);

  if (self->collection != NULL)
    g_signal_handlers_disconnect_by_data (self->collection, self);
  gtk_widget_dispose_template (GTK_WIDGET (self), DJ_TYPE_GAME_LIST);
  {
    GtkWidget *child;

    while ((child = gtk_widget_get_first_child (GTK_WIDGET (self))) != NULL)
      gtk_widget_unparent (child);
  }
  g_clear_object (&self->selection);
  g_clear_object (&self->collection);

  G_OBJECT_CLASS (dj_game_list_parent_class)->dispose (object);
}

static void
dj_game_list_class_init (DjGameListClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = dj_game_list_dispose;

  /**
   * DjGameList::game-activated:
   * @game: the game chosen
   *
   * The user chose a game to show (or added one).
   */
  signals[GAME_ACTIVATED] =
    g_signal_new ("game-activated", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST, 0,
                  NULL, NULL, NULL, G_TYPE_NONE, 1, DJ_TYPE_GAME);

  gtk_widget_class_set_template_from_resource (widget_class, RESOURCE_PATH "/ui/dj-game-list.ui");
  gtk_widget_class_bind_template_child (widget_class, DjGameList, list_view);
  gtk_widget_class_bind_template_child (widget_class, DjGameList, count_label);

  gtk_widget_class_install_action (widget_class, "games.add", NULL, add_action);
  gtk_widget_class_install_action (widget_class, "games.delete", NULL, delete_action);
  gtk_widget_class_install_action (widget_class, "games.move-up", NULL, move_up_action);
  gtk_widget_class_install_action (widget_class, "games.move-down", NULL, move_down_action);

  gtk_widget_class_set_layout_manager_type (widget_class, GTK_TYPE_BIN_LAYOUT);
  gtk_widget_class_set_css_name (widget_class, "gamelist");
}

static void
dj_game_list_init (DjGameList *self)
{
  GtkListItemFactory *factory;

  gtk_widget_init_template (GTK_WIDGET (self));

  factory = gtk_signal_list_item_factory_new ();
  g_signal_connect_object (factory, "setup", G_CALLBACK (setup_row), self, 0);
  g_signal_connect_object (factory, "bind", G_CALLBACK (bind_row), self, 0);
  g_signal_connect_object (factory, "unbind", G_CALLBACK (unbind_row), self, 0);
  gtk_list_view_set_factory (self->list_view, factory);
  g_object_unref (factory);

  self->selection = gtk_single_selection_new (NULL);
  gtk_single_selection_set_autoselect (self->selection, FALSE);
  gtk_single_selection_set_can_unselect (self->selection, FALSE);
  gtk_list_view_set_model (self->list_view, GTK_SELECTION_MODEL (self->selection));
  g_signal_connect_object (self->selection, "notify::selected", G_CALLBACK (on_selected), self,
                           G_CONNECT_SWAPPED);
  update_actions (self);
}

GtkWidget *
dj_game_list_new (void)
{
  return g_object_new (DJ_TYPE_GAME_LIST, NULL);
}
