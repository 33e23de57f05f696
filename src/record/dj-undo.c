/* dj-undo.c: the undo history of a game
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include "dj-undo.h"

typedef struct
{
  char   *label;
  GArray *ops;     /* DjOp */
} DjStep;

struct _DjUndo
{
  GPtrArray *steps;     /* DjStep *, oldest first */
  guint      done;      /* steps[0..done-1] are done, the rest can be redone */
  gint64     saved;     /* value of done at the saved state, -1 if none */
  DjStep    *open;
};

void
dj_op_clear (DjOp *op)
{
  switch (op->kind)
    {
    case DJ_OP_INSERT:
    case DJ_OP_REMOVE:
      if (op->owns)
        g_clear_pointer (&op->node, dj_node_free_tree);
      break;
    case DJ_OP_TEXT:
    case DJ_OP_GAME_FOREIGN:
      g_clear_pointer (&op->u.text[0], g_free);
      g_clear_pointer (&op->u.text[1], g_free);
      break;
    case DJ_OP_MARKERS:
      g_clear_pointer (&op->u.markup[0], g_free);
      g_clear_pointer (&op->u.markup[1], g_free);
      break;
    case DJ_OP_FINDING:
      g_clear_pointer (&op->u.finding[0], g_free);
      g_clear_pointer (&op->u.finding[1], g_free);
      break;
    case DJ_OP_INFO:
      g_clear_pointer (&op->u.info[0], dj_game_info_free);
      g_clear_pointer (&op->u.info[1], dj_game_info_free);
      break;
    case DJ_OP_MOVE:
    case DJ_OP_GLYPH:
    case DJ_OP_ASSESSMENT:
    case DJ_OP_TIME:
    default:
      break;
    }
}

static void
step_free (DjStep *step)
{
  /* Later operations may refer to nodes that an earlier one holds, but none
   * looks at them when cleared, so the order does not matter. */
  for (guint i = 0; i < step->ops->len; i++)
    dj_op_clear (&g_array_index (step->ops, DjOp, i));
  g_array_unref (step->ops);
  g_free (step->label);
  g_free (step);
}

DjUndo *
dj_undo_new (void)
{
  DjUndo *undo = g_new0 (DjUndo, 1);

  undo->steps = g_ptr_array_new_with_free_func ((GDestroyNotify) step_free);
  return undo;
}

void
dj_undo_free (DjUndo *undo)
{
  if (undo == NULL)
    return;
  g_clear_pointer (&undo->open, step_free);
  g_ptr_array_unref (undo->steps);
  g_free (undo);
}

void
dj_undo_open (DjUndo     *undo,
              const char *label)
{
  g_assert (undo->open == NULL);

  undo->open = g_new0 (DjStep, 1);
  undo->open->label = g_strdup (label);
  undo->open->ops = g_array_new (FALSE, FALSE, sizeof (DjOp));
}

DjOp *
dj_undo_push (DjUndo     *undo,
              const DjOp *op)
{
  g_assert (undo->open != NULL);

  /* The first change after undoing makes the undone steps unreachable. */
  if (undo->done < undo->steps->len)
    {
      if (undo->saved > (gint64) undo->done)
        undo->saved = -1;
      g_ptr_array_set_size (undo->steps, undo->done);
    }
  g_array_append_vals (undo->open->ops, op, 1);
  return &g_array_index (undo->open->ops, DjOp, undo->open->ops->len - 1);
}

void
dj_undo_commit (DjUndo *undo)
{
  DjStep *step = g_steal_pointer (&undo->open);

  g_assert (step != NULL);

  if (step->ops->len == 0)
    {
      step_free (step);
      return;
    }
  g_assert (undo->done == undo->steps->len);
  g_ptr_array_add (undo->steps, step);
  undo->done++;
}

gboolean
dj_undo_is_open (DjUndo *undo)
{
  return undo->open != NULL;
}

gboolean
dj_undo_can_undo (DjUndo *undo)
{
  return undo->done > 0;
}

gboolean
dj_undo_can_redo (DjUndo *undo)
{
  return undo->done < undo->steps->len;
}

const char *
dj_undo_get_undo_label (DjUndo *undo)
{
  if (undo->done == 0)
    return NULL;
  return ((DjStep *) g_ptr_array_index (undo->steps, undo->done - 1))->label;
}

const char *
dj_undo_get_redo_label (DjUndo *undo)
{
  if (undo->done == undo->steps->len)
    return NULL;
  return ((DjStep *) g_ptr_array_index (undo->steps, undo->done))->label;
}

GArray *
dj_undo_step_back (DjUndo *undo)
{
  g_assert (undo->done > 0 && undo->open == NULL);

  undo->done--;
  return ((DjStep *) g_ptr_array_index (undo->steps, undo->done))->ops;
}

GArray *
dj_undo_step_forward (DjUndo *undo)
{
  g_assert (undo->done < undo->steps->len && undo->open == NULL);

  undo->done++;
  return ((DjStep *) g_ptr_array_index (undo->steps, undo->done - 1))->ops;
}

gboolean
dj_undo_is_at_saved (DjUndo *undo)
{
  return undo->saved == (gint64) undo->done;
}

void
dj_undo_mark_saved (DjUndo   *undo,
                    gboolean  saved)
{
  undo->saved = saved ? (gint64) undo->done : -1;
}

void
dj_undo_clear (DjUndo *undo)
{
  gboolean was_saved = dj_undo_is_at_saved (undo);

  g_ptr_array_set_size (undo->steps, 0);
  undo->done = 0;
  undo->saved = was_saved ? 0 : -1;
}
