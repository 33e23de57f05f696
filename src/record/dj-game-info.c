/* dj-game-info.c: who played, where, when, and how the game ended
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <gio/gio.h>
#include <glib/gi18n-lib.h>
#include <string.h>

#include "dj-game-info.h"

G_DEFINE_BOXED_TYPE (DjGameInfo, dj_game_info, dj_game_info_copy, dj_game_info_free)

static const char * const result_names[] = { "unknown", "south", "north", "draw" };
static const char * const termination_names[] = {
  "none", "rules", "resignation", "agreement", "abandonment", "time",
};

const char *
dj_result_to_string (DjResult result)
{
  g_return_val_if_fail (result <= DJ_RESULT_DRAW, NULL);
  return result_names[result];
}

gboolean
dj_result_from_string (const char *str,
                       DjResult   *result)
{
  g_return_val_if_fail (str != NULL, FALSE);

  for (guint i = 0; i < G_N_ELEMENTS (result_names); i++)
    if (strcmp (str, result_names[i]) == 0)
      {
        *result = (DjResult) i;
        return TRUE;
      }
  return FALSE;
}

const char *
dj_termination_to_string (DjTermination termination)
{
  g_return_val_if_fail (termination <= DJ_TERMINATION_TIME, NULL);
  return termination_names[termination];
}

gboolean
dj_termination_from_string (const char    *str,
                            DjTermination *termination)
{
  g_return_val_if_fail (str != NULL, FALSE);

  for (guint i = 0; i < G_N_ELEMENTS (termination_names); i++)
    if (strcmp (str, termination_names[i]) == 0)
      {
        *termination = (DjTermination) i;
        return TRUE;
      }
  return FALSE;
}

const char *
dj_termination_describe (DjTermination termination)
{
  switch (termination)
    {
    case DJ_TERMINATION_NONE:
      return _("Not finished");
    case DJ_TERMINATION_RULES:
      return _("Ended by the rules");
    case DJ_TERMINATION_RESIGNATION:
      return _("Resignation");
    case DJ_TERMINATION_AGREEMENT:
      return _("Agreement");
    case DJ_TERMINATION_ABANDONMENT:
      return _("Abandoned");
    case DJ_TERMINATION_TIME:
      return _("Time limit");
    default:
      g_return_val_if_reached (NULL);
    }
}

static gboolean
parse_fixed_digits (const char *s,
                    guint       n,
                    guint      *value)
{
  *value = 0;
  for (guint i = 0; i < n; i++)
    {
      if (!g_ascii_isdigit (s[i]))
        return FALSE;
      *value = *value * 10 + (s[i] - '0');
    }
  return TRUE;
}

gboolean
dj_date_validate (const char  *date,
                  GError     **error)
{
  guint year, month = 1, day = 1;
  gsize len;

  g_return_val_if_fail (date != NULL, FALSE);

  len = strlen (date);
  if ((len != 4 && len != 7 && len != 10) ||
      !parse_fixed_digits (date, 4, &year) ||
      (len >= 7 && (date[4] != '-' || !parse_fixed_digits (date + 5, 2, &month))) ||
      (len == 10 && (date[7] != '-' || !parse_fixed_digits (date + 8, 2, &day))) ||
      year == 0 || month < 1 || month > 12 || day < 1 ||
      day > g_date_get_days_in_month ((GDateMonth) month, (GDateYear) year))
    {
      g_set_error (error, G_IO_ERROR, G_IO_ERROR_INVALID_DATA,
                   /* Translators: do not translate YYYY, MM, DD */
                   _("“%s” is not a date of the form YYYY, YYYY-MM or YYYY-MM-DD"), date);
      return FALSE;
    }
  return TRUE;
}

DjGameInfo *
dj_game_info_new (void)
{
  DjGameInfo *info = g_new0 (DjGameInfo, 1);

  info->score[0] = info->score[1] = -1;
  info->tags = g_ptr_array_new_with_free_func (g_free);
  return info;
}

#define STRING_FIELDS(X) \
  X (south) X (north) X (event) X (site) X (date) X (round) \
  X (annotator) X (recorder) X (source) X (notes)

DjGameInfo *
dj_game_info_copy (const DjGameInfo *info)
{
  DjGameInfo *copy;

  g_return_val_if_fail (info != NULL, NULL);

  copy = dj_game_info_new ();
#define COPY(f) copy->f = g_strdup (info->f);
  STRING_FIELDS (COPY)
#undef COPY
  copy->result = info->result;
  copy->termination = info->termination;
  copy->end_reason = info->end_reason;
  copy->score[0] = info->score[0];
  copy->score[1] = info->score[1];
  for (guint i = 0; i < info->tags->len; i++)
    g_ptr_array_add (copy->tags, g_strdup (g_ptr_array_index (info->tags, i)));
  return copy;
}

void
dj_game_info_free (DjGameInfo *info)
{
  if (info == NULL)
    return;
#define FREE(f) g_free (info->f);
  STRING_FIELDS (FREE)
#undef FREE
  g_ptr_array_unref (info->tags);
  g_free (info);
}

static gboolean
str_same (const char *a,
          const char *b)
{
  return g_strcmp0 (a && *a ? a : NULL, b && *b ? b : NULL) == 0;
}

gboolean
dj_game_info_equal (const DjGameInfo *a,
                    const DjGameInfo *b)
{
  g_return_val_if_fail (a != NULL && b != NULL, FALSE);

#define SAME(f) if (!str_same (a->f, b->f)) return FALSE;
  STRING_FIELDS (SAME)
#undef SAME
  if (a->result != b->result || a->termination != b->termination ||
      a->end_reason != b->end_reason || a->score[0] != b->score[0] ||
      a->score[1] != b->score[1] || a->tags->len != b->tags->len)
    return FALSE;
  for (guint i = 0; i < a->tags->len; i++)
    if (g_strcmp0 (g_ptr_array_index (a->tags, i), g_ptr_array_index (b->tags, i)) != 0)
      return FALSE;
  return TRUE;
}

guint
dj_game_info_get_n_tags (const DjGameInfo *info)
{
  g_return_val_if_fail (info != NULL, 0);
  return info->tags->len / 2;
}

const char *
dj_game_info_get_tag_key (const DjGameInfo *info,
                          guint             i)
{
  g_return_val_if_fail (info != NULL, NULL);
  g_return_val_if_fail (i < info->tags->len / 2, NULL);
  return g_ptr_array_index (info->tags, 2 * i);
}

const char *
dj_game_info_get_tag_value (const DjGameInfo *info,
                            guint             i)
{
  g_return_val_if_fail (info != NULL, NULL);
  g_return_val_if_fail (i < info->tags->len / 2, NULL);
  return g_ptr_array_index (info->tags, 2 * i + 1);
}

const char *
dj_game_info_get_tag (const DjGameInfo *info,
                      const char       *key)
{
  g_return_val_if_fail (info != NULL, NULL);
  g_return_val_if_fail (key != NULL, NULL);

  for (guint i = 0; i < info->tags->len; i += 2)
    if (strcmp (g_ptr_array_index (info->tags, i), key) == 0)
      return g_ptr_array_index (info->tags, i + 1);
  return NULL;
}

void
dj_game_info_set_tag (DjGameInfo *info,
                      const char *key,
                      const char *value)
{
  g_return_if_fail (info != NULL);
  g_return_if_fail (key != NULL && *key != '\0');

  for (guint i = 0; i < info->tags->len; i += 2)
    if (strcmp (g_ptr_array_index (info->tags, i), key) == 0)
      {
        if (value == NULL)
          g_ptr_array_remove_range (info->tags, i, 2);
        else
          {
            g_free (g_ptr_array_index (info->tags, i + 1));
            g_ptr_array_index (info->tags, i + 1) = g_strdup (value);
          }
        return;
      }
  if (value != NULL)
    {
      g_ptr_array_add (info->tags, g_strdup (key));
      g_ptr_array_add (info->tags, g_strdup (value));
    }
}

void
dj_game_info_set_string (char       **field,
                         const char  *value)
{
  g_return_if_fail (field != NULL);

  if (value != NULL && *value == '\0')
    value = NULL;
  if (value == *field)
    return;
  g_free (*field);
  *field = g_strdup (value);
}

char *
dj_game_info_get_title (const DjGameInfo *info)
{
  g_return_val_if_fail (info != NULL, NULL);

  if (info->south == NULL && info->north == NULL)
    return g_strdup (info->event ? info->event : _("Untitled game"));
  /* Translators: the players of a game, South first */
  return g_strdup_printf (_("%s – %s"),
                          info->south ? info->south : _("Unknown"),
                          info->north ? info->north : _("Unknown"));
}
