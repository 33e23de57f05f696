/* dj-example-uri.c: djenon: links that open a position (and a move) in Djenon
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <glib/gi18n-lib.h>
#include <string.h>

#include "dj-example-uri.h"
#include "dj-format-error.h"

static gboolean
refuse (GError     **error,
        const char  *message)
{
  g_set_error_literal (error, DJ_FORMAT_ERROR, DJ_FORMAT_ERROR_VALUE, message);
  return FALSE;
}

gboolean
dj_example_uri_parse (const char     *uri,
                      DjExampleLink  *link,
                      GError        **error)
{
  g_autoptr(GHashTable) params = NULL;
  g_autoptr(GError) local = NULL;
  const char *query, *value;
  GHashTableIter iter;
  gpointer key;
  DjMoves moves;

  g_return_val_if_fail (uri != NULL, FALSE);
  g_return_val_if_fail (link != NULL, FALSE);

  if (strnlen (uri, DJ_EXAMPLE_URI_MAX + 1) > DJ_EXAMPLE_URI_MAX)
    return refuse (error, _("The link is too long to be a Djenon link."));
  if (!g_utf8_validate (uri, -1, NULL))
    return refuse (error, _("The link is not valid text."));
  if (g_ascii_strncasecmp (uri, DJ_EXAMPLE_URI_SCHEME ":play?", strlen (DJ_EXAMPLE_URI_SCHEME ":play?")) != 0)
    return refuse (error, _("This is not a link Djenon can open: it must begin with “djenon:play?”."));

  query = uri + strlen (DJ_EXAMPLE_URI_SCHEME ":play?");
  params = g_uri_parse_params (query, -1, "&", G_URI_PARAMS_WWW_FORM, &local);
  if (params == NULL)
    return refuse (error, _("The link’s options cannot be read."));

  g_hash_table_iter_init (&iter, params);
  while (g_hash_table_iter_next (&iter, &key, (gpointer *) &value))
    {
      if (!g_utf8_validate (key, -1, NULL) || !g_utf8_validate (value, -1, NULL))
        return refuse (error, _("The link is not valid text."));
      if (strcmp (key, "variant") != 0 && strcmp (key, "feeding") != 0 &&
          strcmp (key, "setup") != 0 && strcmp (key, "move") != 0)
        {
          /* Cut by characters, never inside one. */
          g_autofree char *name = g_utf8_substring (key, 0, MIN (g_utf8_strlen (key, -1), 40));

          g_set_error (error, DJ_FORMAT_ERROR, DJ_FORMAT_ERROR_VALUE,
                       _("The link has an option Djenon does not know: “%s”."), name);
          return FALSE;
        }
    }

  value = g_hash_table_lookup (params, "variant");
  if (value == NULL || !dj_variant_from_string (value, &link->rules.variant))
    return refuse (error, _("The link does not name the game: variant must be aboure or abe."));
  link->rules.feeding = DJ_FEEDING_ON_STARVED_TURN;
  value = g_hash_table_lookup (params, "feeding");
  if (value != NULL)
    {
      if (link->rules.variant != DJ_VARIANT_ABE)
        return refuse (error, _("The link gives a feeding option, which only Djenon-abe has."));
      if (!dj_feeding_from_string (value, &link->rules.feeding))
        return refuse (error, _("The link’s feeding option must be on-starved-turn or immediate."));
    }

  value = g_hash_table_lookup (params, "setup");
  if (value != NULL)
    {
      g_autoptr(GError) why = NULL;

      if (!dj_position_parse (value, &link->start, &why) || !dj_position_check (&link->start, &why))
        {
          g_set_error (error, DJ_FORMAT_ERROR, DJ_FORMAT_ERROR_VALUE,
                       _("The link’s position cannot be set up: %s"), why->message);
          return FALSE;
        }
      if (link->start.feed_owed && link->rules.variant != DJ_VARIANT_ABE)
        return refuse (error, _("The link’s position owes a feeding move, which only Djenon-abe has."));
    }
  else
    dj_position_init_start (&link->start);

  link->move = DJ_NO_MOVE;
  value = g_hash_table_lookup (params, "move");
  if (value != NULL)
    {
      DjPitStatus status;

      if (!dj_move_from_string (value, &link->move))
        return refuse (error, _("The link’s move is not a pit (a to f, A to F) or pass."));
      dj_moves_generate (&link->rules, &link->start, &moves);
      status = dj_moves_why (&moves, link->move);
      /* A pit that cannot be played is part of the example (why it cannot
       * is what it shows); a pit of the other row, or any move once the
       * game is over, is not. */
      if (status == DJ_PIT_NOT_YOURS || status == DJ_PIT_GAME_OVER || status == DJ_PIT_CANNOT_PASS)
        {
          g_set_error (error, DJ_FORMAT_ERROR, DJ_FORMAT_ERROR_VALUE,
                       _("The link’s move %s cannot be played in its position: %s"),
                       dj_move_to_string (link->move), dj_pit_status_describe (status));
          return FALSE;
        }
    }
  return TRUE;
}

char *
dj_example_uri_build (const DjRules    *rules,
                      const DjPosition *start,
                      DjMove            move)
{
  GString *uri = g_string_new (DJ_EXAMPLE_URI_SCHEME ":play?variant=");

  g_return_val_if_fail (rules != NULL, NULL);

  g_string_append (uri, dj_variant_to_string (rules->variant));
  if (rules->variant == DJ_VARIANT_ABE && rules->feeding != DJ_FEEDING_ON_STARVED_TURN)
    g_string_append_printf (uri, "&feeding=%s", dj_feeding_to_string (rules->feeding));
  if (start != NULL)
    {
      g_autofree char *text = dj_position_to_string (start);

      g_strdelimit (text, " ", '+');
      g_string_append_printf (uri, "&setup=%s", text);
    }
  if (move != DJ_NO_MOVE)
    g_string_append_printf (uri, "&move=%s", dj_move_to_string (move));
  return g_string_free (uri, FALSE);
}
