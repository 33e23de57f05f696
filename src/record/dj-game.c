/* dj-game.c: a game record: information, rules, start position, move tree
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <glib/gi18n-lib.h>
#include <string.h>

#include "dj-game.h"
#include "dj-node-private.h"
#include "dj-undo.h"

struct _DjGame
{
  GObject     parent_instance;

  DjRules     rules;
  DjPosition  start;
  DjNode     *root;
  DjNode     *current;
  /* How the current node was reached, when a turn was just played into it. */
  DjTrace    *current_trace;
  DjGameInfo *info;
  char       *foreign;
  guint       n_nodes;

  DjUndo     *undo;
  guint       action_depth;

  /* Last notified values */
  gboolean    can_undo;
  gboolean    can_redo;
  gboolean    modified;
  char       *undo_label;
  char       *redo_label;
};

G_DEFINE_FINAL_TYPE (DjGame, dj_game, G_TYPE_OBJECT)

enum {
  PROP_0,
  PROP_CAN_UNDO,
  PROP_CAN_REDO,
  PROP_MODIFIED,
  PROP_UNDO_LABEL,
  PROP_REDO_LABEL,
  N_PROPS
};

static GParamSpec *properties[N_PROPS];

enum {
  NODE_ADDED,
  NODE_REMOVED,
  NODE_CHANGED,
  CHILDREN_REORDERED,
  CURRENT_CHANGED,
  INFO_CHANGED,
  N_SIGNALS
};

static guint signals[N_SIGNALS];

static void
dj_game_finalize (GObject *object)
{
  DjGame *self = (DjGame *) object;

  g_clear_pointer (&self->root, dj_node_free_tree);
  g_clear_pointer (&self->undo, dj_undo_free);
  g_clear_pointer (&self->info, dj_game_info_free);
  g_clear_pointer (&self->foreign, g_free);
  g_clear_pointer (&self->undo_label, g_free);
  g_clear_pointer (&self->redo_label, g_free);
  g_clear_pointer (&self->current_trace, dj_trace_free);

  G_OBJECT_CLASS (dj_game_parent_class)->finalize (object);
}

static void
dj_game_get_property (GObject    *object,
                      guint       prop_id,
                      GValue     *value,
                      GParamSpec *pspec)
{
  DjGame *self = DJ_GAME (object);

  switch (prop_id)
    {
    case PROP_CAN_UNDO:
      g_value_set_boolean (value, dj_game_can_undo (self));
      break;
    case PROP_CAN_REDO:
      g_value_set_boolean (value, dj_game_can_redo (self));
      break;
    case PROP_MODIFIED:
      g_value_set_boolean (value, dj_game_get_modified (self));
      break;
    case PROP_UNDO_LABEL:
      g_value_set_string (value, dj_game_get_undo_label (self));
      break;
    case PROP_REDO_LABEL:
      g_value_set_string (value, dj_game_get_redo_label (self));
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
dj_game_class_init (DjGameClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);

  object_class->finalize = dj_game_finalize;
  object_class->get_property = dj_game_get_property;

  properties[PROP_CAN_UNDO] =
    g_param_spec_boolean ("can-undo", NULL, NULL, FALSE,
                          G_PARAM_READABLE | G_PARAM_STATIC_STRINGS | G_PARAM_EXPLICIT_NOTIFY);
  properties[PROP_CAN_REDO] =
    g_param_spec_boolean ("can-redo", NULL, NULL, FALSE,
                          G_PARAM_READABLE | G_PARAM_STATIC_STRINGS | G_PARAM_EXPLICIT_NOTIFY);
  properties[PROP_MODIFIED] =
    g_param_spec_boolean ("modified", NULL, NULL, FALSE,
                          G_PARAM_READABLE | G_PARAM_STATIC_STRINGS | G_PARAM_EXPLICIT_NOTIFY);
  properties[PROP_UNDO_LABEL] =
    g_param_spec_string ("undo-label", NULL, NULL, NULL,
                         G_PARAM_READABLE | G_PARAM_STATIC_STRINGS | G_PARAM_EXPLICIT_NOTIFY);
  properties[PROP_REDO_LABEL] =
    g_param_spec_string ("redo-label", NULL, NULL, NULL,
                         G_PARAM_READABLE | G_PARAM_STATIC_STRINGS | G_PARAM_EXPLICIT_NOTIFY);
  g_object_class_install_properties (object_class, N_PROPS, properties);

  /**
   * DjGame::node-added:
   * @game: the game
   * @node: (type gpointer): the node that was inserted
   *
   * Emitted after @node, with its whole subtree, was inserted in the tree:
   * a move played, a deleted variation brought back by undo.  Views add the
   * subtree; its place is dj_node_get_index (@node) under its parent.
   */
  signals[NODE_ADDED] =
    g_signal_new ("node-added", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST, 0,
                  NULL, NULL, g_cclosure_marshal_VOID__POINTER, G_TYPE_NONE, 1, G_TYPE_POINTER);

  /**
   * DjGame::node-removed:
   * @game: the game
   * @node: (type gpointer): the node that is about to go
   *
   * Emitted before @node and its whole subtree leave the tree, while they
   * are still in place.  Views must drop every pointer into the subtree.
   * If the current node was inside it, the current node has already moved
   * to @node's parent.
   */
  signals[NODE_REMOVED] =
    g_signal_new ("node-removed", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST, 0,
                  NULL, NULL, g_cclosure_marshal_VOID__POINTER, G_TYPE_NONE, 1, G_TYPE_POINTER);

  /**
   * DjGame::node-changed:
   * @game: the game
   * @node: (type gpointer): the node whose annotations changed
   *
   * Emitted after a comment, the glyph, the assessment, the time, a marker
   * or the foreign XML of @node changed.
   */
  signals[NODE_CHANGED] =
    g_signal_new ("node-changed", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST, 0,
                  NULL, NULL, g_cclosure_marshal_VOID__POINTER, G_TYPE_NONE, 1, G_TYPE_POINTER);

  /**
   * DjGame::children-reordered:
   * @game: the game
   * @parent: (type gpointer): the node whose children changed order
   *
   * Emitted after variations of @parent were promoted, moved up or down, or
   * made the main line.  The nodes stay the same; only their order changed.
   */
  signals[CHILDREN_REORDERED] =
    g_signal_new ("children-reordered", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST, 0,
                  NULL, NULL, g_cclosure_marshal_VOID__POINTER, G_TYPE_NONE, 1, G_TYPE_POINTER);

  /**
   * DjGame::current-changed:
   * @game: the game
   * @node: (type gpointer): the new current node
   *
   * Emitted after the current node (the one the board shows) changed.
   */
  signals[CURRENT_CHANGED] =
    g_signal_new ("current-changed", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST, 0,
                  NULL, NULL, g_cclosure_marshal_VOID__POINTER, G_TYPE_NONE, 1, G_TYPE_POINTER);

  /**
   * DjGame::info-changed:
   * @game: the game
   *
   * Emitted after the game information (players, event, result …) or the
   * game's foreign XML changed.
   */
  signals[INFO_CHANGED] =
    g_signal_new ("info-changed", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST, 0,
                  NULL, NULL, g_cclosure_marshal_VOID__VOID, G_TYPE_NONE, 0);
}

static void
dj_game_init (DjGame *self)
{
  self->undo = dj_undo_new ();
  self->info = dj_game_info_new ();
}

DjGame *
dj_game_new (const DjRules    *rules,
             const DjPosition *start)
{
  DjGame *self;
  DjPosition standard;

  g_return_val_if_fail (rules != NULL, NULL);
  g_return_val_if_fail (start == NULL || dj_position_check (start, NULL), NULL);

  dj_position_init_start (&standard);
  self = g_object_new (DJ_TYPE_GAME, NULL);
  self->rules = *rules;
  self->start = start ? *start : standard;
  self->root = dj_node_new (NULL, DJ_NO_MOVE, &self->start);
  self->current = self->root;
  self->n_nodes = 1;
  return self;
}

DjGame *
dj_game_copy (DjGame *self)
{
  DjGame *copy;

  g_return_val_if_fail (DJ_IS_GAME (self), NULL);

  copy = dj_game_new (&self->rules, &self->start);
  g_clear_pointer (&copy->root, dj_node_free_tree);
  copy->root = dj_node_copy_tree (self->root);
  copy->current = copy->root;
  copy->n_nodes = self->n_nodes;
  dj_game_info_free (copy->info);
  copy->info = dj_game_info_copy (self->info);
  copy->foreign = g_strdup (self->foreign);
  return copy;
}

const DjRules *
dj_game_get_rules (DjGame *self)
{
  g_return_val_if_fail (DJ_IS_GAME (self), NULL);
  return &self->rules;
}

const DjPosition *
dj_game_get_start (DjGame *self)
{
  g_return_val_if_fail (DJ_IS_GAME (self), NULL);
  return &self->start;
}

gboolean
dj_game_has_setup (DjGame *self)
{
  DjPosition standard;

  g_return_val_if_fail (DJ_IS_GAME (self), FALSE);

  dj_position_init_start (&standard);
  return !dj_position_equal (&standard, &self->start);
}

DjNode *
dj_game_get_root (DjGame *self)
{
  g_return_val_if_fail (DJ_IS_GAME (self), NULL);
  return self->root;
}

guint
dj_game_get_n_nodes (DjGame *self)
{
  g_return_val_if_fail (DJ_IS_GAME (self), 0);
  return self->n_nodes;
}

const DjGameInfo *
dj_game_get_info (DjGame *self)
{
  g_return_val_if_fail (DJ_IS_GAME (self), NULL);
  return self->info;
}

const char *
dj_game_get_foreign_xml (DjGame *self)
{
  g_return_val_if_fail (DJ_IS_GAME (self), NULL);
  return self->foreign;
}

/* TRUE when @node is in this game's tree.  O(depth). */
static gboolean
owns_node (DjGame *self,
           DjNode *node)
{
  if (node == NULL)
    return FALSE;
  while (node->parent != NULL)
    node = node->parent;
  return node == self->root;
}

static gboolean
is_inside (const DjNode *node,
           const DjNode *top)
{
  for (; node != NULL; node = node->parent)
    if (node == top)
      return TRUE;
  return FALSE;
}

DjNode *
dj_game_get_current (DjGame *self)
{
  g_return_val_if_fail (DJ_IS_GAME (self), NULL);
  return self->current;
}

/* Makes @node current, reached by @trace (taken over; NULL: not by a turn). */
static void
set_current (DjGame  *self,
             DjNode  *node,
             DjTrace *trace)
{
  if (self->current == node && trace == NULL)
    return;
  g_clear_pointer (&self->current_trace, dj_trace_free);
  self->current_trace = trace;
  self->current = node;
  g_signal_emit (self, signals[CURRENT_CHANGED], 0, node);
}

void
dj_game_set_current (DjGame *self,
                     DjNode *node)
{
  g_return_if_fail (DJ_IS_GAME (self));
  g_return_if_fail (owns_node (self, node));

  set_current (self, node, NULL);
}

const DjTrace *
dj_game_get_current_trace (DjGame *self)
{
  g_return_val_if_fail (DJ_IS_GAME (self), NULL);
  return self->current_trace;
}

/* Undo state and notifications */

/* Notifies what changed in the history (when an edit ends, an undo or a
 * redo is done).  can-undo and can-redo are what dj_game_can_undo() and
 * dj_game_can_redo() say at any time, during an edit too: a view that looks
 * from a tree signal in the middle of an edit sees the history as it stands,
 * and hears of the change when the edit ends. */
static void
update_state (DjGame *self)
{
  gboolean can_undo = dj_undo_can_undo (self->undo);
  gboolean can_redo = dj_undo_can_redo (self->undo);
  gboolean modified = !dj_undo_is_at_saved (self->undo);
  const char *undo_label = dj_undo_get_undo_label (self->undo);
  const char *redo_label = dj_undo_get_redo_label (self->undo);

  if (can_undo != self->can_undo)
    {
      self->can_undo = can_undo;
      g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_CAN_UNDO]);
    }
  if (can_redo != self->can_redo)
    {
      self->can_redo = can_redo;
      g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_CAN_REDO]);
    }
  if (modified != self->modified)
    {
      self->modified = modified;
      g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_MODIFIED]);
    }
  if (g_strcmp0 (undo_label, self->undo_label) != 0)
    {
      g_free (self->undo_label);
      self->undo_label = g_strdup (undo_label);
      g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_UNDO_LABEL]);
    }
  if (g_strcmp0 (redo_label, self->redo_label) != 0)
    {
      g_free (self->redo_label);
      self->redo_label = g_strdup (redo_label);
      g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_REDO_LABEL]);
    }
}

static void
begin (DjGame     *self,
       const char *label)
{
  if (self->action_depth++ == 0)
    dj_undo_open (self->undo, label);
}

static void
end (DjGame *self)
{
  g_assert (self->action_depth > 0);

  if (--self->action_depth == 0)
    {
      dj_undo_commit (self->undo);
      update_state (self);
    }
}

void
dj_game_begin_action (DjGame     *self,
                      const char *label)
{
  g_return_if_fail (DJ_IS_GAME (self));
  g_return_if_fail (label != NULL);

  begin (self, label);
}

void
dj_game_end_action (DjGame *self)
{
  g_return_if_fail (DJ_IS_GAME (self));
  g_return_if_fail (self->action_depth > 0);

  end (self);
}

/* Applying operations, forwards (do, redo) or backwards (undo) */

static char **
text_field (DjNode  *node,
            DjOpText field)
{
  DjNodeExtra *x = dj_node_ensure_extra (node);

  switch (field)
    {
    case DJ_OP_TEXT_BEFORE:
      return &x->comment_before;
    case DJ_OP_TEXT_AFTER:
      return &x->comment_after;
    case DJ_OP_TEXT_FOREIGN:
    default:
      return &x->foreign;
    }
}

static void
do_insert (DjGame *self,
           DjOp   *op)
{
  dj_node_insert (op->parent, op->node, op->index);
  op->owns = FALSE;
  self->n_nodes += op->index2;
  g_signal_emit (self, signals[NODE_ADDED], 0, op->node);
}

static void
do_remove (DjGame *self,
           DjOp   *op)
{
  if (is_inside (self->current, op->node))
    dj_game_set_current (self, op->parent);
  g_signal_emit (self, signals[NODE_REMOVED], 0, op->node);
  dj_node_unlink (op->node);
  op->owns = TRUE;
  self->n_nodes -= op->index2;
}

static void
apply_op (DjGame   *self,
          DjOp     *op,
          gboolean  forward)
{
  int to = forward ? 1 : 0;

  switch (op->kind)
    {
    case DJ_OP_INSERT:
      if (forward)
        do_insert (self, op);
      else
        do_remove (self, op);
      break;

    case DJ_OP_REMOVE:
      if (forward)
        do_remove (self, op);
      else
        do_insert (self, op);
      break;

    case DJ_OP_MOVE:
      dj_node_unlink (op->node);
      dj_node_insert (op->parent, op->node, forward ? op->index2 : op->index);
      g_signal_emit (self, signals[CHILDREN_REORDERED], 0, op->parent);
      break;

    case DJ_OP_TEXT:
      {
        char **field = text_field (op->node, op->field);

        g_free (*field);
        *field = g_strdup (op->u.text[to]);
        dj_node_trim_extra (op->node);
        g_signal_emit (self, signals[NODE_CHANGED], 0, op->node);
      }
      break;

    case DJ_OP_GLYPH:
      op->node->glyph = (guint8) op->u.value[to];
      g_signal_emit (self, signals[NODE_CHANGED], 0, op->node);
      break;

    case DJ_OP_ASSESSMENT:
      op->node->assessment = (guint8) op->u.value[to];
      g_signal_emit (self, signals[NODE_CHANGED], 0, op->node);
      break;

    case DJ_OP_TIME:
      dj_node_ensure_extra (op->node)->time_ms = op->u.value[to];
      dj_node_trim_extra (op->node);
      g_signal_emit (self, signals[NODE_CHANGED], 0, op->node);
      break;

    case DJ_OP_MARKERS:
      {
        DjNodeExtra *x = dj_node_ensure_extra (op->node);

        g_clear_pointer (&x->markup, g_free);
        x->markup = g_memdup2 (op->u.markup[to], sizeof (DjMarkup));
        dj_node_trim_extra (op->node);
      }
      g_signal_emit (self, signals[NODE_CHANGED], 0, op->node);
      break;

    case DJ_OP_FINDING:
      {
        DjNodeExtra *x = dj_node_ensure_extra (op->node);

        g_clear_pointer (&x->finding, g_free);
        x->finding = g_memdup2 (op->u.finding[to], sizeof (DjFinding));
        dj_node_trim_extra (op->node);
      }
      g_signal_emit (self, signals[NODE_CHANGED], 0, op->node);
      break;

    case DJ_OP_INFO:
      dj_game_info_free (self->info);
      self->info = dj_game_info_copy (op->u.info[to]);
      g_signal_emit (self, signals[INFO_CHANGED], 0);
      break;

    case DJ_OP_GAME_FOREIGN:
      g_free (self->foreign);
      self->foreign = g_strdup (op->u.text[to]);
      g_signal_emit (self, signals[INFO_CHANGED], 0);
      break;

    default:
      g_assert_not_reached ();
    }
}

/* Records @op in the open step and does it. */
static void
record (DjGame     *self,
        const DjOp *op)
{
  g_assert (self->action_depth > 0);

  apply_op (self, dj_undo_push (self->undo, op), TRUE);
}

gboolean
dj_game_can_undo (DjGame *self)
{
  g_return_val_if_fail (DJ_IS_GAME (self), FALSE);
  return dj_undo_can_undo (self->undo);
}

gboolean
dj_game_can_redo (DjGame *self)
{
  g_return_val_if_fail (DJ_IS_GAME (self), FALSE);
  return dj_undo_can_redo (self->undo);
}

const char *
dj_game_get_undo_label (DjGame *self)
{
  g_return_val_if_fail (DJ_IS_GAME (self), NULL);
  return dj_undo_get_undo_label (self->undo);
}

const char *
dj_game_get_redo_label (DjGame *self)
{
  g_return_val_if_fail (DJ_IS_GAME (self), NULL);
  return dj_undo_get_redo_label (self->undo);
}

void
dj_game_undo (DjGame *self)
{
  GArray *ops;

  g_return_if_fail (DJ_IS_GAME (self));
  g_return_if_fail (self->action_depth == 0);   /* not from inside an edit */
  g_return_if_fail (dj_game_can_undo (self));

  ops = dj_undo_step_back (self->undo);
  for (guint i = ops->len; i-- > 0;)
    apply_op (self, &g_array_index (ops, DjOp, i), FALSE);
  update_state (self);
}

void
dj_game_redo (DjGame *self)
{
  GArray *ops;
  DjNode *restored = NULL;

  g_return_if_fail (DJ_IS_GAME (self));
  g_return_if_fail (self->action_depth == 0);
  g_return_if_fail (dj_game_can_redo (self));

  ops = dj_undo_step_forward (self->undo);
  for (guint i = 0; i < ops->len; i++)
    {
      DjOp *op = &g_array_index (ops, DjOp, i);

      apply_op (self, op, TRUE);
      if (op->kind == DJ_OP_INSERT)
        restored = op->node;
    }
  /* Redoing a move shows it, as playing it did. */
  if (restored != NULL)
    set_current (self, restored, NULL);
  update_state (self);
}

void
dj_game_clear_undo (DjGame *self)
{
  g_return_if_fail (DJ_IS_GAME (self));
  g_return_if_fail (self->action_depth == 0);

  dj_undo_clear (self->undo);
  update_state (self);
}

gboolean
dj_game_get_modified (DjGame *self)
{
  g_return_val_if_fail (DJ_IS_GAME (self), FALSE);
  return !dj_undo_is_at_saved (self->undo);
}

void
dj_game_set_modified (DjGame   *self,
                      gboolean  modified)
{
  g_return_if_fail (DJ_IS_GAME (self));

  dj_undo_mark_saved (self->undo, !modified);
  update_state (self);
}

/* Editing the tree */

DjNode *
dj_game_play (DjGame  *self,
              DjNode  *node,
              DjMove   move,
              GError **error)
{
  g_autofree char *label = NULL;
  DjMoves moves;
  DjPosition child;
  DjPitStatus why;
  DjNode *existing;
  DjOp op = { DJ_OP_INSERT };

  g_return_val_if_fail (DJ_IS_GAME (self), NULL);
  g_return_val_if_fail (owns_node (self, node), NULL);
  g_return_val_if_fail (error == NULL || *error == NULL, NULL);

  existing = dj_node_find_child (node, move);
  if (existing != NULL)
    return existing;

  dj_moves_generate (&self->rules, &node->position, &moves);
  why = dj_moves_why (&moves, move);
  if (why != DJ_PIT_LEGAL)
    {
      g_set_error (error, DJ_ENGINE_ERROR, DJ_ENGINE_ERROR_ILLEGAL,
                   _("Illegal move %s: %s"),
                   move >= 0 && move <= DJ_PASS ? dj_move_to_string (move) : "?",
                   dj_pit_status_describe (why));
      return NULL;
    }
  dj_moves_child (&moves, &node->position, move, &child);

  op.node = dj_node_new (node, move, &child);
  op.parent = node;
  op.index = dj_node_get_n_children (node);
  op.index2 = 1;
  op.owns = TRUE;
  /* Translators: undo label; %s is a move such as "c", "D" or "pass" */
  label = g_strdup_printf (_("Play %s"), dj_move_to_string (move));
  begin (self, label);
  record (self, &op);
  end (self);
  return op.node;
}

/* The turn at @node after @move (DJ_NO_MOVE: none) was played to @child (or
 * is @node itself): the pass the rules force then, played or followed when
 * recorded; NULL when none is forced. */
static DjNode *
play_forced_pass (DjGame *self,
                  DjNode *node,
                  DjMove  move,
                  DjNode *child)
{
  DjMoves moves, next;
  DjPosition after;

  dj_moves_generate (&self->rules, &node->position, &moves);
  if (!dj_moves_play_turn (&self->rules, &moves, &node->position, move, &after, &next))
    return NULL;
  return dj_game_play (self, child, DJ_PASS, NULL);
}

/* A game the rules ended on its main line gets that result (termination,
 * reason, final scores) unless it has one already; the user may still
 * change it.  Part of the turn's undo step. */
static void
fill_result (DjGame *self,
             DjNode *node)
{
  g_autoptr(DjGameInfo) info = NULL;
  DjMoves moves;
  int score[2];

  if (node == NULL || self->info->result != DJ_RESULT_UNKNOWN)
    return;
  dj_moves_generate (&self->rules, &node->position, &moves);
  if (moves.end == DJ_END_NONE || !dj_node_is_main_line (node))
    return;
  dj_final_scores (&self->rules, &node->position, score);
  info = dj_game_info_copy (self->info);
  info->result = score[DJ_SOUTH] > score[DJ_NORTH] ? DJ_RESULT_SOUTH_WINS
                 : score[DJ_NORTH] > score[DJ_SOUTH] ? DJ_RESULT_NORTH_WINS
                 : DJ_RESULT_DRAW;
  info->termination = DJ_TERMINATION_RULES;
  info->end_reason = moves.end;
  info->score[DJ_SOUTH] = score[DJ_SOUTH];
  info->score[DJ_NORTH] = score[DJ_NORTH];
  dj_game_set_info (self, info);
}

DjTrace *
dj_game_play_turn (DjGame  *self,
                   DjMove   move,
                   gint64   time_ms,
                   GError **error)
{
  g_autoptr(DjTrace) trace = dj_trace_new ();
  g_autofree char *label = NULL;
  DjNode *node, *child, *last;
  gboolean is_new;

  g_return_val_if_fail (DJ_IS_GAME (self), NULL);
  g_return_val_if_fail (error == NULL || *error == NULL, NULL);
  g_return_val_if_fail (self->action_depth == 0, NULL);

  node = self->current;
  if (!dj_play (&self->rules, &node->position, move, trace, error))
    return NULL;

  is_new = dj_node_find_child (node, move) == NULL;
  /* Translators: undo label; %s is a move such as "c", "D" or "pass" */
  label = g_strdup_printf (_("Play %s"), dj_move_to_string (move));
  begin (self, label);
  child = dj_game_play (self, node, move, error);
  if (child != NULL && is_new && time_ms != DJ_NO_TIME)
    dj_game_set_time (self, child, time_ms);
  last = child != NULL ? play_forced_pass (self, node, move, child) : NULL;
  if (child != NULL && is_new)
    fill_result (self, last != NULL ? last : child);
  end (self);
  if (child == NULL)
    return NULL;

  set_current (self, last != NULL ? last : child, dj_trace_copy (trace));
  return g_steal_pointer (&trace);
}

DjNode *
dj_game_play_forced_pass (DjGame *self)
{
  g_autofree char *label = NULL;
  DjNode *pass;

  g_return_val_if_fail (DJ_IS_GAME (self), NULL);
  g_return_val_if_fail (self->action_depth == 0, NULL);

  label = g_strdup_printf (_("Play %s"), dj_move_to_string (DJ_PASS));
  begin (self, label);
  pass = play_forced_pass (self, self->current, DJ_NO_MOVE, self->current);
  end (self);
  if (pass != NULL)
    set_current (self, pass, NULL);
  return pass;
}

static void
remove_subtree (DjGame *self,
                DjNode *node)
{
  DjOp op = { DJ_OP_REMOVE };

  op.node = node;
  op.parent = node->parent;
  op.index = dj_node_get_index (node);
  op.index2 = dj_node_count_tree (node);
  record (self, &op);
}

void
dj_game_delete_variation (DjGame *self,
                          DjNode *node)
{
  g_return_if_fail (DJ_IS_GAME (self));
  g_return_if_fail (owns_node (self, node));
  g_return_if_fail (node != self->root);

  begin (self, _("Delete Variation"));
  remove_subtree (self, node);
  end (self);
}

void
dj_game_delete_after (DjGame *self,
                      DjNode *node)
{
  g_return_if_fail (DJ_IS_GAME (self));
  g_return_if_fail (owns_node (self, node));

  begin (self, _("Delete Moves After"));
  /* Last child first, so that undo puts them back in order. */
  while (node->first_child != NULL)
    {
      DjNode *last = node->first_child;

      while (last->next_sibling != NULL)
        last = last->next_sibling;
      remove_subtree (self, last);
    }
  end (self);
}

static void
move_child (DjGame *self,
            DjNode *node,
            guint   to)
{
  DjOp op = { DJ_OP_MOVE };

  op.node = node;
  op.parent = node->parent;
  op.index = dj_node_get_index (node);
  op.index2 = to;
  if (op.index != op.index2)
    record (self, &op);
}

void
dj_game_promote_variation (DjGame *self,
                           DjNode *node)
{
  g_return_if_fail (DJ_IS_GAME (self));
  g_return_if_fail (owns_node (self, node));

  if (dj_node_is_first_child (node))
    return;
  begin (self, _("Promote Variation"));
  move_child (self, node, dj_node_get_index (node) - 1);
  end (self);
}

void
dj_game_make_main_line (DjGame *self,
                        DjNode *node)
{
  g_return_if_fail (DJ_IS_GAME (self));
  g_return_if_fail (owns_node (self, node));

  begin (self, _("Make Main Line"));
  for (DjNode *n = node; n->parent != NULL; n = n->parent)
    move_child (self, n, 0);
  end (self);
}

void
dj_game_move_variation_up (DjGame *self,
                           DjNode *node)
{
  g_return_if_fail (DJ_IS_GAME (self));
  g_return_if_fail (owns_node (self, node));

  if (dj_node_is_first_child (node))
    return;
  begin (self, _("Move Variation Up"));
  move_child (self, node, dj_node_get_index (node) - 1);
  end (self);
}

void
dj_game_move_variation_down (DjGame *self,
                             DjNode *node)
{
  g_return_if_fail (DJ_IS_GAME (self));
  g_return_if_fail (owns_node (self, node));

  if (node->next_sibling == NULL)
    return;
  begin (self, _("Move Variation Down"));
  move_child (self, node, dj_node_get_index (node) + 1);
  end (self);
}

/* Annotations */

/* Characters that no text file format can hold (XML 1.0 forbids them)
 * become U+FFFD, so that whatever is stored can be saved and read back. */
static char *
sanitize (const char *text,
          gsize       len)
{
  GString *s = g_string_sized_new (len);
  const char *end = text + len;

  for (const char *p = text; p < end; p = g_utf8_next_char (p))
    {
      gunichar c = g_utf8_get_char (p);

      if (c == 0x9 || c == 0xA || c == 0xD || (c >= 0x20 && c <= 0xD7FF) ||
          (c >= 0xE000 && c <= 0xFFFD) || (c >= 0x10000 && c <= 0x10FFFF))
        g_string_append_len (s, p, g_utf8_next_char (p) - p);
      else
        g_string_append_unichar (s, 0xFFFD);
    }
  return g_string_free (s, FALSE);
}

/* A copy of @text cut to DJ_MAX_COMMENT_BYTES at a character boundary, or
 * NULL for an empty text. */
static char *
clean_text (const char *text)
{
  gsize len;

  if (text == NULL || *text == '\0')
    return NULL;
  len = strlen (text);
  if (len > DJ_MAX_COMMENT_BYTES)
    {
      const char *end = g_utf8_find_prev_char (text, text + DJ_MAX_COMMENT_BYTES + 1);

      len = end - text;
    }
  return sanitize (text, len);
}

static void
set_text (DjGame     *self,
          DjNode     *node,
          DjOpText    field,
          const char *text,
          const char *label)
{
  g_autofree char *clean = clean_text (text);
  const char *old;
  DjOp op = { DJ_OP_TEXT };

  switch (field)
    {
    case DJ_OP_TEXT_BEFORE:
      old = dj_node_get_comment_before (node);
      break;
    case DJ_OP_TEXT_AFTER:
      old = dj_node_get_comment_after (node);
      break;
    case DJ_OP_TEXT_FOREIGN:
    default:
      old = dj_node_get_foreign_xml (node);
      break;
    }
  if (g_strcmp0 (old, clean) == 0)
    return;

  op.node = node;
  op.field = field;
  op.u.text[0] = g_strdup (old);
  op.u.text[1] = g_steal_pointer (&clean);
  begin (self, label);
  record (self, &op);
  end (self);
}

void
dj_game_set_comment_before (DjGame     *self,
                            DjNode     *node,
                            const char *text)
{
  g_return_if_fail (DJ_IS_GAME (self));
  g_return_if_fail (owns_node (self, node));
  g_return_if_fail (node != self->root);
  g_return_if_fail (text == NULL || g_utf8_validate (text, -1, NULL));

  set_text (self, node, DJ_OP_TEXT_BEFORE, text, _("Edit Comment"));
}

void
dj_game_set_comment_after (DjGame     *self,
                           DjNode     *node,
                           const char *text)
{
  g_return_if_fail (DJ_IS_GAME (self));
  g_return_if_fail (owns_node (self, node));
  g_return_if_fail (text == NULL || g_utf8_validate (text, -1, NULL));

  set_text (self, node, DJ_OP_TEXT_AFTER, text, _("Edit Comment"));
}

void
dj_game_set_node_foreign_xml (DjGame     *self,
                              DjNode     *node,
                              const char *xml)
{
  g_return_if_fail (DJ_IS_GAME (self));
  g_return_if_fail (owns_node (self, node));

  set_text (self, node, DJ_OP_TEXT_FOREIGN, xml, _("Edit Extension Data"));
}

static void
set_value (DjGame     *self,
           DjNode     *node,
           DjOpKind    kind,
           gint64      old,
           gint64      value,
           const char *label)
{
  DjOp op = { kind };

  if (old == value)
    return;
  op.node = node;
  op.u.value[0] = old;
  op.u.value[1] = value;
  begin (self, label);
  record (self, &op);
  end (self);
}

void
dj_game_set_glyph (DjGame  *self,
                   DjNode  *node,
                   DjGlyph  glyph)
{
  g_return_if_fail (DJ_IS_GAME (self));
  g_return_if_fail (owns_node (self, node));
  g_return_if_fail (node != self->root);
  g_return_if_fail (glyph <= DJ_GLYPH_LAST);

  set_value (self, node, DJ_OP_GLYPH, node->glyph, glyph, _("Set Glyph"));
}

void
dj_game_set_assessment (DjGame       *self,
                        DjNode       *node,
                        DjAssessment  assessment)
{
  g_return_if_fail (DJ_IS_GAME (self));
  g_return_if_fail (owns_node (self, node));
  g_return_if_fail (dj_assessment_is_valid (assessment));

  set_value (self, node, DJ_OP_ASSESSMENT, node->assessment, assessment,
             _("Set Assessment"));
}

void
dj_game_set_time (DjGame *self,
                  DjNode *node,
                  gint64  time_ms)
{
  g_return_if_fail (DJ_IS_GAME (self));
  g_return_if_fail (owns_node (self, node));
  g_return_if_fail (node != self->root);
  g_return_if_fail (time_ms >= 0 || time_ms == DJ_NO_TIME);

  set_value (self, node, DJ_OP_TIME, dj_node_get_time_ms (node), time_ms, _("Set Time"));
}

void
dj_game_set_markup (DjGame         *self,
                    DjNode         *node,
                    const DjMarkup *markup,
                    const char     *label)
{
  DjOp op = { DJ_OP_MARKERS };
  const DjMarkup *old;

  g_return_if_fail (DJ_IS_GAME (self));
  g_return_if_fail (owns_node (self, node));

  old = dj_node_get_markup (node);
  if (dj_markup_equal (old, markup))
    return;
  op.node = node;
  op.u.markup[0] = g_memdup2 (old, sizeof (DjMarkup));
  if (!dj_markup_is_empty (markup))
    op.u.markup[1] = g_memdup2 (markup, sizeof (DjMarkup));
  begin (self, label != NULL ? label : _("Edit Markup"));
  record (self, &op);
  end (self);
}

void
dj_game_set_finding (DjGame          *self,
                     DjNode          *node,
                     const DjFinding *finding)
{
  DjOp op = { DJ_OP_FINDING };
  const DjFinding *old;

  g_return_if_fail (DJ_IS_GAME (self));
  g_return_if_fail (owns_node (self, node));
  g_return_if_fail (node != self->root);
  g_return_if_fail (finding == NULL || dj_finding_is_valid (finding));

  old = dj_node_get_finding (node);
  if (dj_finding_equal (old, finding))
    return;
  op.node = node;
  op.u.finding[0] = g_memdup2 (old, sizeof (DjFinding));
  op.u.finding[1] = g_memdup2 (finding, sizeof (DjFinding));
  /* Translators: the undo step of a change to a review's finding */
  begin (self, _("Edit Review"));
  record (self, &op);
  end (self);
}

gboolean
dj_game_has_findings (DjGame *self)
{
  g_return_val_if_fail (DJ_IS_GAME (self), FALSE);

  for (DjNode *n = self->root; n != NULL; n = dj_node_walk_next (n, self->root))
    if (dj_node_get_finding (n) != NULL)
      return TRUE;
  return FALSE;
}

void
dj_game_clear_findings (DjGame *self)
{
  g_return_if_fail (DJ_IS_GAME (self));

  begin (self, _("Clear Review"));
  for (DjNode *n = self->root; n != NULL; n = dj_node_walk_next (n, self->root))
    if (dj_node_get_finding (n) != NULL)
      dj_game_set_finding (self, n, NULL);
  end (self);
}

/* The node's markup, or an empty one, to change and set again. */
static void
markup_of (DjNode   *node,
           DjMarkup *markup)
{
  const DjMarkup *m = dj_node_get_markup (node);

  if (m != NULL)
    *markup = *m;
  else
    dj_markup_init (markup);
}

void
dj_game_set_mark (DjGame      *self,
                  DjNode      *node,
                  guint        pit,
                  DjMarkShape  shape,
                  DjMarker     colour,
                  const char  *label)
{
  DjMarkup markup;

  g_return_if_fail (DJ_IS_GAME (self));
  g_return_if_fail (owns_node (self, node));
  g_return_if_fail (pit < DJ_N_PITS);

  markup_of (node, &markup);
  g_return_if_fail (dj_markup_set_mark (&markup, pit, shape, colour, label));
  dj_game_set_markup (self, node, &markup,
                      shape != DJ_MARK_NONE ? _("Mark Pit") : _("Remove Mark"));
}

void
dj_game_toggle_arrow (DjGame   *self,
                      DjNode   *node,
                      guint     from,
                      guint     to,
                      DjMarker  colour)
{
  DjMarkup markup;
  gboolean had;

  g_return_if_fail (DJ_IS_GAME (self));
  g_return_if_fail (owns_node (self, node));
  g_return_if_fail (from < DJ_N_PITS && to < DJ_N_PITS && from != to);
  g_return_if_fail (colour > DJ_MARKER_NONE && colour <= DJ_MARKER_LAST);

  markup_of (node, &markup);
  had = dj_markup_find_arrow (&markup, from, to) >= 0;
  if (!dj_markup_toggle_arrow (&markup, from, to, colour))
    return;   /* no room for another arrow */
  dj_game_set_markup (self, node, &markup,
                      had && dj_markup_find_arrow (&markup, from, to) < 0
                      ? _("Remove Arrow") : _("Draw Arrow"));
}

void
dj_game_set_marker (DjGame   *self,
                    DjNode   *node,
                    guint     pit,
                    DjMarker  marker)
{
  DjMarkup markup;
  DjPitMark *mark;

  g_return_if_fail (DJ_IS_GAME (self));
  g_return_if_fail (owns_node (self, node));
  g_return_if_fail (pit < DJ_N_PITS);
  g_return_if_fail (marker <= DJ_MARKER_LAST);

  markup_of (node, &markup);
  mark = &markup.pits[pit];
  /* A new colour keeps the shape; a pit without one gets a circle. */
  if (marker == DJ_MARKER_NONE)
    dj_markup_set_mark (&markup, pit, DJ_MARK_NONE, DJ_MARKER_NONE, NULL);
  else if (mark->shape == DJ_MARK_NONE)
    dj_markup_set_mark (&markup, pit, DJ_MARK_CIRCLE, marker, NULL);
  else
    mark->colour = marker;
  dj_game_set_markup (self, node, &markup, marker ? _("Set Marker") : _("Remove Marker"));
}

void
dj_game_clear_markers (DjGame *self,
                       DjNode *node)
{
  g_return_if_fail (DJ_IS_GAME (self));
  g_return_if_fail (owns_node (self, node));

  dj_game_set_markup (self, node, NULL, _("Clear Markup"));
}

void
dj_game_set_info (DjGame           *self,
                  const DjGameInfo *info)
{
  DjOp op = { DJ_OP_INFO };

  g_return_if_fail (DJ_IS_GAME (self));
  g_return_if_fail (info != NULL);
  g_return_if_fail (info->date == NULL || *info->date == '\0' ||
                    dj_date_validate (info->date, NULL));
  g_return_if_fail (info->score[0] >= -1 && info->score[0] <= DJ_N_SEEDS &&
                    info->score[1] >= -1 && info->score[1] <= DJ_N_SEEDS);

  if (dj_game_info_equal (self->info, info))
    return;
  op.u.info[0] = dj_game_info_copy (self->info);
  op.u.info[1] = dj_game_info_copy (info);
  /* Keep NULL for empty strings, as the readers do. */
#define NORMALIZE(f) \
  { \
    char *clean = clean_text (op.u.info[1]->f); \
    g_free (op.u.info[1]->f); \
    op.u.info[1]->f = clean; \
  }
  NORMALIZE (south) NORMALIZE (north) NORMALIZE (event) NORMALIZE (site)
  NORMALIZE (date) NORMALIZE (round) NORMALIZE (annotator) NORMALIZE (recorder)
  NORMALIZE (source) NORMALIZE (notes)
#undef NORMALIZE
  for (guint i = 0; i < op.u.info[1]->tags->len; i++)
    {
      char **tag = (char **) &g_ptr_array_index (op.u.info[1]->tags, i);
      char *clean = sanitize (*tag, strlen (*tag));

      g_free (*tag);
      *tag = clean;
    }
  begin (self, _("Edit Game Information"));
  record (self, &op);
  end (self);
}

void
dj_game_set_foreign_xml (DjGame     *self,
                         const char *xml)
{
  DjOp op = { DJ_OP_GAME_FOREIGN };

  g_return_if_fail (DJ_IS_GAME (self));

  if (xml != NULL && *xml == '\0')
    xml = NULL;
  if (g_strcmp0 (xml, self->foreign) == 0)
    return;
  op.u.text[0] = g_strdup (self->foreign);
  op.u.text[1] = g_strdup (xml);
  begin (self, _("Edit Extension Data"));
  record (self, &op);
  end (self);
}

/* For readers: no history, no signals */

DjNode *
dj_game_append_unchecked (DjGame           *self,
                          DjNode           *parent,
                          DjMove            move,
                          const DjPosition *position)
{
  DjNode *node;

  g_return_val_if_fail (DJ_IS_GAME (self), NULL);
  g_return_val_if_fail (parent != NULL, NULL);

  node = dj_node_new (parent, move, position);
  dj_node_insert (parent, node, G_MAXUINT);
  self->n_nodes++;
  return node;
}

void
dj_game_load_comments (DjGame *self,
                       DjNode *node,
                       char   *before,
                       char   *after)
{
  DjNodeExtra *x;

  g_return_if_fail (DJ_IS_GAME (self));
  g_return_if_fail (node != NULL);

  if (before == NULL && after == NULL)
    return;
  x = dj_node_ensure_extra (node);
  if (before != NULL)
    {
      g_free (x->comment_before);
      x->comment_before = before;
    }
  if (after != NULL)
    {
      g_free (x->comment_after);
      x->comment_after = after;
    }
}

void
dj_game_load_annotations (DjGame       *self,
                          DjNode       *node,
                          DjGlyph       glyph,
                          DjAssessment  assessment,
                          gint64        time_ms)
{
  g_return_if_fail (DJ_IS_GAME (self));
  g_return_if_fail (node != NULL);

  node->glyph = glyph;
  node->assessment = assessment;
  if (time_ms != DJ_NO_TIME)
    dj_node_ensure_extra (node)->time_ms = time_ms;
}

void
dj_game_load_marker (DjGame   *self,
                     DjNode   *node,
                     guint     pit,
                     DjMarker  marker)
{
  g_return_if_fail (DJ_IS_GAME (self));
  g_return_if_fail (node != NULL);
  g_return_if_fail (pit < DJ_N_PITS);

  if (marker != DJ_MARKER_NONE)
    {
      DjMarkup markup;

      markup_of (node, &markup);
      dj_markup_set_mark (&markup, pit, DJ_MARK_CIRCLE, marker, NULL);
      dj_game_load_markup (self, node, &markup);
    }
}

void
dj_game_load_markup (DjGame         *self,
                     DjNode         *node,
                     const DjMarkup *markup)
{
  DjNodeExtra *x;

  g_return_if_fail (DJ_IS_GAME (self));
  g_return_if_fail (node != NULL);

  if (dj_markup_is_empty (markup))
    {
      if (node->extra != NULL)
        {
          g_clear_pointer (&node->extra->markup, g_free);
          dj_node_trim_extra (node);
        }
      return;
    }
  x = dj_node_ensure_extra (node);
  if (x->markup == NULL)
    x->markup = g_new (DjMarkup, 1);
  *x->markup = *markup;
}

void
dj_game_load_finding (DjGame          *self,
                      DjNode          *node,
                      const DjFinding *finding)
{
  DjNodeExtra *x;

  g_return_if_fail (DJ_IS_GAME (self));
  g_return_if_fail (node != NULL);

  if (finding == NULL)
    {
      if (node->extra != NULL)
        {
          g_clear_pointer (&node->extra->finding, g_free);
          dj_node_trim_extra (node);
        }
      return;
    }
  x = dj_node_ensure_extra (node);
  g_free (x->finding);
  x->finding = g_memdup2 (finding, sizeof (DjFinding));
}

void
dj_game_load_node_foreign (DjGame *self,
                           DjNode *node,
                           char   *xml)
{
  DjNodeExtra *x;

  g_return_if_fail (DJ_IS_GAME (self));
  g_return_if_fail (node != NULL);

  if (xml == NULL)
    return;
  x = dj_node_ensure_extra (node);
  g_free (x->foreign);
  x->foreign = xml;
}

void
dj_game_load_info (DjGame     *self,
                   DjGameInfo *info)
{
  g_return_if_fail (DJ_IS_GAME (self));
  g_return_if_fail (info != NULL);

  dj_game_info_free (self->info);
  self->info = info;
}

void
dj_game_load_foreign (DjGame *self,
                      char   *xml)
{
  g_return_if_fail (DJ_IS_GAME (self));

  g_free (self->foreign);
  self->foreign = xml;
}
