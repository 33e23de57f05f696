/* dj-puzzle-window.c: the puzzle trainer (see dj-puzzle-window.h)
 *
 * The window shows a scratch copy of each puzzle game: the solution is its
 * main line, so a right move follows the existing node and Djenon's reply is
 * the next node of the line.  The set's games themselves are never changed.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <glib/gi18n.h>

#include "dj-explainer.h"
#include "dj-move-label.h"
#include "dj-puzzle-window.h"

#include "dj-puzzle.h"
#include "dj-xml.h"


typedef struct
{
  DjCollection *collection;   /* NULL until first needed */
  char         *id;           /* "starter:aboure" or the file's URI */
  char         *name;         /* for people */
  GPtrArray    *puzzles;      /* DjGame, borrowed from the collection */
} PuzzleSet;

struct _DjPuzzleWindow
{
  AdwWindow        parent_instance;

  char            *puzzles_dir;
  DjTrainingStore *store;
  GSettings       *settings;
  PuzzleSet        sets[DJ_N_RULE_SETS];
  DjRules          rules;

  /* The puzzle shown. */
  DjGame          *game;
  guint            number;          /* in the set, from 1; 0: a store position */
  PuzzleSet       *shown_set;       /* the set of the puzzle shown, or NULL */
  DjTrainingItem  *item;            /* its store item, once answered or when repeated */
  gboolean         repeated;
  gboolean         answered;        /* its answer is recorded */
  gboolean         missed;
  gboolean         revealed;
  guint            hint_level;
  guint            min_loss;
  DjSide           solver;
  DjPuzzleState    state;
  gint64           judgement_us;
  int              pending_answer;  /* -1 none, else the answer still to write */
  guint            answer_id;
  char            *feedback;

  GtkWidget       *board;
  GtkWidget       *explainer;
  GtkDropDown     *rules_choice;
  GtkLabel        *heading;
  GtkLabel        *details;
  GtkLabel        *prompt;
  GtkLabel        *feedback_label;
  GtkLabel        *score;
  GtkLabel        *solution;
  GtkWidget       *problem_box;
  GtkLabel        *problem;
  GtkFileChooserNative *chooser;
};

G_DEFINE_FINAL_TYPE (DjPuzzleWindow, dj_puzzle_window, ADW_TYPE_WINDOW)

static const char *const set_names[DJ_N_RULE_SETS] = { "aboure", "abe", "abe-immediate" };

static gint64
now_seconds (void)
{
  return g_get_real_time () / G_USEC_PER_SEC;
}

const char *
dj_puzzle_window_default_dir (void)
{
  const char *dir = g_getenv ("DJENON_PUZZLES_DIR");

  return dir != NULL && *dir != '\0' ? dir : PKGDATADIR "/puzzles";
}

static void
set_clear (PuzzleSet *set)
{
  g_clear_object (&set->collection);
  g_clear_pointer (&set->id, g_free);
  g_clear_pointer (&set->name, g_free);
  g_clear_pointer (&set->puzzles, g_ptr_array_unref);
}

/* A game is a puzzle when it starts from a set-up position of @rules and
 * its main line begins with a pit move. */
static gboolean
is_puzzle (DjGame        *game,
           const DjRules *rules)
{
  DjNode *first = dj_node_get_first_child (dj_game_get_root (game));

  return dj_rules_equal (dj_game_get_rules (game), rules) && dj_game_has_setup (game)
         && first != NULL && dj_node_get_move (first) != DJ_PASS;
}

static gboolean
set_fill (PuzzleSet     *set,
          DjCollection  *collection,
          const DjRules *rules)
{
  set->collection = g_object_ref (collection);
  set->puzzles = g_ptr_array_new ();
  for (guint i = 0; i < dj_collection_get_n_games (collection); i++)
    {
      DjGame *game = dj_collection_get_game (collection, i);

      if (is_puzzle (game, rules))
        g_ptr_array_add (set->puzzles, game);
    }
  return set->puzzles->len > 0;
}

/* The set of the rules chosen, its starter set read when first needed. */
static PuzzleSet *
current_set (DjPuzzleWindow  *self,
             GError         **error)
{
  guint index = dj_rules_get_index (&self->rules);
  PuzzleSet *set = &self->sets[index];
  g_autofree char *name = NULL;
  g_autofree char *path = NULL;
  g_autoptr(GFile) file = NULL;
  g_autoptr(DjCollection) collection = NULL;

  if (set->puzzles != NULL)
    return set;
  name = g_strconcat (set_names[index], ".djenon", NULL);
  path = g_build_filename (self->puzzles_dir, name, NULL);
  file = g_file_new_for_path (path);
  collection = dj_xml_load_file (file, NULL, error);
  if (collection == NULL)
    return NULL;
  set_clear (set);
  if (!set_fill (set, collection, &self->rules))
    {
      g_set_error (error, G_IO_ERROR, G_IO_ERROR_INVALID_DATA,
                   _("%s holds no puzzle: no game of these rules starts with a solution"), path);
      set_clear (set);
      return NULL;
    }
  set->id = g_strconcat ("starter:", set_names[index], NULL);
  set->name = g_steal_pointer (&name);
  return set;
}

/* Text */

static void
say (DjPuzzleWindow *self,
     const char     *text)
{
  g_free (self->feedback);
  self->feedback = g_strdup (text);
  gtk_label_set_label (self->feedback_label, text);
  /* An alert: shown again, so that screen readers announce each verdict. */
  gtk_widget_set_visible (GTK_WIDGET (self->feedback_label), FALSE);
  gtk_widget_set_visible (GTK_WIDGET (self->feedback_label), text != NULL && *text != '\0');
  gtk_accessible_update_property (GTK_ACCESSIBLE (self->feedback_label),
                                  GTK_ACCESSIBLE_PROPERTY_LABEL, text != NULL ? text : "", -1);
}

static void
show_problem (DjPuzzleWindow *self,
              const char     *text)
{
  gtk_label_set_label (self->problem, text);
  gtk_widget_set_visible (self->problem_box, text != NULL);
}

static void
update_score (DjPuzzleWindow *self)
{
  DjTrainingScore score;
  g_autofree char *text = NULL;

  dj_training_store_get_score (self->store, &self->rules, &score);
  /* Translators: the puzzle trainer's score for one rule set */
  text = g_strdup_printf (_("Rating %d · streak %u · best streak %u"), score.rating,
                          score.streak, score.best_streak);
  gtk_label_set_label (self->score, text);
}

static DjMove
expected_move (DjPuzzleWindow *self)
{
  DjNode *current;
  DjNode *next;
  guint n;

  if (self->game == NULL || self->state != DJ_PUZZLE_STATE_SOLVING)
    return DJ_NO_MOVE;
  current = dj_game_get_current (self->game);
  next = dj_node_get_first_child (current);
  if (next != NULL)
    return dj_node_get_move (next);
  if (self->number == 0 && self->item != NULL && current == dj_game_get_root (self->game))
    return dj_training_item_get_best_moves (self->item, &n)[0];
  return DJ_NO_MOVE;
}

static gboolean
is_right (DjPuzzleWindow *self,
          DjMove          move)
{
  DjNode *current = dj_game_get_current (self->game);
  DjNode *next = dj_node_get_first_child (current);

  if (next != NULL)
    return dj_node_get_move (next) == move;
  /* A position of the store: every move that keeps its value is right. */
  return self->number == 0 && self->item != NULL && current == dj_game_get_root (self->game)
         && dj_training_item_is_best (self->item, move);
}

static void
update_prompt (DjPuzzleWindow *self)
{
  const char *text = NULL;

  switch (self->state)
    {
    case DJ_PUZZLE_STATE_NONE:
      text = "";
      break;
    case DJ_PUZZLE_STATE_SOLVING:
      if (self->number == 0)
        text = self->solver == DJ_SOUTH ? _("South to move: find a move that keeps the value")
                                        : _("North to move: find a move that keeps the value");
      else if (dj_game_get_current (self->game) == dj_game_get_root (self->game))
        text = self->solver == DJ_SOUTH ? _("South to move: find the only move that keeps the value")
                                        : _("North to move: find the only move that keeps the value");
      else
        text = _("Your move again: find the next move of the solution");
      break;
    case DJ_PUZZLE_STATE_REPLYING:
    case DJ_PUZZLE_STATE_REVEALING:
      text = _("Djenon is replying");
      break;
    case DJ_PUZZLE_STATE_SOLVED:
      text = _("Done: go on with the next puzzle");
      break;
    }
  gtk_label_set_label (self->prompt, text);
  /* What a pit chosen now is told (see on_move_refused()). */
  if (self->state != DJ_PUZZLE_STATE_SOLVING)
    dj_board_set_busy_text (DJ_BOARD (self->board), text);
  dj_board_set_interactive (DJ_BOARD (self->board), self->state == DJ_PUZZLE_STATE_SOLVING);
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "puzzle.hint",
                                 self->state == DJ_PUZZLE_STATE_SOLVING && self->hint_level < 2);
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "puzzle.reveal",
                                 self->state == DJ_PUZZLE_STATE_SOLVING);
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "puzzle.next",
                                 self->state != DJ_PUZZLE_STATE_REPLYING
                                 && self->state != DJ_PUZZLE_STATE_REVEALING);
}

/* The main line from the start, as the interface writes moves. */
static char *
line_text (DjGame *game)
{
  GString *text = g_string_new (NULL);

  for (DjNode *node = dj_node_get_first_child (dj_game_get_root (game)); node != NULL;
       node = dj_node_get_first_child (node))
    {
      if (text->len > 0)
        g_string_append_c (text, ' ');
      g_string_append (text, dj_move_label (dj_node_get_move (node)));
    }
  return g_string_free (text, FALSE);
}

/* The store */

static void
report_store_error (DjPuzzleWindow *self,
                    const GError   *error)
{
  if (error != NULL)
    show_problem (self, error->message);
}

static void
ensure_item (DjPuzzleWindow *self)
{
  g_autoptr(GError) error = NULL;
  PuzzleSet *set;
  DjNode *first;
  const char *tag;
  guint64 difficulty = 1;

  if (self->item != NULL || self->number == 0)
    return;
  set = &self->sets[dj_rules_get_index (&self->rules)];
  first = dj_node_get_first_child (dj_game_get_root (self->game));
  tag = dj_game_info_get_tag (dj_game_get_info (self->game), DJ_PUZZLE_TAG_DIFFICULTY);
  if (tag == NULL || !g_ascii_string_to_unsigned (tag, 10, 1, 1000, &difficulty, NULL))
    difficulty = 1;
  self->item = dj_training_store_add_puzzle (self->store, &self->rules,
                                             dj_game_get_start (self->game),
                                             dj_node_get_move (first), set->id, self->number,
                                             (guint) difficulty, now_seconds (), &error);
  report_store_error (self, error);
}

/* Writes the answer given (see record()). */
static void
flush_answer (DjPuzzleWindow *self)
{
  g_autoptr(GError) error = NULL;
  gboolean correct = self->pending_answer > 0;

  g_clear_handle_id (&self->answer_id, g_source_remove);
  if (self->pending_answer < 0)
    return;
  self->pending_answer = -1;
  ensure_item (self);
  if (self->item == NULL)
    return;
  if (!dj_training_store_record_answer (self->store, self->item, correct, now_seconds (), &error))
    report_store_error (self, error);
  update_score (self);
}

static gboolean
answer_idle (gpointer data)
{
  DjPuzzleWindow *self = data;

  self->answer_id = 0;
  flush_answer (self);
  return G_SOURCE_REMOVE;
}

/* The first answer of a showing counts.  It is written (and synced) once
 * the verdict is on the screen: below the priority of drawing, so the
 * verdict never waits for the disk; and always before another puzzle is
 * chosen or the window goes. */
static void
record (DjPuzzleWindow *self,
        gboolean        correct)
{
  if (self->answered)
    return;
  self->answered = TRUE;
  self->pending_answer = correct ? 1 : 0;
  if (self->answer_id == 0)
    self->answer_id = g_idle_add_full (G_PRIORITY_LOW, answer_idle, self, NULL);
}

/* Playing */

static void advance (DjPuzzleWindow *self);

static void
play (DjPuzzleWindow *self,
      DjMove          move)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(DjTrace) trace = NULL;

  trace = dj_game_play_turn (self->game, move, DJ_NO_TIME, &error);
  /* The solution was checked when the set was made; a set edited by hand
   * may still hold a move the rules refuse. */
  if (trace == NULL)
    {
      show_problem (self, error->message);
      self->state = DJ_PUZZLE_STATE_SOLVED;
    }
}

static void
finish (DjPuzzleWindow *self)
{
  g_autofree char *line = line_text (self->game);

  self->state = DJ_PUZZLE_STATE_SOLVED;
  dj_board_set_markers (DJ_BOARD (self->board), NULL);
  record (self, !self->missed);
  /* A position of the store keeps the verdict of its one move. */
  if (!self->missed && self->number != 0)
    say (self, _("Solved!"));
  else if (self->missed && !self->revealed)
    say (self, _("Solved after a miss: this puzzle comes back soon."));
  if (*line != '\0' && !self->revealed)
    {
      /* Translators: %s is a line of moves, e.g. "c B e" */
      g_autofree char *shown = g_strdup_printf (_("Solution: %s"), line);

      gtk_label_set_label (self->solution, shown);
      gtk_widget_set_visible (GTK_WIDGET (self->solution), TRUE);
    }
}

/* Goes on along the solution: Djenon's replies (and while revealing, the
 * solver's moves too), one turn at a time once the board has shown the last
 * one; stops at the solver's turn or at the end. */
static void
advance (DjPuzzleWindow *self)
{
  DjNode *current, *next;

  if (self->game == NULL || self->state == DJ_PUZZLE_STATE_SOLVED
      || self->state == DJ_PUZZLE_STATE_NONE)
    return;
  if (dj_board_is_animating (DJ_BOARD (self->board)))
    return;   /* again when it ends (on_animating) */

  current = dj_game_get_current (self->game);
  next = dj_node_get_first_child (current);
  if (next == NULL)
    {
      if (self->state == DJ_PUZZLE_STATE_REVEALING && self->number == 0
          && current == dj_game_get_root (self->game) && self->item != NULL)
        {
          guint n;

          play (self, dj_training_item_get_best_moves (self->item, &n)[0]);
          advance (self);
          return;
        }
      finish (self);
      update_prompt (self);
      return;
    }
  if (self->state == DJ_PUZZLE_STATE_REVEALING
      || dj_node_get_position (current)->to_move != self->solver)
    {
      if (self->state == DJ_PUZZLE_STATE_SOLVING)
        self->state = DJ_PUZZLE_STATE_REPLYING;
      update_prompt (self);
      play (self, dj_node_get_move (next));
      /* Played at once when the board does not animate. */
      if (!dj_board_is_animating (DJ_BOARD (self->board)))
        advance (self);
      return;
    }
  self->state = DJ_PUZZLE_STATE_SOLVING;
  update_prompt (self);
}

static void
on_animating (DjPuzzleWindow *self)
{
  if (!dj_board_is_animating (DJ_BOARD (self->board))
      && (self->state == DJ_PUZZLE_STATE_REPLYING || self->state == DJ_PUZZLE_STATE_REVEALING))
    advance (self);
}

static void
on_pit_activated (DjPuzzleWindow *self,
                  int             move)
{
  gint64 start = g_get_monotonic_time ();
  g_autofree char *text = NULL;

  if (self->state != DJ_PUZZLE_STATE_SOLVING)
    return;
  if (is_right (self, (DjMove) move))
    {
      /* Translators: %s is a pit, e.g. "c" */
      text = g_strdup_printf (_("Right: %s keeps the value."), dj_move_label ((DjMove) move));
      say (self, text);
      self->judgement_us = g_get_monotonic_time () - start;
      self->hint_level = 0;
      dj_board_set_markers (DJ_BOARD (self->board), NULL);
      play (self, (DjMove) move);
      if (self->state == DJ_PUZZLE_STATE_SOLVING)
        {
          DjNode *current = dj_game_get_current (self->game);

          /* A position of the store ends with the first right move. */
          if (dj_node_get_first_child (current) == NULL)
            {
              finish (self);
              update_prompt (self);
              return;
            }
          self->state = DJ_PUZZLE_STATE_REPLYING;
          update_prompt (self);
          advance (self);
        }
      return;
    }

  if (self->number != 0)
    text = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE,
                                         "Wrong: %s loses at least %u seed. Try again.",
                                         "Wrong: %s loses at least %u seeds. Try again.",
                                         self->min_loss),
                            dj_move_label ((DjMove) move), self->min_loss);
  else
    text = g_strdup_printf (_("Wrong: %s does not keep the value. Try again."),
                            dj_move_label ((DjMove) move));
  say (self, text);
  self->judgement_us = g_get_monotonic_time () - start;
  self->missed = TRUE;
  record (self, FALSE);
}

/* An empty pit, a singleton in Djenon-aboure, a move while Djenon
 * replies: said, and no answer. */
static void
on_move_refused (DjPuzzleWindow *self,
                 int             move,
                 guint           reason)
{
  if (self->state != DJ_PUZZLE_STATE_NONE)
    say (self, dj_board_describe_refusal (DJ_BOARD (self->board), reason));
}

/* Showing a puzzle */

static void
show_game (DjPuzzleWindow *self,
           DjGame         *game)
{
  g_set_object (&self->game, game);
  self->solver = dj_game_get_start (game)->to_move;
  /* The solver's row at the bottom. */
  dj_board_set_flipped (DJ_BOARD (self->board), self->solver == DJ_NORTH);
  dj_board_set_game (DJ_BOARD (self->board), game);
  dj_board_set_markers (DJ_BOARD (self->board), NULL);
  dj_explainer_set_game (DJ_EXPLAINER (self->explainer), game);
  self->answered = FALSE;
  self->missed = FALSE;
  self->revealed = FALSE;
  self->hint_level = 0;
  self->state = DJ_PUZZLE_STATE_SOLVING;
  say (self, NULL);
  gtk_widget_set_visible (GTK_WIDGET (self->solution), FALSE);
  update_prompt (self);
  update_score (self);
}

static void
show_puzzle (DjPuzzleWindow *self,
             PuzzleSet      *set,
             guint           index,
             gboolean        repeated)
{
  DjGame *puzzle = g_ptr_array_index (set->puzzles, index);
  const DjGameInfo *info = dj_game_get_info (puzzle);
  g_autoptr(DjGame) game = dj_game_copy (puzzle);
  g_autofree char *heading = NULL;
  g_autofree char *details = NULL;
  const char *tag;
  guint64 value;
  DjPuzzleTheme theme = DJ_PUZZLE_THEME_NONE;

  self->number = index + 1;
  self->shown_set = set;
  self->repeated = repeated;
  self->item = dj_training_store_find (self->store, &self->rules, dj_game_get_start (puzzle));
  tag = dj_game_info_get_tag (info, DJ_PUZZLE_TAG_MIN_LOSS);
  self->min_loss = tag != NULL && g_ascii_string_to_unsigned (tag, 10, 1, 48, &value, NULL)
                   ? (guint) value : DJ_PUZZLE_DEFAULT_MIN_LOSS;
  heading = repeated ? g_strdup_printf (_("Puzzle %u of %u, again"), index + 1, set->puzzles->len)
                     : g_strdup_printf (_("Puzzle %u of %u"), index + 1, set->puzzles->len);
  gtk_label_set_label (self->heading, heading);
  tag = dj_game_info_get_tag (info, DJ_PUZZLE_TAG_DIFFICULTY);
  if (tag == NULL || !g_ascii_string_to_unsigned (tag, 10, 1, 1000, &value, NULL))
    value = 0;
  dj_puzzle_theme_from_string (dj_game_info_get_tag (info, DJ_PUZZLE_TAG_THEME), &theme);
  if (value > 0 && theme != DJ_PUZZLE_THEME_NONE)
    /* Translators: a puzzle's difficulty, then its theme, e.g. "Capture chain" */
    details = g_strdup_printf (_("Difficulty %u · %s · %s"), (guint) value,
                               dj_puzzle_theme_describe (theme), set->name);
  else if (value > 0)
    details = g_strdup_printf (_("Difficulty %u · %s"), (guint) value, set->name);
  else
    details = g_strdup (set->name);
  gtk_label_set_label (self->details, details);
  show_game (self, game);
}

static void
show_position (DjPuzzleWindow *self,
               DjTrainingItem *item)
{
  g_autoptr(DjGame) game = dj_game_new (dj_training_item_get_rules (item),
                                        dj_training_item_get_position (item));
  g_autofree char *heading = NULL;
  const char *source = dj_training_item_get_source (item);

  self->number = 0;
  self->shown_set = NULL;
  self->repeated = TRUE;
  self->item = item;
  self->min_loss = 0;
  gtk_label_set_label (self->heading, _("A position to find again"));
  if (source != NULL)
    /* Translators: %s says where a position comes from, e.g. "game.djenon, move 23" */
    heading = g_strdup_printf (_("From %s"), source);
  else
    heading = g_strdup_printf (_("Puzzle %u of %s"), dj_training_item_get_number (item),
                               dj_training_item_get_set (item));
  gtk_label_set_label (self->details, heading);
  show_game (self, game);
}

static void
show_nothing (DjPuzzleWindow *self,
              const char     *why)
{
  g_clear_object (&self->game);
  self->item = NULL;
  self->number = 0;
  self->shown_set = NULL;
  self->state = DJ_PUZZLE_STATE_NONE;
  dj_board_set_game (DJ_BOARD (self->board), NULL);
  dj_explainer_set_game (DJ_EXPLAINER (self->explainer), NULL);
  gtk_label_set_label (self->heading, _("No Puzzles"));
  gtk_label_set_label (self->details, "");
  say (self, why);
  update_prompt (self);
  update_score (self);
}

static int
find_in_set (PuzzleSet      *set,
             DjTrainingItem *item)
{
  guint number = dj_training_item_get_number (item);
  DjGame *game;

  if (g_strcmp0 (dj_training_item_get_set (item), set->id) != 0
      || number == 0 || number > set->puzzles->len)
    return -1;
  game = g_ptr_array_index (set->puzzles, number - 1);
  return dj_position_equal (dj_game_get_start (game), dj_training_item_get_position (item))
         ? (int) number - 1 : -1;
}

/* Due repetitions first (not the one just shown), then the first puzzle
 * never tried, else the one due soonest. */
static void
show_next (DjPuzzleWindow *self)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(GPtrArray) due = NULL;
  PuzzleSet *set = current_set (self, &error);
  DjTrainingItem *shown;
  DjTrainingItem *soonest = NULL;
  guint first;

  flush_answer (self);
  shown = self->item;
  due = dj_training_store_due (self->store, &self->rules, G_MAXINT64 / 4);
  for (guint i = 0; i < due->len; i++)
    {
      DjTrainingItem *item = due->pdata[i];
      int index;

      if (item == shown || dj_training_item_get_due (item) > now_seconds ())
        continue;
      index = set != NULL ? find_in_set (set, item) : -1;
      if (index >= 0)
        show_puzzle (self, set, index, TRUE);
      else
        show_position (self, item);
      return;
    }
  if (set == NULL)
    {
      show_nothing (self, error->message);
      return;
    }
  /* After the one shown, round to the start: Next never shows it again. */
  first = self->shown_set == set && self->number > 0 ? self->number : 0;
  for (guint k = 0; k < set->puzzles->len; k++)
    {
      guint i = (first + k) % set->puzzles->len;
      DjGame *game = g_ptr_array_index (set->puzzles, i);

      if (self->shown_set == set && i + 1 == self->number)
        continue;
      if (dj_training_store_find (self->store, &self->rules, dj_game_get_start (game)) == NULL)
        {
          show_puzzle (self, set, i, FALSE);
          return;
        }
    }
  /* Every puzzle tried: the one due soonest of this set. */
  for (guint i = 0; i < due->len; i++)
    if (due->pdata[i] != shown && find_in_set (set, due->pdata[i]) >= 0)
      {
        soonest = due->pdata[i];
        break;
      }
  if (soonest != NULL)
    show_puzzle (self, set, find_in_set (set, soonest), TRUE);
  else
    show_puzzle (self, set, 0, TRUE);
}

/* Actions */

static void
hint_activated (GtkWidget  *widget,
                const char *action_name,
                GVariant   *parameter)
{
  DjPuzzleWindow *self = DJ_PUZZLE_WINDOW (widget);
  DjMove move = expected_move (self);
  guint8 markers[DJ_N_PITS] = { 0 };
  g_autofree char *text = NULL;
  guint place, start;

  if (move == DJ_NO_MOVE || move == DJ_PASS || self->hint_level >= 2)
    return;
  self->hint_level++;
  place = move % DJ_ROW_PITS;
  start = DJ_ROW_START (DJ_PIT_OWNER (move));
  if (self->hint_level == 1)
    {
      guint first = place < 3 ? 0 : 3;

      for (guint i = first; i < first + 3; i++)
        markers[start + i] = 4;
      /* Translators: the solver's row is at the bottom of the board; %s are three pits */
      text = g_strdup_printf (place < 3 ? _("Hint: the move is in the left half of your row: %s, %s or %s.")
                                        : _("Hint: the move is in the right half of your row: %s, %s or %s."),
                              dj_move_label (start + first), dj_move_label (start + first + 1),
                              dj_move_label (start + first + 2));
    }
  else
    {
      markers[move] = 2;
      text = g_strdup_printf (_("Hint: play %s. This puzzle counts as missed."),
                              dj_move_label (move));
      self->missed = TRUE;
      record (self, FALSE);
    }
  dj_board_set_markers (DJ_BOARD (self->board), markers);
  say (self, text);
  update_prompt (self);
}

static void
reveal_activated (GtkWidget  *widget,
                  const char *action_name,
                  GVariant   *parameter)
{
  DjPuzzleWindow *self = DJ_PUZZLE_WINDOW (widget);
  g_autofree char *line = NULL;
  g_autofree char *text = NULL;

  if (self->state != DJ_PUZZLE_STATE_SOLVING)
    return;
  self->missed = TRUE;
  self->revealed = TRUE;
  record (self, FALSE);
  dj_board_set_markers (DJ_BOARD (self->board), NULL);
  if (self->number == 0 && self->item != NULL)
    {
      guint n;

      line = g_strdup (dj_move_label (dj_training_item_get_best_moves (self->item, &n)[0]));
    }
  else
    line = line_text (self->game);
  text = g_strdup_printf (_("The solution: %s. This puzzle comes back soon."), line);
  say (self, text);
  self->state = DJ_PUZZLE_STATE_REVEALING;
  update_prompt (self);
  advance (self);
}

static void
next_activated (GtkWidget  *widget,
                const char *action_name,
                GVariant   *parameter)
{
  DjPuzzleWindow *self = DJ_PUZZLE_WINDOW (widget);

  if (self->state == DJ_PUZZLE_STATE_REPLYING || self->state == DJ_PUZZLE_STATE_REVEALING)
    return;
  /* Leaving a puzzle unanswered is no answer. */
  show_next (self);
}

static void
on_set_chosen (DjPuzzleWindow       *self,
               int                   response,
               GtkFileChooserNative *chooser)
{
  g_autoptr(GFile) file = NULL;
  g_autoptr(GError) error = NULL;

  if (response == GTK_RESPONSE_ACCEPT)
    file = gtk_file_chooser_get_file (GTK_FILE_CHOOSER (chooser));
  g_clear_object (&self->chooser);
  if (file != NULL && !dj_puzzle_window_open_set (self, file, &error))
    show_problem (self, error->message);
}

static void
open_set_activated (GtkWidget  *widget,
                    const char *action_name,
                    GVariant   *parameter)
{
  DjPuzzleWindow *self = DJ_PUZZLE_WINDOW (widget);
  g_autoptr(GtkFileFilter) filter = gtk_file_filter_new ();

  if (self->chooser != NULL)
    return;
  self->chooser = gtk_file_chooser_native_new (_("Open a Puzzle Set"), GTK_WINDOW (self),
                                               GTK_FILE_CHOOSER_ACTION_OPEN, NULL, NULL);
  gtk_file_filter_set_name (filter, _("Djenon games"));
  gtk_file_filter_add_pattern (filter, "*.djenon");
  gtk_file_chooser_add_filter (GTK_FILE_CHOOSER (self->chooser), filter);
  g_signal_connect_object (self->chooser, "response", G_CALLBACK (on_set_chosen), self,
                           G_CONNECT_SWAPPED);
  gtk_native_dialog_show (GTK_NATIVE_DIALOG (self->chooser));
}

static void
dismiss_activated (GtkWidget  *widget,
                   const char *action_name,
                   GVariant   *parameter)
{
  show_problem (DJ_PUZZLE_WINDOW (widget), NULL);
}

/* Public */

void
dj_puzzle_window_set_rules (DjPuzzleWindow *self,
                            const DjRules  *rules)
{
  g_return_if_fail (DJ_IS_PUZZLE_WINDOW (self));
  g_return_if_fail (rules != NULL);

  if (dj_rules_equal (&self->rules, rules) && self->game != NULL)
    return;
  flush_answer (self);
  if (self->state == DJ_PUZZLE_STATE_REPLYING || self->state == DJ_PUZZLE_STATE_REVEALING)
    dj_board_finish_animation (DJ_BOARD (self->board));
  self->rules = *rules;
  self->item = NULL;
  if (gtk_drop_down_get_selected (self->rules_choice) != dj_rules_get_index (rules))
    gtk_drop_down_set_selected (self->rules_choice, dj_rules_get_index (rules));
  show_next (self);
}

const DjRules *
dj_puzzle_window_get_rules (DjPuzzleWindow *self)
{
  g_return_val_if_fail (DJ_IS_PUZZLE_WINDOW (self), NULL);
  return &self->rules;
}

gboolean
dj_puzzle_window_open_set (DjPuzzleWindow  *self,
                           GFile           *file,
                           GError         **error)
{
  g_autoptr(DjCollection) collection = NULL;
  g_autofree char *name = NULL;
  PuzzleSet set = { 0 };
  DjRules rules;

  g_return_val_if_fail (DJ_IS_PUZZLE_WINDOW (self), FALSE);
  g_return_val_if_fail (G_IS_FILE (file), FALSE);
  g_return_val_if_fail (error == NULL || *error == NULL, FALSE);

  flush_answer (self);
  collection = dj_xml_load_file (file, NULL, error);
  if (collection == NULL)
    return FALSE;
  name = g_file_get_parse_name (file);
  if (dj_collection_get_n_games (collection) == 0
      || !set_fill (&set, collection,
                    (rules = *dj_game_get_rules (dj_collection_get_game (collection, 0)), &rules)))
    {
      set_clear (&set);
      g_set_error (error, G_IO_ERROR, G_IO_ERROR_INVALID_DATA,
                   _("%s holds no puzzle: no game of these rules starts with a solution"), name);
      return FALSE;
    }
  set.id = g_file_get_uri (file);
  set.name = g_file_get_basename (file);
  set_clear (&self->sets[dj_rules_get_index (&rules)]);
  self->sets[dj_rules_get_index (&rules)] = set;
  self->shown_set = NULL;
  self->rules = rules;
  self->item = NULL;
  if (gtk_drop_down_get_selected (self->rules_choice) != dj_rules_get_index (&rules))
    gtk_drop_down_set_selected (self->rules_choice, dj_rules_get_index (&rules));
  show_next (self);
  return TRUE;
}

DjPuzzleState
dj_puzzle_window_get_state (DjPuzzleWindow *self)
{
  g_return_val_if_fail (DJ_IS_PUZZLE_WINDOW (self), DJ_PUZZLE_STATE_NONE);
  return self->state;
}

DjBoard *
dj_puzzle_window_get_board (DjPuzzleWindow *self)
{
  g_return_val_if_fail (DJ_IS_PUZZLE_WINDOW (self), NULL);
  return DJ_BOARD (self->board);
}

DjGame *
dj_puzzle_window_get_game (DjPuzzleWindow *self)
{
  g_return_val_if_fail (DJ_IS_PUZZLE_WINDOW (self), NULL);
  return self->game;
}

DjTrainingStore *
dj_puzzle_window_get_store (DjPuzzleWindow *self)
{
  g_return_val_if_fail (DJ_IS_PUZZLE_WINDOW (self), NULL);
  return self->store;
}

guint
dj_puzzle_window_get_number (DjPuzzleWindow *self)
{
  g_return_val_if_fail (DJ_IS_PUZZLE_WINDOW (self), 0);
  return self->number;
}

gboolean
dj_puzzle_window_get_repeated (DjPuzzleWindow *self)
{
  g_return_val_if_fail (DJ_IS_PUZZLE_WINDOW (self), FALSE);
  return self->repeated;
}

guint
dj_puzzle_window_get_hint_level (DjPuzzleWindow *self)
{
  g_return_val_if_fail (DJ_IS_PUZZLE_WINDOW (self), 0);
  return self->hint_level;
}

DjMove
dj_puzzle_window_get_expected (DjPuzzleWindow *self)
{
  g_return_val_if_fail (DJ_IS_PUZZLE_WINDOW (self), DJ_NO_MOVE);
  return expected_move (self);
}

const char *
dj_puzzle_window_get_feedback (DjPuzzleWindow *self)
{
  g_return_val_if_fail (DJ_IS_PUZZLE_WINDOW (self), NULL);
  return self->feedback;
}

const char *
dj_puzzle_window_get_problem (DjPuzzleWindow *self)
{
  g_return_val_if_fail (DJ_IS_PUZZLE_WINDOW (self), NULL);
  return gtk_widget_get_visible (self->problem_box) ? gtk_label_get_label (self->problem) : NULL;
}

gint64
dj_puzzle_window_get_judgement_us (DjPuzzleWindow *self)
{
  g_return_val_if_fail (DJ_IS_PUZZLE_WINDOW (self), 0);
  return self->judgement_us;
}

/* Construction */

static void
on_rules_chosen (DjPuzzleWindow *self)
{
  DjRules rules = dj_rules_from_index (gtk_drop_down_get_selected (self->rules_choice));

  if (!dj_rules_equal (&rules, &self->rules))
    dj_puzzle_window_set_rules (self, &rules);
}

static GtkLabel *
add_label (GtkBox     *box,
           const char *css_class)
{
  GtkWidget *label = gtk_label_new (NULL);

  gtk_label_set_wrap (GTK_LABEL (label), TRUE);
  gtk_label_set_xalign (GTK_LABEL (label), 0.0);
  if (css_class != NULL)
    gtk_widget_add_css_class (label, css_class);
  gtk_box_append (box, label);
  return GTK_LABEL (label);
}

static GtkWidget *
action_button (const char *label,
               const char *action,
               const char *tooltip)
{
  GtkWidget *button = gtk_button_new_with_mnemonic (label);

  gtk_actionable_set_action_name (GTK_ACTIONABLE (button), action);
  gtk_widget_set_tooltip_text (button, tooltip);
  return button;
}

static void
build (DjPuzzleWindow *self)
{
  GtkWidget *outer = gtk_box_new (GTK_ORIENTATION_VERTICAL, 0);
  GtkWidget *header = adw_header_bar_new ();
  GtkWidget *open = gtk_button_new_from_icon_name ("document-open-symbolic");
  GtkWidget *content = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 18);
  GtkWidget *side = gtk_box_new (GTK_ORIENTATION_VERTICAL, 12);
  GtkWidget *buttons = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 6);
  GtkWidget *dismiss = gtk_button_new_from_icon_name ("window-close-symbolic");
  GtkWidget *scroller = gtk_scrolled_window_new ();
  GtkWidget *next;
  const char *rule_names[] = {
    "Djenon-aboure",
    "Djenon-abe",
    /* Translators: Djenon-abe with the feeding rule "as soon as the row is empty" */
    _("Djenon-abe, feeding at once"),
    NULL,
  };

  gtk_window_set_title (GTK_WINDOW (self), _("Puzzles"));
  gtk_window_set_default_size (GTK_WINDOW (self), 980, 640);

  self->rules_choice = GTK_DROP_DOWN (gtk_drop_down_new_from_strings (rule_names));
  gtk_widget_set_tooltip_text (GTK_WIDGET (self->rules_choice), _("Rules of the puzzles"));
  gtk_accessible_update_property (GTK_ACCESSIBLE (self->rules_choice),
                                  GTK_ACCESSIBLE_PROPERTY_LABEL, _("Rules of the puzzles"), -1);
  adw_header_bar_pack_start (ADW_HEADER_BAR (header), GTK_WIDGET (self->rules_choice));
  gtk_actionable_set_action_name (GTK_ACTIONABLE (open), "puzzle.open-set");
  gtk_widget_set_tooltip_text (open, _("Open a Puzzle Set"));
  gtk_accessible_update_property (GTK_ACCESSIBLE (open), GTK_ACCESSIBLE_PROPERTY_LABEL,
                                  _("Open a Puzzle Set"), -1);
  adw_header_bar_pack_start (ADW_HEADER_BAR (header), open);
  gtk_box_append (GTK_BOX (outer), header);

  /* A damaged store, a set that cannot be read: said where it is seen. */
  self->problem_box = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 6);
  gtk_widget_add_css_class (self->problem_box, "toolbar");
  self->problem = GTK_LABEL (gtk_label_new (NULL));
  gtk_label_set_wrap (self->problem, TRUE);
  gtk_label_set_xalign (self->problem, 0.0);
  gtk_label_set_selectable (self->problem, TRUE);
  gtk_widget_add_css_class (GTK_WIDGET (self->problem), "warning");
  gtk_widget_set_hexpand (GTK_WIDGET (self->problem), TRUE);
  gtk_box_append (GTK_BOX (self->problem_box), GTK_WIDGET (self->problem));
  gtk_actionable_set_action_name (GTK_ACTIONABLE (dismiss), "puzzle.dismiss");
  gtk_widget_set_tooltip_text (dismiss, _("Dismiss"));
  gtk_accessible_update_property (GTK_ACCESSIBLE (dismiss), GTK_ACCESSIBLE_PROPERTY_LABEL,
                                  _("Dismiss"), -1);
  gtk_widget_set_valign (dismiss, GTK_ALIGN_START);
  gtk_box_append (GTK_BOX (self->problem_box), dismiss);
  gtk_widget_set_visible (self->problem_box, FALSE);
  gtk_box_append (GTK_BOX (outer), self->problem_box);

  gtk_widget_set_margin_start (content, 12);
  gtk_widget_set_margin_end (content, 12);
  gtk_widget_set_margin_top (content, 12);
  gtk_widget_set_margin_bottom (content, 12);
  gtk_widget_set_vexpand (content, TRUE);
  self->board = dj_board_new ();
  gtk_widget_set_hexpand (self->board, TRUE);
  gtk_widget_set_vexpand (self->board, TRUE);
  gtk_box_append (GTK_BOX (content), self->board);

  gtk_widget_set_size_request (side, 300, -1);
  self->heading = add_label (GTK_BOX (side), "title-2");
  self->details = add_label (GTK_BOX (side), "dim-label");
  self->prompt = add_label (GTK_BOX (side), "heading");
  self->feedback_label = GTK_LABEL (g_object_new (GTK_TYPE_LABEL,
                                                  "accessible-role", GTK_ACCESSIBLE_ROLE_ALERT,
                                                  "wrap", TRUE, "xalign", 0.0, NULL));
  gtk_box_append (GTK_BOX (side), GTK_WIDGET (self->feedback_label));
  gtk_widget_set_visible (GTK_WIDGET (self->feedback_label), FALSE);
  self->solution = add_label (GTK_BOX (side), "monospace");
  gtk_widget_set_visible (GTK_WIDGET (self->solution), FALSE);

  gtk_box_append (GTK_BOX (buttons), action_button (_("_Hint"), "puzzle.hint",
                                                    _("First the half of the row, then the pit "
                                                      "(Ctrl+H)")));
  gtk_box_append (GTK_BOX (buttons), action_button (_("_Reveal"), "puzzle.reveal",
                                                    _("Djenon plays the solution (Ctrl+R)")));
  next = action_button (_("_Next Puzzle"), "puzzle.next", _("The next puzzle (Ctrl+N)"));
  gtk_widget_add_css_class (next, "suggested-action");
  gtk_box_append (GTK_BOX (buttons), next);
  gtk_box_append (GTK_BOX (side), buttons);
  self->score = add_label (GTK_BOX (side), "numeric");

  self->explainer = dj_explainer_new ();
  dj_explainer_set_board (DJ_EXPLAINER (self->explainer), DJ_BOARD (self->board));
  gtk_scrolled_window_set_child (GTK_SCROLLED_WINDOW (scroller), self->explainer);
  gtk_scrolled_window_set_policy (GTK_SCROLLED_WINDOW (scroller), GTK_POLICY_NEVER,
                                  GTK_POLICY_AUTOMATIC);
  gtk_widget_set_vexpand (scroller, TRUE);
  gtk_box_append (GTK_BOX (side), scroller);
  gtk_box_append (GTK_BOX (content), side);
  gtk_box_append (GTK_BOX (outer), content);
  adw_window_set_content (ADW_WINDOW (self), outer);

  g_signal_connect_object (self->board, "pit-activated", G_CALLBACK (on_pit_activated), self,
                           G_CONNECT_SWAPPED);
  g_signal_connect_object (self->board, "move-refused", G_CALLBACK (on_move_refused), self,
                           G_CONNECT_SWAPPED);
  g_signal_connect_object (self->board, "notify::animating", G_CALLBACK (on_animating), self,
                           G_CONNECT_SWAPPED);
}

GtkWidget *
dj_puzzle_window_new (GtkApplication *application,
                      const char     *puzzles_dir,
                      const char     *store_dir)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(DjTrainingStore) store = NULL;

  g_return_val_if_fail (application == NULL || GTK_IS_APPLICATION (application), NULL);

  store = dj_training_store_open (store_dir, &error);
  return dj_puzzle_window_new_for_store (application, puzzles_dir, store, error);
}

GtkWidget *
dj_puzzle_window_new_for_store (GtkApplication  *application,
                                const char      *puzzles_dir,
                                DjTrainingStore *store,
                                const GError    *store_error)
{
  DjPuzzleWindow *self;
  DjRules rules;

  g_return_val_if_fail (application == NULL || GTK_IS_APPLICATION (application), NULL);
  g_return_val_if_fail (DJ_IS_TRAINING_STORE (store), NULL);

  self = g_object_new (DJ_TYPE_PUZZLE_WINDOW, "application", application, NULL);
  self->puzzles_dir = g_strdup (puzzles_dir != NULL ? puzzles_dir : dj_puzzle_window_default_dir ());
  self->store = g_object_ref (store);
  report_store_error (self, store_error);

  rules = DJ_RULES_INIT (g_settings_get_enum (self->settings, "last-variant"));
  if (rules.variant == DJ_VARIANT_ABE)
    rules.feeding = g_settings_get_enum (self->settings, "last-feeding");
  self->rules = rules;
  gtk_drop_down_set_selected (self->rules_choice, dj_rules_get_index (&rules));
  g_signal_connect_object (self->rules_choice, "notify::selected", G_CALLBACK (on_rules_chosen),
                           self, G_CONNECT_SWAPPED);
  show_next (self);
  return GTK_WIDGET (self);
}

static void
dj_puzzle_window_dispose (GObject *object)
{
  DjPuzzleWindow *self = DJ_PUZZLE_WINDOW (object);

  if (self->game != NULL)
    flush_answer (self);
  if (self->chooser != NULL)
    gtk_native_dialog_destroy (GTK_NATIVE_DIALOG (self->chooser));
  g_clear_object (&self->chooser);
  g_clear_object (&self->game);
  for (guint i = 0; i < DJ_N_RULE_SETS; i++)
    set_clear (&self->sets[i]);

  G_OBJECT_CLASS (dj_puzzle_window_parent_class)->dispose (object);
}

static void
dj_puzzle_window_finalize (GObject *object)
{
  DjPuzzleWindow *self = DJ_PUZZLE_WINDOW (object);

  g_clear_object (&self->store);
  g_clear_object (&self->settings);
  g_free (self->puzzles_dir);
  g_free (self->feedback);

  G_OBJECT_CLASS (dj_puzzle_window_parent_class)->finalize (object);
}

static void
dj_puzzle_window_class_init (DjPuzzleWindowClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = dj_puzzle_window_dispose;
  object_class->finalize = dj_puzzle_window_finalize;

  gtk_widget_class_install_action (widget_class, "puzzle.hint", NULL, hint_activated);
  gtk_widget_class_install_action (widget_class, "puzzle.reveal", NULL, reveal_activated);
  gtk_widget_class_install_action (widget_class, "puzzle.next", NULL, next_activated);
  gtk_widget_class_install_action (widget_class, "puzzle.open-set", NULL, open_set_activated);
  gtk_widget_class_install_action (widget_class, "puzzle.dismiss", NULL, dismiss_activated);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_h, GDK_CONTROL_MASK,
                                       "puzzle.hint", NULL);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_r, GDK_CONTROL_MASK,
                                       "puzzle.reveal", NULL);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_n, GDK_CONTROL_MASK,
                                       "puzzle.next", NULL);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_o, GDK_CONTROL_MASK,
                                       "puzzle.open-set", NULL);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_w, GDK_CONTROL_MASK,
                                       "window.close", NULL);
}

static void
dj_puzzle_window_init (DjPuzzleWindow *self)
{
  self->settings = g_settings_new (APP_ID);
  self->rules = DJ_RULES_INIT (DJ_VARIANT_ABOURE);
  self->pending_answer = -1;
  build (self);
  g_settings_bind (self->settings, "show-counts", self->board, "show-counts",
                   G_SETTINGS_BIND_GET);
  g_settings_bind (self->settings, "animation-speed", self->board, "animation-speed",
                   G_SETTINGS_BIND_GET);
}
