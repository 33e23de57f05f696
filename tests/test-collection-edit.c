/* test-collection-edit.c: copying, moving, merging and deleting games
 * between files keeps every other byte
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <glib/gstdio.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "dj-collection-edit.h"
#include "dj-notation.h"
#include "dj-xml.h"

#define XML_HEAD "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n" \
                 "<djenon xmlns=\"http://djenon.org/ns/game/1\" version=\"1\" " \
                 "xmlns:e=\"urn:example\">\n"

/* Three games with other programs' data, a comment between games and
 * hand-made spacing, as another editor might leave them. */
static const char *xml_games[] = {
  "<game>\n"
  "    <info><south>Awa</south><e:clock base=\"15m\"/></info>\n"
  "    <rules variant=\"aboure\"/>\n"
  "    <moves><move pit=\"c\" e:eval=\"+0.5\"/><move pit=\"A\"/></moves>\n"
  "  </game>",
  "<game>\n"
  "    <info><south>Bintou</south></info>\n"
  "    <rules variant=\"abe\"/>\n"
  "    <moves><move pit=\"b\"/></moves>\n"
  "  </game>",
  "<game>\n"
  "    <info><south>Chidi</south></info>\n"
  "    <rules variant=\"aboure\"/>\n"
  "    <moves><move pit=\"d\"><comment-after>a &lt;quiet&gt; move</comment-after></move>"
  "</moves>\n"
  "  </game>",
};

static const char *text_games[] = {
  "[Variant \"aboure\"]\n[South \"Dede\"]\n[Event \"Club\"]\n\n1. c A 2. b B 1-0",
  "[Variant \"aboure\"]\n[South \"Efua\"]\n\n1. d {a comment [with a bracket]} F *",
  "[Variant \"abe\"]\n[South \"Fanta\"]\n\n1. e 0-1",
};

static char *
xml_file_text (const guint *which,
               guint        n)
{
  GString *s = g_string_new (XML_HEAD);

  for (guint i = 0; i < n; i++)
    {
      g_string_append_printf (s, "  %s\n", xml_games[which[i]]);
      if (i == 0)
        g_string_append (s, "  <!-- kept: a comment between games, <game> in it -->\n");
    }
  g_string_append (s, "</djenon>\n");
  return g_string_free (s, FALSE);
}

static char *
text_file_text (const guint *which,
                guint        n)
{
  GString *s = g_string_new (NULL);

  for (guint i = 0; i < n; i++)
    g_string_append_printf (s, "%s%s\n", i > 0 ? "\n" : "", text_games[which[i]]);
  return g_string_free (s, FALSE);
}

typedef struct
{
  char *dir;
} Fixture;

static void
fixture_set_up (Fixture       *fx,
                gconstpointer  data)
{
  fx->dir = g_dir_make_tmp ("djenon-edit-XXXXXX", NULL);
  g_assert_nonnull (fx->dir);
}

static void
fixture_tear_down (Fixture       *fx,
                   gconstpointer  data)
{
  g_autoptr(GDir) dir = g_dir_open (fx->dir, 0, NULL);
  const char *name;

  while ((name = g_dir_read_name (dir)) != NULL)
    {
      g_autofree char *path = g_build_filename (fx->dir, name, NULL);

      g_chmod (path, 0644);
      g_remove (path);
    }
  g_rmdir (fx->dir);
  g_free (fx->dir);
}

static char *
write_file (Fixture    *fx,
            const char *name,
            const char *text)
{
  char *path = g_build_filename (fx->dir, name, NULL);

  g_assert_true (g_file_set_contents (path, text, -1, NULL));
  return path;
}

static char *
read_file (const char *path)
{
  char *text = NULL;

  g_assert_true (g_file_get_contents (path, &text, NULL, NULL));
  return text;
}

static DjFileStamp
stamp_of (const char *path)
{
  DjFileStamp stamp;
  g_autoptr(GError) error = NULL;

  g_assert_true (dj_file_stamp_query (path, &stamp, &error));
  g_assert_no_error (error);
  return stamp;
}

static DjCollection *
load (const char *path)
{
  g_autoptr(GFile) file = g_file_new_for_path (path);
  g_autoptr(GError) error = NULL;
  DjCollection *games = g_str_has_suffix (path, ".djn")
                        ? dj_notation_load_file (file, NULL, &error)
                        : dj_xml_load_file (file, NULL, &error);

  g_assert_no_error (error);
  return games;
}

/* Game @i of @path as the text notation writes it, to compare games read
 * from different files. */
static char *
game_text (const char *path,
           guint       i)
{
  g_autoptr(DjCollection) games = load (path);

  g_assert_cmpuint (i, <, dj_collection_get_n_games (games));
  return dj_notation_write_game (dj_collection_get_game (games, i));
}

/* Copying games between XML files: the target's own bytes stay, the copies
 * are the source's bytes (foreign data, entities and all), and the copy of
 * a game that uses the source root's namespace declaration carries it. */
static void
test_copy_xml (Fixture       *fx,
               gconstpointer  data)
{
  static const guint a_games[] = { 0, 1, 2 }, b_games[] = { 1 };
  g_autofree char *a_text = xml_file_text (a_games, 3);
  g_autofree char *b_text = xml_file_text (b_games, 1);
  g_autofree char *a = write_file (fx, "a.djenon", a_text);
  g_autofree char *b = write_file (fx, "b.djenon", b_text);
  DjFileStamp sa = stamp_of (a), sb = stamp_of (b);
  static const guint numbers[] = { 3, 1, 3 };
  g_autoptr(GError) error = NULL;
  g_autoptr(DjCollectionUndo) undo = NULL;
  g_autofree char *now = NULL;
  g_autofree char *expected = NULL;
  g_autoptr(DjCollection) games = NULL;
  gsize head;

  undo = dj_collection_edit_copy (a, &sa, numbers, G_N_ELEMENTS (numbers), b, &sb, &error);
  g_assert_no_error (error);
  g_assert_nonnull (undo);
  g_assert_cmpuint (dj_collection_undo_get_n_files (undo), ==, 1);
  g_assert_cmpstr (dj_collection_undo_get_path (undo, 0), ==, b);

  /* The source is untouched; the target is its old text with two games
   * inserted before the root's end tag, the same bytes as in the source. */
  now = read_file (a);
  g_assert_cmpstr (now, ==, a_text);
  g_free (now);
  now = read_file (b);
  head = strlen (b_text) - strlen ("</djenon>\n");
  expected = g_strdup_printf ("%.*s  %s\n  %s\n</djenon>\n", (int) head, b_text,
                              xml_games[0], xml_games[2]);
  g_assert_cmpstr (now, ==, expected);
  games = load (b);
  g_assert_cmpuint (dj_collection_get_n_games (games), ==, 3);
  g_assert_nonnull (strstr (dj_game_get_foreign_xml (dj_collection_get_game (games, 1)),
                            "e:clock"));

  /* Into a file whose root lacks the declaration: the copy brings it. */
  {
    g_autofree char *c = write_file (fx, "c.djenon",
                                     "<djenon xmlns=\"http://djenon.org/ns/game/1\" version=\"1\">"
                                     "<game><rules variant=\"abe\"/><moves/></game></djenon>");
    g_autoptr(DjCollectionUndo) undo2 = NULL;
    g_autofree char *text = NULL;
    static const guint first[] = { 1 };

    undo2 = dj_collection_edit_copy (a, NULL, first, 1, c, NULL, &error);
    g_assert_no_error (error);
    text = read_file (c);
    g_assert_nonnull (strstr (text, "<game><rules variant=\"abe\"/><moves/></game>"
                                    "<game xmlns:e=\"urn:example\">\n    <info><south>Awa"));
    g_clear_object (&games);
    games = load (c);
    g_assert_cmpuint (dj_collection_get_n_games (games), ==, 2);
  }
}

/* Moving between text files, then undoing: both files byte-identical to
 * before.  The games left keep their bytes and the blank lines between. */
static void
test_move_text_undo (Fixture       *fx,
                     gconstpointer  data)
{
  static const guint a_games[] = { 0, 1, 2 }, b_games[] = { 2 };
  g_autofree char *a_text = text_file_text (a_games, 3);
  g_autofree char *b_text = text_file_text (b_games, 1);
  g_autofree char *a = write_file (fx, "a.djn", a_text);
  g_autofree char *b = write_file (fx, "b.djn", b_text);
  DjFileStamp sa = stamp_of (a), sb = stamp_of (b);
  static const guint numbers[] = { 2 };
  g_autoptr(GError) error = NULL;
  g_autoptr(DjCollectionUndo) undo = NULL;
  g_autofree char *now_a = NULL, *now_b = NULL, *want_a = NULL, *want_b = NULL;
  static const guint left[] = { 0, 2 }, after[] = { 2, 1 };

  undo = dj_collection_edit_move (a, &sa, numbers, 1, b, &sb, &error);
  g_assert_no_error (error);
  g_assert_nonnull (undo);
  g_assert_cmpuint (dj_collection_undo_get_n_files (undo), ==, 2);
  now_a = read_file (a);
  now_b = read_file (b);
  want_a = text_file_text (left, 2);
  want_b = text_file_text (after, 2);
  g_assert_cmpstr (now_a, ==, want_a);
  g_assert_cmpstr (now_b, ==, want_b);

  g_assert_true (dj_collection_undo_apply (undo, &error));
  g_assert_no_error (error);
  g_free (now_a);
  g_free (now_b);
  now_a = read_file (a);
  now_b = read_file (b);
  g_assert_cmpstr (now_a, ==, a_text);
  g_assert_cmpstr (now_b, ==, b_text);
}

/* Deleting from XML: the game goes with its line; the comment between
 * games, the other games and the declaration stay. */
static void
test_delete_xml (Fixture       *fx,
                 gconstpointer  data)
{
  static const guint games[] = { 0, 1, 2 }, left[] = { 0, 2 };
  g_autofree char *text = xml_file_text (games, 3);
  g_autofree char *path = write_file (fx, "a.djenon", text);
  g_autofree char *want = xml_file_text (left, 2);
  g_autofree char *now = NULL;
  g_autoptr(GError) error = NULL;
  g_autoptr(DjCollectionUndo) undo = NULL;
  DjFileStamp stamp = stamp_of (path);
  static const guint second[] = { 2 };

  undo = dj_collection_edit_delete (path, &stamp, second, 1, &error);
  g_assert_no_error (error);
  now = read_file (path);
  g_assert_cmpstr (now, ==, want);
  /* Undone, it is the old file again. */
  g_assert_true (dj_collection_undo_apply (undo, &error));
  g_free (now);
  now = read_file (path);
  g_assert_cmpstr (now, ==, text);
}

/* Deleting the last game of a text file, and the first. */
static void
test_delete_text (Fixture       *fx,
                  gconstpointer  data)
{
  static const guint games[] = { 0, 1, 2 }, left[] = { 1 };
  g_autofree char *text = text_file_text (games, 3);
  g_autofree char *path = write_file (fx, "a.djn", text);
  g_autofree char *want = text_file_text (left, 1);
  g_autofree char *now = NULL;
  g_autoptr(GError) error = NULL;
  g_autoptr(DjCollectionUndo) undo = NULL;
  static const guint first_last[] = { 3, 1 };

  undo = dj_collection_edit_delete (path, NULL, first_last, 2, &error);
  g_assert_no_error (error);
  now = read_file (path);
  g_assert_cmpstr (now, ==, want);
}

/* A file changed since it was listed is refused, and nothing is written. */
static void
test_changed_on_disk (Fixture       *fx,
                      gconstpointer  data)
{
  static const guint games[] = { 0, 1 };
  g_autofree char *text = text_file_text (games, 2);
  g_autofree char *a = write_file (fx, "a.djn", text);
  g_autofree char *b = write_file (fx, "b.djn", text);
  DjFileStamp sa = stamp_of (a), sb = stamp_of (b);
  g_autofree char *changed = g_strconcat (text, "\n", NULL);
  g_autofree char *now = NULL;
  g_autoptr(GError) error = NULL;
  g_autoptr(DjCollectionUndo) undo = NULL;
  static const guint first[] = { 1 };

  g_assert_true (g_file_set_contents (b, changed, -1, NULL));
  undo = dj_collection_edit_move (a, &sa, first, 1, b, &sb, &error);
  g_assert_null (undo);
  g_assert_error (error, DJ_COLLECTION_EDIT_ERROR, DJ_COLLECTION_EDIT_ERROR_CHANGED);
  g_assert_nonnull (strstr (error->message, "b.djn"));
  now = read_file (a);
  g_assert_cmpstr (now, ==, text);
  g_free (now);
  now = read_file (b);
  g_assert_cmpstr (now, ==, changed);

  /* The same time, another size. */
  g_clear_error (&error);
  sb = stamp_of (b);
  sb.size++;
  undo = dj_collection_edit_copy (a, &sa, first, 1, b, &sb, &error);
  g_assert_error (error, DJ_COLLECTION_EDIT_ERROR, DJ_COLLECTION_EDIT_ERROR_CHANGED);
}

/* A read-only target is refused before anything is written: the source of
 * a move keeps its game. */
static void
test_read_only (Fixture       *fx,
                gconstpointer  data)
{
  static const guint games[] = { 0, 1 };
  g_autofree char *text = text_file_text (games, 2);
  g_autofree char *a = write_file (fx, "a.djn", text);
  g_autofree char *b = write_file (fx, "b.djn", text);
  g_autofree char *now = NULL;
  g_autoptr(GError) error = NULL;
  g_autoptr(DjCollectionUndo) undo = NULL;
  static const guint first[] = { 1 };

  g_assert_cmpint (g_chmod (b, 0444), ==, 0);
  undo = dj_collection_edit_move (a, NULL, first, 1, b, NULL, &error);
  g_assert_null (undo);
  g_assert_error (error, DJ_COLLECTION_EDIT_ERROR, DJ_COLLECTION_EDIT_ERROR_READ_ONLY);
  now = read_file (a);
  g_assert_cmpstr (now, ==, text);
  g_free (now);
  now = read_file (b);
  g_assert_cmpstr (now, ==, text);
}

/* Merging a text file into an XML file: the games are written as XML after
 * the target's own; moving or deleting every game, a game that does not
 * exist and a move into the same file are refused. */
static void
test_merge_and_refusals (Fixture       *fx,
                         gconstpointer  data)
{
  static const guint t_games[] = { 0, 1 }, x_games[] = { 1 };
  g_autofree char *t_text = text_file_text (t_games, 2);
  g_autofree char *x_text = xml_file_text (x_games, 1);
  g_autofree char *t = write_file (fx, "t.djn", t_text);
  g_autofree char *x = write_file (fx, "x.djenon", x_text);
  g_autoptr(GError) error = NULL;
  g_autoptr(DjCollectionUndo) undo = NULL;
  g_autofree char *now = NULL;
  g_autoptr(DjCollection) games = NULL;
  static const guint both[] = { 1, 2 }, ninth[] = { 9 };

  undo = dj_collection_edit_merge (t, NULL, x, NULL, &error);
  g_assert_no_error (error);
  now = read_file (x);
  g_assert_true (g_str_has_prefix (now, XML_HEAD "  <game>\n    <info><south>Bintou</south>"));
  games = load (x);
  g_assert_cmpuint (dj_collection_get_n_games (games), ==, 3);
  for (guint i = 0; i < 2; i++)
    {
      g_autofree char *want = game_text (t, i);
      g_autofree char *got = game_text (x, i + 1);

      g_assert_cmpstr (got, ==, want);
    }

  g_clear_pointer (&undo, dj_collection_undo_free);
  undo = dj_collection_edit_move (t, NULL, both, 2, x, NULL, &error);
  g_assert_error (error, DJ_COLLECTION_EDIT_ERROR, DJ_COLLECTION_EDIT_ERROR_EMPTY);
  g_clear_error (&error);
  undo = dj_collection_edit_delete (t, NULL, both, 2, &error);
  g_assert_error (error, DJ_COLLECTION_EDIT_ERROR, DJ_COLLECTION_EDIT_ERROR_EMPTY);
  g_clear_error (&error);
  undo = dj_collection_edit_delete (t, NULL, ninth, 1, &error);
  g_assert_error (error, DJ_COLLECTION_EDIT_ERROR, DJ_COLLECTION_EDIT_ERROR_NO_GAME);
  g_assert_nonnull (strstr (error->message, "t.djn"));
  g_clear_error (&error);
  undo = dj_collection_edit_move (t, NULL, both, 1, t, NULL, &error);
  g_assert_error (error, DJ_COLLECTION_EDIT_ERROR, DJ_COLLECTION_EDIT_ERROR_SAME_FILE);
  g_clear_error (&error);
  g_free (now);
  now = read_file (t);
  g_assert_cmpstr (now, ==, t_text);
}

/* An XML game with other programs' data cannot go to a text file: refused,
 * not flattened.  A plain one can. */
static void
test_lossy (Fixture       *fx,
            gconstpointer  data)
{
  static const guint x_games[] = { 0, 1 }, t_games[] = { 0 };
  g_autofree char *x_text = xml_file_text (x_games, 2);
  g_autofree char *t_text = text_file_text (t_games, 1);
  g_autofree char *x = write_file (fx, "x.djenon", x_text);
  g_autofree char *t = write_file (fx, "t.djn", t_text);
  g_autoptr(GError) error = NULL;
  g_autoptr(DjCollectionUndo) undo = NULL;
  g_autofree char *now = NULL;
  static const guint first[] = { 1 }, second[] = { 2 };

  undo = dj_collection_edit_copy (x, NULL, first, 1, t, NULL, &error);
  g_assert_error (error, DJ_COLLECTION_EDIT_ERROR, DJ_COLLECTION_EDIT_ERROR_LOSSY);
  g_clear_error (&error);
  now = read_file (t);
  g_assert_cmpstr (now, ==, t_text);

  undo = dj_collection_edit_copy (x, NULL, second, 1, t, NULL, &error);
  g_assert_no_error (error);
  {
    g_autofree char *want = game_text (x, 1);
    g_autofree char *got = game_text (t, 1);

    g_assert_cmpstr (got, ==, want);
  }
}

/* An edit undone after the file changed again is refused. */
static void
test_undo_refused (Fixture       *fx,
                   gconstpointer  data)
{
  static const guint games[] = { 0, 1 };
  g_autofree char *text = text_file_text (games, 2);
  g_autofree char *path = write_file (fx, "a.djn", text);
  g_autoptr(GError) error = NULL;
  g_autoptr(DjCollectionUndo) undo = NULL;
  g_autofree char *now = NULL;
  static const guint first[] = { 1 };

  undo = dj_collection_edit_delete (path, NULL, first, 1, &error);
  g_assert_no_error (error);
  g_assert_true (g_file_set_contents (path, "[Variant \"abe\"]\n\n1. a *\n", -1, NULL));
  g_assert_false (dj_collection_undo_apply (undo, &error));
  g_assert_error (error, DJ_COLLECTION_EDIT_ERROR, DJ_COLLECTION_EDIT_ERROR_CHANGED);
  now = read_file (path);
  g_assert_cmpstr (now, ==, "[Variant \"abe\"]\n\n1. a *\n");
}

/* Games placed after a chosen game (as a drop in the Library window puts
 * them): in XML on lines of their own, indented as their neighbours, in the
 * text notation set apart by a blank line; every other byte kept, and an
 * undo gives both files back. */
static void
test_insert (Fixture       *fx,
             gconstpointer  data)
{
  static const guint all[] = { 0, 1, 2 }, two[] = { 1, 2 }, first_two[] = { 0, 1 };
  static const guint left[] = { 0, 1 }, moved_in[] = { 0, 2, 1 };
  g_autofree char *xa_text = xml_file_text (all, 3);
  g_autofree char *xb_text = xml_file_text (two, 2);
  g_autofree char *ta_text = text_file_text (all, 3);
  g_autofree char *tb_text = text_file_text (first_two, 2);
  g_autofree char *xa = write_file (fx, "a.djenon", xa_text);
  g_autofree char *xb = write_file (fx, "b.djenon", xb_text);
  g_autofree char *ta = write_file (fx, "a.djn", ta_text);
  g_autofree char *tb = write_file (fx, "b.djn", tb_text);
  static const guint one[] = { 1 }, three[] = { 3 };
  g_autoptr(GError) error = NULL;
  g_autoptr(DjCollectionUndo) undo = NULL;
  g_autofree char *now = NULL, *want = NULL, *now_b = NULL;
  DjFileStamp sa = stamp_of (xa), sb = stamp_of (xb);

  /* XML: a.djenon #1 after b.djenon #1, before the comment that follows it. */
  undo = dj_collection_edit_insert (xa, &sa, one, 1, FALSE, xb, &sb, 1, &error);
  g_assert_no_error (error);
  g_assert_nonnull (undo);
  now = read_file (xb);
  want = g_strdup_printf (XML_HEAD "  %s\n  %s\n"
                          "  <!-- kept: a comment between games, <game> in it -->\n"
                          "  %s\n</djenon>\n", xml_games[1], xml_games[0], xml_games[2]);
  g_assert_cmpstr (now, ==, want);
  g_clear_pointer (&now, g_free);
  now = read_file (xa);
  g_assert_cmpstr (now, ==, xa_text);
  g_assert_true (dj_collection_undo_apply (undo, &error));
  g_clear_pointer (&now, g_free);
  now = read_file (xb);
  g_assert_cmpstr (now, ==, xb_text);
  g_clear_pointer (&undo, dj_collection_undo_free);

  /* XML, before the first game. */
  sb = stamp_of (xb);
  undo = dj_collection_edit_insert (xa, NULL, three, 1, FALSE, xb, &sb, 0, &error);
  g_assert_no_error (error);
  g_clear_pointer (&now, g_free);
  g_clear_pointer (&want, g_free);
  now = read_file (xb);
  want = g_strdup_printf (XML_HEAD "  %s\n  %s\n"
                          "  <!-- kept: a comment between games, <game> in it -->\n"
                          "  %s\n</djenon>\n", xml_games[2], xml_games[1], xml_games[2]);
  g_assert_cmpstr (now, ==, want);
  g_clear_pointer (&undo, dj_collection_undo_free);

  /* Text: a.djn #3 moved after b.djn #1, then undone. */
  sa = stamp_of (ta);
  sb = stamp_of (tb);
  undo = dj_collection_edit_insert (ta, &sa, three, 1, TRUE, tb, &sb, 1, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (dj_collection_undo_get_n_files (undo), ==, 2);
  g_clear_pointer (&now, g_free);
  g_clear_pointer (&want, g_free);
  now = read_file (ta);
  want = text_file_text (left, 2);
  g_assert_cmpstr (now, ==, want);
  g_clear_pointer (&want, g_free);
  now_b = read_file (tb);
  want = text_file_text (moved_in, 3);
  g_assert_cmpstr (now_b, ==, want);
  g_assert_true (dj_collection_undo_apply (undo, &error));
  g_assert_no_error (error);
  g_clear_pointer (&now, g_free);
  g_clear_pointer (&now_b, g_free);
  now = read_file (ta);
  now_b = read_file (tb);
  g_assert_cmpstr (now, ==, ta_text);
  g_assert_cmpstr (now_b, ==, tb_text);
  g_clear_pointer (&undo, dj_collection_undo_free);

  /* Text, before the first game, from XML; then past the last game: at
   * the end, as a copy does. */
  undo = dj_collection_edit_insert (xa, NULL, three, 1, FALSE, tb, NULL, 0, &error);
  g_assert_no_error (error);
  g_clear_pointer (&undo, dj_collection_undo_free);
  undo = dj_collection_edit_insert (ta, NULL, three, 1, FALSE, tb, NULL, 99, &error);
  g_assert_no_error (error);
  {
    g_autoptr(DjCollection) games = load (tb);
    g_autofree char *first = game_text (tb, 0);
    g_autofree char *last = game_text (tb, 3);
    g_autofree char *chidi = game_text (xa, 2);
    g_autofree char *fanta = game_text (ta, 2);

    g_assert_cmpuint (dj_collection_get_n_games (games), ==, 4);
    g_assert_cmpstr (first, ==, chidi);
    g_assert_cmpstr (last, ==, fanta);
  }
  g_clear_pointer (&now_b, g_free);
  g_clear_pointer (&want, g_free);
  now_b = read_file (tb);
  /* b.djn's own games kept their bytes, with a blank line between all. */
  want = g_strdup_printf ("\n\n%s\n\n%s\n\n%s\n", text_games[0], text_games[1],
                          text_games[2]);
  g_assert_true (g_str_has_suffix (now_b, want));
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);
  dj_xml_init ();
#define ADD(path, func) \
  g_test_add ("/djenon/collection-edit/" path, Fixture, NULL, fixture_set_up, func, \
              fixture_tear_down)
  ADD ("copy-xml", test_copy_xml);
  ADD ("move-text-undo", test_move_text_undo);
  ADD ("delete-xml", test_delete_xml);
  ADD ("delete-text", test_delete_text);
  ADD ("changed-on-disk", test_changed_on_disk);
  ADD ("read-only", test_read_only);
  ADD ("merge-and-refusals", test_merge_and_refusals);
  ADD ("lossy", test_lossy);
  ADD ("undo-refused", test_undo_refused);
  ADD ("insert", test_insert);
#undef ADD
  return g_test_run ();
}
