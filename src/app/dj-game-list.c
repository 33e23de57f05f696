/* dj-game-list.c: the games of a file: find, sort, open, add, delete, reorder
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <adwaita.h>
#include <glib/gi18n.h>
#include <string.h>

#include "dj-game-list.h"
#include "dj-notation.h"

typedef enum
{
  COLUMN_SOUTH,
  COLUMN_NORTH,
  COLUMN_EVENT,
  COLUMN_SITE,
  COLUMN_DATE,
  COLUMN_RESULT,
  COLUMN_VARIANT,
  N_COLUMNS
} Column;

static const struct
{
  const char *id;
  const char *title;
  int         width;
} columns[N_COLUMNS] = {
  /* Translators: column titles of the list of games in a file */
  [COLUMN_SOUTH] = { "south", N_("South"), 130 },
  [COLUMN_NORTH] = { "north", N_("North"), 130 },
  [COLUMN_EVENT] = { "event", N_("Event"), 140 },
  [COLUMN_SITE] = { "site", N_("Site"), 110 },
  [COLUMN_DATE] = { "date", N_("Date"), 95 },
  [COLUMN_RESULT] = { "result", N_("Result"), 95 },
  [COLUMN_VARIANT] = { "variant", N_("Game"), 120 },
};

struct _DjGameList
{
  GtkWidget           parent_instance;

  /* template */
  GtkSearchEntry     *search_entry;
  GtkColumnView      *column_view;
  GtkLabel           *count_label;

  GtkColumnViewColumn *columns[N_COLUMNS];
  DjCollection       *collection;
  GtkFilterListModel *filter_model;
  GtkSortListModel   *sort_model;
  GtkCustomFilter    *filter;
  GtkSingleSelection *selection;
  DjGame             *current;
  gboolean            syncing;
  gboolean            sorting;       /* the Sort menu is setting the order */

  char               *search;
  char              **terms;         /* the search's words, folded; NULL: none */
  GHashTable         *keys;          /* DjGame * → GameKeys */
  char               *sort_column;
  gboolean            sort_descending;
  char               *count_text;
};

enum {
  PROP_0,
  PROP_SEARCH,
  PROP_SORT_COLUMN,
  PROP_SORT_DESCENDING,
  N_PROPS
};

enum {
  GAME_ACTIVATED,
  N_SIGNALS
};

static GParamSpec *properties[N_PROPS];
static guint signals[N_SIGNALS];

G_DEFINE_FINAL_TYPE (DjGameList, dj_game_list, GTK_TYPE_WIDGET)

/* What a game is searched and sorted by, worked out once. */
typedef struct
{
  char *search;                  /* folded text of every field */
  char *collate[N_COLUMNS];      /* collation keys of the columns' texts */
} GameKeys;

static void
game_keys_free (gpointer data)
{
  GameKeys *keys = data;

  g_free (keys->search);
  for (guint i = 0; i < N_COLUMNS; i++)
    g_free (keys->collate[i]);
  g_free (keys);
}

/* Texts */

static const char *
result_text (DjResult result)
{
  switch (result)
    {
    case DJ_RESULT_SOUTH_WINS:
      return _("South won");
    case DJ_RESULT_NORTH_WINS:
      return _("North won");
    case DJ_RESULT_DRAW:
      return _("Draw");
    case DJ_RESULT_UNKNOWN:
    default:
      return "";
    }
}

static const char *
field_text (DjGame *game,
            Column  column)
{
  const DjGameInfo *info = dj_game_get_info (game);
  const char *text = NULL;

  switch (column)
    {
    case COLUMN_SOUTH:
      text = info->south;
      break;
    case COLUMN_NORTH:
      text = info->north;
      break;
    case COLUMN_EVENT:
      text = info->event;
      break;
    case COLUMN_SITE:
      text = info->site;
      break;
    case COLUMN_DATE:
      text = info->date;
      break;
    case COLUMN_RESULT:
      text = result_text (info->result);
      break;
    case COLUMN_VARIANT:
      text = dj_variant_display_name (dj_game_get_rules (game)->variant);
      break;
    case N_COLUMNS:
    default:
      g_assert_not_reached ();
    }
  return text != NULL ? text : "";
}

/* Case and accents aside: casefolded, decomposed, marks dropped. */
static char *
fold (const char *text)
{
  g_autofree char *folded = g_utf8_casefold (text, -1);
  g_autofree char *decomposed = g_utf8_normalize (folded, -1, G_NORMALIZE_NFKD);
  GString *out = g_string_sized_new (strlen (decomposed));

  for (const char *p = decomposed; *p != '\0'; p = g_utf8_next_char (p))
    {
      gunichar c = g_utf8_get_char (p);

      if (g_unichar_ismark (c))
        continue;
      g_string_append_unichar (out, c);
    }
  return g_string_free (out, FALSE);
}

static char *
search_text (DjGame *game)
{
  const DjGameInfo *info = dj_game_get_info (game);
  g_autofree char *all = NULL;

  all = g_strjoin ("\n", field_text (game, COLUMN_SOUTH), field_text (game, COLUMN_NORTH),
                   field_text (game, COLUMN_EVENT), field_text (game, COLUMN_SITE),
                   field_text (game, COLUMN_DATE), info->round != NULL ? info->round : "",
                   field_text (game, COLUMN_RESULT),
                   /* The notation's tokens, so that "1-0" finds South's wins too. */
                   info->result != DJ_RESULT_UNKNOWN ? dj_notation_result_token (info->result) : "",
                   field_text (game, COLUMN_VARIANT),
                   dj_variant_to_string (dj_game_get_rules (game)->variant), NULL);
  return fold (all);
}

static char **
split_terms (const char *search)
{
  g_autofree char *folded = NULL;
  g_auto(GStrv) words = NULL;
  GPtrArray *terms;

  if (search == NULL)
    return NULL;
  folded = fold (search);
  words = g_strsplit_set (folded, " \t\n", -1);
  terms = g_ptr_array_new ();
  for (guint i = 0; words[i] != NULL; i++)
    if (words[i][0] != '\0')
      g_ptr_array_add (terms, g_strdup (words[i]));
  if (terms->len == 0)
    {
      g_ptr_array_free (terms, TRUE);
      return NULL;
    }
  g_ptr_array_add (terms, NULL);
  return (char **) g_ptr_array_free (terms, FALSE);
}

static gboolean
terms_match (char       **terms,
             const char  *key)
{
  for (guint i = 0; terms != NULL && terms[i] != NULL; i++)
    if (strstr (key, terms[i]) == NULL)
      return FALSE;
  return TRUE;
}

gboolean
dj_game_list_game_matches (DjGame     *game,
                           const char *search)
{
  g_auto(GStrv) terms = NULL;
  g_autofree char *key = NULL;

  g_return_val_if_fail (DJ_IS_GAME (game), FALSE);

  terms = split_terms (search);
  key = search_text (game);
  return terms_match (terms, key);
}

static GameKeys *
game_keys (DjGameList *self,
           DjGame     *game)
{
  GameKeys *keys = g_hash_table_lookup (self->keys, game);

  if (keys == NULL)
    {
      keys = g_new0 (GameKeys, 1);
      g_hash_table_insert (self->keys, game, keys);
    }
  return keys;
}

static const char *
search_key (DjGameList *self,
            DjGame     *game)
{
  GameKeys *keys = game_keys (self, game);

  if (keys->search == NULL)
    keys->search = search_text (game);
  return keys->search;
}

static const char *
collate_key (DjGameList *self,
             DjGame     *game,
             Column      column)
{
  GameKeys *keys = game_keys (self, game);

  if (keys->collate[column] == NULL)
    {
      g_autofree char *folded = g_utf8_casefold (field_text (game, column), -1);

      keys->collate[column] = g_utf8_collate_key (folded, -1);
    }
  return keys->collate[column];
}

static gboolean
filter_func (gpointer item,
             gpointer data)
{
  DjGameList *self = data;

  if (self->terms == NULL)
    return TRUE;
  return terms_match (self->terms, search_key (self, item));
}

/* Cells */

static void
setup_cell (GtkSignalListItemFactory *factory,
            GtkListItem              *item,
            gpointer                  data)
{
  GtkWidget *label = gtk_label_new (NULL);

  gtk_label_set_xalign (GTK_LABEL (label), 0);
  gtk_label_set_ellipsize (GTK_LABEL (label), PANGO_ELLIPSIZE_END);
  gtk_list_item_set_child (item, label);
}

static void
update_cell (GtkWidget *label,
             DjGame    *game)
{
  Column column = GPOINTER_TO_INT (g_object_get_data (G_OBJECT (label), "dj-column"));

  gtk_label_set_label (GTK_LABEL (label), field_text (game, column));
}

static void
bind_cell (GtkSignalListItemFactory *factory,
           GtkListItem              *item,
           gpointer                  data)
{
  DjGame *game = gtk_list_item_get_item (item);
  GtkWidget *label = gtk_list_item_get_child (item);

  g_object_set_data (G_OBJECT (label), "dj-column", data);
  update_cell (label, game);
  g_signal_connect_object (game, "info-changed", G_CALLBACK (update_cell), label,
                           G_CONNECT_SWAPPED);
}

static void
unbind_cell (GtkSignalListItemFactory *factory,
             GtkListItem              *item,
             gpointer                  data)
{
  DjGame *game = gtk_list_item_get_item (item);
  GtkWidget *label = gtk_list_item_get_child (item);

  if (game != NULL)
    g_signal_handlers_disconnect_by_func (game, update_cell, label);
}

/* A column's order: the keys of GameKeys, so that sorting 10,000 games
 * compares bytes, not texts folded and collated again at each comparison. */
typedef struct
{
  DjGameList *list;
  Column      column;
} ColumnSort;

static int
compare_column (gconstpointer a,
                gconstpointer b,
                gpointer      data)
{
  ColumnSort *sort = data;
  int order = strcmp (collate_key (sort->list, (DjGame *) a, sort->column),
                     collate_key (sort->list, (DjGame *) b, sort->column));

  return order < 0 ? GTK_ORDERING_SMALLER : order > 0 ? GTK_ORDERING_LARGER : GTK_ORDERING_EQUAL;
}

/* State */

static gboolean
in_file_order (DjGameList *self)
{
  return gtk_sorter_get_order (gtk_column_view_get_sorter (self->column_view))
         == GTK_SORTER_ORDER_NONE;
}

static void
update_count (DjGameList *self)
{
  guint n = self->collection ? dj_collection_get_n_games (self->collection) : 0;
  guint shown = g_list_model_get_n_items (G_LIST_MODEL (self->filter_model));
  g_autofree char *all = g_strdup_printf ("%'u", n);

  g_free (self->count_text);
  if (self->terms == NULL)
    /* Translators: how many games the file holds, e.g. "10,000 games" */
    self->count_text = g_strdup_printf (ngettext ("%s game", "%s games", n), all);
  else
    {
      g_autofree char *part = g_strdup_printf ("%'u", shown);

      /* Translators: games found by a search, of all the file's, e.g. "12 of 10,000 games" */
      self->count_text = g_strdup_printf (ngettext ("%s of %s game", "%s of %s games", n),
                                          part, all);
    }
  gtk_label_set_label (self->count_label, self->count_text);
}

static void
update_actions (DjGameList *self)
{
  GtkWidget *widget = GTK_WIDGET (self);
  guint n = self->collection ? dj_collection_get_n_games (self->collection) : 0;
  DjGame *game = dj_game_list_get_selected (self);
  int pos = game != NULL ? dj_collection_find (self->collection, game) : -1;
  gboolean reorder = pos >= 0 && self->terms == NULL && in_file_order (self);

  gtk_widget_action_set_enabled (widget, "games.add", self->collection != NULL);
  gtk_widget_action_set_enabled (widget, "games.delete", pos >= 0 && n > 1);
  gtk_widget_action_set_enabled (widget, "games.move-up", reorder && pos > 0);
  gtk_widget_action_set_enabled (widget, "games.move-down", reorder && (guint) pos + 1 < n);
  update_count (self);
}

static guint
shown_position (DjGameList *self,
                DjGame     *game)
{
  GListModel *sorted = G_LIST_MODEL (self->sort_model);
  guint n = g_list_model_get_n_items (sorted);
  guint shown = 0;

  if (game == NULL || !filter_func (game, self))
    return GTK_INVALID_LIST_POSITION;
  /* Still selected where it was: the selection followed the changes. */
  if (gtk_single_selection_get_selected_item (self->selection) == game)
    return gtk_single_selection_get_selected (self->selection);
  /* The games shown before it in the sorted list (the filter's own lookup
   * of a position is far slower than the search keys). */
  for (guint i = 0; i < n; i++)
    {
      g_autoptr(DjGame) item = g_list_model_get_item (sorted, i);

      if (item == game)
        return shown;
      if (filter_func (item, self))
        shown++;
    }
  return GTK_INVALID_LIST_POSITION;
}

static void
select_game (DjGameList *self,
             DjGame     *game)
{
  guint pos = shown_position (self, game);

  self->syncing = TRUE;
  gtk_single_selection_set_selected (self->selection, pos);
  self->syncing = FALSE;
  /* In view: the column view's list does that. */
  if (pos != GTK_INVALID_LIST_POSITION && gtk_widget_get_mapped (GTK_WIDGET (self)))
    for (GtkWidget *child = gtk_widget_get_first_child (GTK_WIDGET (self->column_view));
         child != NULL; child = gtk_widget_get_next_sibling (child))
      if (GTK_IS_LIST_VIEW (child))
        gtk_widget_activate_action (child, "list.scroll-to-item", "u", pos);
  update_actions (self);
}

static void watch_current (DjGameList *self,
                           DjGame     *game);

static void
on_selected (DjGameList *self)
{
  DjGame *game = dj_game_list_get_selected (self);

  update_actions (self);
  if (self->syncing || game == NULL || game == self->current)
    return;
  watch_current (self, game);
  g_signal_emit (self, signals[GAME_ACTIVATED], 0, game);
}

static void
on_items_changed (DjGameList *self)
{
  update_actions (self);
}

/* The shown game's information changed: its search text and its place. */
static void
on_current_info_changed (DjGameList *self,
                         DjGame     *game)
{
  g_hash_table_remove (self->keys, game);
  if (self->terms != NULL)
    gtk_filter_changed (GTK_FILTER (self->filter), GTK_FILTER_CHANGE_DIFFERENT);
  /* One sort again, not one per column. */
  if (!in_file_order (self))
    {
      self->sorting = TRUE;
      gtk_sorter_changed (gtk_column_view_get_sorter (self->column_view),
                          GTK_SORTER_CHANGE_DIFFERENT);
      self->sorting = FALSE;
    }
  select_game (self, self->current);
}

static void
watch_current (DjGameList *self,
               DjGame     *game)
{
  if (self->current != NULL)
    g_signal_handlers_disconnect_by_func (self->current, on_current_info_changed, self);
  self->current = game;
  if (game != NULL)
    g_signal_connect_object (game, "info-changed", G_CALLBACK (on_current_info_changed), self,
                             G_CONNECT_SWAPPED);
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
      g_hash_table_remove_all (self->keys);
      g_set_object (&self->collection, collection);
      self->syncing = TRUE;
      gtk_sort_list_model_set_model (self->sort_model, G_LIST_MODEL (collection));
      self->syncing = FALSE;
      if (collection != NULL)
        g_signal_connect_object (collection, "items-changed", G_CALLBACK (on_items_changed), self,
                                 G_CONNECT_SWAPPED | G_CONNECT_AFTER);
    }
  watch_current (self, current);
  select_game (self, current);
}

DjGame *
dj_game_list_get_selected (DjGameList *self)
{
  g_return_val_if_fail (DJ_IS_GAME_LIST (self), NULL);
  return gtk_single_selection_get_selected_item (self->selection);
}

/* Search */

const char *
dj_game_list_get_search (DjGameList *self)
{
  g_return_val_if_fail (DJ_IS_GAME_LIST (self), NULL);
  return self->search != NULL ? self->search : "";
}

void
dj_game_list_set_search (DjGameList *self,
                         const char *search)
{
  g_auto(GStrv) old = NULL;
  GtkFilterChange change = GTK_FILTER_CHANGE_DIFFERENT;

  g_return_if_fail (DJ_IS_GAME_LIST (self));

  if (search == NULL)
    search = "";
  if (g_strcmp0 (self->search, search) == 0)
    return;
  g_free (self->search);
  self->search = g_strdup (search);
  old = g_steal_pointer (&self->terms);
  self->terms = split_terms (search);

  /* Typing on narrows what is shown: only the games shown are checked again. */
  if (old == NULL && self->terms == NULL)
    change = GTK_FILTER_CHANGE_LESS_STRICT;
  else if (old == NULL)
    change = GTK_FILTER_CHANGE_MORE_STRICT;
  else if (self->terms == NULL)
    change = GTK_FILTER_CHANGE_LESS_STRICT;
  else
    {
      gboolean stricter = TRUE, looser = TRUE;

      /* Every old word within a new one: stricter; every new word within an old one and
       * no more words: looser. */
      for (guint i = 0; old[i] != NULL; i++)
        {
          gboolean found = FALSE;

          for (guint j = 0; self->terms[j] != NULL && !found; j++)
            found = strstr (self->terms[j], old[i]) != NULL;
          stricter = stricter && found;
        }
      if (g_strv_length (self->terms) > g_strv_length (old))
        looser = FALSE;
      for (guint j = 0; looser && self->terms[j] != NULL; j++)
        {
          gboolean found = FALSE;

          for (guint i = 0; old[i] != NULL && !found; i++)
            found = strstr (old[i], self->terms[j]) != NULL;
          looser = found;
        }
      if (stricter)
        change = GTK_FILTER_CHANGE_MORE_STRICT;
      else if (looser)
        change = GTK_FILTER_CHANGE_LESS_STRICT;
    }

  if (g_strcmp0 (gtk_editable_get_text (GTK_EDITABLE (self->search_entry)), search) != 0)
    gtk_editable_set_text (GTK_EDITABLE (self->search_entry), search);
  gtk_filter_changed (GTK_FILTER (self->filter), change);
  select_game (self, self->current);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_SEARCH]);
}

static void
on_search_changed (DjGameList *self)
{
  dj_game_list_set_search (self, gtk_editable_get_text (GTK_EDITABLE (self->search_entry)));
}

static void
on_stop_search (DjGameList *self)
{
  dj_game_list_set_search (self, "");
}

guint
dj_game_list_get_n_shown (DjGameList *self)
{
  g_return_val_if_fail (DJ_IS_GAME_LIST (self), 0);
  return g_list_model_get_n_items (G_LIST_MODEL (self->filter_model));
}

DjGame *
dj_game_list_get_shown (DjGameList *self,
                        guint       position)
{
  g_autoptr(DjGame) game = NULL;

  g_return_val_if_fail (DJ_IS_GAME_LIST (self), NULL);

  /* The collection holds it. */
  game = g_list_model_get_item (G_LIST_MODEL (self->filter_model), position);
  return game;
}

const char *
dj_game_list_get_count_text (DjGameList *self)
{
  g_return_val_if_fail (DJ_IS_GAME_LIST (self), NULL);
  return self->count_text;
}

GtkColumnView *
dj_game_list_get_column_view (DjGameList *self)
{
  g_return_val_if_fail (DJ_IS_GAME_LIST (self), NULL);
  return self->column_view;
}

/* Sorting */

static int
column_for_id (const char *id)
{
  for (guint i = 0; i < N_COLUMNS; i++)
    if (g_strcmp0 (columns[i].id, id) == 0)
      return i;
  return -1;
}

static void
apply_sort (DjGameList *self)
{
  int column = column_for_id (self->sort_column);

  if (column < 0 && g_strcmp0 (self->sort_column, "") != 0)
    return;   /* a header chose the order */
  self->sorting = TRUE;
  gtk_column_view_sort_by_column (self->column_view, column >= 0 ? self->columns[column] : NULL,
                                  self->sort_descending ? GTK_SORT_DESCENDING
                                                        : GTK_SORT_ASCENDING);
  self->sorting = FALSE;
}

static void
set_sort_column (DjGameList *self,
                 const char *id)
{
  if (id == NULL)
    id = "";
  if (g_strcmp0 (self->sort_column, id) == 0)
    {
      apply_sort (self);
      return;
    }
  g_free (self->sort_column);
  self->sort_column = g_strdup (id);
  apply_sort (self);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_SORT_COLUMN]);
}

static void
set_sort_descending (DjGameList *self,
                     gboolean    descending)
{
  if (self->sort_descending == descending)
    return;
  self->sort_descending = descending;
  apply_sort (self);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_SORT_DESCENDING]);
}

static void
on_sorter_changed (DjGameList *self)
{
  /* A column header: the menu's choice no longer says the order. */
  if (!self->sorting && g_strcmp0 (self->sort_column, "header") != 0)
    {
      g_free (self->sort_column);
      self->sort_column = g_strdup (in_file_order (self) ? "" : "header");
      g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_SORT_COLUMN]);
    }
  update_actions (self);
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
  /* A new game matches no search: show every game. */
  dj_game_list_set_search (self, "");
  dj_collection_append (self->collection, game);
  watch_current (self, game);
  select_game (self, game);
  g_signal_emit (self, signals[GAME_ACTIVATED], 0, game);
}

void
dj_game_list_delete_selected (DjGameList *self)
{
  DjGame *game, *next;
  guint shown;
  int pos;

  g_return_if_fail (DJ_IS_GAME_LIST (self));

  game = dj_game_list_get_selected (self);
  if (self->collection == NULL || game == NULL
      || dj_collection_get_n_games (self->collection) < 2)
    return;
  pos = dj_collection_find (self->collection, game);
  if (pos < 0)
    return;
  /* Show a neighbour first (in the list as shown, else in the file): the
   * window must not hold a game that goes. */
  shown = gtk_single_selection_get_selected (self->selection);
  next = NULL;
  if (shown + 1 < dj_game_list_get_n_shown (self))
    next = dj_game_list_get_shown (self, shown + 1);
  else if (shown > 0 && shown != GTK_INVALID_LIST_POSITION)
    next = dj_game_list_get_shown (self, shown - 1);
  if (next == NULL)
    next = dj_collection_get_game (self->collection, pos > 0 ? pos - 1 : pos + 1);
  watch_current (self, next);
  g_signal_emit (self, signals[GAME_ACTIVATED], 0, next);
  g_hash_table_remove (self->keys, game);
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
  DjGame *selected = dj_game_list_get_selected (self);
  g_autoptr(DjGame) game = NULL;
  int pos;
  guint n;

  if (self->collection == NULL || selected == NULL || self->terms != NULL
      || !in_file_order (self))
    return;
  pos = dj_collection_find (self->collection, selected);
  n = dj_collection_get_n_games (self->collection);
  if (pos < 0 || (delta < 0 && pos == 0) || (delta > 0 && (guint) pos + 1 >= n))
    return;
  game = g_object_ref (selected);
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

static void
find_action (GtkWidget  *widget,
             const char *action_name,
             GVariant   *parameter)
{
  gtk_widget_grab_focus (GTK_WIDGET (DJ_GAME_LIST (widget)->search_entry));
}

/* GObject */

static void
dj_game_list_dispose (GObject *object)
{
  DjGameList *self = DJ_GAME_LIST (object);

  if (self->collection != NULL)
    g_signal_handlers_disconnect_by_data (self->collection, self);
  watch_current (self, NULL);
  /* The column view's going changes its sorter and the models. */
  if (self->selection != NULL)
    {
      g_signal_handlers_disconnect_by_data (self->selection, self);
      g_signal_handlers_disconnect_by_data (self->filter_model, self);
    }
  if (self->column_view != NULL)
    g_signal_handlers_disconnect_by_data (gtk_column_view_get_sorter (self->column_view), self);
  gtk_widget_dispose_template (GTK_WIDGET (self), DJ_TYPE_GAME_LIST);
  {
    GtkWidget *child;

    while ((child = gtk_widget_get_first_child (GTK_WIDGET (self))) != NULL)
      gtk_widget_unparent (child);
  }
  g_clear_object (&self->selection);
  g_clear_object (&self->filter);
  self->filter_model = NULL;
  self->sort_model = NULL;
  g_clear_object (&self->collection);

  G_OBJECT_CLASS (dj_game_list_parent_class)->dispose (object);
}

static void
dj_game_list_finalize (GObject *object)
{
  DjGameList *self = DJ_GAME_LIST (object);

  g_clear_pointer (&self->keys, g_hash_table_unref);
  g_free (self->search);
  g_strfreev (self->terms);
  g_free (self->sort_column);
  g_free (self->count_text);

  G_OBJECT_CLASS (dj_game_list_parent_class)->finalize (object);
}

static void
dj_game_list_get_property (GObject    *object,
                           guint       prop_id,
                           GValue     *value,
                           GParamSpec *pspec)
{
  DjGameList *self = DJ_GAME_LIST (object);

  switch (prop_id)
    {
    case PROP_SEARCH:
      g_value_set_string (value, dj_game_list_get_search (self));
      break;
    case PROP_SORT_COLUMN:
      g_value_set_string (value, self->sort_column);
      break;
    case PROP_SORT_DESCENDING:
      g_value_set_boolean (value, self->sort_descending);
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
dj_game_list_set_property (GObject      *object,
                           guint         prop_id,
                           const GValue *value,
                           GParamSpec   *pspec)
{
  DjGameList *self = DJ_GAME_LIST (object);

  switch (prop_id)
    {
    case PROP_SEARCH:
      dj_game_list_set_search (self, g_value_get_string (value));
      break;
    case PROP_SORT_COLUMN:
      set_sort_column (self, g_value_get_string (value));
      break;
    case PROP_SORT_DESCENDING:
      set_sort_descending (self, g_value_get_boolean (value));
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
dj_game_list_class_init (DjGameListClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = dj_game_list_dispose;
  object_class->finalize = dj_game_list_finalize;
  object_class->get_property = dj_game_list_get_property;
  object_class->set_property = dj_game_list_set_property;

  properties[PROP_SEARCH] =
    g_param_spec_string ("search", NULL, NULL, "",
                         G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  properties[PROP_SORT_COLUMN] =
    g_param_spec_string ("sort-column", NULL, NULL, "",
                         G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  properties[PROP_SORT_DESCENDING] =
    g_param_spec_boolean ("sort-descending", NULL, NULL, FALSE,
                          G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  g_object_class_install_properties (object_class, N_PROPS, properties);

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
  gtk_widget_class_bind_template_child (widget_class, DjGameList, search_entry);
  gtk_widget_class_bind_template_child (widget_class, DjGameList, column_view);
  gtk_widget_class_bind_template_child (widget_class, DjGameList, count_label);
  gtk_widget_class_bind_template_callback (widget_class, on_search_changed);
  gtk_widget_class_bind_template_callback (widget_class, on_stop_search);

  gtk_widget_class_install_action (widget_class, "games.add", NULL, add_action);
  gtk_widget_class_install_action (widget_class, "games.delete", NULL, delete_action);
  gtk_widget_class_install_action (widget_class, "games.move-up", NULL, move_up_action);
  gtk_widget_class_install_action (widget_class, "games.move-down", NULL, move_down_action);
  gtk_widget_class_install_action (widget_class, "games.find", NULL, find_action);
  gtk_widget_class_install_property_action (widget_class, "games.sort-by", "sort-column");
  gtk_widget_class_install_property_action (widget_class, "games.sort-descending",
                                            "sort-descending");

  gtk_widget_class_set_layout_manager_type (widget_class, GTK_TYPE_BIN_LAYOUT);
  gtk_widget_class_set_css_name (widget_class, "gamelist");
}

static void
dj_game_list_init (DjGameList *self)
{
  /* The Sort menu reads them as the template is built. */
  self->keys = g_hash_table_new_full (NULL, NULL, NULL, game_keys_free);
  self->sort_column = g_strdup ("");
  self->search = g_strdup ("");

  gtk_widget_init_template (GTK_WIDGET (self));

  for (guint i = 0; i < N_COLUMNS; i++)
    {
      GtkListItemFactory *factory = gtk_signal_list_item_factory_new ();
      ColumnSort *sort = g_new0 (ColumnSort, 1);
      GtkSorter *sorter;

      g_signal_connect (factory, "setup", G_CALLBACK (setup_cell), GINT_TO_POINTER (i));
      g_signal_connect (factory, "bind", G_CALLBACK (bind_cell), GINT_TO_POINTER (i));
      g_signal_connect (factory, "unbind", G_CALLBACK (unbind_cell), GINT_TO_POINTER (i));
      self->columns[i] = gtk_column_view_column_new (_(columns[i].title), factory);
      gtk_column_view_column_set_resizable (self->columns[i], TRUE);
      gtk_column_view_column_set_fixed_width (self->columns[i], columns[i].width);
      sort->list = self;
      sort->column = i;
      sorter = GTK_SORTER (gtk_custom_sorter_new (compare_column, sort, g_free));
      gtk_column_view_column_set_sorter (self->columns[i], sorter);
      g_object_unref (sorter);
      gtk_column_view_append_column (self->column_view, self->columns[i]);
      g_object_unref (self->columns[i]);
    }

  /* Typing while the list has the focus searches. */
  gtk_search_entry_set_key_capture_widget (self->search_entry, GTK_WIDGET (self->column_view));

  /* Sorted, then filtered: a keystroke only filters what is already in
   * order; sorting again is for a new order only. */
  self->filter = gtk_custom_filter_new (filter_func, self, NULL);
  self->sort_model = gtk_sort_list_model_new (NULL, g_object_ref (gtk_column_view_get_sorter (
                                                self->column_view)));
  self->filter_model = gtk_filter_list_model_new (G_LIST_MODEL (self->sort_model),
                                                  g_object_ref (GTK_FILTER (self->filter)));
  self->selection = gtk_single_selection_new (G_LIST_MODEL (self->filter_model));
  gtk_single_selection_set_autoselect (self->selection, FALSE);
  gtk_single_selection_set_can_unselect (self->selection, FALSE);
  gtk_column_view_set_model (self->column_view, GTK_SELECTION_MODEL (self->selection));
  g_signal_connect_object (self->selection, "notify::selected", G_CALLBACK (on_selected), self,
                           G_CONNECT_SWAPPED);
  g_signal_connect_object (self->filter_model, "items-changed", G_CALLBACK (update_count), self,
                           G_CONNECT_SWAPPED | G_CONNECT_AFTER);
  g_signal_connect_object (gtk_column_view_get_sorter (self->column_view), "changed",
                           G_CALLBACK (on_sorter_changed), self, G_CONNECT_SWAPPED);
  update_actions (self);
}

GtkWidget *
dj_game_list_new (void)
{
  return g_object_new (DJ_TYPE_GAME_LIST, NULL);
}
