/* dj-analysis-panel.c: perfect-play values and best lines of the current position
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <glib/gi18n.h>

#include "dj-analysis-panel.h"
#include "dj-bidi.h"
#include "dj-move-label.h"
#include "dj-search-tables.h"
#include "dj-tables-builder.h"

/* Moves of a best line shown in a row; the tooltip has them all. */
#define ROW_LINE_MOVES    24

struct _DjAnalysisPanel
{
  GtkWidget     parent_instance;

  /* template */
  GtkWidget    *box;
  GtkSpinner   *spinner;
  GtkLabel     *summary_label;
  GtkStack     *stack;
  GtkLabel     *over_label;
  GtkListBox   *list_box;
  GtkLabel     *status_label;
  GtkLabel     *data_note_label;
  GtkWidget    *tables_box;
  GtkLabel     *tables_label;
  GtkProgressBar *tables_progress;

  DjTablesBuilder *tables;     /* the process's: deeper endgame tables */
  GSignalGroup *tables_signals;

  DjGame       *game;
  GSignalGroup *game_signals;   /* the game's signals while it is shown */
  DjBoard      *board;
  gint64        budget_ms;

  DjSearch     *search;      /* given by the window (shared), or our own */
  GCancellable *cancellable;
  /* A search runs in the worker (which holds a reference to @search). */
  gboolean      running;
  gboolean      disposed;

  DjAnalysis   *analysis;   /* shown, of the current node's position */
  guint         ply;        /* of that node: the lines' move numbers follow from it */

  /* Stepping quickly (an arrow key held): the positions passed are
   * skipped, never queued; the search starts once the steps pause. */
  gint64        last_step_us;   /* monotonic time of the last change of node */
  guint         settle_id;      /* the pause being waited for, or 0 */
  guint         n_started;      /* searches started, for tests */
};

/* Two changes of the current node closer than this are quick stepping: the
 * search waits until the node has stayed this long.  Longer than the key
 * repeat interval (typically 33 ms), short enough not to be noticed. */
#define SETTLE_MS 100

enum {
  PROP_0,
  PROP_GAME,
  PROP_BOARD,
  PROP_BUSY,
  N_PROPS
};

static GParamSpec *properties[N_PROPS];

G_DEFINE_FINAL_TYPE (DjAnalysisPanel, dj_analysis_panel, GTK_TYPE_WIDGET)

static void start_search (DjAnalysisPanel *self);

/* Texts */

char *
dj_analysis_format_value (int value)
{
  if (value > 0)
    return g_strdup_printf ("+%d", value);
  if (value < 0)
    /* U+2212 MINUS SIGN */
    return g_strdup_printf ("\xe2\x88\x92%d", -value);
  return g_strdup ("0");
}

char *
dj_analysis_format_move_value (const DjMoveValue *mv,
                               const DjPosition  *pos)
{
  g_autofree char *lower = NULL;
  g_autofree char *upper = NULL;
  gboolean has_lower, has_upper;
  int least = -DJ_N_SEEDS, most = DJ_N_SEEDS;

  g_return_val_if_fail (mv != NULL, NULL);

  if (mv->exact)
    return dj_analysis_format_value (mv->value);

  /* A bound of every seed left on the board going one way says nothing. */
  if (pos != NULL)
    {
      DjSide mover = pos->to_move;
      int on_board = DJ_N_SEEDS - pos->captured[DJ_SOUTH] - pos->captured[DJ_NORTH];
      int taken = pos->captured[mover] - pos->captured[DJ_OTHER_SIDE (mover)];

      least = taken - on_board;
      most = taken + on_board;
    }
  has_lower = mv->lower > least;
  has_upper = mv->upper < most;
  lower = dj_analysis_format_value (mv->lower);
  upper = dj_analysis_format_value (mv->upper);
  if (has_lower && has_upper)
    /* Translators: a value known to lie between two bounds, e.g. "+1 … +5" */
    return g_strdup_printf (_("%s … %s"), lower, upper);
  if (has_lower)
    /* Translators: a value known to be at least this, e.g. "≥ +2" */
    return g_strdup_printf (_("≥ %s"), lower);
  if (has_upper)
    /* Translators: a value known to be at most this, e.g. "≤ −1" */
    return g_strdup_printf (_("≤ %s"), upper);
  {
    g_autofree char *estimate = dj_analysis_format_value (mv->estimate);

    /* Translators: only an estimate is known, e.g. "≈ +3" */
    return g_strdup_printf (_("≈ %s"), estimate);
  }
}

/* A best line with move numbers as the notation writes them ("12. c A
 * 13. d", "12... A 13. d"), @ply being the ply of the position it starts
 * from and @mover its side to move.  Shown in the panel (@isolate), each
 * numbered move is a left-to-right run (a translated "pass" too), and so is
 * the whole line. */
static char *
format_line (const DjMove *line,
             guint         len,
             guint         max_moves,
             guint         ply,
             DjSide        mover,
             gboolean      isolate)
{
  GString *text = g_string_new (NULL);
  guint n = max_moves > 0 ? MIN (len, max_moves) : len;
  /* As dj_node_get_move_number(): which side began follows from a move's
   * ply and mover, and numbers go up before each of South's moves. */
  guint north_first = ((ply + 1) % 2 == 1) == (mover == DJ_NORTH);

  /* Moves are read left to right in every language, a line of them too:
   * "1. b B 2. b A", never "A b .2 B b .1", in an Urdu sentence. */
  if (isolate)
    g_string_append (text, DJ_LRI);
  for (guint i = 0; i < n; i++)
    {
      guint move_ply = ply + 1 + i;
      guint number = (move_ply - 1 + north_first) / 2 + 1;

      if (i > 0)
        g_string_append_c (text, ' ');
      if (isolate)
        g_string_append (text, DJ_LRI);
      if (mover == DJ_SOUTH)
        g_string_append_printf (text, "%u. ", number);
      else if (i == 0)
        g_string_append_printf (text, "%u... ", number);
      g_string_append (text, dj_move_label (line[i]));
      if (isolate)
        g_string_append (text, DJ_PDI);
      mover = 1 - mover;
    }
  if (n < len)
    g_string_append (text, " …");
  if (isolate)
    g_string_append (text, DJ_PDI);
  return g_string_free (text, FALSE);
}

char *
dj_analysis_format_numbered_line (const DjMove *line,
                                  guint         len,
                                  guint         max_moves,
                                  guint         ply,
                                  DjSide        mover)
{
  return format_line (line, len, max_moves, ply, mover, FALSE);
}

/* A value, or what is known of a move's value, as a left-to-right run in a
 * sentence: "−22", not "22−", in Urdu. */
static char *
bidi_value (int value)
{
  g_autofree char *text = dj_analysis_format_value (value);

  return dj_bidi_ltr (text);
}

static char *
bidi_move_value (const DjMoveValue *mv,
                 const DjPosition  *pos)
{
  g_autofree char *text = dj_analysis_format_move_value (mv, pos);

  return dj_bidi_ltr (text);
}

static const char *
side_name (DjSide side)
{
  return side == DJ_SOUTH ? _("South") : _("North");
}

static char *
describe_kind (const DjMoveValue *mv)
{
  g_autofree char *estimate = NULL;

  if (mv->exact)
    return g_strdup (_("exact"));
  estimate = bidi_value (mv->estimate);
  /* Translators: a heuristic estimate, not a proven value, e.g. "estimate +3" */
  return g_strdup_printf (_("estimate %s"), estimate);
}

static char *
describe_value_tooltip (const DjMoveValue *mv,
                        const DjPosition  *pos)
{
  DjSide mover = pos->to_move;
  g_autofree char *value = NULL;
  g_autofree char *estimate = NULL;
  g_autofree char *bounds = NULL;

  if (mv->exact)
    {
      value = bidi_value (mv->value);
      /* Translators: %s is a side, then a value such as "+4" */
      return g_strdup_printf (_("Exact: with perfect play by both sides after this move, "
                                "%s ends %s seeds against the opponent."),
                              side_name (mover), value);
    }
  bounds = bidi_move_value (mv, pos);
  estimate = bidi_value (mv->estimate);
  /* Translators: the first %s is a range such as "≥ +2", the second a side,
   * the third an estimate such as "+3" */
  return g_strdup_printf (_("Not proven exactly in the time allowed. The search proved %s "
                            "for %s (final seeds minus the opponent’s, with perfect play); "
                            "%s is only an estimate within those bounds."),
                          bounds, side_name (mover), estimate);
}

static char *
describe_move (const DjMoveValue *mv,
               const DjPosition  *pos,
               guint              ply)
{
  g_autofree char *value = dj_analysis_format_move_value (mv, pos);
  g_autofree char *kind = describe_kind (mv);
  g_autofree char *line = dj_analysis_format_numbered_line (mv->line, mv->line_len, 0, ply,
                                                            pos->to_move);

  /* Translators: a move, its value, "exact" or an estimate, and its best line,
   * e.g. "c: +4, exact; best line 1. c B 2. d A" */
  return g_strdup_printf (_("%s: %s, %s; best line %s"),
                          dj_move_label (mv->move), value, kind, line);
}

/* Showing a result */

static void
set_best_move (DjAnalysisPanel *self,
               DjMove           move)
{
  if (self->board != NULL)
    dj_board_set_best_move (self->board, move == DJ_PASS ? DJ_NO_MOVE : move);
}

static void
clear_rows (DjAnalysisPanel *self)
{
  GtkWidget *child;

  while ((child = gtk_widget_get_first_child (GTK_WIDGET (self->list_box))) != NULL)
    gtk_list_box_remove (self->list_box, child);
}

static GtkWidget *
make_row (DjAnalysisPanel   *self,
          const DjMoveValue *mv,
          guint              index,
          const DjPosition  *pos,
          gboolean           best)
{
  GtkWidget *row = gtk_list_box_row_new ();
  GtkWidget *box = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 10);
  GtkWidget *move_label = gtk_label_new (dj_move_label (mv->move));
  /* "−10", not "10−", in a right-to-left interface. */
  g_autofree char *value_text = bidi_move_value (mv, pos);
  GtkWidget *value_label = gtk_label_new (value_text);
  g_autofree char *kind_text = describe_kind (mv);
  GtkWidget *kind_label = gtk_label_new (kind_text);
  g_autofree char *line_text = format_line (mv->line, mv->line_len, ROW_LINE_MOVES, self->ply,
                                            pos->to_move, TRUE);
  g_autofree char *full_line = format_line (mv->line, mv->line_len, 0, self->ply,
                                            pos->to_move, TRUE);
  GtkWidget *line_label = gtk_label_new (line_text);
  g_autofree char *value_tooltip = describe_value_tooltip (mv, pos);
  g_autofree char *line_tooltip = NULL;
  g_autofree char *description = describe_move (mv, pos, self->ply);
  g_autofree char *button_label = NULL;
  GtkWidget *button = gtk_button_new_from_icon_name ("list-add-symbolic");

  gtk_list_box_row_set_activatable (GTK_LIST_BOX_ROW (row), FALSE);
  gtk_widget_set_margin_top (box, 3);
  gtk_widget_set_margin_bottom (box, 3);
  gtk_widget_set_margin_start (box, 12);
  gtk_widget_set_margin_end (box, 6);

  /* One line: move, value, exact or estimate, best line, Add as Variation. */
  gtk_label_set_width_chars (GTK_LABEL (move_label), 2);
  gtk_label_set_xalign (GTK_LABEL (move_label), 0);
  gtk_widget_add_css_class (move_label, "heading");
  /* "+6" stays "+6" in a right-to-left interface. */
  gtk_widget_set_direction (value_label, GTK_TEXT_DIR_LTR);
  gtk_label_set_width_chars (GTK_LABEL (value_label), 5);
  gtk_label_set_xalign (GTK_LABEL (value_label), 1);
  gtk_widget_add_css_class (value_label, "numeric");
  gtk_widget_add_css_class (value_label, "heading");
  gtk_widget_set_tooltip_text (value_label, value_tooltip);
  gtk_label_set_width_chars (GTK_LABEL (kind_label), 5);
  gtk_label_set_xalign (GTK_LABEL (kind_label), 0);
  gtk_widget_set_tooltip_text (kind_label, value_tooltip);
  gtk_widget_add_css_class (kind_label, "caption");
  if (mv->exact)
    gtk_widget_add_css_class (kind_label, "exact");
  else
    gtk_widget_add_css_class (kind_label, "dim-label");
  if (best)
    {
      gtk_widget_add_css_class (move_label, "accent");
      gtk_widget_add_css_class (value_label, "accent");
      gtk_widget_add_css_class (row, "best");
    }

  gtk_label_set_xalign (GTK_LABEL (line_label), 0);
  gtk_label_set_ellipsize (GTK_LABEL (line_label), PANGO_ELLIPSIZE_END);
  gtk_widget_set_hexpand (line_label, TRUE);
  gtk_widget_add_css_class (line_label, "dim-label");
  /* Translators: tooltip of a move's best line, with every move of it */
  line_tooltip = g_strdup_printf (_("Best line: %s"), full_line);
  gtk_widget_set_tooltip_text (line_label, line_tooltip);

  gtk_widget_set_valign (button, GTK_ALIGN_CENTER);
  gtk_widget_add_css_class (button, "flat");
  gtk_widget_set_tooltip_text (button, _("Add as Variation"));
  /* Translators: accessible name of the button that adds a move's best line, e.g. "Add c as a Variation" */
  button_label = g_strdup_printf (_("Add %s as a Variation"), dj_move_label (mv->move));
  gtk_accessible_update_property (GTK_ACCESSIBLE (button),
                                  GTK_ACCESSIBLE_PROPERTY_LABEL, button_label, -1);
  gtk_actionable_set_action_name (GTK_ACTIONABLE (button), "analysis.add-variation");
  gtk_actionable_set_action_target (GTK_ACTIONABLE (button), "i", (gint32) index);

  gtk_box_append (GTK_BOX (box), move_label);
  gtk_box_append (GTK_BOX (box), value_label);
  gtk_box_append (GTK_BOX (box), kind_label);
  gtk_box_append (GTK_BOX (box), line_label);
  gtk_box_append (GTK_BOX (box), button);
  gtk_list_box_row_set_child (GTK_LIST_BOX_ROW (row), box);

  gtk_accessible_update_property (GTK_ACCESSIBLE (row),
                                  GTK_ACCESSIBLE_PROPERTY_LABEL, description, -1);
  return row;
}

static char *
describe_summary (const DjAnalysis *a)
{
  DjSide mover = a->position.to_move;
  g_autofree char *bounds = NULL;
  g_autofree char *value = NULL;
  DjMoveValue whole = { 0 };

  whole.value = a->value;
  whole.lower = a->lower;
  whole.upper = a->upper;
  whole.exact = a->lower == a->upper;
  whole.estimate = a->value;
  bounds = dj_analysis_format_move_value (&whole, &a->position);
  /* Isolated, so that a right-to-left sentence keeps the sign before the number. */
  value = dj_bidi_ltr (bounds);

  if (whole.exact)
    /* Translators: the side to move and the position's exact value, e.g.
     * "South to move: +4 with perfect play" */
    return g_strdup_printf (mover == DJ_SOUTH ? _("South to move: %s with perfect play")
                                              : _("North to move: %s with perfect play"),
                            value);
  /* Translators: the side to move and the bounds proven for the position */
  return g_strdup_printf (mover == DJ_SOUTH ? _("South to move: %s (not proven exactly)")
                                            : _("North to move: %s (not proven exactly)"),
                          value);
}

static char *
describe_status (const DjAnalysis *a)
{
  double seconds = a->time_us / 1e6;
  g_autofree char *nodes = g_strdup_printf ("%'" G_GUINT64_FORMAT, a->nodes);
  g_autofree char *status = NULL;

  if (a->exact)
    /* Translators: after an exact analysis: positions searched and seconds */
    status = g_strdup_printf (_("Exact values (seeds ahead at the end, for the side to move). "
                                "%s positions in %.1f s."), nodes, seconds);
  else
    /* Translators: the time budget ran out: positions searched and seconds */
    status = g_strdup_printf (_("The time limit you set ran out after %.1f s: some values are "
                                "only bounds or estimates, not exact. %s positions searched."),
                              seconds, nodes);
  if (dj_tables_get (&a->rules) == NULL)
    {
      g_autofree char *path = dj_tables_path (&a->rules);

      /* Translators: appended to the analysis' status; %s is the endgame tables' file */
      return g_strdup_printf (_("%s No endgame tables were found at %s: positions with few "
                                "seeds are searched instead of looked up, which is slower."),
                              status, path);
    }
  return g_steal_pointer (&status);
}

static void
show_analysis (DjAnalysisPanel *self,
               DjAnalysis      *analysis)
{
  g_autofree char *summary = NULL;
  g_autofree char *status = NULL;

  g_clear_pointer (&self->analysis, dj_analysis_free);
  self->analysis = analysis;
  /* Shown only while it is the current node's analysis (see on_analysed). */
  self->ply = self->game != NULL ? dj_node_get_ply (dj_game_get_current (self->game)) : 0;
  clear_rows (self);

  if (analysis->end != DJ_END_NONE || analysis->n_moves == 0)
    {
      DjSide mover = analysis->position.to_move;
      int v = analysis->value;
      g_autofree char *text = NULL;

      if (v == 0)
        text = g_strdup (_("The game is over: a draw."));
      else if (v > 0)
        text = g_strdup_printf (mover == DJ_SOUTH
                                /* Translators: the final difference of a finished game */
                                ? ngettext ("The game is over: South finishes %d seed ahead.",
                                            "The game is over: South finishes %d seeds ahead.", v)
                                : ngettext ("The game is over: North finishes %d seed ahead.",
                                            "The game is over: North finishes %d seeds ahead.", v),
                                v);
      else
        text = g_strdup_printf (mover == DJ_SOUTH
                                ? ngettext ("The game is over: South finishes %d seed behind.",
                                            "The game is over: South finishes %d seeds behind.", -v)
                                : ngettext ("The game is over: North finishes %d seed behind.",
                                            "The game is over: North finishes %d seeds behind.", -v),
                                -v);
      gtk_label_set_label (self->over_label, text);
      gtk_label_set_label (self->summary_label, "");
      gtk_label_set_label (self->status_label, "");
      gtk_stack_set_visible_child_name (self->stack, "over");
      set_best_move (self, DJ_NO_MOVE);
      return;
    }

  for (guint i = 0; i < analysis->n_moves; i++)
    {
      const DjMoveValue *mv = &analysis->moves[i];
      gboolean best = mv->exact && analysis->moves[0].exact && mv->value == analysis->moves[0].value;

      if (i == 0)
        best = TRUE;
      gtk_list_box_append (self->list_box,
                           make_row (self, mv, i, &analysis->position, best));
    }

  summary = describe_summary (analysis);
  status = describe_status (analysis);
  gtk_label_set_label (self->summary_label, summary);
  gtk_label_set_label (self->status_label, status);
  gtk_stack_set_visible_child_name (self->stack, "moves");
  set_best_move (self, analysis->moves[0].move);
}

static void
show_nothing (DjAnalysisPanel *self,
              const char      *page)
{
  g_clear_pointer (&self->analysis, dj_analysis_free);
  clear_rows (self);
  gtk_label_set_label (self->summary_label, "");
  gtk_label_set_label (self->status_label, "");
  gtk_stack_set_visible_child_name (self->stack, page);
  set_best_move (self, DJ_NO_MOVE);
}

static void
set_running (DjAnalysisPanel *self,
             gboolean         running)
{
  if (self->running == running)
    return;
  self->running = running;
  if (!self->disposed)
    {
      gtk_spinner_set_spinning (self->spinner, running);
      gtk_widget_set_visible (GTK_WIDGET (self->spinner), running);
      g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_BUSY]);
    }
}

/* Searching */

static gboolean
is_active (DjAnalysisPanel *self)
{
  return !self->disposed && self->game != NULL && gtk_widget_get_visible (GTK_WIDGET (self));
}

/* A data file of these rules refused (a damaged opening book or endgame
 * tables): the analysis stays exact, only slower, and the user is told.
 * Asked after a search, which has loaded the data by then. */
static void
update_data_note (DjAnalysisPanel *self)
{
  g_autofree char *details = NULL;
  g_autofree char *note = dj_search_data_warning (dj_game_get_rules (self->game), &details);

  gtk_label_set_label (self->data_note_label, note != NULL ? note : "");
  gtk_widget_set_tooltip_text (GTK_WIDGET (self->data_note_label), details);
  gtk_widget_set_visible (GTK_WIDGET (self->data_note_label), note != NULL);
}

/* The deeper endgame tables being made, or why they were not. */
static void
update_tables_note (DjAnalysisPanel *self)
{
  const char *message = dj_tables_builder_get_message (self->tables);
  gboolean building = dj_tables_builder_get_building (self->tables);
  gboolean failed = dj_tables_builder_get_failed (self->tables);

  gtk_widget_set_visible (self->tables_box, message != NULL);
  gtk_label_set_label (self->tables_label, message != NULL ? message : "");
  gtk_widget_set_visible (GTK_WIDGET (self->tables_progress), building);
  gtk_progress_bar_set_fraction (self->tables_progress,
                                 dj_tables_builder_get_fraction (self->tables));
  if (failed)
    gtk_widget_add_css_class (GTK_WIDGET (self->tables_label), "warning");
  else
    gtk_widget_remove_css_class (GTK_WIDGET (self->tables_label), "warning");
}

const char *
dj_analysis_panel_get_tables_note (DjAnalysisPanel *self)
{
  g_return_val_if_fail (DJ_IS_ANALYSIS_PANEL (self), NULL);

  if (!gtk_widget_get_visible (self->tables_box))
    return NULL;
  return gtk_label_get_label (self->tables_label);
}

const char *
dj_analysis_panel_get_data_note (DjAnalysisPanel *self)
{
  g_return_val_if_fail (DJ_IS_ANALYSIS_PANEL (self), NULL);

  if (!gtk_widget_get_visible (GTK_WIDGET (self->data_note_label)))
    return NULL;
  return gtk_label_get_label (self->data_note_label);
}

static void
on_analysed (GObject      *source,
             GAsyncResult *result,
             gpointer      data)
{
  g_autoptr(DjAnalysisPanel) self = data;
  g_autoptr(GError) error = NULL;
  g_autoptr(DjAnalysis) analysis = NULL;
  const DjPosition *pos;

  analysis = dj_search_analyse_finish (NULL, result, &error);
  g_clear_object (&self->cancellable);
  set_running (self, FALSE);

  if (!is_active (self))
    return;

  update_data_note (self);
  /* The tables are loaded by now: deeper ones, if they are worth making,
   * are made in the background for the searches after this one. */
  if (analysis != NULL)
    dj_tables_builder_want (self->tables, dj_game_get_rules (self->game));
  pos = dj_node_get_position (dj_game_get_current (self->game));
  if (analysis != NULL && !analysis->cancelled && dj_position_equal (&analysis->position, pos))
    {
      show_analysis (self, g_steal_pointer (&analysis));
      return;
    }
  if (analysis == NULL && !g_error_matches (error, G_IO_ERROR, G_IO_ERROR_CANCELLED))
    {
      show_nothing (self, "over");
      gtk_label_set_label (self->over_label, error != NULL ? error->message : "");
      return;
    }
  /* Cancelled, or the current node moved on meanwhile: analyse where it is
   * now, unless the steps go on (the pause starts it then). */
  if (self->settle_id == 0)
    start_search (self);
}

static void
start_search (DjAnalysisPanel *self)
{
  const DjPosition *pos;
  DjSearchLimits limits = { 0 };

  if (self->running)
    {
      /* The worker reports soon; on_analysed starts again from the current node. */
      g_cancellable_cancel (self->cancellable);
      return;
    }
  if (!is_active (self))
    return;

  pos = dj_node_get_position (dj_game_get_current (self->game));
  if (self->analysis != NULL && dj_position_equal (&self->analysis->position, pos))
    {
      /* The same position at another move: the lines' numbers change. */
      if (self->ply != dj_node_get_ply (dj_game_get_current (self->game)))
        show_analysis (self, g_steal_pointer (&self->analysis));
      set_best_move (self, self->analysis->n_moves > 0 ? self->analysis->moves[0].move
                                                       : DJ_NO_MOVE);
      return;
    }

  show_nothing (self, "searching");
  self->cancellable = g_cancellable_new ();
  limits.time_ms = self->budget_ms;
  self->n_started++;
  set_running (self, TRUE);
  dj_search_analyse_async (dj_analysis_panel_get_search (self), dj_game_get_rules (self->game),
                           pos, &limits,
                           self->cancellable, on_analysed, g_object_ref (self));
}

static void
stop_search (DjAnalysisPanel *self)
{
  g_clear_handle_id (&self->settle_id, g_source_remove);
  if (self->cancellable != NULL)
    g_cancellable_cancel (self->cancellable);
}

static gboolean
on_settled (gpointer data)
{
  DjAnalysisPanel *self = data;

  self->settle_id = 0;
  start_search (self);
  return G_SOURCE_REMOVE;
}

static void
on_current_changed (DjAnalysisPanel *self,
                    DjNode          *node,
                    DjGame          *game)
{
  gint64 now = g_get_monotonic_time ();
  gboolean quick = self->settle_id != 0 || now - self->last_step_us < SETTLE_MS * 1000;

  self->last_step_us = now;
  if (!quick)
    {
      /* A single step: at once. */
      start_search (self);
      return;
    }
  /* Quick steps: the search of a position already left is stopped, what
   * is shown is cleared, and nothing starts until the steps pause. */
  if (self->cancellable != NULL)
    g_cancellable_cancel (self->cancellable);
  if (self->analysis != NULL &&
      !dj_position_equal (&self->analysis->position, dj_node_get_position (node)))
    show_nothing (self, "searching");
  g_clear_handle_id (&self->settle_id, g_source_remove);
  self->settle_id = g_timeout_add (SETTLE_MS, on_settled, self);
}

static void
on_visible_changed (DjAnalysisPanel *self,
                    GParamSpec      *pspec,
                    gpointer         data)
{
  if (gtk_widget_get_visible (GTK_WIDGET (self)))
    start_search (self);
  else
    {
      stop_search (self);
      /* Nothing is kept while hidden: showing again analyses afresh. */
      show_nothing (self, "searching");
    }
}

/* Adding a line */

DjNode *
dj_analysis_panel_add_variation (DjAnalysisPanel *self,
                                 guint            index)
{
  const DjMoveValue *mv;
  DjNode *node, *first = NULL;

  g_return_val_if_fail (DJ_IS_ANALYSIS_PANEL (self), NULL);

  if (self->game == NULL || self->analysis == NULL || index >= self->analysis->n_moves)
    return NULL;
  node = dj_game_get_current (self->game);
  if (!dj_position_equal (&self->analysis->position, dj_node_get_position (node)))
    return NULL;

  mv = &self->analysis->moves[index];
  dj_game_begin_action (self->game, _("Add Variation"));
  for (guint i = 0; i < mv->line_len; i++)
    {
      g_autoptr(GError) error = NULL;
      DjNode *child = dj_game_play (self->game, node, mv->line[i], &error);

      if (child == NULL)
        {
          /* The solver's line is legal by construction; stop rather than guess. */
          g_warning ("Best line move %s refused: %s", dj_move_to_string (mv->line[i]),
                     error->message);
          break;
        }
      if (first == NULL)
        first = child;
      node = child;
    }
  dj_game_end_action (self->game);
  return first;
}

static void
add_variation_action (GtkWidget  *widget,
                      const char *action_name,
                      GVariant   *parameter)
{
  DjAnalysisPanel *self = DJ_ANALYSIS_PANEL (widget);
  int index = g_variant_get_int32 (parameter);

  if (index >= 0)
    dj_analysis_panel_add_variation (self, (guint) index);
}

/* Public API */

GtkWidget *
dj_analysis_panel_new (void)
{
  return g_object_new (DJ_TYPE_ANALYSIS_PANEL, NULL);
}

DjGame *
dj_analysis_panel_get_game (DjAnalysisPanel *self)
{
  g_return_val_if_fail (DJ_IS_ANALYSIS_PANEL (self), NULL);
  return self->game;
}

void
dj_analysis_panel_set_game (DjAnalysisPanel *self,
                            DjGame          *game)
{
  g_return_if_fail (DJ_IS_ANALYSIS_PANEL (self));
  g_return_if_fail (game == NULL || DJ_IS_GAME (game));

  if (self->game == game)
    return;
  g_set_object (&self->game, game);
  g_signal_group_set_target (self->game_signals, game);

  g_clear_pointer (&self->analysis, dj_analysis_free);
  /* Another game: no pause of the old one's steps to wait for. */
  g_clear_handle_id (&self->settle_id, g_source_remove);
  if (game == NULL)
    {
      stop_search (self);
      show_nothing (self, "empty");
    }
  else
    start_search (self);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_GAME]);
}

DjBoard *
dj_analysis_panel_get_board (DjAnalysisPanel *self)
{
  g_return_val_if_fail (DJ_IS_ANALYSIS_PANEL (self), NULL);
  return self->board;
}

void
dj_analysis_panel_set_board (DjAnalysisPanel *self,
                             DjBoard         *board)
{
  g_return_if_fail (DJ_IS_ANALYSIS_PANEL (self));
  g_return_if_fail (board == NULL || DJ_IS_BOARD (board));

  if (self->board == board)
    return;
  if (self->board != NULL)
    dj_board_set_best_move (self->board, DJ_NO_MOVE);
  g_set_object (&self->board, board);
  if (self->analysis != NULL && self->analysis->n_moves > 0 && is_active (self))
    set_best_move (self, self->analysis->moves[0].move);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_BOARD]);
}

void
dj_analysis_panel_set_time_budget (DjAnalysisPanel *self,
                                   gint64           time_ms)
{
  g_return_if_fail (DJ_IS_ANALYSIS_PANEL (self));
  g_return_if_fail (time_ms >= 0);

  self->budget_ms = time_ms;
}

guint
dj_analysis_panel_get_n_searches (DjAnalysisPanel *self)
{
  g_return_val_if_fail (DJ_IS_ANALYSIS_PANEL (self), 0);

  return self->n_started;
}

gboolean
dj_analysis_panel_get_busy (DjAnalysisPanel *self)
{
  g_return_val_if_fail (DJ_IS_ANALYSIS_PANEL (self), FALSE);
  return self->running;
}

const DjAnalysis *
dj_analysis_panel_get_analysis (DjAnalysisPanel *self)
{
  g_return_val_if_fail (DJ_IS_ANALYSIS_PANEL (self), NULL);
  return self->analysis;
}

char *
dj_analysis_panel_describe_row (DjAnalysisPanel *self,
                                guint            index)
{
  g_return_val_if_fail (DJ_IS_ANALYSIS_PANEL (self), NULL);

  if (self->analysis == NULL || index >= self->analysis->n_moves
      || self->analysis->end != DJ_END_NONE)
    return NULL;
  return describe_move (&self->analysis->moves[index], &self->analysis->position, self->ply);
}

DjSearch *
dj_analysis_panel_get_search (DjAnalysisPanel *self)
{
  g_return_val_if_fail (DJ_IS_ANALYSIS_PANEL (self), NULL);

  /* A panel nobody gave a search to (alone, as in tests) makes its own. */
  if (self->search == NULL)
    self->search = dj_search_new (0);
  return self->search;
}

void
dj_analysis_panel_set_search (DjAnalysisPanel *self,
                              DjSearch        *search)
{
  g_return_if_fail (DJ_IS_ANALYSIS_PANEL (self));

  /* A running analysis keeps the old search alive until it reports. */
  dj_search_set (&self->search, search);
}

/* GObject */

static void
dj_analysis_panel_dispose (GObject *object)
{
  DjAnalysisPanel *self = DJ_ANALYSIS_PANEL (object);

  self->disposed = TRUE;
  stop_search (self);
  if (self->board != NULL)
    dj_board_set_best_move (self->board, DJ_NO_MOVE);
  if (self->game_signals != NULL)
    g_signal_group_set_target (self->game_signals, NULL);
  g_clear_object (&self->game_signals);
  if (self->tables_signals != NULL)
    g_signal_group_set_target (self->tables_signals, NULL);
  g_clear_object (&self->tables_signals);
  gtk_widget_dispose_template (GTK_WIDGET (self), DJ_TYPE_ANALYSIS_PANEL);
  g_clear_object (&self->game);
  g_clear_object (&self->board);

  G_OBJECT_CLASS (dj_analysis_panel_parent_class)->dispose (object);
}

static void
dj_analysis_panel_finalize (GObject *object)
{
  DjAnalysisPanel *self = DJ_ANALYSIS_PANEL (object);

  /* A running search holds a reference: by now the worker is done with it. */
  g_assert (!self->running);
  g_clear_pointer (&self->analysis, dj_analysis_free);
  g_clear_pointer (&self->search, dj_search_unref);
  g_clear_object (&self->cancellable);

  G_OBJECT_CLASS (dj_analysis_panel_parent_class)->finalize (object);
}

static void
dj_analysis_panel_get_property (GObject    *object,
                                guint       prop_id,
                                GValue     *value,
                                GParamSpec *pspec)
{
  DjAnalysisPanel *self = DJ_ANALYSIS_PANEL (object);

  switch (prop_id)
    {
    case PROP_GAME:
      g_value_set_object (value, self->game);
      break;
    case PROP_BOARD:
      g_value_set_object (value, self->board);
      break;
    case PROP_BUSY:
      g_value_set_boolean (value, self->running);
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
dj_analysis_panel_set_property (GObject      *object,
                                guint         prop_id,
                                const GValue *value,
                                GParamSpec   *pspec)
{
  DjAnalysisPanel *self = DJ_ANALYSIS_PANEL (object);

  switch (prop_id)
    {
    case PROP_GAME:
      dj_analysis_panel_set_game (self, g_value_get_object (value));
      break;
    case PROP_BOARD:
      dj_analysis_panel_set_board (self, g_value_get_object (value));
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
dj_analysis_panel_class_init (DjAnalysisPanelClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = dj_analysis_panel_dispose;
  object_class->finalize = dj_analysis_panel_finalize;
  object_class->get_property = dj_analysis_panel_get_property;
  object_class->set_property = dj_analysis_panel_set_property;

  properties[PROP_GAME] =
    g_param_spec_object ("game", NULL, NULL, DJ_TYPE_GAME,
                         G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  properties[PROP_BOARD] =
    g_param_spec_object ("board", NULL, NULL, DJ_TYPE_BOARD,
                         G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  properties[PROP_BUSY] =
    g_param_spec_boolean ("busy", NULL, NULL, FALSE,
                          G_PARAM_READABLE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  g_object_class_install_properties (object_class, N_PROPS, properties);

  gtk_widget_class_set_template_from_resource (widget_class,
                                               RESOURCE_PATH "/ui/dj-analysis-panel.ui");
  gtk_widget_class_bind_template_child (widget_class, DjAnalysisPanel, box);
  gtk_widget_class_bind_template_child (widget_class, DjAnalysisPanel, spinner);
  gtk_widget_class_bind_template_child (widget_class, DjAnalysisPanel, summary_label);
  gtk_widget_class_bind_template_child (widget_class, DjAnalysisPanel, stack);
  gtk_widget_class_bind_template_child (widget_class, DjAnalysisPanel, over_label);
  gtk_widget_class_bind_template_child (widget_class, DjAnalysisPanel, list_box);
  gtk_widget_class_bind_template_child (widget_class, DjAnalysisPanel, status_label);
  gtk_widget_class_bind_template_child (widget_class, DjAnalysisPanel, data_note_label);
  gtk_widget_class_bind_template_child (widget_class, DjAnalysisPanel, tables_box);
  gtk_widget_class_bind_template_child (widget_class, DjAnalysisPanel, tables_label);
  gtk_widget_class_bind_template_child (widget_class, DjAnalysisPanel, tables_progress);
  gtk_widget_class_set_css_name (widget_class, "analysispanel");

  gtk_widget_class_install_action (widget_class, "analysis.add-variation", "i",
                                   add_variation_action);
}

static void
dj_analysis_panel_init (DjAnalysisPanel *self)
{
  gtk_widget_init_template (GTK_WIDGET (self));

  self->game_signals = g_signal_group_new (DJ_TYPE_GAME);
  g_signal_group_connect_swapped (self->game_signals, "current-changed",
                                  G_CALLBACK (on_current_changed), self);

  self->budget_ms = DJ_ANALYSIS_PANEL_DEFAULT_BUDGET_MS;
  gtk_widget_set_visible (GTK_WIDGET (self->spinner), FALSE);
  gtk_stack_set_visible_child_name (self->stack, "empty");
  g_signal_connect (self, "notify::visible", G_CALLBACK (on_visible_changed), NULL);

  self->tables = dj_tables_builder_get_default ();
  self->tables_signals = g_signal_group_new (DJ_TYPE_TABLES_BUILDER);
  g_signal_group_connect_swapped (self->tables_signals, "notify",
                                  G_CALLBACK (update_tables_note), self);
  g_signal_group_set_target (self->tables_signals, self->tables);
  update_tables_note (self);
}
