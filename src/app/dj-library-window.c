/* dj-library-window.c: every game of the library, in one window
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <glib/gi18n.h>
#include <string.h>

#include "dj-library-service.h"
#include "dj-library-window.h"

/* A game of the list: a GObject around one DjLibraryGame. */

#define DJ_TYPE_LIBRARY_ITEM (dj_library_item_get_type ())
G_DECLARE_FINAL_TYPE (DjLibraryItem, dj_library_item, DJ, LIBRARY_ITEM, GObject)

struct _DjLibraryItem
{
  GObject        parent_instance;
  DjLibraryGame *game;
  char          *haystack;   /* players, event and site, case-folded */
};

G_DEFINE_FINAL_TYPE (DjLibraryItem, dj_library_item, G_TYPE_OBJECT)

static void
dj_library_item_finalize (GObject *object)
{
  DjLibraryItem *self = DJ_LIBRARY_ITEM (object);

  dj_library_game_free (self->game);
  g_free (self->haystack);
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

struct _DjLibraryWindow
{
  AdwWindow           parent_instance;

  char               *library_dir;
  DjLibraryService   *service;      /* the application's: folders and updates */
  GListStore         *store;
  GtkFilterListModel *filtered;
  GtkSortListModel   *sorted;
  GtkCustomFilter    *filter;
  GtkColumnView      *view;
  GtkColumnViewColumn *columns[DJ_LIBRARY_N_COLUMNS];

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
};

enum {
  PROP_0,
  PROP_BUSY,
  N_PROPS
};

static GParamSpec *properties[N_PROPS];

enum {
  GAME_ACTIVATED,
  N_SIGNALS
};

static guint signals[N_SIGNALS];

G_DEFINE_FINAL_TYPE (DjLibraryWindow, dj_library_window, ADW_TYPE_WINDOW)

static void start_listing (DjLibraryWindow *self);
static void start_update (DjLibraryWindow *self);
static void start_search (DjLibraryWindow *self);
static void show_notice (DjLibraryWindow *self,
                         const char      *notice);

static void
notify_busy (DjLibraryWindow *self)
{
  if (!self->disposed)
    g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_BUSY]);
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

static int
compare_games (gconstpointer a,
               gconstpointer b,
               gpointer      data)
{
  const DjLibraryGame *x = DJ_LIBRARY_ITEM ((gpointer) a)->game;
  const DjLibraryGame *y = DJ_LIBRARY_ITEM ((gpointer) b)->game;
  DjLibraryColumn column = GPOINTER_TO_INT (data);
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
    {
      g_autofree char *s = column_text (x, column);
      g_autofree char *t = column_text (y, column);
      g_autofree char *ks = g_utf8_collate_key (s, -1);
      g_autofree char *kt = g_utf8_collate_key (t, -1);

      order = strcmp (ks, kt);
    }
  return order < 0 ? GTK_ORDERING_SMALLER : order > 0 ? GTK_ORDERING_LARGER : GTK_ORDERING_EQUAL;
}

static void
update_count (DjLibraryWindow *self)
{
  guint shown = g_list_model_get_n_items (G_LIST_MODEL (self->sorted));
  guint all = g_list_model_get_n_items (G_LIST_MODEL (self->store));
  g_autofree char *text = NULL;

  /* Translators: games listed after the filters, of all the library's */
  text = g_strdup_printf (ngettext ("%u of %u game", "%u of %u games", all), shown, all);
  gtk_label_set_label (self->count_label, text);
}

static void
refilter (DjLibraryWindow *self)
{
  gtk_filter_changed (GTK_FILTER (self->filter), GTK_FILTER_CHANGE_DIFFERENT);
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

  item = g_list_model_get_item (G_LIST_MODEL (self->sorted), index);
  if (item != NULL)
    g_signal_emit (self, signals[GAME_ACTIVATED], 0, item->game->path, item->game->number);
}

static void
on_activate (DjLibraryWindow *self,
             guint            position)
{
  dj_library_window_open_game (self, position);
}

/* Cells */

static void
setup_cell (GtkSignalListItemFactory *factory,
            GtkListItem              *list_item,
            gpointer                  data)
{
  GtkWidget *label = gtk_label_new (NULL);
  DjLibraryColumn column = GPOINTER_TO_INT (data);

  gtk_label_set_xalign (GTK_LABEL (label), column == DJ_LIBRARY_COLUMN_MOVES ? 1 : 0);
  gtk_label_set_ellipsize (GTK_LABEL (label), PANGO_ELLIPSIZE_END);
  if (column == DJ_LIBRARY_COLUMN_MOVES)
    gtk_widget_add_css_class (label, "numeric");
  gtk_list_item_set_child (list_item, label);
}

static void
bind_cell (GtkSignalListItemFactory *factory,
           GtkListItem              *list_item,
           gpointer                  data)
{
  DjLibraryItem *item = gtk_list_item_get_item (list_item);
  g_autofree char *text = column_text (item->game, GPOINTER_TO_INT (data));

  gtk_label_set_label (GTK_LABEL (gtk_list_item_get_child (list_item)), text);
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
    refilter (self);
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
  guint variant = gtk_drop_down_get_selected (self->variant_drop);
  guint result = gtk_drop_down_get_selected (self->result_drop);

  g_free (self->search);
  self->search = search != NULL ? g_utf8_casefold (search, -1) : NULL;
  start_search (self);
  self->variant = variant == 1 ? DJ_VARIANT_ABOURE : variant == 2 ? DJ_VARIANT_ABE : -1;
  self->result = result == 1 ? DJ_RESULT_SOUTH_WINS : result == 2 ? DJ_RESULT_NORTH_WINS
                 : result == 3 ? DJ_RESULT_DRAW : result == 4 ? DJ_RESULT_UNKNOWN : -1;
  g_free (self->from);
  self->from = field_text (GTK_EDITABLE (self->from_entry));
  g_free (self->to);
  self->to = field_text (GTK_EDITABLE (self->to_entry));
  refilter (self);
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
  return self->listing || self->searching || dj_library_service_get_updating (self->service);
}

guint
dj_library_window_get_n_shown (DjLibraryWindow *self)
{
  g_return_val_if_fail (DJ_IS_LIBRARY_WINDOW (self), 0);
  return g_list_model_get_n_items (G_LIST_MODEL (self->sorted));
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
  item = g_list_model_get_item (G_LIST_MODEL (self->sorted), index);
  /* The store keeps the item alive. */
  return item != NULL ? item->game : NULL;
}

void
dj_library_window_set_search (DjLibraryWindow *self,
                              const char      *text)
{
  g_return_if_fail (DJ_IS_LIBRARY_WINDOW (self));
  gtk_editable_set_text (GTK_EDITABLE (self->search_entry), text != NULL ? text : "");
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
  gtk_editable_set_text (GTK_EDITABLE (self->from_entry), from != NULL ? from : "");
  gtk_editable_set_text (GTK_EDITABLE (self->to_entry), to != NULL ? to : "");
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

/* GObject */

static void
dj_library_window_dispose (GObject *object)
{
  DjLibraryWindow *self = DJ_LIBRARY_WINDOW (object);

  self->disposed = TRUE;
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
  properties[PROP_BUSY] =
    g_param_spec_boolean ("busy", NULL, NULL, FALSE,
                          G_PARAM_READABLE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  g_object_class_install_properties (object_class, N_PROPS, properties);

  /* A game was activated: whoever opened the window opens the game
   * (the file's path, the game's number from 1). */
  signals[GAME_ACTIVATED] =
    g_signal_new ("game-activated", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST, 0,
                  NULL, NULL, NULL, G_TYPE_NONE, 2, G_TYPE_STRING, G_TYPE_UINT);
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
  GtkWidget *cancel = gtk_button_new_with_mnemonic (_("_Cancel"));
  GtkWidget *scrolled = gtk_scrolled_window_new ();
  GtkWidget *empty = adw_status_page_new ();
  GtkWidget *add_empty = gtk_button_new_with_mnemonic (_("_Add Folder…"));
  const char *variants[] = { _("All variants"), _("Djenon-aboure"), _("Djenon-abe"), NULL };
  const char *results[] = { _("Any result"), _("South wins"), _("North wins"), _("Draw"),
                            _("Unknown"), NULL };
  GtkSelectionModel *selection;
  GtkSorter *sorter;

  gtk_window_set_title (GTK_WINDOW (self), _("Library"));
  gtk_window_set_default_size (GTK_WINDOW (self), 1000, 640);

  /* Header bar: add a folder, the folders, update. */
  gtk_widget_add_css_class (add, "suggested-action");
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
  gtk_widget_set_hexpand (GTK_WIDGET (self->search_entry), TRUE);
  g_object_set (self->search_entry, "placeholder-text", _("Players, event, site or comments"),
                NULL);
  gtk_accessible_update_property (GTK_ACCESSIBLE (self->search_entry),
                                  GTK_ACCESSIBLE_PROPERTY_LABEL, _("Search the Games"), -1);
  g_signal_connect_swapped (self->search_entry, "search-changed",
                            G_CALLBACK (on_fields_changed), self);
  gtk_box_append (GTK_BOX (filters), GTK_WIDGET (self->search_entry));
  self->variant_drop = GTK_DROP_DOWN (gtk_drop_down_new_from_strings (variants));
  gtk_accessible_update_property (GTK_ACCESSIBLE (self->variant_drop),
                                  GTK_ACCESSIBLE_PROPERTY_LABEL, _("Variant"), -1);
  g_signal_connect_swapped (self->variant_drop, "notify::selected",
                            G_CALLBACK (on_fields_changed), self);
  gtk_box_append (GTK_BOX (filters), GTK_WIDGET (self->variant_drop));
  self->result_drop = GTK_DROP_DOWN (gtk_drop_down_new_from_strings (results));
  gtk_accessible_update_property (GTK_ACCESSIBLE (self->result_drop),
                                  GTK_ACCESSIBLE_PROPERTY_LABEL, _("Result"), -1);
  g_signal_connect_swapped (self->result_drop, "notify::selected",
                            G_CALLBACK (on_fields_changed), self);
  gtk_box_append (GTK_BOX (filters), GTK_WIDGET (self->result_drop));
  self->from_entry = GTK_ENTRY (gtk_entry_new ());
  self->to_entry = GTK_ENTRY (gtk_entry_new ());
  gtk_editable_set_width_chars (GTK_EDITABLE (self->from_entry), 10);
  gtk_editable_set_width_chars (GTK_EDITABLE (self->to_entry), 10);
  gtk_entry_set_placeholder_text (self->from_entry, _("YYYY-MM-DD"));
  gtk_entry_set_placeholder_text (self->to_entry, _("YYYY-MM-DD"));
  g_signal_connect_swapped (self->from_entry, "changed", G_CALLBACK (on_fields_changed), self);
  g_signal_connect_swapped (self->to_entry, "changed", G_CALLBACK (on_fields_changed), self);
  /* Translators: the first and last date of games shown */
  gtk_box_append (GTK_BOX (filters), labelled (_("_From"), GTK_WIDGET (self->from_entry)));
  gtk_box_append (GTK_BOX (filters), labelled (_("_To"), GTK_WIDGET (self->to_entry)));
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

  /* The games: store → filter → sort → column view. */
  self->store = g_list_store_new (DJ_TYPE_LIBRARY_ITEM);
  self->filter = gtk_custom_filter_new (filter_game, self, NULL);
  self->filtered = gtk_filter_list_model_new (G_LIST_MODEL (g_object_ref (self->store)),
                                              GTK_FILTER (self->filter));
  self->sorted = gtk_sort_list_model_new (G_LIST_MODEL (self->filtered), NULL);
  selection = GTK_SELECTION_MODEL (gtk_single_selection_new (G_LIST_MODEL (self->sorted)));
  self->view = GTK_COLUMN_VIEW (gtk_column_view_new (selection));
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
      column = gtk_column_view_column_new (column_title (c), factory);
      gtk_column_view_column_set_resizable (column, TRUE);
      gtk_column_view_column_set_expand (column, c == DJ_LIBRARY_COLUMN_EVENT
                                         || c == DJ_LIBRARY_COLUMN_SOUTH
                                         || c == DJ_LIBRARY_COLUMN_NORTH);
      column_sorter = gtk_custom_sorter_new (compare_games, GINT_TO_POINTER (c), NULL);
      gtk_column_view_column_set_sorter (column, GTK_SORTER (column_sorter));
      g_object_unref (column_sorter);
      gtk_column_view_append_column (self->view, column);
      self->columns[c] = column;
      g_object_unref (column);
    }
  sorter = gtk_column_view_get_sorter (self->view);
  gtk_sort_list_model_set_sorter (self->sorted, sorter);
  g_signal_connect_swapped (self->view, "activate", G_CALLBACK (on_activate), self);
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

  adw_window_set_content (ADW_WINDOW (self), content);
  self->variant = -1;
  self->result = -1;
  show_folders (self, NULL);
}
