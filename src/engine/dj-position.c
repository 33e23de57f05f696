/* dj-position.c
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <glib/gi18n-lib.h>
#include <string.h>

#include "dj-position.h"

void
dj_position_init_start (DjPosition *pos)
{
  g_return_if_fail (pos != NULL);

  memset (pos, 0, sizeof *pos);
  for (guint i = 0; i < DJ_N_PITS; i++)
    pos->pits[i] = DJ_N_SEEDS / DJ_N_PITS;
  pos->to_move = DJ_SOUTH;
}

gboolean
dj_position_equal (const DjPosition *a,
                   const DjPosition *b)
{
  return memcmp (a, b, sizeof *a) == 0;
}

guint
dj_position_hash (const DjPosition *pos)
{
  guint64 w[2];

  memcpy (w, pos, sizeof w);
  w[0] = (w[0] ^ (w[0] >> 29)) * G_GUINT64_CONSTANT (0xbf58476d1ce4e5b9);
  w[0] ^= w[1] * G_GUINT64_CONSTANT (0x94d049bb133111eb);
  w[0] ^= w[0] >> 31;
  return (guint) (w[0] ^ (w[0] >> 32));
}

guint
dj_position_row_seeds (const DjPosition *pos,
                       DjSide            side)
{
  guint start = DJ_ROW_START (side);
  guint n = 0;

  for (guint i = start; i < start + DJ_ROW_PITS; i++)
    n += pos->pits[i];
  return n;
}

gboolean
dj_position_check (const DjPosition *pos,
                   GError          **error)
{
  guint total = pos->captured[0] + pos->captured[1];

  for (guint i = 0; i < DJ_N_PITS; i++)
    total += pos->pits[i];
  if (total != DJ_N_SEEDS)
    {
      g_set_error (error, DJ_ENGINE_ERROR, DJ_ENGINE_ERROR_POSITION,
                   /* Translators: a set-up position whose seeds do not add up */
                   _("The pits and captures hold %u seeds in all; there must be %u"),
                   total, DJ_N_SEEDS);
      return FALSE;
    }
  if (pos->to_move > DJ_NORTH || pos->feed_owed > 1)
    {
      g_set_error (error, DJ_ENGINE_ERROR, DJ_ENGINE_ERROR_POSITION,
                   _("The side to move must be South or North"));
      return FALSE;
    }
  return TRUE;
}

gboolean
dj_position_parse (const char  *text,
                   DjPosition  *pos,
                   GError     **error)
{
  g_auto(GStrv) tokens = NULL;
  DjPosition p = { 0 };
  guint n;

  g_return_val_if_fail (text != NULL, FALSE);
  g_return_val_if_fail (pos != NULL, FALSE);

  tokens = g_strsplit_set (text, " \t\n\r", -1);
  /* Drop the empty strings left by runs of blanks. */
  n = 0;
  for (guint i = 0; tokens[i] != NULL; i++)
    if (tokens[i][0] != '\0')
      {
        char *t = tokens[i];
        tokens[i] = NULL;
        tokens[n++] = t;
      }
    else
      g_clear_pointer (&tokens[i], g_free);
  tokens[n] = NULL;

  if (n != 15 && n != 16)
    {
      g_set_error (error, DJ_ENGINE_ERROR, DJ_ENGINE_ERROR_PARSE,
                   _("A position has 15 or 16 fields (12 pits, 2 captures, the side to move "
                     "and optionally “feed”); this one has %u"), n);
      return FALSE;
    }
  for (guint i = 0; i < 14; i++)
    {
      guint64 v;

      if (!g_ascii_string_to_unsigned (tokens[i], 10, 0, DJ_N_SEEDS, &v, NULL))
        {
          g_set_error (error, DJ_ENGINE_ERROR, DJ_ENGINE_ERROR_PARSE,
                       /* Translators: %u is the field's number, %s what was found */
                       _("Field %u of the position must be a number of seeds from 0 to 48, "
                         "not “%s”"), i + 1, tokens[i]);
          return FALSE;
        }
      if (i < DJ_N_PITS)
        p.pits[i] = (guint8) v;
      else
        p.captured[i - DJ_N_PITS] = (guint8) v;
    }
  if (g_str_equal (tokens[14], "S"))
    p.to_move = DJ_SOUTH;
  else if (g_str_equal (tokens[14], "N"))
    p.to_move = DJ_NORTH;
  else
    {
      g_set_error (error, DJ_ENGINE_ERROR, DJ_ENGINE_ERROR_PARSE,
                   _("The side to move must be “S” or “N”, not “%s”"), tokens[14]);
      return FALSE;
    }
  if (n == 16)
    {
      if (!g_str_equal (tokens[15], "feed"))
        {
          g_set_error (error, DJ_ENGINE_ERROR, DJ_ENGINE_ERROR_PARSE,
                       _("The last field of a position may only be “feed”, not “%s”"),
                       tokens[15]);
          return FALSE;
        }
      p.feed_owed = 1;
    }
  if (!dj_position_check (&p, error))
    return FALSE;

  *pos = p;
  return TRUE;
}

char *
dj_position_to_string (const DjPosition *pos)
{
  GString *s = g_string_sized_new (48);

  for (guint i = 0; i < DJ_N_PITS; i++)
    g_string_append_printf (s, "%u ", pos->pits[i]);
  g_string_append_printf (s, "%u %u %c", pos->captured[0], pos->captured[1],
                          pos->to_move == DJ_SOUTH ? 'S' : 'N');
  if (pos->feed_owed)
    g_string_append (s, " feed");
  return g_string_free (s, FALSE);
}
