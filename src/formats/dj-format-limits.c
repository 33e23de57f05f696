/* dj-format-limits.c: the readers' limits, checked before a save
 *
 * What the record holds can exceed them (a program may build anything):
 * such games are refused before a byte is written, rather than saved in a
 * file that no reader would take back.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <glib/gi18n-lib.h>
#include <string.h>

#include "dj-format-private.h"
#include "dj-node-private.h"

static gboolean
too_long (const char *text,
          gsize       limit)
{
  return text != NULL && strlen (text) > limit;
}

gboolean
dj_format_check_limits (DjCollection  *collection,
                        const char    *name,
                        GError       **error)
{
  guint n_games = dj_collection_get_n_games (collection);
  guint64 moves = 0;

  if (n_games > DJ_FORMAT_MAX_GAMES)
    {
      dj_format_set_error (error, DJ_FORMAT_ERROR_LIMIT, name, 0,
                           _("cannot save the file: it would hold more than %u games"),
                           (guint) DJ_FORMAT_MAX_GAMES);
      return FALSE;
    }
  for (guint g = 0; g < n_games; g++)
    {
      DjGame *game = dj_collection_get_game (collection, g);
      const DjGameInfo *info = dj_game_get_info (game);
      const char *fields[] = { info->south, info->north, info->event, info->site, info->date,
                               info->round, info->annotator, info->recorder, info->source,
                               info->notes };
      const DjNode *root = dj_game_get_root (game);
      guint n_tags = dj_game_info_get_n_tags (info);
      guint64 info_bytes = 0;
      const char *what = NULL;

      for (guint i = 0; i < G_N_ELEMENTS (fields); i++)
        {
          info_bytes += fields[i] ? strlen (fields[i]) : 0;
          if (too_long (fields[i], DJ_FORMAT_MAX_TEXT_BYTES))
            what = _("a name or text of the game information is longer than the limit");
        }
      for (guint i = 0; i < n_tags; i++)
        {
          const char *key = dj_game_info_get_tag_key (info, i);
          const char *value = dj_game_info_get_tag_value (info, i);

          info_bytes += strlen (key) + (value ? strlen (value) : 0);
          if (too_long (key, DJ_FORMAT_MAX_TEXT_BYTES) ||
              too_long (value, DJ_FORMAT_MAX_TEXT_BYTES))
            what = _("a tag is longer than the limit");
        }
      if (n_tags > DJ_FORMAT_MAX_TAGS)
        what = _("it has more tags than the limit");
      if (info_bytes > DJ_FORMAT_MAX_INFO_BYTES)
        what = _("its information is longer than the limit");
      if (too_long (dj_game_get_foreign_xml (game), DJ_FORMAT_MAX_FOREIGN_BYTES))
        what = _("its extension data is larger than the limit");
      for (const DjNode *n = root; n != NULL && what == NULL; n = dj_node_walk_next (n, root))
        {
          moves += n != root;
          if (too_long (dj_node_get_comment_before (n), DJ_FORMAT_MAX_TEXT_BYTES) ||
              too_long (dj_node_get_comment_after (n), DJ_FORMAT_MAX_TEXT_BYTES))
            what = _("a comment is longer than the limit");
          else if (too_long (dj_node_get_foreign_xml (n), DJ_FORMAT_MAX_FOREIGN_BYTES + 1))
            what = _("the extension data of a move is larger than the limit");
        }
      if (what == NULL && moves > DJ_FORMAT_MAX_NODES)
        {
          dj_format_set_error (error, DJ_FORMAT_ERROR_LIMIT, name, 0,
                               _("cannot save the file: it would hold more than %u moves"),
                               (guint) DJ_FORMAT_MAX_NODES);
          return FALSE;
        }
      if (what != NULL)
        {
          /* Translators: "cannot save the file: in game 2, a comment is longer than the
           * limit (see Limits in the documentation)" */
          dj_format_set_error (error, DJ_FORMAT_ERROR_LIMIT, name, 0,
                               _("cannot save the file: in game %u, %s; Djenon could not read "
                                 "it back"), g + 1, what);
          return FALSE;
        }
    }
  return TRUE;
}
