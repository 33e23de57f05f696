/* dj-node.c: the move tree's nodes and their annotations
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <glib/gi18n-lib.h>
#include <string.h>

#include "dj-node-private.h"

/* Glyphs, indexed by DjGlyph (= NAG). */
static const char * const glyph_names[] = { NULL, "!", "?", "!!", "??", "!?", "?!" };

const char *
dj_glyph_to_string (DjGlyph glyph)
{
  g_return_val_if_fail (glyph <= DJ_GLYPH_LAST, NULL);
  return glyph_names[glyph];
}

gboolean
dj_glyph_from_string (const char *str,
                      DjGlyph    *glyph)
{
  g_return_val_if_fail (str != NULL, FALSE);

  for (guint i = 1; i < G_N_ELEMENTS (glyph_names); i++)
    if (strcmp (str, glyph_names[i]) == 0)
      {
        *glyph = (DjGlyph) i;
        return TRUE;
      }
  return FALSE;
}

const char *
dj_glyph_describe (DjGlyph glyph)
{
  switch (glyph)
    {
    case DJ_GLYPH_NONE:
      return _("No glyph");
    case DJ_GLYPH_GOOD:
      return _("Good move");
    case DJ_GLYPH_MISTAKE:
      return _("Mistake");
    case DJ_GLYPH_BRILLIANT:
      return _("Brilliant move");
    case DJ_GLYPH_BLUNDER:
      return _("Blunder");
    case DJ_GLYPH_INTERESTING:
      return _("Interesting move");
    case DJ_GLYPH_DUBIOUS:
      return _("Dubious move");
    default:
      g_return_val_if_reached (NULL);
    }
}

DjGlyph
dj_glyph_for_judgement (DjJudgement judgement)
{
  switch (judgement)
    {
    case DJ_JUDGEMENT_INACCURACY:
      return DJ_GLYPH_DUBIOUS;
    case DJ_JUDGEMENT_MISTAKE:
      return DJ_GLYPH_MISTAKE;
    case DJ_JUDGEMENT_BLUNDER:
      return DJ_GLYPH_BLUNDER;
    case DJ_JUDGEMENT_UNPROVEN:
    case DJ_JUDGEMENT_GOOD:
    default:
      return DJ_GLYPH_NONE;
    }
}

static const struct
{
  DjAssessment value;
  const char  *name;
  const char  *symbol;
  const char  *sign;     /* as printed in books: U+2A72, U+00B1, U+2212 … */
} assessments[] = {
  { DJ_ASSESSMENT_EVEN, "even", "=", "=" },
  { DJ_ASSESSMENT_UNCLEAR, "unclear", "~", "\u221e" },
  { DJ_ASSESSMENT_SOUTH_SLIGHT, "south-slight", "+=", "\u2a72" },
  { DJ_ASSESSMENT_NORTH_SLIGHT, "north-slight", "=+", "\u2a71" },
  { DJ_ASSESSMENT_SOUTH_CLEAR, "south-clear", "+/-", "\u00b1" },
  { DJ_ASSESSMENT_NORTH_CLEAR, "north-clear", "-/+", "\u2213" },
  { DJ_ASSESSMENT_SOUTH_DECISIVE, "south-decisive", "+-", "+\u2212" },
  { DJ_ASSESSMENT_NORTH_DECISIVE, "north-decisive", "-+", "\u2212+" },
};

gboolean
dj_assessment_is_valid (int value)
{
  if (value == DJ_ASSESSMENT_NONE)
    return TRUE;
  for (guint i = 0; i < G_N_ELEMENTS (assessments); i++)
    if ((int) assessments[i].value == value)
      return TRUE;
  return FALSE;
}

const char *
dj_assessment_to_string (DjAssessment assessment)
{
  for (guint i = 0; i < G_N_ELEMENTS (assessments); i++)
    if (assessments[i].value == assessment)
      return assessments[i].name;
  return NULL;
}

gboolean
dj_assessment_from_string (const char   *str,
                           DjAssessment *assessment)
{
  g_return_val_if_fail (str != NULL, FALSE);

  for (guint i = 0; i < G_N_ELEMENTS (assessments); i++)
    if (strcmp (str, assessments[i].name) == 0)
      {
        *assessment = assessments[i].value;
        return TRUE;
      }
  return FALSE;
}

const char *
dj_assessment_to_symbol (DjAssessment assessment)
{
  for (guint i = 0; i < G_N_ELEMENTS (assessments); i++)
    if (assessments[i].value == assessment)
      return assessments[i].symbol;
  return NULL;
}

const char *
dj_assessment_to_sign (DjAssessment assessment)
{
  for (guint i = 0; i < G_N_ELEMENTS (assessments); i++)
    if (assessments[i].value == assessment)
      return assessments[i].sign;
  return NULL;
}

gboolean
dj_assessment_from_symbol (const char   *str,
                           DjAssessment *assessment)
{
  g_return_val_if_fail (str != NULL, FALSE);

  for (guint i = 0; i < G_N_ELEMENTS (assessments); i++)
    if (strcmp (str, assessments[i].symbol) == 0)
      {
        *assessment = assessments[i].value;
        return TRUE;
      }
  return FALSE;
}

const char *
dj_assessment_describe (DjAssessment assessment)
{
  switch (assessment)
    {
    case DJ_ASSESSMENT_NONE:
      return _("No assessment");
    case DJ_ASSESSMENT_EVEN:
      return _("The position is even");
    case DJ_ASSESSMENT_UNCLEAR:
      return _("The position is unclear");
    case DJ_ASSESSMENT_SOUTH_SLIGHT:
      return _("South has a slight advantage");
    case DJ_ASSESSMENT_NORTH_SLIGHT:
      return _("North has a slight advantage");
    case DJ_ASSESSMENT_SOUTH_CLEAR:
      return _("South has a clear advantage");
    case DJ_ASSESSMENT_NORTH_CLEAR:
      return _("North has a clear advantage");
    case DJ_ASSESSMENT_SOUTH_DECISIVE:
      return _("South has a decisive advantage");
    case DJ_ASSESSMENT_NORTH_DECISIVE:
      return _("North has a decisive advantage");
    default:
      g_return_val_if_reached (NULL);
    }
}

/* Tree links */

DjNode *
dj_node_get_parent (const DjNode *node)
{
  g_return_val_if_fail (node != NULL, NULL);
  return node->parent;
}

DjNode *
dj_node_get_first_child (const DjNode *node)
{
  g_return_val_if_fail (node != NULL, NULL);
  return node->first_child;
}

DjNode *
dj_node_get_next_sibling (const DjNode *node)
{
  g_return_val_if_fail (node != NULL, NULL);
  return node->next_sibling;
}

DjNode *
dj_node_get_prev_sibling (const DjNode *node)
{
  DjNode *prev = NULL;

  g_return_val_if_fail (node != NULL, NULL);

  if (node->parent == NULL)
    return NULL;
  for (DjNode *c = node->parent->first_child; c != node; c = c->next_sibling)
    prev = c;
  return prev;
}

guint
dj_node_get_n_children (const DjNode *node)
{
  guint n = 0;

  g_return_val_if_fail (node != NULL, 0);

  for (DjNode *c = node->first_child; c != NULL; c = c->next_sibling)
    n++;
  return n;
}

DjNode *
dj_node_get_nth_child (const DjNode *node,
                       guint         n)
{
  DjNode *c;

  g_return_val_if_fail (node != NULL, NULL);

  for (c = node->first_child; c != NULL && n > 0; c = c->next_sibling)
    n--;
  return c;
}

guint
dj_node_get_index (const DjNode *node)
{
  guint i = 0;

  g_return_val_if_fail (node != NULL, 0);

  if (node->parent == NULL)
    return 0;
  for (DjNode *c = node->parent->first_child; c != node; c = c->next_sibling)
    i++;
  return i;
}

DjNode *
dj_node_find_child (const DjNode *node,
                    DjMove        move)
{
  g_return_val_if_fail (node != NULL, NULL);

  for (DjNode *c = node->first_child; c != NULL; c = c->next_sibling)
    if (c->move == move)
      return c;
  return NULL;
}

DjNode *
dj_node_get_line_end (const DjNode *node)
{
  g_return_val_if_fail (node != NULL, NULL);

  while (node->first_child != NULL)
    node = node->first_child;
  return (DjNode *) node;
}

gboolean
dj_node_is_first_child (const DjNode *node)
{
  g_return_val_if_fail (node != NULL, FALSE);
  return node->parent == NULL || node->parent->first_child == node;
}

gboolean
dj_node_is_main_line (const DjNode *node)
{
  g_return_val_if_fail (node != NULL, FALSE);

  for (; node->parent != NULL; node = node->parent)
    if (node->parent->first_child != node)
      return FALSE;
  return TRUE;
}

DjNode *
dj_node_walk_next (const DjNode *node,
                   const DjNode *top)
{
  g_return_val_if_fail (node != NULL, NULL);

  if (node->first_child != NULL)
    return node->first_child;
  while (node != top)
    {
      if (node->next_sibling != NULL)
        return node->next_sibling;
      node = node->parent;
    }
  return NULL;
}

/* Move and position */

DjMove
dj_node_get_move (const DjNode *node)
{
  g_return_val_if_fail (node != NULL, DJ_NO_MOVE);
  return node->move;
}

const DjPosition *
dj_node_get_position (const DjNode *node)
{
  g_return_val_if_fail (node != NULL, NULL);
  return &node->position;
}

guint
dj_node_get_ply (const DjNode *node)
{
  g_return_val_if_fail (node != NULL, 0);
  return node->ply;
}

DjSide
dj_node_get_mover (const DjNode *node)
{
  g_return_val_if_fail (node != NULL, DJ_SOUTH);

  if (node->parent == NULL)
    return DJ_OTHER_SIDE (node->position.to_move);
  return node->parent->position.to_move;
}

guint
dj_node_get_move_number (const DjNode *node)
{
  DjSide mover;
  guint north_first;

  g_return_val_if_fail (node != NULL, 0);

  if (node->parent == NULL)
    return 0;
  /* Sides alternate at every ply (a pass is a move), so the side that began
   * follows from this move's ply and mover. */
  mover = node->parent->position.to_move;
  north_first = (node->ply % 2 == 1) == (mover == DJ_NORTH);
  return (node->ply - 1 + north_first) / 2 + 1;
}

/* Annotations */

const char *
dj_node_get_comment_before (const DjNode *node)
{
  g_return_val_if_fail (node != NULL, NULL);
  return node->extra ? node->extra->comment_before : NULL;
}

const char *
dj_node_get_comment_after (const DjNode *node)
{
  g_return_val_if_fail (node != NULL, NULL);
  return node->extra ? node->extra->comment_after : NULL;
}

DjGlyph
dj_node_get_glyph (const DjNode *node)
{
  g_return_val_if_fail (node != NULL, DJ_GLYPH_NONE);
  return node->glyph;
}

DjAssessment
dj_node_get_assessment (const DjNode *node)
{
  g_return_val_if_fail (node != NULL, DJ_ASSESSMENT_NONE);
  return node->assessment;
}

gint64
dj_node_get_time_ms (const DjNode *node)
{
  g_return_val_if_fail (node != NULL, DJ_NO_TIME);
  return node->extra ? node->extra->time_ms : DJ_NO_TIME;
}

const DjMarkup *
dj_node_get_markup (const DjNode *node)
{
  g_return_val_if_fail (node != NULL, NULL);
  return node->extra ? node->extra->markup : NULL;
}

DjMarker
dj_node_get_marker (const DjNode *node,
                    guint         pit)
{
  g_return_val_if_fail (node != NULL, DJ_MARKER_NONE);
  g_return_val_if_fail (pit < DJ_N_PITS, DJ_MARKER_NONE);
  return node->extra && node->extra->markup ? node->extra->markup->pits[pit].colour
                                            : DJ_MARKER_NONE;
}

gboolean
dj_node_has_markers (const DjNode *node)
{
  g_return_val_if_fail (node != NULL, FALSE);
  /* Never kept empty. */
  return node->extra != NULL && node->extra->markup != NULL;
}

gboolean
dj_node_has_annotations (const DjNode *node)
{
  g_return_val_if_fail (node != NULL, FALSE);
  /* The extra block exists only while it holds something. */
  return node->glyph != DJ_GLYPH_NONE || node->assessment != DJ_ASSESSMENT_NONE ||
         node->extra != NULL;
}

const DjFinding *
dj_node_get_finding (const DjNode *node)
{
  g_return_val_if_fail (node != NULL, NULL);

  return node->extra != NULL ? node->extra->finding : NULL;
}

const char *
dj_node_get_foreign_xml (const DjNode *node)
{
  g_return_val_if_fail (node != NULL, NULL);
  return node->extra ? node->extra->foreign : NULL;
}

/* Private: building and freeing */

DjNode *
dj_node_new (DjNode           *parent,
             DjMove            move,
             const DjPosition *position)
{
  DjNode *node = g_new0 (DjNode, 1);

  node->move = move;
  node->position = *position;
  node->ply = parent ? parent->ply + 1 : 0;
  return node;
}

DjNodeExtra *
dj_node_ensure_extra (DjNode *node)
{
  if (node->extra == NULL)
    {
      node->extra = g_new0 (DjNodeExtra, 1);
      node->extra->time_ms = DJ_NO_TIME;
    }
  return node->extra;
}

void
dj_node_trim_extra (DjNode *node)
{
  DjNodeExtra *x = node->extra;

  if (x == NULL || x->comment_before || x->comment_after || x->foreign ||
      x->time_ms != DJ_NO_TIME || x->markup != NULL || x->finding != NULL)
    return;
  g_free (x);
  node->extra = NULL;
}

static void
free_one (DjNode *node)
{
  if (node->extra != NULL)
    {
      g_free (node->extra->comment_before);
      g_free (node->extra->comment_after);
      g_free (node->extra->foreign);
      g_free (node->extra->markup);
      g_free (node->extra->finding);
      g_free (node->extra);
    }
  g_free (node);
}

void
dj_node_free_tree (DjNode *node)
{
  DjNode *n;

  if (node == NULL)
    return;
  g_assert (node->parent == NULL);

  /* Descend by first children, free on the way back up: no recursion and
   * no extra memory. */
  n = node;
  while (n != NULL)
    {
      DjNode *next;

      if (n->first_child != NULL)
        {
          n = n->first_child;
          continue;
        }
      /* A leaf: hand its place to the next sibling, or climb. */
      if (n->parent != NULL)
        n->parent->first_child = n->next_sibling;
      next = n->next_sibling != NULL ? n->next_sibling : n->parent;
      if (n == node)
        next = NULL;
      free_one (n);
      n = next;
    }
}

guint
dj_node_unlink (DjNode *node)
{
  DjNode *parent = node->parent;
  guint index = 0;

  g_assert (parent != NULL);

  if (parent->first_child == node)
    parent->first_child = node->next_sibling;
  else
    {
      DjNode *prev = parent->first_child;

      index = 1;
      while (prev->next_sibling != node)
        {
          prev = prev->next_sibling;
          index++;
        }
      prev->next_sibling = node->next_sibling;
    }
  node->parent = NULL;
  node->next_sibling = NULL;
  return index;
}

void
dj_node_insert (DjNode *parent,
                DjNode *node,
                guint   index)
{
  g_assert (node->parent == NULL && node->next_sibling == NULL);

  node->parent = parent;
  if (index == 0 || parent->first_child == NULL)
    {
      node->next_sibling = parent->first_child;
      parent->first_child = node;
    }
  else
    {
      DjNode *prev = parent->first_child;

      while (--index > 0 && prev->next_sibling != NULL)
        prev = prev->next_sibling;
      node->next_sibling = prev->next_sibling;
      prev->next_sibling = node;
    }
}

static DjNode *
copy_one (const DjNode *src)
{
  DjNode *copy = g_new (DjNode, 1);

  *copy = *src;
  copy->parent = copy->first_child = copy->next_sibling = NULL;
  if (src->extra != NULL)
    {
      copy->extra = g_memdup2 (src->extra, sizeof *src->extra);
      copy->extra->comment_before = g_strdup (src->extra->comment_before);
      copy->extra->comment_after = g_strdup (src->extra->comment_after);
      copy->extra->foreign = g_strdup (src->extra->foreign);
      copy->extra->markup = g_memdup2 (src->extra->markup, sizeof (DjMarkup));
      copy->extra->finding = g_memdup2 (src->extra->finding, sizeof (DjFinding));
    }
  return copy;
}

DjNode *
dj_node_copy_tree (const DjNode *node)
{
  const DjNode *src = node;
  DjNode *root = copy_one (node);
  DjNode *dst = root;

  /* Walk the source in pre-order, keeping dst as src's copy; a new copy is
   * appended as the last child of the copy of src's parent, which is always
   * the most recently added child, so keep going with tail pointers. */
  for (;;)
    {
      if (src->first_child != NULL)
        {
          src = src->first_child;
          DjNode *c = copy_one (src);
          c->parent = dst;
          dst->first_child = c;
          dst = c;
          continue;
        }
      while (src != node && src->next_sibling == NULL)
        {
          src = src->parent;
          dst = dst->parent;
        }
      if (src == node)
        break;
      src = src->next_sibling;
      DjNode *c = copy_one (src);
      c->parent = dst->parent;
      dst->next_sibling = c;
      dst = c;
    }
  return root;
}

guint
dj_node_count_tree (const DjNode *node)
{
  guint n = 0;

  for (const DjNode *c = node; c != NULL; c = dj_node_walk_next (c, node))
    n++;
  return n;
}
