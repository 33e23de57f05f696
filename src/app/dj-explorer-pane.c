/* dj-explorer-pane.c: the moves played from the current position in the library
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <glib/gi18n.h>

#include "dj-analysis-panel.h"
#include "dj-bidi.h"
#include "dj-explorer-pane.h"
#include "dj-library-service.h"
#include "dj-move-label.h"

struct _DjExplorerPane
{
  GtkWidget       parent_instance;

  GtkWidget      *box;
  GtkSpinner     *spinner;
  GtkEditable    *player_entry;
  GtkCheckButton *feeding_check;
  GtkStack       *stack;
  GtkListBox     *list_box;
  GtkLabel       *error_label;
  GtkLabel       *status_label;
  GtkLabel       *notice_label;
  GtkButton      *add_button;
  GtkExpander    *hits_expander;
  GtkListBox     *hits_box;

  DjGame         *game;
  GSignalGroup   *game_signals;
  DjSearch       *search;
  char           *library_dir;
  char           *player;
  gboolean        any_feeding;

  /* Used by one worker at a time: never touched while @querying. */
  DjLibrary      *library;
  gboolean        querying;
  guint           generation;    /* counts the library's changes */
  DjLibraryService *service;     /* the application's: folders and updates */
  GCancellable   *values_cancellable;
  gboolean        valuing;
  gboolean        disposed;

  /* What is shown: the table of @rules and @pos with these filters. */
  GArray         *table;
  gboolean        has_values;
  gboolean        shown;
  DjRules         rules;
  DjPosition      pos;
  char           *shown_player;
  gboolean        shown_any_feeding;
  GPtrArray      *hits;          /* DjLibraryHit, of the position shown */
  guint           hits_total;
};

enum {
  PROP_0,
  PROP_GAME,
  PROP_BUSY,
  N_PROPS
};

enum {
  MOVE_ACTIVATED,
  GAME_ACTIVATED,
  N_SIGNALS
};

static GParamSpec *properties[N_PROPS];
static guint signals[N_SIGNALS];

G_DEFINE_FINAL_TYPE (DjExplorerPane, dj_explorer_pane, GTK_TYPE_WIDGET)

static void start_query (DjExplorerPane *self);

/* Texts */

/* "+6", "−2", or its bounds, as the analysis panel writes them. */
static char *
format_value (const DjExplorerMove *row,
              const DjPosition     *pos)
{
  DjMoveValue mv = { 0 };

  mv.move = row->move;
  mv.value = row->value;
  mv.lower = row->lower;
  mv.upper = row->upper;
  mv.exact = row->exact;
  mv.estimate = row->value;
  return dj_analysis_format_move_value (&mv, pos);
}

/* A mean final difference with one decimal and a true minus sign. */
static char *
format_mean (const DjExplorerMove *row)
{
  g_autofree char *text = NULL;

  if (row->with_diff == 0)
    /* Translators: no game of this move has a known final score */
    return g_strdup (C_("mean difference", "–"));
  text = g_strdup_printf ("%+.1f", row->mean_diff);
  if (text[0] == '-')
    {
      /* U+2212 MINUS SIGN */
      char *minus = g_strconcat ("\xe2\x88\x92", text + 1, NULL);

      g_free (text);
      text = minus;
    }
  return g_steal_pointer (&text);
}

static char *
describe_value (const DjExplorerMove *row,
                const DjPosition     *pos,
                gboolean              has_values)
{
  g_autofree char *value = NULL;
  g_autofree char *ltr = NULL;

  if (!has_values || !row->has_value)
    return g_strdup (_("value not known yet"));
  value = format_value (row, pos);
  ltr = dj_bidi_ltr (value);
  if (row->exact && row->best)
    /* Translators: a move's exact value with perfect play, e.g. "+4"; it is the best */
    return g_strdup_printf (_("value %s with perfect play, exact, best"), ltr);
  if (row->exact)
    /* Translators: a move's exact value with perfect play, e.g. "−6" */
    return g_strdup_printf (_("value %s with perfect play, exact"), ltr);
  /* Translators: what is known of a move's value, e.g. "≥ +2" */
  return g_strdup_printf (_("value %s with perfect play, not proven exactly"), ltr);
}

static char *
describe (const DjExplorerMove *row,
          const DjPosition     *pos,
          gboolean              has_values)
{
  g_autofree char *value = describe_value (row, pos, has_values);
  g_autofree char *mean = NULL;
  g_autofree char *games = NULL;

  if (row->games == 0)
    /* Translators: a move no game of the library played here, then its value */
    return g_strdup_printf (_("%s: never played in the library; %s"),
                            dj_move_label (row->move), value);
  mean = format_mean (row);
  games = g_strdup_printf (ngettext ("%u game", "%u games", row->games), row->games);
  /* Translators: a move of the explorer: the move, "12 games", wins, draws
   * and losses of the side that played it, the mean final seed difference
   * from its side ("+2.5"), then the move's value */
  return g_strdup_printf (_("%s: %s; for the mover %u won, %u drawn, %u lost; "
                            "mean final difference %s; %s"),
                          dj_move_label (row->move), games, row->wins, row->draws,
                          row->losses, mean, value);
}

/* Showing */

static void
set_busy_state (DjExplorerPane *self)
{
  gboolean busy = self->querying || self->valuing
                  || (self->service != NULL && dj_library_service_get_updating (self->service));

  if (self->disposed)
    return;
  gtk_spinner_set_spinning (self->spinner, busy);
  gtk_widget_set_visible (GTK_WIDGET (self->spinner), busy);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_BUSY]);
}

static void
clear_rows (DjExplorerPane *self)
{
  GtkWidget *child;

  while ((child = gtk_widget_get_first_child (GTK_WIDGET (self->list_box))) != NULL)
    gtk_list_box_remove (self->list_box, child);
}

static GtkWidget *
cell (const char *text,
      int         width_chars,
      float       xalign,
      const char *css_class)
{
  GtkWidget *label = gtk_label_new (text);

  gtk_label_set_width_chars (GTK_LABEL (label), width_chars);
  gtk_label_set_xalign (GTK_LABEL (label), xalign);
  if (css_class != NULL)
    gtk_widget_add_css_class (label, css_class);
  return label;
}

static GtkWidget *
spacer (void)
{
  GtkWidget *space = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 0);

  gtk_widget_set_hexpand (space, TRUE);
  return space;
}

static GtkWidget *
make_row (DjExplorerPane       *self,
          const DjExplorerMove *row)
{
  GtkWidget *list_row = gtk_list_box_row_new ();
  GtkWidget *box = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 10);
  g_autofree char *description = describe (row, &self->pos, self->has_values);
  GtkWidget *move = cell (dj_move_label (row->move), 2, 0, "heading");
  GtkWidget *value;

  gtk_widget_set_margin_top (box, 3);
  gtk_widget_set_margin_bottom (box, 3);
  gtk_widget_set_margin_start (box, 12);
  gtk_widget_set_margin_end (box, 12);
  gtk_box_append (GTK_BOX (box), move);

  if (row->games > 0)
    {
      g_autofree char *games = g_strdup_printf ("%u", row->games);
      g_autofree char *results = g_strdup_printf ("%u / %u / %u", row->wins, row->draws,
                                                  row->losses);
      g_autofree char *mean = format_mean (row);
      /* The mean a left-to-right run in right-to-left text too ("+1.8", not
       * "1.8+"); the three results in the order of their heading, wins
       * first in the direction of the text. */
      g_autofree char *mean_ltr = dj_bidi_ltr (mean);
      g_autofree char *results_dir =
        g_strconcat (gtk_widget_get_direction (GTK_WIDGET (self)) == GTK_TEXT_DIR_RTL ? DJ_RLM
                                                                                    : "",
                     results, NULL);
      GtkWidget *results_label = cell (results_dir, 12, 0.5, "numeric");
      GtkWidget *mean_label = cell (mean_ltr, 5, 1, "numeric");

      gtk_box_append (GTK_BOX (box), cell (games, 5, 1, "numeric"));
      gtk_widget_set_tooltip_text (results_label,
                                   _("Won, drawn and lost by the side that played the move"));
      gtk_box_append (GTK_BOX (box), results_label);
      gtk_widget_set_tooltip_text (mean_label,
                                   _("Mean final seed difference for the side that played the "
                                     "move"));
      gtk_box_append (GTK_BOX (box), mean_label);
    }
  else
    {
      /* Translators: a best move by perfect play that no game of the library played */
      GtkWidget *never = cell (_("never played"), 24, 0, "dim-label");

      gtk_widget_add_css_class (never, "caption");
      gtk_box_append (GTK_BOX (box), never);
    }

  if (self->has_values && row->has_value)
    {
      g_autofree char *text = format_value (row, &self->pos);
      g_autofree char *text_ltr = dj_bidi_ltr (text);

      value = cell (text_ltr, 5, 1, "numeric");
      gtk_widget_add_css_class (value, "heading");
      gtk_widget_set_tooltip_text (value, row->exact
                                   ? _("Exact value with perfect play: seeds ahead at the end "
                                       "for the side that plays the move")
                                   : _("Not proven exactly: bounds of the value with perfect "
                                       "play"));
    }
  else
    value = cell (self->has_values ? C_("value", "–") : "…", 5, 1, "dim-label");
  /* The value at the end of the row, whichever way the text runs. */
  gtk_box_append (GTK_BOX (box), spacer ());
  gtk_box_append (GTK_BOX (box), value);
  if (self->has_values && row->best)
    {
      gtk_widget_add_css_class (move, "accent");
      gtk_widget_add_css_class (value, "accent");
      gtk_widget_add_css_class (list_row, "best");
    }

  gtk_list_box_row_set_child (GTK_LIST_BOX_ROW (list_row), box);
  gtk_widget_set_tooltip_text (list_row, description);
  gtk_accessible_update_property (GTK_ACCESSIBLE (list_row),
                                  GTK_ACCESSIBLE_PROPERTY_LABEL, description, -1);
  return list_row;
}

static void
show_status (DjExplorerPane *self)
{
  g_autofree char *text = NULL;
  guint games = 0;

  if (self->table == NULL)
    {
      gtk_label_set_label (self->status_label, "");
      return;
    }
  for (guint i = 0; i < self->table->len; i++)
    games += g_array_index (self->table, DjExplorerMove, i).games;
  if (games == 0)
    text = g_strdup (_("No game of the library reaches this position."));
  else
    text = g_strdup_printf (ngettext ("%u game of the library reaches this position.",
                                      "%u games of the library reach this position.", games),
                            games);
  if (!self->has_values)
    {
      char *more = g_strconcat (text, " ", _("Working out the perfect-play values…"), NULL);

      g_free (text);
      text = more;
    }
  gtk_label_set_label (self->status_label, text);
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
      return _("Unknown");
    }
}

static char *
describe_hit (const DjLibraryHit *hit)
{
  g_autofree char *base = g_path_get_basename (hit->path);
  const char *unknown = _("Not Known");

  if (hit->move == DJ_NO_MOVE)
    /* Translators: a game reaching the position and ending there: South,
     * North, result, file and game number */
    return g_strdup_printf (_("%s – %s, %s; the game ended here; %s #%u"),
                            hit->south ? hit->south : unknown, hit->north ? hit->north : unknown,
                            result_text (hit->result), base, hit->game);
  /* Translators: a game reaching the position: South, North, result, the
   * move played there, file and game number */
  return g_strdup_printf (_("%s – %s, %s; played %s here; %s #%u"),
                          hit->south ? hit->south : unknown, hit->north ? hit->north : unknown,
                          result_text (hit->result), dj_move_label (hit->move), base, hit->game);
}

static void
show_hits (DjExplorerPane *self)
{
  g_autofree char *title = NULL;
  GtkWidget *child;

  while ((child = gtk_widget_get_first_child (GTK_WIDGET (self->hits_box))) != NULL)
    gtk_list_box_remove (self->hits_box, child);
  for (guint i = 0; self->hits != NULL && i < self->hits->len; i++)
    {
      g_autofree char *text = describe_hit (self->hits->pdata[i]);
      GtkWidget *label = gtk_label_new (text);

      gtk_label_set_xalign (GTK_LABEL (label), 0);
      gtk_label_set_ellipsize (GTK_LABEL (label), PANGO_ELLIPSIZE_END);
      gtk_widget_set_margin_start (label, 12);
      gtk_widget_set_margin_top (label, 3);
      gtk_widget_set_margin_bottom (label, 3);
      gtk_widget_set_tooltip_text (label, text);
      gtk_list_box_append (self->hits_box, label);
    }
  if (self->hits_total > (self->hits != NULL ? self->hits->len : 0))
    /* Translators: the games listed of those reaching the position */
    title = g_strdup_printf (_("Games Reaching This Position (%u of %u)"),
                             self->hits->len, self->hits_total);
  else
    title = g_strdup_printf (_("Games Reaching This Position (%u)"), self->hits_total);
  gtk_expander_set_label (self->hits_expander, title);
  gtk_widget_set_visible (GTK_WIDGET (self->hits_expander), self->hits_total > 0);
}

static void
show_table (DjExplorerPane *self)
{
  show_hits (self);
  clear_rows (self);
  for (guint i = 0; self->table != NULL && i < self->table->len; i++)
    gtk_list_box_append (self->list_box,
                         make_row (self, &g_array_index (self->table, DjExplorerMove, i)));
  gtk_stack_set_visible_child_name (self->stack, "moves");
  show_status (self);
}

static void
forget_table (DjExplorerPane *self,
              const char     *page)
{
  g_clear_pointer (&self->table, g_array_unref);
  g_clear_pointer (&self->hits, g_ptr_array_unref);
  self->hits_total = 0;
  self->shown = FALSE;
  self->has_values = FALSE;
  clear_rows (self);
  show_hits (self);
  gtk_stack_set_visible_child_name (self->stack, page);
  gtk_label_set_label (self->status_label, "");
}

/* Asking */

static gboolean
is_active (DjExplorerPane *self)
{
  return !self->disposed && self->game != NULL && gtk_widget_get_visible (GTK_WIDGET (self));
}

typedef struct
{
  char       *dir;
  DjLibrary  *library;
  DjRules     rules;
  DjPosition  pos;
  char       *player;
  gboolean    any_feeding;
  GArray     *table;
  GPtrArray  *hits;
  guint       hits_total;
  gboolean    no_folders;
  char       *notice;
  guint       generation;
} Query;

static void
query_free (Query *q)
{
  g_free (q->dir);
  g_clear_object (&q->library);
  g_free (q->player);
  g_clear_pointer (&q->table, g_array_unref);
  g_clear_pointer (&q->hits, g_ptr_array_unref);
  g_free (q->notice);
  g_free (q);
}

static void
query_thread (GTask        *task,
              gpointer      source,
              gpointer      data,
              GCancellable *cancellable)
{
  Query *q = data;
  DjLibraryFilter filter = { q->player, q->any_feeding };
  GError *error = NULL;

  if (q->library == NULL)
    {
      g_autofree char *dir = q->dir != NULL ? g_strdup (q->dir) : dj_library_default_dir ();

      q->library = dj_library_open (dir, &error);
      if (q->library == NULL)
        {
          g_task_return_error (task, error);
          return;
        }
      q->notice = g_strdup (dj_library_get_notice (q->library));
    }
  q->no_folders = dj_library_get_folders (q->library)[0] == NULL;
  if (!q->no_folders)
    {
      q->table = dj_library_explore (q->library, &q->rules, &q->pos, &filter, &error);
      if (q->table != NULL)
        q->hits = dj_library_find (q->library, &q->rules, &q->pos, &filter,
                                   DJ_EXPLORER_PANE_MAX_HITS, &q->hits_total, &error);
      if (q->table == NULL || q->hits == NULL)
        {
          g_task_return_error (task, error);
          return;
        }
    }
  g_task_return_boolean (task, TRUE);
}

static DjLibraryService *ensure_service (DjExplorerPane *self);
static void show_notice (DjExplorerPane *self,
                         const char     *notice);

static gboolean
asked_now (DjExplorerPane *self,
           const DjRules  *rules,
           const DjPosition *pos,
           const char     *player,
           gboolean        any_feeding)
{
  const DjRules *current_rules = dj_game_get_rules (self->game);

  return rules->variant == current_rules->variant && rules->feeding == current_rules->feeding
         && dj_position_equal (pos, dj_node_get_position (dj_game_get_current (self->game)))
         && g_strcmp0 (player, self->player) == 0 && any_feeding == self->any_feeding;
}

static void
on_valued (GObject      *source,
           GAsyncResult *result,
           gpointer      data)
{
  g_autoptr(DjExplorerPane) self = data;
  g_autoptr(DjAnalysis) analysis = dj_search_analyse_finish (NULL, result, NULL);

  self->valuing = FALSE;
  g_clear_object (&self->values_cancellable);
  set_busy_state (self);
  if (!is_active (self) || analysis == NULL || analysis->cancelled || self->table == NULL
      || self->has_values || !dj_position_equal (&analysis->position, &self->pos))
    return;
  dj_explorer_add_values (self->table, analysis);
  self->has_values = TRUE;
  show_table (self);
}

static void
start_values (DjExplorerPane *self)
{
  DjSearchLimits limits = { 0, 0, 0, DJ_SEARCH_VALUES_ONLY };

  if (self->search == NULL)
    self->search = dj_search_new (0);
  if (self->values_cancellable != NULL)
    g_cancellable_cancel (self->values_cancellable);
  g_clear_object (&self->values_cancellable);
  self->values_cancellable = g_cancellable_new ();
  self->valuing = TRUE;
  set_busy_state (self);
  dj_search_analyse_async (self->search, &self->rules, &self->pos, &limits,
                           self->values_cancellable, on_valued, g_object_ref (self));
}

static void
on_explored (GObject      *source,
             GAsyncResult *result,
             gpointer      data)
{
  g_autoptr(DjExplorerPane) self = data;
  GTask *task = G_TASK (result);
  Query *q = g_task_get_task_data (task);
  g_autoptr(GError) error = NULL;

  self->querying = FALSE;
  /* A library opened before the folders changed has the old ones. */
  if (q->library != NULL && self->library == NULL && q->generation == self->generation)
    self->library = g_steal_pointer (&q->library);
  set_busy_state (self);
  if (!is_active (self))
    return;
  if (q->generation != self->generation)
    {
      start_query (self);
      return;
    }
  if (!g_task_propagate_boolean (task, &error))
    {
      forget_table (self, "error");
      gtk_label_set_label (self->error_label, error->message);
      return;
    }
  if (!asked_now (self, &q->rules, &q->pos, q->player, q->any_feeding))
    {
      /* The user moved on meanwhile: only where they are now is asked. */
      start_query (self);
      return;
    }
  show_notice (self, q->notice);
  if (q->no_folders)
    {
      forget_table (self, "empty");
      return;
    }
  g_clear_pointer (&self->table, g_array_unref);
  self->table = g_steal_pointer (&q->table);
  self->rules = q->rules;
  self->pos = q->pos;
  g_free (self->shown_player);
  self->shown_player = g_strdup (q->player);
  self->shown_any_feeding = q->any_feeding;
  g_clear_pointer (&self->hits, g_ptr_array_unref);
  self->hits = g_steal_pointer (&q->hits);
  self->hits_total = q->hits_total;
  self->shown = TRUE;
  self->has_values = FALSE;
  show_table (self);
  start_values (self);
  dj_library_service_ensure_updated (ensure_service (self));
}

static void
start_query (DjExplorerPane *self)
{
  g_autoptr(GTask) task = NULL;
  const DjPosition *pos;
  const DjRules *rules;
  Query *q;

  if (!is_active (self))
    return;
  if (self->querying)
    return;   /* on_explored asks again for wherever the game is then */
  pos = dj_node_get_position (dj_game_get_current (self->game));
  rules = dj_game_get_rules (self->game);
  gtk_widget_set_sensitive (GTK_WIDGET (self->feeding_check), rules->variant == DJ_VARIANT_ABE);
  if (self->shown && asked_now (self, &self->rules, &self->pos, self->shown_player,
                                self->shown_any_feeding))
    return;
  if (self->values_cancellable != NULL)
    g_cancellable_cancel (self->values_cancellable);

  q = g_new0 (Query, 1);
  q->dir = g_strdup (dj_library_service_get_dir (ensure_service (self)));
  q->generation = self->generation;
  q->library = g_steal_pointer (&self->library);
  q->rules = *rules;
  q->pos = *pos;
  q->player = g_strdup (self->player);
  q->any_feeding = self->any_feeding;
  self->querying = TRUE;
  set_busy_state (self);
  if (!self->shown)
    forget_table (self, "wait");
  task = g_task_new (NULL, NULL, on_explored, g_object_ref (self));
  g_task_set_source_tag (task, start_query);
  g_task_set_task_data (task, q, (GDestroyNotify) query_free);
  g_task_run_in_thread (task, query_thread);
}

/* Keeping the library up to date: the application's service does it */

static void
on_update_progress (DjExplorerPane *self,
                    guint           done,
                    guint           total,
                    const char     *path)
{
  g_autofree char *text = NULL;

  /* Translators: while the library reads its folders: files read of all */
  text = g_strdup_printf (_("Indexing the library: %u of %u files…"), done, total);
  gtk_label_set_label (self->status_label, text);
}

static void
on_update_finished (DjExplorerPane        *self,
                    const DjLibraryReport *report,
                    const GError          *error)
{
  gtk_label_set_label (self->status_label, "");
  if (error != NULL && !g_error_matches (error, G_IO_ERROR, G_IO_ERROR_CANCELLED))
    gtk_label_set_label (self->status_label, error->message);
}

/* New games may reach the position shown, and the folders may differ. */
static void
on_library_changed (DjExplorerPane *self)
{
  self->generation++;
  if (!self->querying)
    g_clear_object (&self->library);
  self->shown = FALSE;
  start_query (self);
}

/* The database was rebuilt from the files: said where it is seen. */
static void
show_notice (DjExplorerPane *self,
             const char     *notice)
{
  if (notice == NULL || self->disposed)
    return;
  gtk_label_set_label (self->notice_label, notice);
  gtk_widget_set_visible (GTK_WIDGET (self->notice_label), TRUE);
}

static DjLibraryService *
ensure_service (DjExplorerPane *self)
{
  if (self->service != NULL)
    return self->service;
  self->service = dj_library_service_for_widget (GTK_WIDGET (self), self->library_dir);
  g_signal_connect_object (self->service, "progress", G_CALLBACK (on_update_progress), self,
                           G_CONNECT_SWAPPED);
  g_signal_connect_object (self->service, "finished", G_CALLBACK (on_update_finished), self,
                           G_CONNECT_SWAPPED);
  g_signal_connect_object (self->service, "changed", G_CALLBACK (on_library_changed), self,
                           G_CONNECT_SWAPPED);
  g_signal_connect_object (self->service, "notice", G_CALLBACK (show_notice), self,
                           G_CONNECT_SWAPPED);
  g_signal_connect_object (self->service, "notify::updating", G_CALLBACK (set_busy_state), self,
                           G_CONNECT_SWAPPED);
  show_notice (self, dj_library_service_get_notice (self->service));
  return self->service;
}

/* The empty library: adding a folder */

static void
on_folder_chosen (GtkNativeDialog *dialog,
                  int              response,
                  DjExplorerPane  *self)
{
  g_autoptr(GFile) folder = NULL;
  g_autofree char *path = NULL;
  g_autoptr(GError) error = NULL;

  if (response == GTK_RESPONSE_ACCEPT)
    folder = gtk_file_chooser_get_file (GTK_FILE_CHOOSER (dialog));
  g_object_unref (dialog);
  if (folder == NULL || self->disposed)
    {
      g_object_unref (self);
      return;
    }
  path = g_file_get_path (folder);
  /* The service says "changed": the pane asks again. */
  if (path == NULL || !dj_library_service_add_folder (ensure_service (self), path, &error))
    {
      forget_table (self, "error");
      gtk_label_set_label (self->error_label, error != NULL ? error->message : "");
    }
  g_object_unref (self);
}

static void
on_add_folder (DjExplorerPane *self)
{
  GtkNative *native = gtk_widget_get_native (GTK_WIDGET (self));
  GtkFileChooserNative *dialog =
    gtk_file_chooser_native_new (_("Add a Folder to the Library"),
                                 GTK_IS_WINDOW (native) ? GTK_WINDOW (native) : NULL,
                                 GTK_FILE_CHOOSER_ACTION_SELECT_FOLDER,
                                 _("_Add"), _("_Cancel"));

  gtk_native_dialog_set_modal (GTK_NATIVE_DIALOG (dialog), TRUE);
  g_signal_connect (dialog, "response", G_CALLBACK (on_folder_chosen), g_object_ref (self));
  gtk_native_dialog_show (GTK_NATIVE_DIALOG (dialog));
}

/* Signals */

static void
on_current_changed (DjExplorerPane *self)
{
  start_query (self);
}

static void
on_visible_changed (DjExplorerPane *self)
{
  if (gtk_widget_get_visible (GTK_WIDGET (self)))
    start_query (self);
  else
    {
      if (self->values_cancellable != NULL)
        g_cancellable_cancel (self->values_cancellable);
      forget_table (self, "wait");
    }
}

static void
on_filter_changed (DjExplorerPane *self)
{
  const char *player = gtk_editable_get_text (self->player_entry);

  dj_explorer_pane_set_filter (self, player,
                               gtk_check_button_get_active (self->feeding_check));
}

static void
on_row_activated (DjExplorerPane *self,
                  GtkListBoxRow  *row)
{
  dj_explorer_pane_activate_row (self, (guint) gtk_list_box_row_get_index (row));
}

/* Public API */

GtkWidget *
dj_explorer_pane_new (void)
{
  return g_object_new (DJ_TYPE_EXPLORER_PANE, NULL);
}

DjGame *
dj_explorer_pane_get_game (DjExplorerPane *self)
{
  g_return_val_if_fail (DJ_IS_EXPLORER_PANE (self), NULL);
  return self->game;
}

void
dj_explorer_pane_set_game (DjExplorerPane *self,
                           DjGame         *game)
{
  g_return_if_fail (DJ_IS_EXPLORER_PANE (self));
  g_return_if_fail (game == NULL || DJ_IS_GAME (game));

  if (!g_set_object (&self->game, game))
    return;
  g_signal_group_set_target (self->game_signals, game);
  self->shown = FALSE;
  if (game == NULL)
    forget_table (self, "wait");
  else
    start_query (self);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_GAME]);
}

void
dj_explorer_pane_set_search (DjExplorerPane *self,
                             DjSearch       *search)
{
  g_return_if_fail (DJ_IS_EXPLORER_PANE (self));
  dj_search_set (&self->search, search);
}

void
dj_explorer_pane_set_library_dir (DjExplorerPane *self,
                                  const char     *dir)
{
  g_return_if_fail (DJ_IS_EXPLORER_PANE (self));
  g_return_if_fail (self->library == NULL && !self->querying && self->service == NULL);

  g_free (self->library_dir);
  self->library_dir = g_strdup (dir);
}

void
dj_explorer_pane_set_filter (DjExplorerPane *self,
                             const char     *player,
                             gboolean        any_feeding)
{
  g_autofree char *trimmed = NULL;

  g_return_if_fail (DJ_IS_EXPLORER_PANE (self));

  trimmed = g_strstrip (g_strdup (player != NULL ? player : ""));
  g_free (self->player);
  self->player = trimmed[0] != '\0' ? g_steal_pointer (&trimmed) : NULL;
  self->any_feeding = any_feeding;
  /* The widgets follow (a call from them changes nothing). */
  if (g_strcmp0 (gtk_editable_get_text (self->player_entry), player != NULL ? player : "") != 0)
    gtk_editable_set_text (self->player_entry, player != NULL ? player : "");
  gtk_check_button_set_active (self->feeding_check, any_feeding);
  start_query (self);
}

gboolean
dj_explorer_pane_get_busy (DjExplorerPane *self)
{
  g_return_val_if_fail (DJ_IS_EXPLORER_PANE (self), FALSE);
  return self->querying || self->valuing
         || (self->service != NULL && dj_library_service_get_updating (self->service));
}

GArray *
dj_explorer_pane_get_table (DjExplorerPane *self)
{
  g_return_val_if_fail (DJ_IS_EXPLORER_PANE (self), NULL);
  return self->shown ? self->table : NULL;
}

gboolean
dj_explorer_pane_has_values (DjExplorerPane *self)
{
  g_return_val_if_fail (DJ_IS_EXPLORER_PANE (self), FALSE);
  return self->shown && self->has_values;
}

guint
dj_explorer_pane_get_n_rows (DjExplorerPane *self)
{
  guint n = 0;

  g_return_val_if_fail (DJ_IS_EXPLORER_PANE (self), 0);
  for (GtkWidget *c = gtk_widget_get_first_child (GTK_WIDGET (self->list_box)); c != NULL;
       c = gtk_widget_get_next_sibling (c))
    n += GTK_IS_LIST_BOX_ROW (c);
  return n;
}

char *
dj_explorer_pane_describe_row (DjExplorerPane *self,
                               guint           index)
{
  g_return_val_if_fail (DJ_IS_EXPLORER_PANE (self), NULL);

  if (!self->shown || self->table == NULL || index >= self->table->len)
    return NULL;
  return describe (&g_array_index (self->table, DjExplorerMove, index), &self->pos,
                   self->has_values);
}

const char *
dj_explorer_pane_get_page (DjExplorerPane *self)
{
  g_return_val_if_fail (DJ_IS_EXPLORER_PANE (self), NULL);
  return gtk_stack_get_visible_child_name (self->stack);
}

void
dj_explorer_pane_activate_row (DjExplorerPane *self,
                               guint           index)
{
  g_return_if_fail (DJ_IS_EXPLORER_PANE (self));

  if (!self->shown || self->table == NULL || index >= self->table->len
      || self->game == NULL
      || !dj_position_equal (&self->pos, dj_node_get_position (dj_game_get_current (self->game))))
    return;
  g_signal_emit (self, signals[MOVE_ACTIVATED], 0,
                 (int) g_array_index (self->table, DjExplorerMove, index).move);
}

guint
dj_explorer_pane_get_n_hits (DjExplorerPane *self)
{
  g_return_val_if_fail (DJ_IS_EXPLORER_PANE (self), 0);
  return self->shown && self->hits != NULL ? self->hits->len : 0;
}

guint
dj_explorer_pane_get_hits_total (DjExplorerPane *self)
{
  g_return_val_if_fail (DJ_IS_EXPLORER_PANE (self), 0);
  return self->shown ? self->hits_total : 0;
}

const DjLibraryHit *
dj_explorer_pane_get_hit (DjExplorerPane *self,
                          guint           index)
{
  g_return_val_if_fail (DJ_IS_EXPLORER_PANE (self), NULL);
  return index < dj_explorer_pane_get_n_hits (self) ? self->hits->pdata[index] : NULL;
}

void
dj_explorer_pane_open_hit (DjExplorerPane *self,
                           guint           index)
{
  const DjLibraryHit *hit;

  g_return_if_fail (DJ_IS_EXPLORER_PANE (self));

  hit = dj_explorer_pane_get_hit (self, index);
  if (hit != NULL)
    g_signal_emit (self, signals[GAME_ACTIVATED], 0, hit->path, hit->game, hit->ply);
}

static void
on_hit_activated (DjExplorerPane *self,
                  GtkListBoxRow  *row)
{
  dj_explorer_pane_open_hit (self, (guint) gtk_list_box_row_get_index (row));
}

/* GObject */

static void
dj_explorer_pane_dispose (GObject *object)
{
  DjExplorerPane *self = DJ_EXPLORER_PANE (object);

  self->disposed = TRUE;
  if (self->values_cancellable != NULL)
    g_cancellable_cancel (self->values_cancellable);
  if (self->game_signals != NULL)
    g_signal_group_set_target (self->game_signals, NULL);
  g_clear_object (&self->game_signals);
  g_clear_pointer (&self->box, gtk_widget_unparent);
  g_clear_object (&self->game);

  G_OBJECT_CLASS (dj_explorer_pane_parent_class)->dispose (object);
}

static void
dj_explorer_pane_finalize (GObject *object)
{
  DjExplorerPane *self = DJ_EXPLORER_PANE (object);

  /* Workers hold a reference: by now they are done. */
  g_assert (!self->querying && !self->valuing);
  g_clear_pointer (&self->table, g_array_unref);
  g_clear_pointer (&self->search, dj_search_unref);
  g_clear_object (&self->library);
  g_clear_object (&self->values_cancellable);
  g_clear_object (&self->service);
  g_free (self->library_dir);
  g_free (self->player);
  g_free (self->shown_player);
  g_clear_pointer (&self->hits, g_ptr_array_unref);

  G_OBJECT_CLASS (dj_explorer_pane_parent_class)->finalize (object);
}

static void
dj_explorer_pane_get_property (GObject    *object,
                               guint       prop_id,
                               GValue     *value,
                               GParamSpec *pspec)
{
  DjExplorerPane *self = DJ_EXPLORER_PANE (object);

  switch (prop_id)
    {
    case PROP_GAME:
      g_value_set_object (value, self->game);
      break;
    case PROP_BUSY:
      g_value_set_boolean (value, dj_explorer_pane_get_busy (self));
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
dj_explorer_pane_set_property (GObject      *object,
                               guint         prop_id,
                               const GValue *value,
                               GParamSpec   *pspec)
{
  DjExplorerPane *self = DJ_EXPLORER_PANE (object);

  switch (prop_id)
    {
    case PROP_GAME:
      dj_explorer_pane_set_game (self, g_value_get_object (value));
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
dj_explorer_pane_class_init (DjExplorerPaneClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = dj_explorer_pane_dispose;
  object_class->finalize = dj_explorer_pane_finalize;
  object_class->get_property = dj_explorer_pane_get_property;
  object_class->set_property = dj_explorer_pane_set_property;

  properties[PROP_GAME] =
    g_param_spec_object ("game", NULL, NULL, DJ_TYPE_GAME,
                         G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  properties[PROP_BUSY] =
    g_param_spec_boolean ("busy", NULL, NULL, FALSE,
                          G_PARAM_READABLE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  g_object_class_install_properties (object_class, N_PROPS, properties);

  /* A row was activated: the window plays its move. */
  signals[MOVE_ACTIVATED] =
    g_signal_new ("move-activated", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST, 0,
                  NULL, NULL, NULL, G_TYPE_NONE, 1, G_TYPE_INT);
  /* A game of the position search was activated: the window opens it at
   * the position (the file's path, the game's number from 1, the ply). */
  signals[GAME_ACTIVATED] =
    g_signal_new ("game-activated", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST, 0,
                  NULL, NULL, NULL, G_TYPE_NONE, 3, G_TYPE_STRING, G_TYPE_UINT, G_TYPE_UINT);

  gtk_widget_class_set_layout_manager_type (widget_class, GTK_TYPE_BIN_LAYOUT);
  gtk_widget_class_set_css_name (widget_class, "explorerpane");
  gtk_widget_class_set_accessible_role (widget_class, GTK_ACCESSIBLE_ROLE_GROUP);
}

static GtkWidget *
make_page (DjExplorerPane *self,
           const char     *name,
           GtkWidget      *child)
{
  gtk_stack_add_named (self->stack, child, name);
  return child;
}

static GtkWidget *
wrapped_label (const char *text)
{
  GtkWidget *label = gtk_label_new (text);

  gtk_label_set_wrap (GTK_LABEL (label), TRUE);
  gtk_label_set_xalign (GTK_LABEL (label), 0);
  return label;
}

static void
dj_explorer_pane_init (DjExplorerPane *self)
{
  GtkWidget *header = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 8);
  GtkWidget *title = gtk_label_new (_("Opening Explorer"));
  GtkWidget *filters = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 8);
  GtkWidget *player_label = gtk_label_new_with_mnemonic (_("_Player:"));
  GtkWidget *scrolled = gtk_scrolled_window_new ();
  GtkWidget *empty = gtk_box_new (GTK_ORIENTATION_VERTICAL, 8);
  GtkWidget *add_box;

  self->box = gtk_box_new (GTK_ORIENTATION_VERTICAL, 6);
  gtk_widget_set_parent (self->box, GTK_WIDGET (self));
  gtk_widget_set_margin_start (self->box, 12);
  gtk_widget_set_margin_end (self->box, 12);
  gtk_widget_set_margin_top (self->box, 6);
  gtk_widget_set_margin_bottom (self->box, 6);

  gtk_widget_add_css_class (title, "heading");
  gtk_label_set_xalign (GTK_LABEL (title), 0);
  gtk_box_append (GTK_BOX (header), title);
  self->spinner = GTK_SPINNER (gtk_spinner_new ());
  gtk_widget_set_visible (GTK_WIDGET (self->spinner), FALSE);
  gtk_accessible_update_property (GTK_ACCESSIBLE (self->spinner),
                                  GTK_ACCESSIBLE_PROPERTY_LABEL, _("Working"), -1);
  gtk_box_append (GTK_BOX (header), GTK_WIDGET (self->spinner));
  gtk_box_append (GTK_BOX (self->box), header);

  /* Why the library was rebuilt, seen whatever the page. */
  self->notice_label = GTK_LABEL (wrapped_label (""));
  gtk_label_set_selectable (self->notice_label, TRUE);
  gtk_widget_add_css_class (GTK_WIDGET (self->notice_label), "warning");
  gtk_widget_set_visible (GTK_WIDGET (self->notice_label), FALSE);
  gtk_box_append (GTK_BOX (self->box), GTK_WIDGET (self->notice_label));

  /* Filters: a player's games, both feeding options. */
  self->player_entry = GTK_EDITABLE (gtk_search_entry_new ());
  gtk_widget_set_hexpand (GTK_WIDGET (self->player_entry), TRUE);
  g_object_set (self->player_entry, "placeholder-text", _("All players"), NULL);
  gtk_label_set_mnemonic_widget (GTK_LABEL (player_label), GTK_WIDGET (self->player_entry));
  gtk_accessible_update_property (GTK_ACCESSIBLE (self->player_entry),
                                  GTK_ACCESSIBLE_PROPERTY_LABEL,
                                  _("Only the Games of This Player"), -1);
  g_signal_connect_swapped (self->player_entry, "search-changed",
                            G_CALLBACK (on_filter_changed), self);
  self->feeding_check =
    GTK_CHECK_BUTTON (gtk_check_button_new_with_mnemonic (_("_Both feeding readings")));
  gtk_widget_set_tooltip_text (GTK_WIDGET (self->feeding_check),
                               _("Djenon-abe: count the games played under either reading of "
                                 "the feeding rule"));
  g_signal_connect_swapped (self->feeding_check, "toggled", G_CALLBACK (on_filter_changed), self);
  gtk_box_append (GTK_BOX (filters), player_label);
  gtk_box_append (GTK_BOX (filters), GTK_WIDGET (self->player_entry));
  gtk_box_append (GTK_BOX (filters), GTK_WIDGET (self->feeding_check));
  gtk_box_append (GTK_BOX (self->box), filters);

  self->stack = GTK_STACK (gtk_stack_new ());
  gtk_widget_set_vexpand (GTK_WIDGET (self->stack), TRUE);
  gtk_stack_set_vhomogeneous (self->stack, FALSE);
  make_page (self, "wait", wrapped_label (_("Reading the library…")));

  gtk_box_append (GTK_BOX (empty),
                  wrapped_label (_("The library has no folders yet. Add the folders where you "
                                   "keep your games: every game in them is indexed, and this "
                                   "pane lists the moves played from the position on the "
                                   "board. From a terminal: djenon-cli library add FOLDER.")));
  self->add_button = GTK_BUTTON (gtk_button_new_with_mnemonic (_("_Add a Folder…")));
  gtk_widget_set_halign (GTK_WIDGET (self->add_button), GTK_ALIGN_START);
  g_signal_connect_swapped (self->add_button, "clicked", G_CALLBACK (on_add_folder), self);
  add_box = GTK_WIDGET (self->add_button);
  gtk_box_append (GTK_BOX (empty), add_box);
  make_page (self, "empty", empty);

  self->error_label = GTK_LABEL (wrapped_label (""));
  gtk_label_set_selectable (self->error_label, TRUE);
  make_page (self, "error", GTK_WIDGET (self->error_label));

  self->list_box = GTK_LIST_BOX (gtk_list_box_new ());
  gtk_list_box_set_selection_mode (self->list_box, GTK_SELECTION_BROWSE);
  gtk_list_box_set_activate_on_single_click (self->list_box, TRUE);
  gtk_widget_add_css_class (GTK_WIDGET (self->list_box), "boxed-list");
  gtk_accessible_update_property (GTK_ACCESSIBLE (self->list_box),
                                  GTK_ACCESSIBLE_PROPERTY_LABEL,
                                  _("Moves Played from This Position"), -1);
  g_signal_connect_swapped (self->list_box, "row-activated", G_CALLBACK (on_row_activated), self);
  gtk_scrolled_window_set_policy (GTK_SCROLLED_WINDOW (scrolled), GTK_POLICY_NEVER,
                                  GTK_POLICY_AUTOMATIC);
  gtk_scrolled_window_set_min_content_height (GTK_SCROLLED_WINDOW (scrolled), 120);
  gtk_scrolled_window_set_child (GTK_SCROLLED_WINDOW (scrolled), GTK_WIDGET (self->list_box));
  {
    /* Column headings over the rows (assistive technology reads each
     * row's whole sentence instead). */
    GtkWidget *moves = gtk_box_new (GTK_ORIENTATION_VERTICAL, 2);
    GtkWidget *heads = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 10);
    /* Translators: column headings of the opening explorer; keep them short */
    GtkWidget *value = cell (_("Value"), 5, 1, "caption");

    gtk_widget_set_margin_start (heads, 13);
    gtk_widget_set_margin_end (heads, 13);
    gtk_box_append (GTK_BOX (heads), cell (_("Move"), 2, 0, "caption"));
    gtk_box_append (GTK_BOX (heads), cell (_("Games"), 5, 1, "caption"));
    gtk_box_append (GTK_BOX (heads), cell (_("Won / Drawn / Lost"), 12, 0.5, "caption"));
    gtk_box_append (GTK_BOX (heads), cell (_("Mean"), 5, 1, "caption"));
    gtk_box_append (GTK_BOX (heads), spacer ());
    gtk_box_append (GTK_BOX (heads), value);
    for (GtkWidget *c = gtk_widget_get_first_child (heads); c; c = gtk_widget_get_next_sibling (c))
      gtk_widget_add_css_class (c, "dim-label");
    gtk_accessible_update_state (GTK_ACCESSIBLE (heads), GTK_ACCESSIBLE_STATE_HIDDEN, TRUE, -1);
    gtk_widget_set_vexpand (scrolled, TRUE);
    gtk_box_append (GTK_BOX (moves), heads);
    gtk_box_append (GTK_BOX (moves), scrolled);
    make_page (self, "moves", moves);
  }
  gtk_stack_set_visible_child_name (self->stack, "wait");
  gtk_box_append (GTK_BOX (self->box), GTK_WIDGET (self->stack));

  {
    GtkWidget *hits_scrolled = gtk_scrolled_window_new ();

    self->hits_box = GTK_LIST_BOX (gtk_list_box_new ());
    gtk_list_box_set_activate_on_single_click (self->hits_box, FALSE);
    gtk_widget_add_css_class (GTK_WIDGET (self->hits_box), "boxed-list");
    gtk_accessible_update_property (GTK_ACCESSIBLE (self->hits_box),
                                    GTK_ACCESSIBLE_PROPERTY_LABEL,
                                    _("Games Reaching This Position"), -1);
    g_signal_connect_swapped (self->hits_box, "row-activated", G_CALLBACK (on_hit_activated),
                              self);
    gtk_scrolled_window_set_policy (GTK_SCROLLED_WINDOW (hits_scrolled), GTK_POLICY_NEVER,
                                    GTK_POLICY_AUTOMATIC);
    gtk_scrolled_window_set_max_content_height (GTK_SCROLLED_WINDOW (hits_scrolled), 180);
    gtk_scrolled_window_set_propagate_natural_height (GTK_SCROLLED_WINDOW (hits_scrolled), TRUE);
    gtk_scrolled_window_set_child (GTK_SCROLLED_WINDOW (hits_scrolled),
                                   GTK_WIDGET (self->hits_box));
    self->hits_expander = GTK_EXPANDER (gtk_expander_new (NULL));
    gtk_expander_set_child (self->hits_expander, hits_scrolled);
    gtk_widget_set_tooltip_text (GTK_WIDGET (self->hits_expander),
                                 _("Double-click or Enter on a game opens it at this position"));
    gtk_widget_set_visible (GTK_WIDGET (self->hits_expander), FALSE);
    gtk_box_append (GTK_BOX (self->box), GTK_WIDGET (self->hits_expander));
  }

  self->status_label = GTK_LABEL (wrapped_label (""));
  gtk_widget_add_css_class (GTK_WIDGET (self->status_label), "caption");
  gtk_widget_add_css_class (GTK_WIDGET (self->status_label), "dim-label");
  gtk_box_append (GTK_BOX (self->box), GTK_WIDGET (self->status_label));

  self->game_signals = g_signal_group_new (DJ_TYPE_GAME);
  g_signal_group_connect_swapped (self->game_signals, "current-changed",
                                  G_CALLBACK (on_current_changed), self);
  g_signal_connect (self, "notify::visible", G_CALLBACK (on_visible_changed), NULL);
}
