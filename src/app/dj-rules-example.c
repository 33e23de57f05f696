/* dj-rules-example.c: a worked example of the rules, played on a small board
 * inside the help text
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The rules viewer shows each <dj:example> of a page as one of these: the
 * example's position on a board, its move played at the board's usual speed
 * (Play) or lap by lap with the move explainer's words beside it (Next Lap,
 * Previous Lap), Reset, and Open on the Board, which starts a game window
 * from the position.  The board keeps its left and right in every language;
 * the words and the buttons follow the interface's.
 */
#include "config.h"

#include <glib/gi18n.h>

#include "dj-board.h"
#include "dj-explain.h"
#include "dj-rules-example.h"

struct _DjRulesExample
{
  GtkWidget      parent_instance;

  GtkWidget     *board;
  GtkWidget     *words;
  GtkWidget     *controls;

  DjExampleLink  link;
  char          *uri;
  DjTrace       *trace;      /* the move, when it can be played */
  GPtrArray     *steps;      /* DjExplainStep of the trace */
  char          *intro;      /* the words before the move */
  char          *refusal;    /* why the move cannot be played, or NULL */
  int            step;       /* -1: before the move; else the step shown */
};

G_DEFINE_FINAL_TYPE (DjRulesExample, dj_rules_example, GTK_TYPE_WIDGET)

static const char *
side_name (DjSide side)
{
  return side == DJ_SOUTH ? _("South") : _("North");
}

static guint
n_steps (DjRulesExample *self)
{
  if (self->steps != NULL)
    return self->steps->len;
  return self->refusal != NULL ? 1 : 0;
}

static void
update (DjRulesExample *self)
{
  GtkWidget *widget = GTK_WIDGET (self);
  guint n = n_steps (self);
  const char *words = self->intro;

  if (self->step >= 0 && self->refusal != NULL)
    words = self->refusal;
  else if (self->step >= 0 && self->steps != NULL && (guint) self->step < self->steps->len)
    words = ((DjExplainStep *) self->steps->pdata[self->step])->text;
  gtk_label_set_text (GTK_LABEL (self->words), words);
  gtk_accessible_update_property (GTK_ACCESSIBLE (self->board),
                                  GTK_ACCESSIBLE_PROPERTY_DESCRIPTION, words, -1);

  gtk_widget_action_set_enabled (widget, "example.play", n > 0);
  gtk_widget_action_set_enabled (widget, "example.next", self->step + 1 < (int) n);
  gtk_widget_action_set_enabled (widget, "example.previous", self->step >= 0);
  gtk_widget_action_set_enabled (widget, "example.reset", self->step >= 0);
}

/* The board at step @step of the move (-1: its position before). */
static void
show_step (DjRulesExample *self,
           int             step)
{
  DjBoard *board = DJ_BOARD (self->board);

  self->step = step;
  dj_board_finish_animation (board);
  if (step < 0 || self->trace == NULL)
    dj_board_set_position (board, &self->link.rules, &self->link.start);
  else if (self->trace->laps->len == 0 || (guint) step + 1 >= self->steps->len)
    {
      /* A pass, or the end of the move with its captures. */
      if (self->trace->laps->len == 0)
        dj_board_set_position (board, &self->link.rules, &self->trace->after);
      else
        dj_board_show_trace_step (board, self->trace, dj_trace_count_steps (self->trace));
    }
  else
    dj_board_show_trace_step (board, self->trace,
                              ((DjExplainStep *) self->steps->pdata[step])->last_step);
  update (self);
}

static void
play_action (GtkWidget  *widget,
             const char *name,
             GVariant   *parameter)
{
  DjRulesExample *self = DJ_RULES_EXAMPLE (widget);

  if (self->trace == NULL)
    {
      show_step (self, 0);
      return;
    }
  /* From the position before the move, at the speed of the game's board. */
  dj_board_finish_animation (DJ_BOARD (self->board));
  dj_board_set_position (DJ_BOARD (self->board), &self->link.rules, &self->link.start);
  dj_board_play_trace (DJ_BOARD (self->board), self->trace);
  self->step = (int) n_steps (self) - 1;
  update (self);
}

static void
next_action (GtkWidget  *widget,
             const char *name,
             GVariant   *parameter)
{
  DjRulesExample *self = DJ_RULES_EXAMPLE (widget);

  if (self->step + 1 < (int) n_steps (self))
    show_step (self, self->step + 1);
}

static void
previous_action (GtkWidget  *widget,
                 const char *name,
                 GVariant   *parameter)
{
  DjRulesExample *self = DJ_RULES_EXAMPLE (widget);

  if (self->step >= 0)
    show_step (self, self->step - 1);
}

static void
reset_action (GtkWidget  *widget,
              const char *name,
              GVariant   *parameter)
{
  show_step (DJ_RULES_EXAMPLE (widget), -1);
}

static void
open_action (GtkWidget  *widget,
             const char *name,
             GVariant   *parameter)
{
  DjRulesExample *self = DJ_RULES_EXAMPLE (widget);

  gtk_widget_activate_action (widget, "app.open-example", "s", self->uri);
}

static GtkWidget *
add_button (GtkWidget  *box,
            const char *icon,
            const char *label,
            const char *action)
{
  GtkWidget *button = gtk_button_new ();

  if (icon != NULL)
    {
      gtk_button_set_icon_name (GTK_BUTTON (button), icon);
      gtk_widget_set_tooltip_text (button, label);
    }
  else
    {
      gtk_button_set_label (GTK_BUTTON (button), label);
      gtk_button_set_use_underline (GTK_BUTTON (button), TRUE);
    }
  if (icon != NULL)
    gtk_accessible_update_property (GTK_ACCESSIBLE (button),
                                    GTK_ACCESSIBLE_PROPERTY_LABEL, label, -1);
  gtk_actionable_set_action_name (GTK_ACTIONABLE (button), action);
  gtk_box_append (GTK_BOX (box), button);
  return button;
}

static void
dj_rules_example_dispose (GObject *object)
{
  DjRulesExample *self = DJ_RULES_EXAMPLE (object);
  GtkWidget *child;

  while ((child = gtk_widget_get_first_child (GTK_WIDGET (self))) != NULL)
    gtk_widget_unparent (child);
  g_clear_pointer (&self->trace, dj_trace_free);
  g_clear_pointer (&self->steps, g_ptr_array_unref);
  g_clear_pointer (&self->uri, g_free);
  g_clear_pointer (&self->intro, g_free);
  g_clear_pointer (&self->refusal, g_free);
  G_OBJECT_CLASS (dj_rules_example_parent_class)->dispose (object);
}

static void
dj_rules_example_class_init (DjRulesExampleClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = dj_rules_example_dispose;

  gtk_widget_class_install_action (widget_class, "example.play", NULL, play_action);
  gtk_widget_class_install_action (widget_class, "example.next", NULL, next_action);
  gtk_widget_class_install_action (widget_class, "example.previous", NULL, previous_action);
  gtk_widget_class_install_action (widget_class, "example.reset", NULL, reset_action);
  gtk_widget_class_install_action (widget_class, "example.open", NULL, open_action);
  gtk_widget_class_set_layout_manager_type (widget_class, GTK_TYPE_BOX_LAYOUT);
  gtk_widget_class_set_css_name (widget_class, "rules-example");
  gtk_widget_class_set_accessible_role (widget_class, GTK_ACCESSIBLE_ROLE_GROUP);
}

static void
dj_rules_example_init (DjRulesExample *self)
{
  GtkWidget *widget = GTK_WIDGET (self);

  self->step = -1;
  gtk_orientable_set_orientation (GTK_ORIENTABLE (gtk_widget_get_layout_manager (widget)),
                                  GTK_ORIENTATION_VERTICAL);
  gtk_box_layout_set_spacing (GTK_BOX_LAYOUT (gtk_widget_get_layout_manager (widget)), 6);
  gtk_widget_add_css_class (widget, "card");
  gtk_widget_set_margin_top (widget, 6);
  gtk_widget_set_margin_bottom (widget, 12);

  self->board = dj_board_new ();
  dj_board_set_interactive (DJ_BOARD (self->board), FALSE);
  /* A board is drawn as the players see it, whatever the language. */
  gtk_widget_set_direction (self->board, GTK_TEXT_DIR_LTR);
  gtk_widget_set_size_request (self->board, -1, 170);
  gtk_widget_set_margin_start (self->board, 6);
  gtk_widget_set_margin_end (self->board, 6);
  gtk_widget_set_margin_top (self->board, 6);
  gtk_widget_set_parent (self->board, widget);

  self->words = gtk_label_new (NULL);
  gtk_label_set_wrap (GTK_LABEL (self->words), TRUE);
  gtk_label_set_xalign (GTK_LABEL (self->words), 0.0);
  gtk_widget_set_margin_start (self->words, 12);
  gtk_widget_set_margin_end (self->words, 12);
  gtk_widget_add_css_class (self->words, "dim-label");
  gtk_widget_set_parent (self->words, widget);
  gtk_accessible_update_relation (GTK_ACCESSIBLE (self->board),
                                  GTK_ACCESSIBLE_RELATION_DESCRIBED_BY, self->words, NULL, -1);

  self->controls = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 6);
  gtk_widget_set_margin_start (self->controls, 6);
  gtk_widget_set_margin_end (self->controls, 6);
  gtk_widget_set_margin_bottom (self->controls, 6);
  gtk_widget_set_parent (self->controls, widget);
  gtk_widget_add_css_class (add_button (self->controls, NULL, _("_Play"), "example.play"),
                            "suggested-action");
  add_button (self->controls, "go-previous-symbolic", _("Previous Lap"), "example.previous");
  add_button (self->controls, "go-next-symbolic", _("Next Lap"), "example.next");
  add_button (self->controls, "edit-undo-symbolic", _("Reset"), "example.reset");
  {
    GtkWidget *open = add_button (self->controls, NULL, _("_Open on the Board"), "example.open");

    gtk_widget_set_hexpand (open, TRUE);
    gtk_widget_set_halign (open, GTK_ALIGN_END);
  }
}

GtkWidget *
dj_rules_example_new (const DjExampleLink *link)
{
  DjRulesExample *self;
  DjMoves moves;
  const DjPosition *pos;
  g_autofree char *label = NULL;

  g_return_val_if_fail (link != NULL, NULL);

  self = g_object_new (DJ_TYPE_RULES_EXAMPLE, NULL);
  self->link = *link;
  self->uri = dj_example_uri_build (&link->rules, &link->start, link->move);
  pos = &self->link.start;
  dj_board_set_position (DJ_BOARD (self->board), &link->rules, pos);
  dj_moves_generate (&link->rules, pos, &moves);

  if (link->move == DJ_NO_MOVE)
    {
      int score[2];

      if (moves.end != DJ_END_NONE)
        {
          dj_final_scores (&link->rules, pos, score);
          /* Translators: the first %s says why the game is over (e.g. "Every
           * pit holds 0 or 1 seed"); then the final scores. */
          self->intro = g_strdup_printf (_("The game is over: %s. South scores %d, North %d."),
                                         dj_end_reason_describe (moves.end),
                                         score[DJ_SOUTH], score[DJ_NORTH]);
        }
      else
        self->intro = g_strdup_printf (_("%s to move."), side_name (pos->to_move));
      label = g_strdup (_("Example position"));
    }
  else if (dj_moves_why (&moves, link->move) != DJ_PIT_LEGAL &&
           !(link->move == DJ_PASS && moves.must_pass))
    {
      /* Translators: "South tries pit b." before the reason it cannot be played */
      self->intro = g_strdup_printf (_("%s tries pit %s."), side_name (pos->to_move),
                                     dj_move_to_string (link->move));
      self->refusal = g_strdup_printf (_("%s cannot play %s: %s."), side_name (pos->to_move),
                                       dj_move_to_string (link->move),
                                       dj_pit_status_describe (dj_moves_why (&moves, link->move)));
      label = g_strdup_printf (_("Example: %s tries pit %s"), side_name (pos->to_move),
                               dj_move_to_string (link->move));
    }
  else
    {
      g_autoptr(GError) error = NULL;

      self->trace = dj_trace_new ();
      if (!dj_play (&link->rules, pos, link->move, self->trace, &error))
        g_assert_not_reached ();   /* the move was checked legal above */
      self->steps = dj_trace_explain (self->trace);
      /* "South plays c." is what the words say before the move: the steps
       * are its laps and captures. */
      if (self->trace->laps->len > 0 && self->steps->len > 1 &&
          ((DjExplainStep *) self->steps->pdata[0])->last_step == 0)
        g_ptr_array_remove_index (self->steps, 0);
      if (link->move == DJ_PASS)
        self->intro = g_strdup_printf (_("%s has no legal move and must pass."),
                                       side_name (pos->to_move));
      else
        /* Translators: e.g. "South plays c. Play shows the whole move; Next Lap goes
         * through it lap by lap." */
        self->intro = g_strdup_printf (_("%s plays %s. Play shows the whole move; Next Lap goes "
                                         "through it lap by lap."),
                                       side_name (pos->to_move), dj_move_to_string (link->move));
      label = g_strdup_printf (_("Example: %s plays %s"), side_name (pos->to_move),
                               dj_move_to_string (link->move));
    }
  gtk_accessible_update_property (GTK_ACCESSIBLE (self), GTK_ACCESSIBLE_PROPERTY_LABEL, label, -1);
  update (self);
  return GTK_WIDGET (self);
}

int
dj_rules_example_get_step (DjRulesExample *self)
{
  g_return_val_if_fail (DJ_IS_RULES_EXAMPLE (self), -1);
  return self->step;
}

guint
dj_rules_example_get_n_steps (DjRulesExample *self)
{
  g_return_val_if_fail (DJ_IS_RULES_EXAMPLE (self), 0);
  return n_steps (self);
}

const char *
dj_rules_example_get_words (DjRulesExample *self)
{
  g_return_val_if_fail (DJ_IS_RULES_EXAMPLE (self), NULL);
  return gtk_label_get_text (GTK_LABEL (self->words));
}

GtkWidget *
dj_rules_example_get_board (DjRulesExample *self)
{
  g_return_val_if_fail (DJ_IS_RULES_EXAMPLE (self), NULL);
  return self->board;
}
