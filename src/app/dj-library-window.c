/* dj-library-window.c: every game of the library, in one window
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <glib/gi18n.h>
#include <string.h>

#include "dj-library-service.h"
#include "dj-collection-edit.h"
#include "dj-library-list.h"
#include "dj-library-rows.h"
#include "dj-library-window.h"
#include "dj-library-window-private.h"

/* A game of the list: a GObject around one DjLibraryGame. */

#define DJ_TYPE_LIBRARY_ITEM (dj_library_item_get_type ())
G_DECLARE_FINAL_TYPE (DjLibraryItem, dj_library_item, DJ, LIBRARY_ITEM, GObject)

struct _DjLibraryItem
{
  GObject        parent_instance;
  DjLibraryGame *game;
  char          *haystack;   /* players, event and site, case-folded */
  char          *keys[DJ_LIBRARY_N_COLUMNS];   /* collation keys (GRefString), made on the first
                                                * sort, one for the games of the same text */
};

G_DEFINE_FINAL_TYPE (DjLibraryItem, dj_library_item, G_TYPE_OBJECT)

static void
dj_library_item_finalize (GObject *object)
{
  DjLibraryItem *self = DJ_LIBRARY_ITEM (object);

  dj_library_game_free (self->game);
  g_free (self->haystack);
  for (guint c = 0; c < DJ_LIBRARY_N_COLUMNS; c++)
    if (self->keys[c] != NULL)
      g_ref_string_release (self->keys[c]);
  G_OBJECT_CLASS (dj_library_item_parent_class)->finalize (object);
}

static void
dj_library_item_class_init (DjLibraryItemClass *klass)
{
  G_OBJECT_CLASS (klass)->finalize = dj_library_item_finalize;
}

static void
dj_library_item_init (DjLibraryItem *self)
{
}

static DjLibraryItem *
dj_library_item_new (DjLibraryGame *game)
{
  DjLibraryItem *self = g_object_new (DJ_TYPE_LIBRARY_ITEM, NULL);
  g_autofree char *all = g_strjoin ("\n", game->south ? game->south : "",
                                    game->north ? game->north : "",
                                    game->event ? game->event : "",
                                    game->site ? game->site : "", NULL);

  self->game = game;
  self->haystack = g_utf8_casefold (all, -1);
  return self;
}

/* The window */

/* What a column's sorter compares by. */
typedef struct
{
  DjLibraryWindow *window;
  DjLibraryColumn  column;
} ColumnSort;

struct _DjLibraryWindow
{
  AdwWindow           parent_instance;

  char               *library_dir;
  DjLibraryService   *service;      /* the application's: folders and updates */
  GListStore         *store;
  DjLibraryList      *filtered;     /* the store filtered and sorted; also the selection */
  GtkCustomFilter    *filter;
  GtkColumnView      *view;
  GtkColumnViewColumn *columns[DJ_LIBRARY_N_COLUMNS];
  ColumnSort          sorts[DJ_LIBRARY_N_COLUMNS];
  GHashTable         *collation;   /* text → its collation key (GRefString) */
  GHashTable         *stale;       /* cells (GtkListItem) off screen showing a game gone */
  guint               stale_idle;

  GtkSearchEntry     *search_entry;
  GtkDropDown        *variant_drop;
  GtkDropDown        *result_drop;
  GtkEntry           *from_entry;
  GtkEntry           *to_entry;
  GtkLabel           *count_label;
  GtkLabel           *message_label;
  GtkLabel           *notice_label;
  GtkWidget          *progress_box;
  GtkProgressBar     *progress;
  GtkWidget          *folders_box;
  GtkStack           *stack;

  char               *search;      /* case-folded, NULL: none */
  int                 variant;
  int                 result;
  char               *from;
  char               *to;

  gboolean            listing;
  gboolean            relist;
  gboolean            disposed;

  /* Comment search: games (ids) whose text holds @matched, from a worker;
   * @searcher is the worker's library, never touched while @searching. */
  GHashTable         *matches;
  char               *matched;
  gboolean            searching;
  DjLibrary          *searcher;
  /* The game actions: copy, move, merge, delete, open at a move */
  GtkSelectionModel  *selection;
  AdwToastOverlay    *toasts;
  GtkWidget          *game_menu_button;
  GHashTable         *stamps;        /* path → DjFileStamp after our edits, until re-indexed */
  GPtrArray          *undo;          /* DjCollectionUndo of the last edit, in order made */
  GHashTable         *undo_items;    /* path → GPtrArray of the file's items before it */
  guint               edits;         /* edits made, to tell a re-index outdated */
  guint               reindex_edits; /* edits made when the running re-index began */
  gboolean            reindexing;
  gboolean            undo_waiting;  /* Undo asked for while the index was updated */
  /* Narrow windows: filters folded, fewer columns */
  GtkWidget          *filters_box;
  GtkWidget          *filters_toggle;
  GtkRevealer        *filters_revealer;
  gboolean            narrow;
  guint               narrow_idle;
  GtkWidget          *context_menu;
  GtkWidget          *add_button;
  GtkWidget          *folders_button;
};

enum {
  PROP_0,
  PROP_BUSY,
  N_PROPS
};

static GParamSpec *properties[N_PROPS];

enum {
  GAME_ACTIVATED,
  OPEN_GAME,
  N_SIGNALS
};

static guint signals[N_SIGNALS];

G_DEFINE_FINAL_TYPE (DjLibraryWindow, dj_library_window, ADW_TYPE_WINDOW)

static void start_listing (DjLibraryWindow *self);
static void start_update (DjLibraryWindow *self);
static void start_search (DjLibraryWindow *self);
static void show_notice (DjLibraryWindow *self,
                         const char      *notice);
static void reindex (DjLibraryWindow *self);
static void reindexed (DjLibraryWindow *self);
static void update_actions (DjLibraryWindow *self);

static void
notify_busy (DjLibraryWindow *self)
{
  if (!self->disposed)
    {
      g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_BUSY]);
      update_actions (self);
    }
}

/* Texts of a game */

static const char *
variant_name (const DjRules *rules)
{
  return rules->variant == DJ_VARIANT_ABE ? _("Djenon-abe") : _("Djenon-aboure");
}

static const char *
result_text (DjResult result)
{
  switch (result)
    {
    case DJ_RESULT_SOUTH_WINS:
      return _("South wins");
    case DJ_RESULT_NORTH_WINS:
      return _("North wins");
    case DJ_RESULT_DRAW:
      return _("Draw");
    case DJ_RESULT_UNKNOWN:
    default:
      return "";
    }
}

/* What column @column shows of @game (owned by the game, or static). */
static char *
column_text (const DjLibraryGame *game,
             DjLibraryColumn      column)
{
  switch (column)
    {
    case DJ_LIBRARY_COLUMN_SOUTH:
      return g_strdup (game->south ? game->south : "");
    case DJ_LIBRARY_COLUMN_NORTH:
      return g_strdup (game->north ? game->north : "");
    case DJ_LIBRARY_COLUMN_DATE:
      return g_strdup (game->date ? game->date : "");
    case DJ_LIBRARY_COLUMN_EVENT:
      return g_strdup (game->event ? game->event : "");
    case DJ_LIBRARY_COLUMN_SITE:
      return g_strdup (game->site ? game->site : "");
    case DJ_LIBRARY_COLUMN_ROUND:
      return g_strdup (game->round ? game->round : "");
    case DJ_LIBRARY_COLUMN_VARIANT:
      return g_strdup (variant_name (&game->rules));
    case DJ_LIBRARY_COLUMN_RESULT:
      return g_strdup (result_text (game->result));
    case DJ_LIBRARY_COLUMN_MOVES:
      return g_strdup_printf ("%u", game->n_moves);
    case DJ_LIBRARY_COLUMN_FILE:
      {
        g_autofree char *base = g_path_get_basename (game->path);

        /* Translators: a file and the number of a game in it, e.g. "club.djn #3" */
        return g_strdup_printf (_("%s #%u"), base, game->number);
      }
    case DJ_LIBRARY_N_COLUMNS:
    default:
      return g_strdup ("");
    }
}

/* Filtering and sorting */

static gboolean
filter_game (gpointer item,
             gpointer data)
{
  DjLibraryWindow *self = data;
  DjLibraryItem *it = item;
  const DjLibraryGame *game = it->game;

  if (self->variant >= 0 && (int) game->rules.variant != self->variant)
    return FALSE;
  if (self->result >= 0 && (int) game->result != self->result)
    return FALSE;
  if (self->from != NULL && (game->date == NULL || strcmp (game->date, self->from) < 0))
    return FALSE;
  /* "2024" as the end takes every date of 2024. */
  if (self->to != NULL && (game->date == NULL
                           || strncmp (game->date, self->to, strlen (self->to)) > 0))
    return FALSE;
  /* The players, event and site at once; comments when the worker tells. */
  if (self->search != NULL && strstr (it->haystack, self->search) == NULL
      && (self->matches == NULL || g_strcmp0 (self->matched, self->search) != 0
          || !g_hash_table_contains (self->matches, &it->game->id)))
    return FALSE;
  return TRUE;
}

/* The collation key of @column's text, made once per game and column,
 * and once per text: players, events and sites come back often. */
static const char *
item_key (DjLibraryWindow *self,
          DjLibraryItem   *item,
          DjLibraryColumn  column)
{
  if (item->keys[column] == NULL)
    {
      char *text = column_text (item->game, column);
      char *key = g_hash_table_lookup (self->collation, text);

      if (key == NULL)
        {
          g_autofree char *made = g_utf8_collate_key (text, -1);

          key = g_ref_string_new (made);
          g_hash_table_insert (self->collation, text, key);
        }
      else
        g_free (text);
      item->keys[column] = g_ref_string_acquire (key);
    }
  return item->keys[column];
}

static int
compare_games (gconstpointer a,
               gconstpointer b,
               gpointer      data)
{
  /* Called some 1.7 million times for a sort of 100,000 games: no casts
   * checked. */
  const DjLibraryGame *x = ((DjLibraryItem *) a)->game;
  const DjLibraryGame *y = ((DjLibraryItem *) b)->game;
  const ColumnSort *sort = data;
  DjLibraryColumn column = sort->column;
  int order;

  if (column == DJ_LIBRARY_COLUMN_MOVES)
    order = (x->n_moves > y->n_moves) - (x->n_moves < y->n_moves);
  else if (column == DJ_LIBRARY_COLUMN_FILE)
    {
      order = g_strcmp0 (x->path, y->path);
      if (order == 0)
        order = (x->number > y->number) - (x->number < y->number);
    }
  else
    order = strcmp (item_key (sort->window, (gpointer) a, column),
                    item_key (sort->window, (gpointer) b, column));
  return order < 0 ? GTK_ORDERING_SMALLER : order > 0 ? GTK_ORDERING_LARGER : GTK_ORDERING_EQUAL;
}

static void
update_count (DjLibraryWindow *self)
{
  guint shown = g_list_model_get_n_items (G_LIST_MODEL (self->filtered));
  guint all = g_list_model_get_n_items (G_LIST_MODEL (self->store));
  g_autofree char *text = NULL;

  /* Translators: games listed after the filters, of all the library's */
  text = g_strdup_printf (ngettext ("%u of %u game", "%u of %u games", all), shown, all);
  gtk_label_set_label (self->count_label, text);
}

static void
refilter (DjLibraryWindow  *self,
          GtkFilterChange   change)
{
  /* All that filter_game() answers from: a key deleted finds the answers
   * of the search before it. */
  gboolean comments = self->matches != NULL && g_strcmp0 (self->matched, self->search) == 0;
  g_autofree char *state = g_strdup_printf ("%d %d %s\n%s\n%s\n%s", self->variant, self->result,
                                            comments ? "comments" : "",
                                            self->from != NULL ? self->from : "",
                                            self->to != NULL ? self->to : "",
                                            self->search != NULL ? self->search : "");

  dj_library_list_set_filter_state (self->filtered, state);
  gtk_filter_changed (GTK_FILTER (self->filter), change);
  update_count (self);
}

/* Reading the games */

typedef struct
{
  char      *dir;
  GPtrArray *games;
  GStrv      folders;
  char      *notice;
} Listing;

static void
listing_free (Listing *l)
{
  g_free (l->dir);
  g_free (l->notice);
  g_clear_pointer (&l->games, g_ptr_array_unref);
  g_strfreev (l->folders);
  g_free (l);
}

static void
listing_thread (GTask        *task,
                gpointer      source,
                gpointer      data,
                GCancellable *cancellable)
{
  Listing *l = data;
  g_autoptr(DjLibrary) library = NULL;
  GError *error = NULL;

  library = dj_library_open (l->dir, &error);
  if (library != NULL)
    l->notice = g_strdup (dj_library_get_notice (library));
  if (library == NULL || (l->games = dj_library_list_games (library, &error)) == NULL)
    {
      g_task_return_error (task, error);
      return;
    }
  l->folders = g_strdupv ((char **) dj_library_get_folders (library));
  g_task_return_boolean (task, TRUE);
}

static void
on_remove_folder (GtkButton       *button,
                  DjLibraryWindow *self)
{
  const char *path = g_object_get_data (G_OBJECT (button), "folder");
  g_autoptr(GError) error = NULL;

  /* The service says "changed": the games are listed again. */
  if (!dj_library_service_remove_folder (self->service, path, &error))
    gtk_label_set_label (self->message_label, error->message);
}

static void
show_folders (DjLibraryWindow *self,
              GStrv            folders)
{
  GtkWidget *child;

  while ((child = gtk_widget_get_first_child (self->folders_box)) != NULL)
    gtk_box_remove (GTK_BOX (self->folders_box), child);
  for (guint i = 0; folders != NULL && folders[i] != NULL; i++)
    {
      GtkWidget *row = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 6);
      GtkWidget *label = gtk_label_new (folders[i]);
      GtkWidget *remove = gtk_button_new_from_icon_name ("list-remove-symbolic");
      /* Translators: accessible name of the button that removes a folder from the library */
      g_autofree char *name = g_strdup_printf (_("Remove %s from the Library"), folders[i]);

      gtk_label_set_ellipsize (GTK_LABEL (label), PANGO_ELLIPSIZE_START);
      gtk_label_set_xalign (GTK_LABEL (label), 0);
      gtk_widget_set_hexpand (label, TRUE);
      gtk_widget_set_tooltip_text (remove, name);
      gtk_accessible_update_property (GTK_ACCESSIBLE (remove), GTK_ACCESSIBLE_PROPERTY_LABEL,
                                      name, -1);
      gtk_widget_add_css_class (remove, "flat");
      g_object_set_data_full (G_OBJECT (remove), "folder", g_strdup (folders[i]), g_free);
      g_signal_connect (remove, "clicked", G_CALLBACK (on_remove_folder), self);
      gtk_box_append (GTK_BOX (row), label);
      gtk_box_append (GTK_BOX (row), remove);
      gtk_box_append (GTK_BOX (self->folders_box), row);
    }
  if (folders == NULL || folders[0] == NULL)
    gtk_box_append (GTK_BOX (self->folders_box),
                    gtk_label_new (_("No folders yet: add the folders where you keep your games.")));
}

static void
on_listed (GObject      *source,
           GAsyncResult *result,
           gpointer      data)
{
  g_autoptr(DjLibraryWindow) self = data;
  Listing *l = g_task_get_task_data (G_TASK (result));
  g_autoptr(GError) error = NULL;
  g_autoptr(GPtrArray) items = NULL;

  self->listing = FALSE;
  notify_busy (self);
  if (self->disposed)
    return;
  if (self->relist)
    {
      self->relist = FALSE;
      start_listing (self);
      return;
    }
  show_notice (self, l->notice);
  if (!g_task_propagate_boolean (G_TASK (result), &error))
    {
      gtk_label_set_label (self->message_label, error->message);
      return;
    }
  /* The items take the games, in the file order. */
  items = g_ptr_array_new_full (l->games->len, g_object_unref);
  g_ptr_array_set_free_func (l->games, NULL);
  for (guint i = 0; i < l->games->len; i++)
    g_ptr_array_add (items, dj_library_item_new (l->games->pdata[i]));
  g_ptr_array_set_size (l->games, 0);
  g_list_store_splice (self->store, 0, g_list_model_get_n_items (G_LIST_MODEL (self->store)),
                       items->pdata, items->len);
  /* The list is the index's again: its stamps are the ones to check. */
  g_hash_table_remove_all (self->stamps);
  show_folders (self, l->folders);
  gtk_stack_set_visible_child_name (self->stack,
                                    l->folders == NULL || l->folders[0] == NULL ? "empty" : "games");
  update_count (self);
  /* The ids of a search may be of the games listed before: asked again. */
  g_clear_pointer (&self->matched, g_free);
  start_search (self);
  if (l->folders != NULL && l->folders[0] != NULL)
    dj_library_service_ensure_updated (self->service);
}

static void
start_listing (DjLibraryWindow *self)
{
  g_autoptr(GTask) task = NULL;
  Listing *l;

  if (self->listing)
    {
      self->relist = TRUE;
      return;
    }
  l = g_new0 (Listing, 1);
  l->dir = g_strdup (self->library_dir);
  self->listing = TRUE;
  notify_busy (self);
  task = g_task_new (NULL, NULL, on_listed, g_object_ref (self));
  g_task_set_source_tag (task, start_listing);
  g_task_set_task_data (task, l, (GDestroyNotify) listing_free);
  g_task_run_in_thread (task, listing_thread);
}

/* Updating the index: the application's service does it */

static void
show_notice (DjLibraryWindow *self,
             const char      *notice)
{
  if (notice == NULL || self->disposed)
    return;
  gtk_label_set_label (self->notice_label, notice);
  gtk_widget_set_visible (GTK_WIDGET (self->notice_label), TRUE);
}

static void
on_update_progress (DjLibraryWindow *self,
                    guint            done,
                    guint            total,
                    const char      *path)
{
  g_autofree char *text = NULL;

  gtk_progress_bar_set_fraction (self->progress, total > 0 ? (double) done / total : 0);
  text = g_strdup_printf (_("Indexing the library: %u of %u files…"), done, total);
  gtk_progress_bar_set_text (self->progress, text);
}

static void
on_updating (DjLibraryWindow *self)
{
  gboolean updating = dj_library_service_get_updating (self->service);

  if (updating)
    {
      guint done, total;

      dj_library_service_get_progress (self->service, &done, &total);
      gtk_progress_bar_set_fraction (self->progress, total > 0 ? (double) done / total : 0);
      gtk_progress_bar_set_text (self->progress, _("Looking for game files…"));
    }
  gtk_widget_set_visible (self->progress_box, updating);
  notify_busy (self);
  if (self->selection != NULL)
    update_actions (self);
  /* The undo asked for during the update, now that the index is still. */
  if (!updating && self->undo_waiting)
    {
      self->undo_waiting = FALSE;
      gtk_widget_activate_action (GTK_WIDGET (self), "library.undo", NULL);
    }
}

static void
on_update_finished (DjLibraryWindow       *self,
                    const DjLibraryReport *report,
                    const GError          *error)
{
  if (error != NULL && g_error_matches (error, G_IO_ERROR, G_IO_ERROR_CANCELLED))
    gtk_label_set_label (self->message_label,
                         _("Indexing cancelled: the games read so far are listed."));
  else if (error != NULL)
    gtk_label_set_label (self->message_label, error->message);
  else if (report->failed > 0)
    {
      g_autofree char *text =
        g_strdup_printf (ngettext ("%u file could not be read: %s",
                                   "%u files could not be read; the first: %s", report->failed),
                         report->failed, report->problems->len > 0
                         ? (const char *) report->problems->pdata[0] : "");

      gtk_label_set_label (self->message_label, text);
    }
  else
    gtk_label_set_label (self->message_label, "");
  reindexed (self);
}

static void
start_update (DjLibraryWindow *self)
{
  dj_library_service_update (self->service);
}

static void
on_cancel_update (DjLibraryWindow *self)
{
  dj_library_service_cancel (self->service);
}

static void
on_folder_chosen (GtkNativeDialog *dialog,
                  int              response,
                  DjLibraryWindow *self)
{
  g_autoptr(GFile) folder = NULL;
  g_autofree char *path = NULL;
  g_autoptr(GError) error = NULL;

  if (response == GTK_RESPONSE_ACCEPT)
    folder = gtk_file_chooser_get_file (GTK_FILE_CHOOSER (dialog));
  g_object_unref (dialog);
  if (folder != NULL && !self->disposed)
    {
      path = g_file_get_path (folder);
      /* Listed again on "changed", indexed by the pass it starts. */
      if (path == NULL || !dj_library_service_add_folder (self->service, path, &error))
        gtk_label_set_label (self->message_label, error != NULL ? error->message : "");
    }
  g_object_unref (self);
}

static void
on_add_folder (DjLibraryWindow *self)
{
  GtkFileChooserNative *dialog =
    gtk_file_chooser_native_new (_("Add a Folder to the Library"), GTK_WINDOW (self),
                                 GTK_FILE_CHOOSER_ACTION_SELECT_FOLDER, _("_Add"), _("_Cancel"));

  gtk_native_dialog_set_modal (GTK_NATIVE_DIALOG (dialog), TRUE);
  g_signal_connect (dialog, "response", G_CALLBACK (on_folder_chosen), g_object_ref (self));
  gtk_native_dialog_show (GTK_NATIVE_DIALOG (dialog));
}

/* Opening a game */

void
dj_library_window_open_game (DjLibraryWindow *self,
                             guint            index)
{
  g_autoptr(DjLibraryItem) item = NULL;

  g_return_if_fail (DJ_IS_LIBRARY_WINDOW (self));

  item = g_list_model_get_item (G_LIST_MODEL (self->filtered), index);
  if (item != NULL)
    g_signal_emit (self, signals[GAME_ACTIVATED], 0, item->game->path, item->game->number);
}

static void
on_activate (DjLibraryWindow *self,
             guint            position)
{
  dj_library_window_open_game (self, position);
}

/* The game actions ------------------------------------------------------ */

static DjLibraryGame *
game_copy (const DjLibraryGame *game,
           const char          *path,
           guint                number)
{
  DjLibraryGame *copy = g_new0 (DjLibraryGame, 1);

  *copy = *game;
  copy->path = g_strdup (path);
  copy->number = number;
  copy->south = g_strdup (game->south);
  copy->north = g_strdup (game->north);
  copy->event = g_strdup (game->event);
  copy->site = g_strdup (game->site);
  copy->date = g_strdup (game->date);
  copy->round = g_strdup (game->round);
  return copy;
}

/* The selected games (DjLibraryItem), in the order shown. */
static GPtrArray *
selected_items (DjLibraryWindow *self)
{
  g_autoptr(GtkBitset) set = gtk_selection_model_get_selection (GTK_SELECTION_MODEL (self->selection));
  GPtrArray *items = g_ptr_array_new_with_free_func (g_object_unref);
  GtkBitsetIter iter;
  guint position;

  if (gtk_bitset_iter_init_first (&iter, set, &position))
    do
      g_ptr_array_add (items, g_list_model_get_item (G_LIST_MODEL (self->filtered), position));
    while (gtk_bitset_iter_next (&iter, &position));
  return items;
}

static void
update_actions (DjLibraryWindow *self)
{
  g_autoptr(GtkBitset) set = gtk_selection_model_get_selection (GTK_SELECTION_MODEL (self->selection));
  guint64 n = gtk_bitset_get_size (set);
  gboolean idle = self->service == NULL || !dj_library_service_get_updating (self->service);

  gtk_widget_action_set_enabled (GTK_WIDGET (self), "library.open", n > 0);
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "library.open-new-window", n > 0);
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "library.open-at-move", n > 0);
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "library.copy-to", n > 0 && idle);
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "library.move-to", n > 0 && idle);
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "library.merge-into", n > 0 && idle);
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "library.delete", n > 0 && idle);
  /* Undo stays live while the index is updated: it waits for the update. */
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "library.undo", self->undo != NULL);
}

/* The stamp @path had when it was listed, or after our own last edit. */
static gboolean
expected_stamp (DjLibraryWindow  *self,
                const char       *path,
                DjFileStamp      *stamp,
                GError          **error)
{
  DjFileStamp *ours = g_hash_table_lookup (self->stamps, path);
  DjLibrary *library;
  gint64 size, mtime;

  if (ours != NULL)
    {
      *stamp = *ours;
      return TRUE;
    }
  library = dj_library_service_get_library (self->service, error);
  if (library == NULL || !dj_library_get_file_stamp (library, path, &size, &mtime, error))
    {
      if (error != NULL && *error == NULL)
        g_set_error_literal (error, DJ_LIBRARY_ERROR, DJ_LIBRARY_ERROR_DATABASE,
                             gtk_label_get_label (self->message_label));
      return FALSE;
    }
  stamp->size = size;
  stamp->mtime = mtime;
  return TRUE;
}

static void
remember_stamps (DjLibraryWindow  *self,
                 DjCollectionUndo *undo)
{
  for (guint i = 0; i < dj_collection_undo_get_n_files (undo); i++)
    {
      DjFileStamp *stamp = g_new (DjFileStamp, 1);

      dj_collection_undo_get_stamp (undo, i, stamp);
      g_hash_table_replace (self->stamps, g_strdup (dj_collection_undo_get_path (undo, i)), stamp);
    }
}

/* Where the games of @path lie in the store (in file order), FALSE when
 * it has none. */
static gboolean
file_range (DjLibraryWindow *self,
            const char      *path,
            guint           *first,
            guint           *n)
{
  GListModel *store = G_LIST_MODEL (self->store);
  guint total = g_list_model_get_n_items (store);

  *n = 0;
  for (guint i = 0; i < total; i++)
    {
      g_autoptr(DjLibraryItem) item = g_list_model_get_item (store, i);

      if (strcmp (item->game->path, path) == 0)
        {
          if (*n == 0)
            *first = i;
          (*n)++;
        }
      else if (*n > 0)
        break;
    }
  return *n > 0;
}

/* The store's items of @path (new references), in file order. */
static GPtrArray *
file_items (DjLibraryWindow *self,
            const char      *path)
{
  GPtrArray *items = g_ptr_array_new_with_free_func (g_object_unref);
  guint first = 0, n = 0;

  if (file_range (self, path, &first, &n))
    for (guint i = 0; i < n; i++)
      g_ptr_array_add (items, g_list_model_get_item (G_LIST_MODEL (self->store), first + i));
  return items;
}

/* Replaces the games of @path in the store by @items (only that file's
 * rows change), keeping the store in path order. */
static void
replace_file_items (DjLibraryWindow *self,
                    const char      *path,
                    GPtrArray       *items)
{
  guint first = 0, n = 0;

  if (!file_range (self, path, &first, &n))
    {
      GListModel *store = G_LIST_MODEL (self->store);
      guint total = g_list_model_get_n_items (store);

      for (first = 0; first < total; first++)
        {
          g_autoptr(DjLibraryItem) item = g_list_model_get_item (store, first);

          if (strcmp (item->game->path, path) > 0)
            break;
        }
    }
  g_list_store_splice (self->store, first, n, items->pdata, items->len);
}

/* The new games of every touched file: each file's games, less those that
 * went, with those that came after them, numbered again from 1. */
typedef struct
{
  GHashTable *files;   /* path → GPtrArray of const DjLibraryGame * (borrowed) */
  GHashTable *before;  /* path → GPtrArray of the items before (references) */
} Plan;

static void
plan_init (Plan *plan)
{
  plan->files = g_hash_table_new_full (g_str_hash, g_str_equal, g_free,
                                       (GDestroyNotify) g_ptr_array_unref);
  plan->before = g_hash_table_new_full (g_str_hash, g_str_equal, g_free,
                                        (GDestroyNotify) g_ptr_array_unref);
}

static void
plan_clear (Plan *plan)
{
  g_clear_pointer (&plan->files, g_hash_table_unref);
  g_clear_pointer (&plan->before, g_hash_table_unref);
}

static GPtrArray *
plan_file (DjLibraryWindow *self,
           Plan            *plan,
           const char      *path)
{
  GPtrArray *games = g_hash_table_lookup (plan->files, path);

  if (games == NULL)
    {
      GPtrArray *items = file_items (self, path);

      games = g_ptr_array_new ();
      for (guint i = 0; i < items->len; i++)
        g_ptr_array_add (games, ((DjLibraryItem *) items->pdata[i])->game);
      g_hash_table_insert (plan->files, g_strdup (path), games);
      g_hash_table_insert (plan->before, g_strdup (path), items);
    }
  return games;
}

/* Shows the plan: only the touched files' rows are replaced. */
static void
plan_apply (DjLibraryWindow *self,
            Plan            *plan)
{
  GHashTableIter iter;
  gpointer key, value;

  g_hash_table_iter_init (&iter, plan->files);
  while (g_hash_table_iter_next (&iter, &key, &value))
    {
      GPtrArray *games = value;
      g_autoptr(GPtrArray) items = g_ptr_array_new_with_free_func (g_object_unref);

      for (guint i = 0; i < games->len; i++)
        g_ptr_array_add (items, dj_library_item_new (game_copy (games->pdata[i], key, i + 1)));
      replace_file_items (self, key, items);
    }
  update_count (self);
}

/* The service's pass asked for by reindex() has ended. */
static void
reindexed (DjLibraryWindow *self)
{
  if (!self->reindexing)
    return;
  self->reindexing = FALSE;
  notify_busy (self);
  /* The index now has the files' new stamps, unless edited meanwhile. */
  if (self->reindex_edits == self->edits)
    g_hash_table_remove_all (self->stamps);
  else
    reindex (self);
}

/* The touched files are indexed again by the application's library
 * service (a size and time check of every file; the list already shows
 * the change). */
static void
reindex (DjLibraryWindow *self)
{
  self->reindexing = TRUE;
  self->reindex_edits = self->edits;
  notify_busy (self);
  dj_library_service_update (self->service);
}

static void
show_toast (DjLibraryWindow *self,
            const char      *text,
            gboolean         undoable)
{
  AdwToast *toast = adw_toast_new (text);

  if (undoable)
    {
      adw_toast_set_button_label (toast, _("_Undo"));
      adw_toast_set_action_name (toast, "library.undo");
    }
  adw_toast_set_timeout (toast, 10);
  adw_toast_overlay_add_toast (self->toasts, toast);
}

static void
show_error (DjLibraryWindow *self,
            const char      *heading,
            const char      *message)
{
  GtkWidget *dialog = adw_message_dialog_new (GTK_WINDOW (self), heading, message);

  adw_message_dialog_add_response (ADW_MESSAGE_DIALOG (dialog), "close", _("_Close"));
  gtk_window_present (GTK_WINDOW (dialog));
}

static void
forget_undo (DjLibraryWindow *self)
{
  g_clear_pointer (&self->undo, g_ptr_array_unref);
  g_clear_pointer (&self->undo_items, g_hash_table_unref);
}

typedef enum
{
  EDIT_COPY,
  EDIT_MOVE,
  EDIT_MERGE,
  EDIT_DELETE,
} EditKind;

/* Runs @kind on @items (grouped by file), or on the whole file of the
 * first one for a merge, into @target, the games placed after its game
 * @after (G_MAXUINT: at its end).  All or nothing: an edit that fails puts
 * back the files the earlier ones changed.  FALSE when nothing changed. */
static gboolean
edit_items (DjLibraryWindow *self,
            EditKind         kind,
            GPtrArray       *items,
            const char      *target,
            guint            after)
{
  g_autoptr(GPtrArray) sources = g_ptr_array_new ();
  g_autoptr(GPtrArray) undos = g_ptr_array_new_with_free_func ((GDestroyNotify) dj_collection_undo_free);
  g_autoptr(GError) error = NULL;
  g_autofree char *target_name = target != NULL ? g_path_get_basename (target) : NULL;
  g_autofree char *text = NULL;
  Plan plan;
  guint n_games = 0;
  guint at = after;

  if (items->len == 0)
    return FALSE;
  /* The files, in the order of their first game shown. */
  for (guint i = 0; i < items->len; i++)
    {
      const char *path = ((DjLibraryItem *) items->pdata[i])->game->path;
      gboolean seen = FALSE;

      for (guint j = 0; j < sources->len && !seen; j++)
        seen = strcmp (sources->pdata[j], path) == 0;
      if (!seen && (kind != EDIT_MERGE || sources->len == 0))
        g_ptr_array_add (sources, (gpointer) path);
    }
  plan_init (&plan);
  for (guint f = 0; f < sources->len && error == NULL; f++)
    {
      const char *source = sources->pdata[f];
      g_autoptr(GArray) numbers = g_array_new (FALSE, FALSE, sizeof (guint));
      DjFileStamp source_stamp, target_stamp;
      DjCollectionUndo *undo = NULL;
      GPtrArray *source_games = plan_file (self, &plan, source);
      GPtrArray *target_games = target != NULL ? plan_file (self, &plan, target) : NULL;

      for (guint i = 0; i < items->len; i++)
        {
          DjLibraryItem *item = items->pdata[i];

          if (strcmp (item->game->path, source) == 0)
            g_array_append_val (numbers, item->game->number);
        }
      if (!expected_stamp (self, source, &source_stamp, &error)
          || (target != NULL && !expected_stamp (self, target, &target_stamp, &error)))
        break;
      /* The games of each file follow those of the file before. */
      if (target_games != NULL && at > target_games->len)
        at = target_games->len;
      switch (kind)
        {
        case EDIT_COPY:
        case EDIT_MOVE:
          /* At the end: the file's end, whatever the list holds of it. */
          undo = dj_collection_edit_insert (source, &source_stamp, (guint *) numbers->data,
                                            numbers->len, kind == EDIT_MOVE, target,
                                            &target_stamp, after == G_MAXUINT ? G_MAXUINT : at,
                                            &error);
          break;
        case EDIT_MERGE:
          undo = dj_collection_edit_merge (source, &source_stamp, target, &target_stamp, &error);
          break;
        case EDIT_DELETE:
        default:
          undo = dj_collection_edit_delete (source, &source_stamp, (guint *) numbers->data,
                                            numbers->len, &error);
          break;
        }
      if (undo == NULL)
        break;
      remember_stamps (self, undo);
      g_ptr_array_add (undos, undo);

      /* The same change in the list: games numbered as in the files. */
      {
        g_autoptr(GPtrArray) moved = g_ptr_array_new ();
        g_autoptr(GPtrArray) kept = g_ptr_array_new ();
        const guint *nums = (const guint *) numbers->data;

        for (guint i = 0; i < source_games->len; i++)
          {
            const DjLibraryGame *game = source_games->pdata[i];
            gboolean chosen = kind == EDIT_MERGE;

            for (guint k = 0; k < numbers->len && !chosen; k++)
              chosen = nums[k] == i + 1;
            g_ptr_array_add (chosen ? moved : kept, (gpointer) game);
          }
        n_games += moved->len;
        if (target_games != NULL)
          for (guint i = 0; i < moved->len; i++)
            g_ptr_array_insert (target_games, at++, moved->pdata[i]);
        if (kind == EDIT_MOVE || kind == EDIT_DELETE)
          {
            g_ptr_array_set_size (source_games, 0);
            for (guint i = 0; i < kept->len; i++)
              g_ptr_array_add (source_games, kept->pdata[i]);
          }
      }
    }

  if (error != NULL)
    {
      /* Every file back as it was. */
      for (guint i = undos->len; i-- > 0;)
        {
          g_autoptr(GError) undo_error = NULL;

          if (!dj_collection_undo_apply (undos->pdata[i], &undo_error))
            g_warning ("%s", undo_error->message);
          remember_stamps (self, undos->pdata[i]);
        }
      plan_clear (&plan);
      show_error (self, _("The Games Were Not Changed"), error->message);
      if (undos->len > 0)
        reindex (self);
      return FALSE;
    }

  forget_undo (self);
  self->undo = g_steal_pointer (&undos);
  self->undo_items = g_steal_pointer (&plan.before);
  plan.before = g_hash_table_new (NULL, NULL);
  plan_apply (self, &plan);
  plan_clear (&plan);
  self->edits++;
  reindex (self);

  switch (kind)
    {
    case EDIT_COPY:
      /* Translators: %u games, then the file that received them */
      text = g_strdup_printf (ngettext ("%u game copied to %s", "%u games copied to %s", n_games),
                              n_games, target_name);
      break;
    case EDIT_MOVE:
      text = g_strdup_printf (ngettext ("%u game moved to %s", "%u games moved to %s", n_games),
                              n_games, target_name);
      break;
    case EDIT_MERGE:
      text = g_strdup_printf (ngettext ("%u game added to %s", "%u games added to %s", n_games),
                              n_games, target_name);
      break;
    case EDIT_DELETE:
    default:
      text = g_strdup_printf (ngettext ("%u game deleted", "%u games deleted", n_games), n_games);
      break;
    }
  show_toast (self, text, TRUE);
  update_actions (self);
  return TRUE;
}

/* Runs @kind on the selected games, at the end of @target. */
static void
run_edit (DjLibraryWindow *self,
          EditKind         kind,
          const char      *target)
{
  g_autoptr(GPtrArray) items = selected_items (self);

  edit_items (self, kind, items, target, G_MAXUINT);
}

static void
undo_action (GtkWidget  *widget,
             const char *action,
             GVariant   *parameter)
{
  DjLibraryWindow *self = DJ_LIBRARY_WINDOW (widget);
  g_autoptr(GError) error = NULL;
  GHashTableIter iter;
  gpointer key, value;

  if (self->undo == NULL)
    return;
  if (self->service != NULL && dj_library_service_get_updating (self->service))
    {
      /* Files are being read for the index: the change is undone as soon
       * as that is done (on_updating), and the user is told it waits. */
      if (!self->undo_waiting)
        show_toast (self, _("Undoing once the library is updated…"), FALSE);
      self->undo_waiting = TRUE;
      return;
    }
  for (guint i = self->undo->len; i-- > 0;)
    {
      if (!dj_collection_undo_apply (self->undo->pdata[i], &error))
        {
          /* The edits after this one are undone already; this one stays. */
          show_error (self, _("The Change Was Not Undone"), error->message);
          forget_undo (self);
          self->edits++;
          reindex (self);
          update_actions (self);
          return;
        }
      remember_stamps (self, self->undo->pdata[i]);
    }
  g_hash_table_iter_init (&iter, self->undo_items);
  while (g_hash_table_iter_next (&iter, &key, &value))
    replace_file_items (self, key, value);
  update_count (self);
  forget_undo (self);
  self->edits++;
  reindex (self);
  show_toast (self, _("Change undone"), FALSE);
  update_actions (self);
}

/* Choosing the other file */

/* The library's files but @except, sorted (char *). */
static GPtrArray *
other_files (DjLibraryWindow *self,
             const char      *except)
{
  GListModel *store = G_LIST_MODEL (self->store);
  GPtrArray *files = g_ptr_array_new_with_free_func (g_free);
  const char *last = NULL;

  for (guint i = 0; i < g_list_model_get_n_items (store); i++)
    {
      g_autoptr(DjLibraryItem) item = g_list_model_get_item (store, i);

      if ((last == NULL || strcmp (last, item->game->path) != 0)
          && g_strcmp0 (except, item->game->path) != 0)
        {
          g_ptr_array_add (files, g_strdup (item->game->path));
          last = files->pdata[files->len - 1];
        }
    }
  return files;
}

static void
on_target_response (AdwMessageDialog *dialog,
                    const char       *response,
                    DjLibraryWindow  *self)
{
  GtkDropDown *drop = GTK_DROP_DOWN (adw_message_dialog_get_extra_child (dialog));
  GPtrArray *files = g_object_get_data (G_OBJECT (dialog), "files");
  guint chosen = gtk_drop_down_get_selected (drop);
  EditKind kind = GPOINTER_TO_INT (g_object_get_data (G_OBJECT (dialog), "kind"));

  if (strcmp (response, "cancel") != 0 && chosen < files->len && !self->disposed)
    run_edit (self, kind, files->pdata[chosen]);
}

/* Asks for the file that receives the games (a file of the library). */
static void
choose_target (DjLibraryWindow *self,
               EditKind         kind)
{
  g_autoptr(GPtrArray) items = selected_items (self);
  g_autoptr(GPtrArray) files = NULL;
  g_autoptr(GtkStringList) names = gtk_string_list_new (NULL);
  const char *source = items->len > 0 ? ((DjLibraryItem *) items->pdata[0])->game->path : NULL;
  g_autofree char *source_name = source != NULL ? g_path_get_basename (source) : NULL;
  g_autofree char *heading = NULL;
  GtkWidget *dialog, *drop;

  if (source == NULL)
    return;
  files = other_files (self, kind == EDIT_COPY ? NULL : source);
  if (files->len == 0)
    {
      show_error (self, _("No Other File"),
                  _("The library has no other game file to receive the games: add its folder "
                    "first."));
      return;
    }
  for (guint i = 0; i < files->len; i++)
    {
      g_autofree char *name = g_filename_display_name (files->pdata[i]);

      gtk_string_list_append (names, name);
    }
  switch (kind)
    {
    case EDIT_COPY:
      heading = g_strdup_printf (ngettext ("Copy %u Game to Another File",
                                           "Copy %u Games to Another File", items->len),
                                 items->len);
      break;
    case EDIT_MOVE:
      heading = g_strdup_printf (ngettext ("Move %u Game to Another File",
                                           "Move %u Games to Another File", items->len),
                                 items->len);
      break;
    case EDIT_MERGE:
    case EDIT_DELETE:
    default:
      /* Translators: %s is a file name */
      heading = g_strdup_printf (_("Merge “%s” Into Another File"), source_name);
      break;
    }
  dialog = adw_message_dialog_new (GTK_WINDOW (self), heading,
                                   kind == EDIT_MERGE
                                   ? _("Every game of this file is added at the end of the file "
                                       "you choose; this file stays as it is.")
                                   : _("The games are added at the end of the file you choose; "
                                       "its other games stay as they are."));
  drop = gtk_drop_down_new (G_LIST_MODEL (g_object_ref (names)), NULL);
  gtk_accessible_update_property (GTK_ACCESSIBLE (drop), GTK_ACCESSIBLE_PROPERTY_LABEL,
                                  _("File to Receive the Games"), -1);
  adw_message_dialog_set_extra_child (ADW_MESSAGE_DIALOG (dialog), drop);
  adw_message_dialog_add_response (ADW_MESSAGE_DIALOG (dialog), "cancel", _("_Cancel"));
  adw_message_dialog_add_response (ADW_MESSAGE_DIALOG (dialog), "apply",
                                   kind == EDIT_COPY ? _("_Copy")
                                   : kind == EDIT_MOVE ? _("_Move") : _("_Merge"));
  adw_message_dialog_set_response_appearance (ADW_MESSAGE_DIALOG (dialog), "apply",
                                              ADW_RESPONSE_SUGGESTED);
  adw_message_dialog_set_default_response (ADW_MESSAGE_DIALOG (dialog), "apply");
  adw_message_dialog_set_close_response (ADW_MESSAGE_DIALOG (dialog), "cancel");
  g_object_set_data_full (G_OBJECT (dialog), "files", g_steal_pointer (&files),
                          (GDestroyNotify) g_ptr_array_unref);
  g_object_set_data (G_OBJECT (dialog), "kind", GINT_TO_POINTER (kind));
  g_signal_connect_object (dialog, "response", G_CALLBACK (on_target_response), self, 0);
  gtk_window_present (GTK_WINDOW (dialog));
}

static void
edit_action (GtkWidget  *widget,
             const char *action,
             GVariant   *parameter)
{
  DjLibraryWindow *self = DJ_LIBRARY_WINDOW (widget);

  if (strcmp (action, "library.copy-to") == 0)
    choose_target (self, EDIT_COPY);
  else if (strcmp (action, "library.move-to") == 0)
    choose_target (self, EDIT_MOVE);
  else
    choose_target (self, EDIT_MERGE);
}

/* Deleting, once confirmed */

static void
on_delete_response (AdwMessageDialog *dialog,
                    const char       *response,
                    DjLibraryWindow  *self)
{
  if (strcmp (response, "delete") == 0 && !self->disposed)
    run_edit (self, EDIT_DELETE, NULL);
}

/* A game as the confirmation names it: players, date, file and number. */
static char *
game_label (const DjLibraryGame *game)
{
  g_autofree char *file = column_text (game, DJ_LIBRARY_COLUMN_FILE);

  /* Translators: South, North, the date, then the file and game number */
  return g_strdup_printf (_("%s – %s, %s (%s)"), game->south ? game->south : "?",
                          game->north ? game->north : "?", game->date ? game->date : "?", file);
}

static void
delete_action (GtkWidget  *widget,
               const char *action,
               GVariant   *parameter)
{
  DjLibraryWindow *self = DJ_LIBRARY_WINDOW (widget);
  g_autoptr(GPtrArray) items = selected_items (self);
  g_autoptr(GString) body = g_string_new (NULL);
  g_autofree char *heading = NULL;
  GtkWidget *dialog;
  const guint shown = 6;

  if (items->len == 0)
    return;
  heading = g_strdup_printf (ngettext ("Delete %u Game?", "Delete %u Games?", items->len),
                             items->len);
  for (guint i = 0; i < items->len && i < shown; i++)
    {
      g_autofree char *label = game_label (((DjLibraryItem *) items->pdata[i])->game);

      g_string_append_printf (body, "%s\n", label);
    }
  if (items->len > shown)
    {
      g_string_append_printf (body, ngettext ("and %u more game\n", "and %u more games\n",
                                              items->len - shown), items->len - shown);
    }
  g_string_append (body, _("The games are removed from their files; the other games of the "
                           "files stay as they are. Undo puts them back."));
  dialog = adw_message_dialog_new (GTK_WINDOW (self), heading, body->str);
  adw_message_dialog_add_response (ADW_MESSAGE_DIALOG (dialog), "cancel", _("_Cancel"));
  adw_message_dialog_add_response (ADW_MESSAGE_DIALOG (dialog), "delete", _("_Delete"));
  adw_message_dialog_set_response_appearance (ADW_MESSAGE_DIALOG (dialog), "delete",
                                              ADW_RESPONSE_DESTRUCTIVE);
  adw_message_dialog_set_default_response (ADW_MESSAGE_DIALOG (dialog), "cancel");
  adw_message_dialog_set_close_response (ADW_MESSAGE_DIALOG (dialog), "cancel");
  g_signal_connect_object (dialog, "response", G_CALLBACK (on_delete_response), self, 0);
  gtk_window_present (GTK_WINDOW (dialog));
}

/* Opening */

static void
open_action (GtkWidget  *widget,
             const char *action,
             GVariant   *parameter)
{
  DjLibraryWindow *self = DJ_LIBRARY_WINDOW (widget);
  g_autoptr(GPtrArray) items = selected_items (self);
  DjLibraryItem *item;

  if (items->len == 0)
    return;
  item = items->pdata[0];
  if (strcmp (action, "library.open") == 0)
    g_signal_emit (self, signals[GAME_ACTIVATED], 0, item->game->path, item->game->number);
  else
    g_signal_emit (self, signals[OPEN_GAME], 0, item->game->path, item->game->number, 0, TRUE);
}

static void
on_open_at_response (AdwMessageDialog *dialog,
                     const char       *response,
                     DjLibraryWindow  *self)
{
  GtkSpinButton *spin = GTK_SPIN_BUTTON (adw_message_dialog_get_extra_child (dialog));
  DjLibraryItem *item = g_object_get_data (G_OBJECT (dialog), "item");

  if (strcmp (response, "open") == 0 && !self->disposed)
    g_signal_emit (self, signals[OPEN_GAME], 0, item->game->path, item->game->number,
                   (guint) gtk_spin_button_get_value_as_int (spin), FALSE);
}

static void
open_at_action (GtkWidget  *widget,
                const char *action,
                GVariant   *parameter)
{
  DjLibraryWindow *self = DJ_LIBRARY_WINDOW (widget);
  g_autoptr(GPtrArray) items = selected_items (self);
  g_autofree char *label = NULL;
  DjLibraryItem *item;
  GtkWidget *dialog, *spin;

  if (items->len == 0)
    return;
  item = items->pdata[0];
  label = game_label (item->game);
  dialog = adw_message_dialog_new (GTK_WINDOW (self), _("Open at Move"), label);
  adw_message_dialog_format_body (ADW_MESSAGE_DIALOG (dialog),
                                  ngettext ("%s\nThe game opens at the position after the move "
                                            "chosen (0: the start; it has %u move).",
                                            "%s\nThe game opens at the position after the move "
                                            "chosen (0: the start; it has %u moves).",
                                            item->game->n_moves),
                                  label, item->game->n_moves);
  spin = gtk_spin_button_new_with_range (0, item->game->n_moves, 1);
  gtk_spin_button_set_value (GTK_SPIN_BUTTON (spin), item->game->n_moves);
  gtk_widget_set_halign (spin, GTK_ALIGN_CENTER);
  gtk_accessible_update_property (GTK_ACCESSIBLE (spin), GTK_ACCESSIBLE_PROPERTY_LABEL,
                                  _("Move Number"), -1);
  adw_message_dialog_set_extra_child (ADW_MESSAGE_DIALOG (dialog), spin);
  adw_message_dialog_add_response (ADW_MESSAGE_DIALOG (dialog), "cancel", _("_Cancel"));
  adw_message_dialog_add_response (ADW_MESSAGE_DIALOG (dialog), "open", _("_Open"));
  adw_message_dialog_set_response_appearance (ADW_MESSAGE_DIALOG (dialog), "open",
                                              ADW_RESPONSE_SUGGESTED);
  adw_message_dialog_set_default_response (ADW_MESSAGE_DIALOG (dialog), "open");
  adw_message_dialog_set_close_response (ADW_MESSAGE_DIALOG (dialog), "cancel");
  g_object_set_data_full (G_OBJECT (dialog), "item", g_object_ref (item), g_object_unref);
  g_signal_connect_object (dialog, "response", G_CALLBACK (on_open_at_response), self, 0);
  gtk_window_present (GTK_WINDOW (dialog));
  gtk_widget_grab_focus (spin);
}

static void
menu_action (GtkWidget  *widget,
             const char *action,
             GVariant   *parameter)
{
  DjLibraryWindow *self = DJ_LIBRARY_WINDOW (widget);

  gtk_menu_button_popup (GTK_MENU_BUTTON (self->game_menu_button));
}

static void
on_right_click (GtkGestureClick *gesture,
                int              n_press,
                double           x,
                double           y,
                DjLibraryWindow *self)
{
  g_autoptr(GtkBitset) set = gtk_selection_model_get_selection (GTK_SELECTION_MODEL (self->selection));
  GtkWidget *view = gtk_event_controller_get_widget (GTK_EVENT_CONTROLLER (gesture));
  GtkWidget *picked = gtk_widget_pick (view, x, y, GTK_PICK_DEFAULT);
  GtkWidget *popover = g_object_get_data (G_OBJECT (view), "dj-context-menu");
  GdkRectangle at = { (int) x, (int) y, 1, 1 };

  /* A right click on a row not selected selects it alone, as in file
   * managers; on a selected one it keeps the selection. */
  for (GtkWidget *w = picked; w != NULL && w != view; w = gtk_widget_get_parent (w))
    {
      DjLibraryItem *item = g_object_get_data (G_OBJECT (w), "dj-item");

      if (item != NULL)
        {
          for (guint i = 0; i < g_list_model_get_n_items (G_LIST_MODEL (self->filtered)); i++)
            {
              g_autoptr(DjLibraryItem) shown = g_list_model_get_item (G_LIST_MODEL (self->filtered), i);

              if (shown == item && !gtk_bitset_contains (set, i))
                gtk_selection_model_select_item (GTK_SELECTION_MODEL (self->selection), i, TRUE);
            }
          break;
        }
    }
  gtk_popover_set_pointing_to (GTK_POPOVER (popover), &at);
  gtk_popover_popup (GTK_POPOVER (popover));
}

static GMenuModel *
game_menu_model (void)
{
  GMenu *menu = g_menu_new ();
  g_autoptr(GMenu) open = g_menu_new ();
  g_autoptr(GMenu) files = g_menu_new ();
  g_autoptr(GMenu) remove = g_menu_new ();

  g_menu_append (open, _("_Open"), "library.open");
  g_menu_append (open, _("Open in New _Window"), "library.open-new-window");
  g_menu_append (open, _("Open at _Move…"), "library.open-at-move");
  g_menu_append (files, _("_Copy to File…"), "library.copy-to");
  g_menu_append (files, _("Mo_ve to File…"), "library.move-to");
  g_menu_append (files, _("Merge _File Into…"), "library.merge-into");
  g_menu_append (remove, _("_Delete…"), "library.delete");
  g_menu_append (remove, _("Undo _Last Change"), "library.undo");
  g_menu_append_section (menu, NULL, G_MENU_MODEL (open));
  g_menu_append_section (menu, NULL, G_MENU_MODEL (files));
  g_menu_append_section (menu, NULL, G_MENU_MODEL (remove));
  return G_MENU_MODEL (menu);
}

/* Narrow windows: below NARROW_WIDTH the filters fold under a button and
 * only players, result and date are shown. */

#define NARROW_WIDTH 600

static void
apply_narrow (DjLibraryWindow *self)
{
  gboolean narrow = self->narrow;

  gtk_orientable_set_orientation (GTK_ORIENTABLE (self->filters_box),
                                  narrow ? GTK_ORIENTATION_VERTICAL : GTK_ORIENTATION_HORIZONTAL);
  gtk_widget_set_visible (self->filters_toggle, narrow);
  gtk_revealer_set_reveal_child (self->filters_revealer,
                                 !narrow || gtk_toggle_button_get_active (GTK_TOGGLE_BUTTON (self->filters_toggle)));
  /* The header bar's buttons keep their names for screen readers. */
  if (narrow)
    {
      gtk_button_set_icon_name (GTK_BUTTON (self->add_button), "folder-new-symbolic");
      gtk_menu_button_set_icon_name (GTK_MENU_BUTTON (self->folders_button), "folder-symbolic");
    }
  else
    {
      gtk_button_set_label (GTK_BUTTON (self->add_button), _("_Add Folder…"));
      gtk_button_set_use_underline (GTK_BUTTON (self->add_button), TRUE);
      gtk_menu_button_set_label (GTK_MENU_BUTTON (self->folders_button), _("Folders"));
    }
  for (guint c = 0; c < DJ_LIBRARY_N_COLUMNS; c++)
    gtk_column_view_column_set_visible (self->columns[c],
                                        !narrow || c == DJ_LIBRARY_COLUMN_SOUTH
                                        || c == DJ_LIBRARY_COLUMN_NORTH
                                        || c == DJ_LIBRARY_COLUMN_RESULT
                                        || c == DJ_LIBRARY_COLUMN_DATE);
}

static gboolean
narrow_idle (gpointer data)
{
  DjLibraryWindow *self = data;

  self->narrow_idle = 0;
  apply_narrow (self);
  return G_SOURCE_REMOVE;
}

static void
on_filters_toggled (DjLibraryWindow *self)
{
  if (self->narrow)
    apply_narrow (self);
}

static void
dj_library_window_size_allocate (GtkWidget *widget,
                                 int        width,
                                 int        height,
                                 int        baseline)
{
  DjLibraryWindow *self = DJ_LIBRARY_WINDOW (widget);
  gboolean narrow = width < NARROW_WIDTH;

  GTK_WIDGET_CLASS (dj_library_window_parent_class)->size_allocate (widget, width, height,
                                                                    baseline);
  /* Changed after this allocation, not during it. */
  if (narrow != self->narrow)
    {
      self->narrow = narrow;
      if (self->narrow_idle == 0)
        self->narrow_idle = g_idle_add (narrow_idle, self);
    }
}

/* Cells */

/* The width a column asks for, in characters. */
static guint
column_chars (DjLibraryColumn column)
{
  switch (column)
    {
    case DJ_LIBRARY_COLUMN_SOUTH:
    case DJ_LIBRARY_COLUMN_NORTH:
      return 18;
    case DJ_LIBRARY_COLUMN_EVENT:
      return 24;
    case DJ_LIBRARY_COLUMN_DATE:
    case DJ_LIBRARY_COLUMN_RESULT:
      return 10;
    case DJ_LIBRARY_COLUMN_SITE:
    case DJ_LIBRARY_COLUMN_VARIANT:
    case DJ_LIBRARY_COLUMN_FILE:
      return 13;
    case DJ_LIBRARY_COLUMN_ROUND:
    case DJ_LIBRARY_COLUMN_MOVES:
      return 5;
    case DJ_LIBRARY_N_COLUMNS:
    default:
      return 8;
    }
}

static void on_cell_mapped (GtkListItem *list_item);

static void
setup_cell (GtkSignalListItemFactory *factory,
            GtkListItem              *list_item,
            gpointer                  data)
{
  /* An inscription: its size does not depend on its text, so that a new
   * game in a row is drawn without measuring the rows again. */
  GtkWidget *label = gtk_inscription_new (NULL);
  DjLibraryColumn column = GPOINTER_TO_INT (data);

  g_object_set_data (G_OBJECT (label), "dj-column", GINT_TO_POINTER (column));
  gtk_inscription_set_xalign (GTK_INSCRIPTION (label), column == DJ_LIBRARY_COLUMN_MOVES ? 1 : 0);
  gtk_inscription_set_text_overflow (GTK_INSCRIPTION (label),
                                     GTK_INSCRIPTION_OVERFLOW_ELLIPSIZE_END);
  gtk_inscription_set_nat_chars (GTK_INSCRIPTION (label), column_chars (column));
  if (column == DJ_LIBRARY_COLUMN_MOVES)
    gtk_widget_add_css_class (label, "numeric");
  gtk_list_item_set_child (list_item, label);
  /* A row scrolled to shows its game before it is drawn. */
  g_signal_connect_swapped (label, "map", G_CALLBACK (on_cell_mapped), list_item);
}

/* The cell shows its row's game. */
static void
show_cell (GtkListItem *list_item)
{
  DjLibraryItem *item = dj_library_row_get_item (gtk_list_item_get_item (list_item));
  GtkWidget *label = gtk_list_item_get_child (list_item);
  DjLibraryColumn column = GPOINTER_TO_INT (g_object_get_data (G_OBJECT (label), "dj-column"));
  g_autofree char *text = column_text (item->game, column);

  gtk_inscription_set_text (GTK_INSCRIPTION (label), text);
  /* For a right click and a drag: the game of the row under the pointer
   * (kept alive while the row shows it). */
  g_object_set_data_full (G_OBJECT (label), "dj-item", g_object_ref (item), g_object_unref);
}

/* The cells off screen whose game changed show it now. */
static void
show_stale (DjLibraryWindow *self)
{
  GHashTableIter iter;
  gpointer list_item;

  g_clear_handle_id (&self->stale_idle, g_source_remove);
  g_hash_table_iter_init (&iter, self->stale);
  while (g_hash_table_iter_next (&iter, &list_item, NULL))
    show_cell (list_item);
  g_hash_table_remove_all (self->stale);
}

static gboolean
stale_idle (gpointer data)
{
  DjLibraryWindow *self = data;

  self->stale_idle = 0;
  show_stale (self);
  return G_SOURCE_REMOVE;
}

static DjLibraryWindow *
cell_window (GtkListItem *list_item)
{
  GtkRoot *root = gtk_widget_get_root (gtk_list_item_get_child (list_item));

  return DJ_IS_LIBRARY_WINDOW (root) ? DJ_LIBRARY_WINDOW (root) : NULL;
}

/* A row shows another game: the cells on screen (mapped) show it at once,
 * the others (GTK keeps 200 rows, most of them off screen and unmapped)
 * after the frame, or when mapped. */
static void
on_row_changed (GtkListItem *list_item)
{
  DjLibraryWindow *self = cell_window (list_item);

  if (self == NULL || gtk_widget_get_mapped (gtk_list_item_get_child (list_item)))
    {
      show_cell (list_item);
      if (self != NULL)
        g_hash_table_remove (self->stale, list_item);
      return;
    }
  g_hash_table_add (self->stale, list_item);
  if (self->stale_idle == 0)
    self->stale_idle = g_idle_add_full (G_PRIORITY_LOW, stale_idle, self, NULL);
}

static void
on_cell_mapped (GtkListItem *list_item)
{
  DjLibraryWindow *self = cell_window (list_item);

  if (self != NULL && g_hash_table_remove (self->stale, list_item))
    show_cell (list_item);
}

static void
bind_cell (GtkSignalListItemFactory *factory,
           GtkListItem              *list_item,
           gpointer                  data)
{
  show_cell (list_item);
  g_signal_connect_swapped (gtk_list_item_get_item (list_item), "notify::item",
                            G_CALLBACK (on_row_changed), list_item);
}

static void
unbind_cell (GtkSignalListItemFactory *factory,
             GtkListItem              *list_item,
             gpointer                  data)
{
  DjLibraryWindow *self = data;

  g_hash_table_remove (self->stale, list_item);
  g_signal_handlers_disconnect_by_func (gtk_list_item_get_item (list_item), on_row_changed,
                                        list_item);
}

static const char *
column_title (DjLibraryColumn column)
{
  switch (column)
    {
    case DJ_LIBRARY_COLUMN_SOUTH:
      return _("South");
    case DJ_LIBRARY_COLUMN_NORTH:
      return _("North");
    case DJ_LIBRARY_COLUMN_DATE:
      return _("Date");
    case DJ_LIBRARY_COLUMN_EVENT:
      return _("Event");
    case DJ_LIBRARY_COLUMN_SITE:
      return _("Site");
    case DJ_LIBRARY_COLUMN_ROUND:
      return _("Round");
    case DJ_LIBRARY_COLUMN_VARIANT:
      return _("Variant");
    case DJ_LIBRARY_COLUMN_RESULT:
      return _("Result");
    case DJ_LIBRARY_COLUMN_MOVES:
      /* Translators: column heading: the number of moves of a game */
      return _("Moves");
    case DJ_LIBRARY_COLUMN_FILE:
      return _("File");
    case DJ_LIBRARY_N_COLUMNS:
    default:
      return "";
    }
}

/* Comment search, in a worker: the field filters at once by players,
 * event and site, and the games whose comments match are added when the
 * worker answers.  One worker at a time; it asks again for the text of
 * the field when it is done, never for a queue of keystrokes. */

typedef struct
{
  char       *dir;
  DjLibrary  *library;
  char       *text;
  GHashTable *matches;
} Search;

static void
search_free (Search *q)
{
  g_free (q->dir);
  g_clear_object (&q->library);
  g_free (q->text);
  g_clear_pointer (&q->matches, g_hash_table_unref);
  g_free (q);
}

static void
search_thread (GTask        *task,
               gpointer      source,
               gpointer      data,
               GCancellable *cancellable)
{
  Search *q = data;
  GError *error = NULL;

  if (q->library == NULL && (q->library = dj_library_open (q->dir, &error)) == NULL)
    {
      g_task_return_error (task, error);
      return;
    }
  q->matches = dj_library_match_text (q->library, q->text, &error);
  if (q->matches == NULL)
    g_task_return_error (task, error);
  else
    g_task_return_boolean (task, TRUE);
}

static void
on_searched (GObject      *source,
             GAsyncResult *result,
             gpointer      data)
{
  g_autoptr(DjLibraryWindow) self = data;
  Search *q = g_task_get_task_data (G_TASK (result));
  g_autoptr(GError) error = NULL;

  self->searching = FALSE;
  if (self->searcher == NULL)
    self->searcher = g_steal_pointer (&q->library);
  notify_busy (self);
  if (self->disposed)
    return;
  if (!g_task_propagate_boolean (G_TASK (result), &error))
    {
      gtk_label_set_label (self->message_label, error->message);
      return;
    }
  g_clear_pointer (&self->matches, g_hash_table_unref);
  self->matches = g_steal_pointer (&q->matches);
  g_free (self->matched);
  self->matched = g_steal_pointer (&q->text);
  if (g_strcmp0 (self->matched, self->search) == 0)
    refilter (self, GTK_FILTER_CHANGE_LESS_STRICT);
  else
    start_search (self);
}

static void
start_search (DjLibraryWindow *self)
{
  g_autoptr(GTask) task = NULL;
  Search *q;

  if (self->searching || self->search == NULL || g_strcmp0 (self->matched, self->search) == 0)
    return;
  q = g_new0 (Search, 1);
  q->dir = g_strdup (dj_library_service_get_dir (self->service));
  q->library = g_steal_pointer (&self->searcher);
  q->text = g_strdup (self->search);
  self->searching = TRUE;
  notify_busy (self);
  task = g_task_new (NULL, NULL, on_searched, g_object_ref (self));
  g_task_set_source_tag (task, start_search);
  g_task_set_task_data (task, q, (GDestroyNotify) search_free);
  g_task_run_in_thread (task, search_thread);
}

/* Filters from the fields */

static char *
field_text (GtkEditable *editable)
{
  g_autofree char *text = g_strstrip (g_strdup (gtk_editable_get_text (editable)));

  return text[0] != '\0' ? g_steal_pointer (&text) : NULL;
}

static void
on_fields_changed (DjLibraryWindow *self)
{
  g_autofree char *search = field_text (GTK_EDITABLE (self->search_entry));
  g_autofree char *folded = search != NULL ? g_utf8_casefold (search, -1) : NULL;
  g_autofree char *from = field_text (GTK_EDITABLE (self->from_entry));
  g_autofree char *to = field_text (GTK_EDITABLE (self->to_entry));
  guint variant = gtk_drop_down_get_selected (self->variant_drop);
  guint result = gtk_drop_down_get_selected (self->result_drop);
  int new_variant = variant == 1 ? DJ_VARIANT_ABOURE : variant == 2 ? DJ_VARIANT_ABE : -1;
  int new_result = result == 1 ? DJ_RESULT_SOUTH_WINS : result == 2 ? DJ_RESULT_NORTH_WINS
                   : result == 3 ? DJ_RESULT_DRAW : result == 4 ? DJ_RESULT_UNKNOWN : -1;
  GtkFilterChange change = GTK_FILTER_CHANGE_DIFFERENT;

  if (new_variant == self->variant && new_result == self->result
      && g_strcmp0 (from, self->from) == 0 && g_strcmp0 (to, self->to) == 0)
    {
      /* Only the search changed (a key typed or deleted): the games still
       * shown keep their rows, only those that come or go change. */
      if (g_strcmp0 (folded, self->search) == 0)
        return;
      if (self->search == NULL || (folded != NULL && strstr (folded, self->search) != NULL))
        change = GTK_FILTER_CHANGE_MORE_STRICT;
      else if (folded == NULL || strstr (self->search, folded) != NULL)
        change = GTK_FILTER_CHANGE_LESS_STRICT;
    }
  g_free (self->search);
  self->search = g_steal_pointer (&folded);
  start_search (self);
  self->variant = new_variant;
  self->result = new_result;
  g_free (self->from);
  self->from = g_steal_pointer (&from);
  g_free (self->to);
  self->to = g_steal_pointer (&to);
  refilter (self, change);
}

/* Public API */

GtkWidget *
dj_library_window_new (GtkApplication *application,
                       const char     *library_dir)
{
  DjLibraryWindow *self = g_object_new (DJ_TYPE_LIBRARY_WINDOW, "application", application,
                                        NULL);

  self->library_dir = library_dir != NULL ? g_strdup (library_dir) : dj_library_default_dir ();
  self->service = dj_library_service_for_widget (GTK_WIDGET (self), library_dir);
  g_signal_connect_object (self->service, "progress", G_CALLBACK (on_update_progress), self,
                           G_CONNECT_SWAPPED);
  g_signal_connect_object (self->service, "finished", G_CALLBACK (on_update_finished), self,
                           G_CONNECT_SWAPPED);
  g_signal_connect_object (self->service, "changed", G_CALLBACK (start_listing), self,
                           G_CONNECT_SWAPPED);
  g_signal_connect_object (self->service, "notice", G_CALLBACK (show_notice), self,
                           G_CONNECT_SWAPPED);
  g_signal_connect_object (self->service, "notify::updating", G_CALLBACK (on_updating), self,
                           G_CONNECT_SWAPPED);
  show_notice (self, dj_library_service_get_notice (self->service));
  on_updating (self);
  start_listing (self);
  return GTK_WIDGET (self);
}

gboolean
dj_library_window_get_busy (DjLibraryWindow *self)
{
  g_return_val_if_fail (DJ_IS_LIBRARY_WINDOW (self), FALSE);
  return self->listing || self->searching || self->reindexing
         || dj_library_service_get_updating (self->service);
}

guint
dj_library_window_get_n_shown (DjLibraryWindow *self)
{
  g_return_val_if_fail (DJ_IS_LIBRARY_WINDOW (self), 0);
  return g_list_model_get_n_items (G_LIST_MODEL (self->filtered));
}

guint
dj_library_window_get_n_games (DjLibraryWindow *self)
{
  g_return_val_if_fail (DJ_IS_LIBRARY_WINDOW (self), 0);
  return g_list_model_get_n_items (G_LIST_MODEL (self->store));
}

const DjLibraryGame *
dj_library_window_get_shown (DjLibraryWindow *self,
                             guint            index)
{
  g_autoptr(DjLibraryItem) item = NULL;

  g_return_val_if_fail (DJ_IS_LIBRARY_WINDOW (self), NULL);
  item = g_list_model_get_item (G_LIST_MODEL (self->filtered), index);
  /* The store keeps the item alive. */
  return item != NULL ? item->game : NULL;
}

void
dj_library_window_set_search (DjLibraryWindow *self,
                              const char      *text)
{
  g_return_if_fail (DJ_IS_LIBRARY_WINDOW (self));
  /* One change, as a key typed makes, not the field emptied then filled. */
  g_signal_handlers_block_by_func (self->search_entry, on_fields_changed, self);
  gtk_editable_set_text (GTK_EDITABLE (self->search_entry), text != NULL ? text : "");
  g_signal_handlers_unblock_by_func (self->search_entry, on_fields_changed, self);
  on_fields_changed (self);
}

void
dj_library_window_set_variant (DjLibraryWindow *self,
                               int              variant)
{
  g_return_if_fail (DJ_IS_LIBRARY_WINDOW (self));
  gtk_drop_down_set_selected (self->variant_drop, variant == DJ_VARIANT_ABOURE ? 1
                                                  : variant == DJ_VARIANT_ABE ? 2 : 0);
  on_fields_changed (self);
}

void
dj_library_window_set_result (DjLibraryWindow *self,
                              int              result)
{
  g_return_if_fail (DJ_IS_LIBRARY_WINDOW (self));
  gtk_drop_down_set_selected (self->result_drop,
                              result == DJ_RESULT_SOUTH_WINS ? 1 : result == DJ_RESULT_NORTH_WINS ? 2
                              : result == DJ_RESULT_DRAW ? 3 : result == DJ_RESULT_UNKNOWN ? 4 : 0);
  on_fields_changed (self);
}

void
dj_library_window_set_dates (DjLibraryWindow *self,
                             const char      *from,
                             const char      *to)
{
  g_return_if_fail (DJ_IS_LIBRARY_WINDOW (self));
  g_signal_handlers_block_by_func (self->from_entry, on_fields_changed, self);
  g_signal_handlers_block_by_func (self->to_entry, on_fields_changed, self);
  gtk_editable_set_text (GTK_EDITABLE (self->from_entry), from != NULL ? from : "");
  gtk_editable_set_text (GTK_EDITABLE (self->to_entry), to != NULL ? to : "");
  g_signal_handlers_unblock_by_func (self->from_entry, on_fields_changed, self);
  g_signal_handlers_unblock_by_func (self->to_entry, on_fields_changed, self);
  on_fields_changed (self);
}

void
dj_library_window_sort (DjLibraryWindow *self,
                        DjLibraryColumn  column,
                        gboolean         ascending)
{
  g_return_if_fail (DJ_IS_LIBRARY_WINDOW (self));
  g_return_if_fail (column < DJ_LIBRARY_N_COLUMNS);
  gtk_column_view_sort_by_column (self->view, self->columns[column],
                                  ascending ? GTK_SORT_ASCENDING : GTK_SORT_DESCENDING);
}

void
dj_library_window_select (DjLibraryWindow *self,
                          guint            index,
                          gboolean         extend)
{
  g_return_if_fail (DJ_IS_LIBRARY_WINDOW (self));
  gtk_selection_model_select_item (GTK_SELECTION_MODEL (self->selection), index, !extend);
}

gboolean
dj_library_window_get_narrow (DjLibraryWindow *self)
{
  g_return_val_if_fail (DJ_IS_LIBRARY_WINDOW (self), FALSE);
  /* Once laid out and the filters' revealer at rest. */
  return self->narrow && self->narrow_idle == 0
         && gtk_revealer_get_child_revealed (self->filters_revealer)
            == gtk_revealer_get_reveal_child (self->filters_revealer);
}

/* For dj-library-dnd.c */

GPtrArray *
_dj_library_window_selected_items (DjLibraryWindow *self)
{
  return selected_items (self);
}

GObject *
_dj_library_window_get_shown_item (DjLibraryWindow *self,
                                   guint            index)
{
  return g_list_model_get_item (G_LIST_MODEL (self->filtered), index);
}

const DjLibraryGame *
_dj_library_item_get_game (GObject *item)
{
  g_return_val_if_fail (DJ_IS_LIBRARY_ITEM (item), NULL);
  return DJ_LIBRARY_ITEM (item)->game;
}

gboolean
_dj_library_window_can_edit (DjLibraryWindow *self)
{
  return !dj_library_service_get_updating (self->service);
}

gboolean
_dj_library_window_edit_items (DjLibraryWindow *self,
                               GPtrArray       *items,
                               gboolean         move,
                               const char      *target,
                               guint            after)
{
  return edit_items (self, move ? EDIT_MOVE : EDIT_COPY, items, target, after);
}

void
_dj_library_window_add_toast (DjLibraryWindow *self,
                              AdwToast        *toast)
{
  adw_toast_overlay_add_toast (self->toasts, toast);
}

/* GObject */

static void
dj_library_window_dispose (GObject *object)
{
  DjLibraryWindow *self = DJ_LIBRARY_WINDOW (object);

  self->disposed = TRUE;
  g_clear_handle_id (&self->narrow_idle, g_source_remove);
  g_clear_handle_id (&self->stale_idle, g_source_remove);
  g_clear_pointer (&self->context_menu, gtk_widget_unparent);
  G_OBJECT_CLASS (dj_library_window_parent_class)->dispose (object);
}

static void
dj_library_window_finalize (GObject *object)
{
  DjLibraryWindow *self = DJ_LIBRARY_WINDOW (object);

  g_clear_object (&self->service);
  g_clear_object (&self->searcher);
  g_clear_pointer (&self->matches, g_hash_table_unref);
  g_free (self->matched);
  g_clear_object (&self->store);
  g_clear_pointer (&self->stamps, g_hash_table_unref);
  g_clear_pointer (&self->collation, g_hash_table_unref);
  g_clear_pointer (&self->stale, g_hash_table_unref);
  forget_undo (self);
  g_free (self->library_dir);
  g_free (self->search);
  g_free (self->from);
  g_free (self->to);
  G_OBJECT_CLASS (dj_library_window_parent_class)->finalize (object);
}

static void
dj_library_window_get_property (GObject    *object,
                                guint       prop_id,
                                GValue     *value,
                                GParamSpec *pspec)
{
  switch (prop_id)
    {
    case PROP_BUSY:
      g_value_set_boolean (value, dj_library_window_get_busy (DJ_LIBRARY_WINDOW (object)));
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
dj_library_window_class_init (DjLibraryWindowClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);

  object_class->dispose = dj_library_window_dispose;
  object_class->finalize = dj_library_window_finalize;
  object_class->get_property = dj_library_window_get_property;
  GTK_WIDGET_CLASS (klass)->size_allocate = dj_library_window_size_allocate;
  properties[PROP_BUSY] =
    g_param_spec_boolean ("busy", NULL, NULL, FALSE,
                          G_PARAM_READABLE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  g_object_class_install_properties (object_class, N_PROPS, properties);

  /* A game was activated: whoever opened the window opens the game
   * (the file's path, the game's number from 1). */
  signals[GAME_ACTIVATED] =
    g_signal_new ("game-activated", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST, 0,
                  NULL, NULL, NULL, G_TYPE_NONE, 2, G_TYPE_STRING, G_TYPE_UINT);
  /* Open game @number (from 1) of the file at @path after @ply moves of
   * its main line, in a new window when @new_window. */
  signals[OPEN_GAME] =
    g_signal_new ("open-game", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST, 0,
                  NULL, NULL, NULL, G_TYPE_NONE, 4, G_TYPE_STRING, G_TYPE_UINT, G_TYPE_UINT,
                  G_TYPE_BOOLEAN);

  {
    GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

    gtk_widget_class_install_action (widget_class, "library.open", NULL, open_action);
    gtk_widget_class_install_action (widget_class, "library.open-new-window", NULL, open_action);
    gtk_widget_class_install_action (widget_class, "library.open-at-move", NULL, open_at_action);
    gtk_widget_class_install_action (widget_class, "library.copy-to", NULL, edit_action);
    gtk_widget_class_install_action (widget_class, "library.move-to", NULL, edit_action);
    gtk_widget_class_install_action (widget_class, "library.merge-into", NULL, edit_action);
    gtk_widget_class_install_action (widget_class, "library.delete", NULL, delete_action);
    gtk_widget_class_install_action (widget_class, "library.undo", NULL, undo_action);
    gtk_widget_class_install_action (widget_class, "library.menu", NULL, menu_action);
    gtk_widget_class_add_binding_action (widget_class, GDK_KEY_Delete, 0, "library.delete", NULL);
    gtk_widget_class_add_binding_action (widget_class, GDK_KEY_c,
                                         GDK_CONTROL_MASK | GDK_SHIFT_MASK, "library.copy-to",
                                         NULL);
    gtk_widget_class_add_binding_action (widget_class, GDK_KEY_m,
                                         GDK_CONTROL_MASK | GDK_SHIFT_MASK, "library.move-to",
                                         NULL);
    gtk_widget_class_add_binding_action (widget_class, GDK_KEY_g, GDK_CONTROL_MASK,
                                         "library.open-at-move", NULL);
    gtk_widget_class_add_binding_action (widget_class, GDK_KEY_Return, GDK_SHIFT_MASK,
                                         "library.open-new-window", NULL);
    gtk_widget_class_add_binding_action (widget_class, GDK_KEY_z, GDK_CONTROL_MASK,
                                         "library.undo", NULL);
    gtk_widget_class_add_binding_action (widget_class, GDK_KEY_F10, GDK_SHIFT_MASK,
                                         "library.menu", NULL);
    gtk_widget_class_add_binding_action (widget_class, GDK_KEY_Menu, 0, "library.menu", NULL);
  }
}

static GtkWidget *
labelled (const char *mnemonic,
          GtkWidget  *field)
{
  GtkWidget *box = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 6);
  GtkWidget *label = gtk_label_new_with_mnemonic (mnemonic);

  gtk_label_set_mnemonic_widget (GTK_LABEL (label), field);
  gtk_box_append (GTK_BOX (box), label);
  gtk_box_append (GTK_BOX (box), field);
  return box;
}

static void
dj_library_window_init (DjLibraryWindow *self)
{
  GtkWidget *content = gtk_box_new (GTK_ORIENTATION_VERTICAL, 0);
  GtkWidget *header = adw_header_bar_new ();
  GtkWidget *add = gtk_button_new_with_mnemonic (_("_Add Folder…"));
  GtkWidget *update = gtk_button_new_from_icon_name ("view-refresh-symbolic");
  GtkWidget *folders_button = gtk_menu_button_new ();
  GtkWidget *popover = gtk_popover_new ();
  GtkWidget *filters = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 12);
  GtkWidget *search_row = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 6);
  GtkWidget *flow = gtk_flow_box_new ();
  GtkWidget *choices = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 12);
  GtkWidget *dates = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 12);
  GtkWidget *toasts = adw_toast_overlay_new ();
  GtkGesture *right_click = gtk_gesture_click_new ();
  g_autoptr(GMenuModel) game_menu = game_menu_model ();
  GtkWidget *cancel = gtk_button_new_with_mnemonic (_("_Cancel"));
  GtkWidget *scrolled = gtk_scrolled_window_new ();
  GtkWidget *empty = adw_status_page_new ();
  GtkWidget *add_empty = gtk_button_new_with_mnemonic (_("_Add Folder…"));
  const char *variants[] = { _("All variants"), _("Djenon-aboure"), _("Djenon-abe"), NULL };
  const char *results[] = { _("Any result"), _("South wins"), _("North wins"), _("Draw"),
                            _("Unknown"), NULL };
  GtkSorter *sorter;

  gtk_window_set_title (GTK_WINDOW (self), _("Library"));
  gtk_window_set_default_size (GTK_WINDOW (self), 1000, 640);

  /* Header bar: add a folder, the folders, update. */
  gtk_widget_add_css_class (add, "suggested-action");
  self->add_button = add;
  self->folders_button = folders_button;
  gtk_widget_set_tooltip_text (add, _("Add a Folder to the Library"));
  gtk_accessible_update_property (GTK_ACCESSIBLE (add), GTK_ACCESSIBLE_PROPERTY_LABEL,
                                  _("Add a Folder to the Library"), -1);
  gtk_accessible_update_property (GTK_ACCESSIBLE (folders_button), GTK_ACCESSIBLE_PROPERTY_LABEL,
                                  _("The Library’s Folders"), -1);
  g_signal_connect_swapped (add, "clicked", G_CALLBACK (on_add_folder), self);
  adw_header_bar_pack_start (ADW_HEADER_BAR (header), add);
  self->folders_box = gtk_box_new (GTK_ORIENTATION_VERTICAL, 6);
  gtk_widget_set_size_request (self->folders_box, 360, -1);
  gtk_popover_set_child (GTK_POPOVER (popover), self->folders_box);
  gtk_menu_button_set_popover (GTK_MENU_BUTTON (folders_button), popover);
  gtk_menu_button_set_label (GTK_MENU_BUTTON (folders_button), _("Folders"));
  gtk_widget_set_tooltip_text (folders_button, _("The Library’s Folders"));
  adw_header_bar_pack_start (ADW_HEADER_BAR (header), folders_button);
  gtk_widget_set_tooltip_text (update, _("Look for New and Changed Files"));
  gtk_accessible_update_property (GTK_ACCESSIBLE (update), GTK_ACCESSIBLE_PROPERTY_LABEL,
                                  _("Look for New and Changed Files"), -1);
  g_signal_connect_swapped (update, "clicked", G_CALLBACK (start_update), self);
  adw_header_bar_pack_end (ADW_HEADER_BAR (header), update);
  self->game_menu_button = gtk_menu_button_new ();
  gtk_menu_button_set_icon_name (GTK_MENU_BUTTON (self->game_menu_button), "view-more-symbolic");
  gtk_menu_button_set_menu_model (GTK_MENU_BUTTON (self->game_menu_button), game_menu);
  gtk_widget_set_tooltip_text (self->game_menu_button, _("Game Actions"));
  gtk_accessible_update_property (GTK_ACCESSIBLE (self->game_menu_button),
                                  GTK_ACCESSIBLE_PROPERTY_LABEL, _("Game Actions"), -1);
  adw_header_bar_pack_end (ADW_HEADER_BAR (header), self->game_menu_button);
  gtk_box_append (GTK_BOX (content), header);

  /* Progress of an update, with Cancel. */
  self->progress_box = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 12);
  self->progress = GTK_PROGRESS_BAR (gtk_progress_bar_new ());
  gtk_progress_bar_set_show_text (self->progress, TRUE);
  gtk_widget_set_hexpand (GTK_WIDGET (self->progress), TRUE);
  gtk_widget_set_valign (GTK_WIDGET (self->progress), GTK_ALIGN_CENTER);
  g_signal_connect_swapped (cancel, "clicked", G_CALLBACK (on_cancel_update), self);
  gtk_box_append (GTK_BOX (self->progress_box), GTK_WIDGET (self->progress));
  gtk_box_append (GTK_BOX (self->progress_box), cancel);
  gtk_widget_set_margin_start (self->progress_box, 12);
  gtk_widget_set_margin_end (self->progress_box, 12);
  gtk_widget_set_margin_top (self->progress_box, 6);
  gtk_widget_set_visible (self->progress_box, FALSE);
  gtk_box_append (GTK_BOX (content), self->progress_box);

  /* Filters */
  self->search_entry = GTK_SEARCH_ENTRY (gtk_search_entry_new ());
  g_object_set (self->search_entry, "placeholder-text", _("Players, event, site or comments"),
                NULL);
  gtk_accessible_update_property (GTK_ACCESSIBLE (self->search_entry),
                                  GTK_ACCESSIBLE_PROPERTY_LABEL, _("Search the Games"), -1);
  g_signal_connect_swapped (self->search_entry, "search-changed",
                            G_CALLBACK (on_fields_changed), self);
  gtk_box_append (GTK_BOX (search_row), GTK_WIDGET (self->search_entry));
  /* In a narrow window the other filters fold under this button. */
  self->filters_toggle = gtk_toggle_button_new ();
  gtk_button_set_icon_name (GTK_BUTTON (self->filters_toggle), "view-more-horizontal-symbolic");
  gtk_widget_set_tooltip_text (self->filters_toggle, _("Show the Filters"));
  gtk_accessible_update_property (GTK_ACCESSIBLE (self->filters_toggle),
                                  GTK_ACCESSIBLE_PROPERTY_LABEL, _("Show the Filters"), -1);
  gtk_widget_set_visible (self->filters_toggle, FALSE);
  g_signal_connect_swapped (self->filters_toggle, "toggled", G_CALLBACK (on_filters_toggled),
                            self);
  gtk_box_append (GTK_BOX (search_row), self->filters_toggle);
  gtk_widget_set_valign (search_row, GTK_ALIGN_CENTER);
  gtk_widget_set_hexpand (GTK_WIDGET (self->search_entry), TRUE);
  gtk_widget_set_hexpand (search_row, FALSE);
  /* Wide enough for names; the filters beside it take the rest, on one
   * line when there is room. */
  gtk_editable_set_width_chars (GTK_EDITABLE (self->search_entry), 24);
  gtk_box_append (GTK_BOX (filters), search_row);
  self->variant_drop = GTK_DROP_DOWN (gtk_drop_down_new_from_strings (variants));
  gtk_accessible_update_property (GTK_ACCESSIBLE (self->variant_drop),
                                  GTK_ACCESSIBLE_PROPERTY_LABEL, _("Variant"), -1);
  g_signal_connect_swapped (self->variant_drop, "notify::selected",
                            G_CALLBACK (on_fields_changed), self);
  gtk_box_append (GTK_BOX (choices), GTK_WIDGET (self->variant_drop));
  self->result_drop = GTK_DROP_DOWN (gtk_drop_down_new_from_strings (results));
  gtk_accessible_update_property (GTK_ACCESSIBLE (self->result_drop),
                                  GTK_ACCESSIBLE_PROPERTY_LABEL, _("Result"), -1);
  g_signal_connect_swapped (self->result_drop, "notify::selected",
                            G_CALLBACK (on_fields_changed), self);
  gtk_box_append (GTK_BOX (choices), GTK_WIDGET (self->result_drop));
  self->from_entry = GTK_ENTRY (gtk_entry_new ());
  self->to_entry = GTK_ENTRY (gtk_entry_new ());
  gtk_editable_set_width_chars (GTK_EDITABLE (self->from_entry), 10);
  gtk_editable_set_width_chars (GTK_EDITABLE (self->to_entry), 10);
  gtk_entry_set_placeholder_text (self->from_entry, _("YYYY-MM-DD"));
  gtk_entry_set_placeholder_text (self->to_entry, _("YYYY-MM-DD"));
  g_signal_connect_swapped (self->from_entry, "changed", G_CALLBACK (on_fields_changed), self);
  g_signal_connect_swapped (self->to_entry, "changed", G_CALLBACK (on_fields_changed), self);
  /* Translators: the first and last date of games shown */
  gtk_box_append (GTK_BOX (dates), labelled (_("_From"), GTK_WIDGET (self->from_entry)));
  gtk_box_append (GTK_BOX (dates), labelled (_("_To"), GTK_WIDGET (self->to_entry)));
  /* The filters wrap rather than widen the window. */
  gtk_flow_box_set_selection_mode (GTK_FLOW_BOX (flow), GTK_SELECTION_NONE);
  gtk_flow_box_set_max_children_per_line (GTK_FLOW_BOX (flow), 2);
  gtk_flow_box_set_column_spacing (GTK_FLOW_BOX (flow), 12);
  gtk_flow_box_set_row_spacing (GTK_FLOW_BOX (flow), 6);
  gtk_flow_box_append (GTK_FLOW_BOX (flow), choices);
  gtk_flow_box_append (GTK_FLOW_BOX (flow), dates);
  for (GtkWidget *child = gtk_widget_get_first_child (flow); child != NULL;
       child = gtk_widget_get_next_sibling (child))
    gtk_widget_set_focusable (child, FALSE);
  self->filters_revealer = GTK_REVEALER (gtk_revealer_new ());
  gtk_revealer_set_child (self->filters_revealer, flow);
  gtk_revealer_set_reveal_child (self->filters_revealer, TRUE);
  gtk_widget_set_hexpand (GTK_WIDGET (self->filters_revealer), TRUE);
  gtk_box_append (GTK_BOX (filters), GTK_WIDGET (self->filters_revealer));
  self->filters_box = filters;
  gtk_widget_set_margin_start (filters, 12);
  gtk_widget_set_margin_end (filters, 12);
  gtk_widget_set_margin_top (filters, 6);
  gtk_widget_set_margin_bottom (filters, 6);
  gtk_box_append (GTK_BOX (content), filters);

  self->message_label = GTK_LABEL (gtk_label_new (NULL));
  gtk_label_set_wrap (self->message_label, TRUE);
  gtk_label_set_xalign (self->message_label, 0);
  gtk_widget_set_margin_start (GTK_WIDGET (self->message_label), 12);
  gtk_box_append (GTK_BOX (content), GTK_WIDGET (self->message_label));
  /* Why the library was rebuilt, kept in sight (messages come and go). */
  self->notice_label = GTK_LABEL (gtk_label_new (NULL));
  gtk_label_set_wrap (self->notice_label, TRUE);
  gtk_label_set_xalign (self->notice_label, 0);
  gtk_label_set_selectable (self->notice_label, TRUE);
  gtk_widget_add_css_class (GTK_WIDGET (self->notice_label), "warning");
  gtk_widget_set_margin_start (GTK_WIDGET (self->notice_label), 12);
  gtk_widget_set_visible (GTK_WIDGET (self->notice_label), FALSE);
  gtk_box_append (GTK_BOX (content), GTK_WIDGET (self->notice_label));

  /* The games: store → filtered and sorted, selectable (dj-library-list.c:
   * a key of a search is one pass over the games in order) → column view. */
  self->store = g_list_store_new (DJ_TYPE_LIBRARY_ITEM);
  self->collation = g_hash_table_new_full (g_str_hash, g_str_equal, g_free,
                                           (GDestroyNotify) g_ref_string_release);
  self->stale = g_hash_table_new (NULL, NULL);
  self->filter = gtk_custom_filter_new (filter_game, self, NULL);
  self->filtered = dj_library_list_new (G_LIST_MODEL (self->store), GTK_FILTER (self->filter),
                                        NULL);
  g_object_unref (self->filter);
  self->selection = GTK_SELECTION_MODEL (self->filtered);
  g_signal_connect_swapped (self->selection, "selection-changed", G_CALLBACK (update_actions), self);
  /* Rows in place (dj-library-rows.h): a key changes their texts only. */
  self->view = GTK_COLUMN_VIEW (gtk_column_view_new (GTK_SELECTION_MODEL (
    dj_library_rows_new (self->selection))));
  g_object_unref (self->filtered);
  gtk_column_view_set_show_column_separators (self->view, TRUE);
  gtk_accessible_update_property (GTK_ACCESSIBLE (self->view), GTK_ACCESSIBLE_PROPERTY_LABEL,
                                  _("Games of the Library"), -1);
  for (guint c = 0; c < DJ_LIBRARY_N_COLUMNS; c++)
    {
      GtkListItemFactory *factory = gtk_signal_list_item_factory_new ();
      GtkColumnViewColumn *column;
      GtkCustomSorter *column_sorter;

      g_signal_connect (factory, "setup", G_CALLBACK (setup_cell), GINT_TO_POINTER (c));
      g_signal_connect (factory, "bind", G_CALLBACK (bind_cell), GINT_TO_POINTER (c));
      g_signal_connect (factory, "unbind", G_CALLBACK (unbind_cell), self);
      column = gtk_column_view_column_new (column_title (c), factory);
      gtk_column_view_column_set_resizable (column, TRUE);
      gtk_column_view_column_set_expand (column, c == DJ_LIBRARY_COLUMN_EVENT
                                         || c == DJ_LIBRARY_COLUMN_SOUTH
                                         || c == DJ_LIBRARY_COLUMN_NORTH);
      self->sorts[c].window = self;
      self->sorts[c].column = c;
      column_sorter = gtk_custom_sorter_new (compare_games, &self->sorts[c], NULL);
      gtk_column_view_column_set_sorter (column, GTK_SORTER (column_sorter));
      g_object_unref (column_sorter);
      gtk_column_view_append_column (self->view, column);
      self->columns[c] = column;
      g_object_unref (column);
    }
  sorter = gtk_column_view_get_sorter (self->view);
  dj_library_list_set_sorter (self->filtered, sorter);
  g_signal_connect_swapped (self->view, "activate", G_CALLBACK (on_activate), self);
  /* The game menu at the pointer on a right click. */
  self->context_menu = gtk_popover_menu_new_from_model (game_menu);
  gtk_popover_set_has_arrow (GTK_POPOVER (self->context_menu), FALSE);
  gtk_widget_set_halign (self->context_menu, GTK_ALIGN_START);
  gtk_widget_set_parent (self->context_menu, GTK_WIDGET (self->view));
  g_object_set_data (G_OBJECT (self->view), "dj-context-menu", self->context_menu);
  gtk_gesture_single_set_button (GTK_GESTURE_SINGLE (right_click), GDK_BUTTON_SECONDARY);
  g_signal_connect (right_click, "pressed", G_CALLBACK (on_right_click), self);
  gtk_widget_add_controller (GTK_WIDGET (self->view), GTK_EVENT_CONTROLLER (right_click));
  _dj_library_window_init_dnd (self, GTK_WIDGET (self->view));
  gtk_scrolled_window_set_child (GTK_SCROLLED_WINDOW (scrolled), GTK_WIDGET (self->view));

  gtk_widget_set_vexpand (scrolled, TRUE);

  self->stack = GTK_STACK (gtk_stack_new ());
  gtk_stack_add_named (self->stack, scrolled, "games");
  adw_status_page_set_icon_name (ADW_STATUS_PAGE (empty), "folder-symbolic");
  adw_status_page_set_title (ADW_STATUS_PAGE (empty), _("No Folders in the Library"));
  adw_status_page_set_description (ADW_STATUS_PAGE (empty),
                                   _("Add the folders where you keep your games: every game in "
                                     "them is listed here and counted in the opening explorer."));
  gtk_widget_set_halign (add_empty, GTK_ALIGN_CENTER);
  gtk_widget_add_css_class (add_empty, "pill");
  g_signal_connect_swapped (add_empty, "clicked", G_CALLBACK (on_add_folder), self);
  adw_status_page_set_child (ADW_STATUS_PAGE (empty), add_empty);
  gtk_stack_add_named (self->stack, empty, "empty");
  gtk_box_append (GTK_BOX (content), GTK_WIDGET (self->stack));

  self->count_label = GTK_LABEL (gtk_label_new (NULL));
  gtk_label_set_xalign (self->count_label, 0);
  gtk_widget_add_css_class (GTK_WIDGET (self->count_label), "dim-label");
  gtk_widget_set_margin_start (GTK_WIDGET (self->count_label), 12);
  gtk_widget_set_margin_top (GTK_WIDGET (self->count_label), 4);
  gtk_widget_set_margin_bottom (GTK_WIDGET (self->count_label), 4);
  gtk_box_append (GTK_BOX (content), GTK_WIDGET (self->count_label));

  self->toasts = ADW_TOAST_OVERLAY (toasts);
  adw_toast_overlay_set_child (self->toasts, content);
  adw_window_set_content (ADW_WINDOW (self), toasts);
  self->stamps = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, g_free);
  update_actions (self);
  self->variant = -1;
  self->result = -1;
  show_folders (self, NULL);
}
