/* dj-markup.c: board markup of a node: marks on pits and arrows between them
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <glib/gi18n-lib.h>
#include <string.h>

#include "dj-markup.h"

static const char * const marker_names[] = { NULL, "red", "green", "blue", "yellow" };
static const char marker_letters[] = { 0, 'R', 'G', 'B', 'Y' };
static const char * const shape_names[] = {
  NULL, "circle", "cross", "triangle", "square", "label"
};

const char *
dj_marker_to_string (DjMarker marker)
{
  g_return_val_if_fail (marker <= DJ_MARKER_LAST, NULL);
  return marker_names[marker];
}

gboolean
dj_marker_from_string (const char *str,
                       DjMarker   *marker)
{
  g_return_val_if_fail (str != NULL, FALSE);

  for (guint i = 1; i < G_N_ELEMENTS (marker_names); i++)
    if (strcmp (str, marker_names[i]) == 0)
      {
        *marker = (DjMarker) i;
        return TRUE;
      }
  return FALSE;
}

const char *
dj_marker_describe (DjMarker marker)
{
  switch (marker)
    {
    case DJ_MARKER_NONE:
      return _("No marker");
    case DJ_MARKER_RED:
      return _("Red");
    case DJ_MARKER_GREEN:
      return _("Green");
    case DJ_MARKER_BLUE:
      return _("Blue");
    case DJ_MARKER_YELLOW:
      return _("Yellow");
    default:
      g_return_val_if_reached (NULL);
    }
}

guint32
dj_marker_to_rgb (DjMarker colour)
{
  /* As data/board.css has them. */
  static const guint32 rgb[] = { 0, 0xe01b24, 0x2ec27e, 0x3584e4, 0xf6d32d };

  g_return_val_if_fail (colour <= DJ_MARKER_LAST, 0);
  return rgb[colour];
}

char
dj_marker_to_letter (DjMarker colour)
{
  g_return_val_if_fail (colour > DJ_MARKER_NONE && colour <= DJ_MARKER_LAST, 0);
  return marker_letters[colour];
}

gboolean
dj_marker_from_letter (char      letter,
                       DjMarker *colour)
{
  for (guint i = 1; i < G_N_ELEMENTS (marker_letters); i++)
    if (letter == marker_letters[i])
      {
        *colour = (DjMarker) i;
        return TRUE;
      }
  return FALSE;
}

const char *
dj_mark_shape_to_string (DjMarkShape shape)
{
  g_return_val_if_fail (shape <= DJ_MARK_SHAPE_LAST, NULL);
  return shape_names[shape];
}

gboolean
dj_mark_shape_from_string (const char  *str,
                           DjMarkShape *shape)
{
  g_return_val_if_fail (str != NULL, FALSE);

  for (guint i = 1; i < G_N_ELEMENTS (shape_names); i++)
    if (strcmp (str, shape_names[i]) == 0)
      {
        *shape = (DjMarkShape) i;
        return TRUE;
      }
  return FALSE;
}

const char *
dj_mark_shape_describe (DjMarkShape shape)
{
  switch (shape)
    {
    case DJ_MARK_NONE:
      /* Translators: a pit without a mark */
      return _("No mark");
    case DJ_MARK_CIRCLE:
      /* Translators: a mark drawn on a pit */
      return _("Circle");
    case DJ_MARK_CROSS:
      /* Translators: a mark drawn on a pit */
      return _("Cross");
    case DJ_MARK_TRIANGLE:
      /* Translators: a mark drawn on a pit */
      return _("Triangle");
    case DJ_MARK_SQUARE:
      /* Translators: a mark drawn on a pit */
      return _("Square");
    case DJ_MARK_LABEL:
      /* Translators: a mark drawn on a pit: a few letters or digits */
      return _("Label");
    default:
      g_return_val_if_reached (NULL);
    }
}

void
dj_markup_init (DjMarkup *markup)
{
  g_return_if_fail (markup != NULL);
  memset (markup, 0, sizeof *markup);
}

gboolean
dj_markup_is_empty (const DjMarkup *markup)
{
  if (markup == NULL)
    return TRUE;
  if (markup->n_arrows > 0)
    return FALSE;
  for (guint i = 0; i < DJ_N_PITS; i++)
    if (markup->pits[i].shape != DJ_MARK_NONE)
      return FALSE;
  return TRUE;
}

gboolean
dj_markup_equal (const DjMarkup *a,
                 const DjMarkup *b)
{
  if (a == NULL || b == NULL)
    return dj_markup_is_empty (a) && dj_markup_is_empty (b);
  return memcmp (a, b, sizeof *a) == 0;
}

/* What a label may not hold, as code point ranges: white space of any kind,
 * control and invisible formatting characters, and the notation's own
 * delimiters.  data/djenon-game.rng's label pattern is this same list
 * (tests/test-agree.c checks that they agree), so the rule does not
 * depend on the Unicode version of GLib or libxml2. */
static const struct
{
  gunichar first, last;
} label_refused[] = {
  { 0x00, 0x20 }, { ',', ',' }, { '[', '[' }, { '\\', '\\' }, { ']', ']' }, { '{', '{' },
  { '}', '}' }, { 0x7f, 0xa0 }, { 0xad, 0xad }, { 0x1680, 0x1680 }, { 0x180e, 0x180e },
  { 0x2000, 0x200b }, { 0x200e, 0x200f }, { 0x2028, 0x202f }, { 0x205f, 0x2064 },
  { 0x2066, 0x206f }, { 0x3000, 0x3000 }, { 0xfeff, 0xfeff }, { 0xfff9, 0xfffb },
};

gboolean
dj_mark_label_is_valid (const char *label)
{
  guint n = 0;

  if (label == NULL || *label == '\0' || strlen (label) >= DJ_MARK_LABEL_SIZE ||
      !g_utf8_validate (label, -1, NULL))
    return FALSE;
  for (const char *p = label; *p != '\0'; p = g_utf8_next_char (p))
    {
      gunichar c = g_utf8_get_char (p);

      if (++n > DJ_MARK_LABEL_MAX_CHARS)
        return FALSE;
      for (guint i = 0; i < G_N_ELEMENTS (label_refused); i++)
        if (c >= label_refused[i].first && c <= label_refused[i].last)
          return FALSE;
    }
  return TRUE;
}

gboolean
dj_markup_set_mark (DjMarkup    *markup,
                    guint        pit,
                    DjMarkShape  shape,
                    DjMarker     colour,
                    const char  *label)
{
  DjPitMark mark = { 0 };

  g_return_val_if_fail (markup != NULL, FALSE);

  if (pit >= DJ_N_PITS || shape > DJ_MARK_SHAPE_LAST)
    return FALSE;
  if (shape != DJ_MARK_NONE)
    {
      if (colour == DJ_MARKER_NONE || colour > DJ_MARKER_LAST)
        return FALSE;
      if (shape == DJ_MARK_LABEL)
        {
          if (!dj_mark_label_is_valid (label))
            return FALSE;
          strcpy (mark.label, label);
        }
      mark.shape = shape;
      mark.colour = colour;
    }
  markup->pits[pit] = mark;
  return TRUE;
}

int
dj_markup_find_arrow (const DjMarkup *markup,
                      guint           from,
                      guint           to)
{
  g_return_val_if_fail (markup != NULL, -1);

  for (guint i = 0; i < markup->n_arrows; i++)
    if (markup->arrows[i].from == from && markup->arrows[i].to == to)
      return (int) i;
  return -1;
}

gboolean
dj_markup_add_arrow (DjMarkup *markup,
                     guint     from,
                     guint     to,
                     DjMarker  colour)
{
  int i;

  g_return_val_if_fail (markup != NULL, FALSE);

  if (from >= DJ_N_PITS || to >= DJ_N_PITS || from == to ||
      colour == DJ_MARKER_NONE || colour > DJ_MARKER_LAST)
    return FALSE;
  i = dj_markup_find_arrow (markup, from, to);
  if (i >= 0)
    {
      markup->arrows[i].colour = colour;
      return TRUE;
    }
  if (markup->n_arrows >= DJ_MARKUP_MAX_ARROWS)
    return FALSE;
  markup->arrows[markup->n_arrows++] = (DjArrow) { from, to, colour };
  return TRUE;
}

gboolean
dj_markup_remove_arrow (DjMarkup *markup,
                        guint     from,
                        guint     to)
{
  int i;

  g_return_val_if_fail (markup != NULL, FALSE);

  i = dj_markup_find_arrow (markup, from, to);
  if (i < 0)
    return FALSE;
  memmove (&markup->arrows[i], &markup->arrows[i + 1],
           (markup->n_arrows - i - 1) * sizeof (DjArrow));
  markup->n_arrows--;
  /* Keep unused slots zero, for memcmp(). */
  memset (&markup->arrows[markup->n_arrows], 0, sizeof (DjArrow));
  return TRUE;
}

gboolean
dj_markup_toggle_arrow (DjMarkup *markup,
                        guint     from,
                        guint     to,
                        DjMarker  colour)
{
  int i;

  g_return_val_if_fail (markup != NULL, FALSE);

  i = dj_markup_find_arrow (markup, from, to);
  if (i >= 0 && markup->arrows[i].colour == colour)
    return dj_markup_remove_arrow (markup, from, to);
  return dj_markup_add_arrow (markup, from, to, colour);
}

/* "red triangle", "blue label “1”" … */
static char *
describe_mark (const DjPitMark *mark)
{
  const char *colour = dj_marker_describe (mark->colour);

  switch (mark->shape)
    {
    case DJ_MARK_CIRCLE:
      /* Translators: a pit's mark for screen readers; %s is a colour ("Red") */
      return g_strdup_printf (_("%s circle."), colour);
    case DJ_MARK_CROSS:
      /* Translators: a pit's mark for screen readers; %s is a colour ("Red") */
      return g_strdup_printf (_("%s cross."), colour);
    case DJ_MARK_TRIANGLE:
      /* Translators: a pit's mark for screen readers; %s is a colour ("Red") */
      return g_strdup_printf (_("%s triangle."), colour);
    case DJ_MARK_SQUARE:
      /* Translators: a pit's mark for screen readers; %s is a colour ("Red") */
      return g_strdup_printf (_("%s square."), colour);
    case DJ_MARK_LABEL:
      /* Translators: a pit's mark for screen readers: the first %s is a
       * colour ("Red"), the second the label's text */
      return g_strdup_printf (_("%s label “%s”."), colour, mark->label);
    default:
      return NULL;
    }
}

char *
dj_markup_describe_pit (const DjMarkup *markup,
                        guint           pit)
{
  GString *s;

  g_return_val_if_fail (pit < DJ_N_PITS, NULL);

  if (dj_markup_is_empty (markup))
    return NULL;
  s = g_string_new (NULL);
  if (markup->pits[pit].shape != DJ_MARK_NONE)
    {
      g_autofree char *mark = describe_mark (&markup->pits[pit]);

      g_string_append (s, mark);
    }
  for (guint i = 0; i < markup->n_arrows; i++)
    {
      const DjArrow *a = &markup->arrows[i];
      g_autofree char *text = NULL;

      if (a->from == pit)
        /* Translators: an arrow drawn on the board, for screen readers: the
         * first %s is a pit letter, the second a colour ("Red") */
        text = g_strdup_printf (_("Arrow to pit %s (%s)."), dj_move_to_string (a->to),
                                dj_marker_describe (a->colour));
      else if (a->to == pit)
        /* Translators: an arrow drawn on the board, for screen readers: the
         * first %s is a pit letter, the second a colour ("Red") */
        text = g_strdup_printf (_("Arrow from pit %s (%s)."), dj_move_to_string (a->from),
                                dj_marker_describe (a->colour));
      else
        continue;
      if (s->len > 0)
        g_string_append_c (s, ' ');
      g_string_append (s, text);
    }
  if (s->len == 0)
    {
      g_string_free (s, TRUE);
      return NULL;
    }
  return g_string_free (s, FALSE);
}
