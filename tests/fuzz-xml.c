/* fuzz-xml.c: libFuzzer target for the game file readers
 *
 * Built as a libFuzzer target with -Dfuzzing=true (clang,
 * -Db_sanitize=address,undefined).  Each input goes through the XML reader
 * and the text notation reader; what either accepts must write out, read
 * back to the same tree, and write out again to the same bytes.  Built with
 * -DDJ_FUZZ_STANDALONE it is the test test-fuzz-corpus: the same checks over
 * every file of the folders given (the hostile corpus, the samples).
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "dj-notation.h"
#include "dj-xml.h"

int LLVMFuzzerTestOneInput (const uint8_t *data, size_t size);

/* Other programs' data read back from a saved file is what was read:
 * attribute by attribute and element by element, as serialized. */
static void
check_same_foreign (DjCollection *a,
                    DjCollection *b,
                    const char   *written)
{
  g_assert (dj_collection_get_n_games (a) == dj_collection_get_n_games (b));
  for (guint g = 0; g < dj_collection_get_n_games (a); g++)
    {
      DjGame *ga = dj_collection_get_game (a, g);
      DjGame *gb = dj_collection_get_game (b, g);
      DjNode *ra = dj_game_get_root (ga), *rb = dj_game_get_root (gb);

      if (g_strcmp0 (dj_game_get_foreign_xml (ga), dj_game_get_foreign_xml (gb)) != 0)
        {
          g_printerr ("a game's extension data changed on saving: “%s” became “%s”\n%s\n",
                      dj_game_get_foreign_xml (ga), dj_game_get_foreign_xml (gb), written);
          abort ();
        }
      for (DjNode *na = ra, *nb = rb; na != NULL || nb != NULL;
           na = dj_node_walk_next (na, ra), nb = dj_node_walk_next (nb, rb))
        {
          g_assert (na != NULL && nb != NULL);
          if (g_strcmp0 (dj_node_get_foreign_xml (na), dj_node_get_foreign_xml (nb)) != 0)
            {
              g_printerr ("a move's extension data changed on saving: “%s” became “%s”\n%s\n",
                          dj_node_get_foreign_xml (na), dj_node_get_foreign_xml (nb), written);
              abort ();
            }
        }
    }
}

static void
check_xml_round_trip (DjCollection *collection)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(DjCollection) again = NULL;
  g_autofree char *first = NULL, *second = NULL;
  gsize len1, len2;

  first = dj_xml_to_string (collection, &len1);
  g_assert (first != NULL);
  again = dj_xml_load_data (first, len1, "fuzz-out.djenon", &error);
  if (again == NULL)
    {
      /* abort() rather than g_error(), so that libFuzzer keeps the input */
      g_printerr ("written XML does not read back: %s\n%s\n", error->message, first);
      abort ();
    }
  check_same_foreign (collection, again, first);
  second = dj_xml_to_string (again, &len2);
  g_assert (len1 == len2 && memcmp (first, second, len1) == 0);
}

static void
check_text_round_trip (DjCollection *collection)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(DjCollection) again = NULL;
  g_autofree char *first = NULL, *second = NULL;

  first = dj_notation_write_collection (collection);
  again = dj_notation_parse (first, -1, "fuzz-out.txt", &error);
  if (again == NULL)
    {
      g_printerr ("written text does not read back: %s\n%s\n", error->message, first);
      abort ();
    }
  second = dj_notation_write_collection (again);
  g_assert (strcmp (first, second) == 0);
}

/* Every message is valid UTF-8 on one line of bounded length: values
 * quoted in it are cut by characters. */
static void
check_message (const char *message)
{
  if (!g_utf8_validate (message, -1, NULL) || strchr (message, '\n') != NULL ||
      g_utf8_strlen (message, -1) > 600)
    {
      g_printerr ("a message that is not one line of UTF-8 of at most 600 characters: %s\n",
                  message);
      abort ();
    }
}

int
LLVMFuzzerTestOneInput (const uint8_t *data,
                        size_t         size)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(DjCollection) xml = NULL;
  g_autoptr(DjCollection) text = NULL;

  xml = dj_xml_load_data ((const char *) data, size, "fuzz.djenon", &error);
  if (xml != NULL)
    {
      check_xml_round_trip (xml);
      check_text_round_trip (xml);
    }
  else
    {
      /* Every message names the file and the line. */
      g_assert (error != NULL && error->domain == DJ_FORMAT_ERROR);
      g_assert (g_str_has_prefix (error->message, "fuzz.djenon:"));
      g_assert (g_ascii_isdigit (error->message[strlen ("fuzz.djenon:")]));
      check_message (error->message);
    }
  g_clear_error (&error);

  text = dj_notation_parse ((const char *) data, size, "fuzz.txt", &error);
  if (text != NULL)
    {
      check_text_round_trip (text);
      check_xml_round_trip (text);
    }
  else
    {
      g_assert (error != NULL && error->domain == DJ_FORMAT_ERROR);
      g_assert (g_str_has_prefix (error->message, "fuzz.txt:"));
      check_message (error->message);
    }
  return 0;
}

#define DJ_FUZZ_TEST_PATH "/djenon/fuzz-corpus"
#include "fuzz-standalone.h"
