/* dj-move-time.c: the time spent on a move, as people write it
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include "dj-move-time.h"

/* A day: longer is no time spent on a move but a typing error. */
#define MAX_TIME_MS (24 * 3600 * G_GINT64_CONSTANT (1000))

char *
dj_move_time_format (gint64 time_ms)
{
  gint64 tenths, seconds;
  g_autofree char *fraction = NULL;

  g_return_val_if_fail (time_ms >= 0, NULL);

  tenths = (time_ms / 100) % 10;
  seconds = time_ms / 1000;
  fraction = tenths > 0 ? g_strdup_printf (".%d", (int) tenths) : g_strdup ("");
  if (seconds >= 3600)
    return g_strdup_printf ("%d:%02d:%02d%s", (int) (seconds / 3600), (int) (seconds / 60 % 60),
                            (int) (seconds % 60), fraction);
  return g_strdup_printf ("%d:%02d%s", (int) (seconds / 60), (int) (seconds % 60), fraction);
}

gboolean
dj_move_time_parse (const char *text,
                    gint64     *time_ms)
{
  g_autofree char *copy = NULL;
  g_auto(GStrv) parts = NULL;
  guint n;
  gint64 total = 0;

  g_return_val_if_fail (text != NULL, FALSE);
  g_return_val_if_fail (time_ms != NULL, FALSE);

  copy = g_strstrip (g_strdup (text));
  parts = g_strsplit (copy, ":", -1);
  n = g_strv_length (parts);
  if (n == 0 || n > 3)
    return FALSE;
  for (guint i = 0; i < n; i++)
    {
      const char *p = parts[i];
      gint64 whole = 0;
      guint digits = 0;

      for (; *p >= '0' && *p <= '9' && digits < 9; p++, digits++)
        whole = whole * 10 + (*p - '0');
      if (digits == 0 || (i > 0 && (digits != 2 || whole >= 60)))
        return FALSE;
      total = total * 60 + whole;
      if (*p == '.' && i == n - 1)
        {
          gint64 ms = 0, scale = 100;

          for (p++; *p >= '0' && *p <= '9'; p++, scale /= 10)
            ms += (*p - '0') * scale;
          total = total * 1000 + ms;
          if (*p != '\0')
            return FALSE;
          *time_ms = total;
          return total <= MAX_TIME_MS;
        }
      if (*p != '\0')
        return FALSE;
      if (total > MAX_TIME_MS)
        return FALSE;
    }
  *time_ms = total * 1000;
  return *time_ms <= MAX_TIME_MS;
}
