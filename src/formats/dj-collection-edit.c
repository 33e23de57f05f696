/* dj-collection-edit.c: copying, moving and deleting games between files
 *
 * The games are found in the file's bytes (the XML <game> children of the
 * root by a small scanner that knows comments, CDATA, processing
 * instructions and quoted attributes; the text notation's games by its own
 * reader), the new content is made of those bytes, read back and checked,
 * and only then written.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <errno.h>
#include <glib/gi18n-lib.h>
#include <glib/gstdio.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "dj-collection-edit.h"
#include "dj-format-private.h"
#include "dj-notation.h"
#include "dj-safe-save.h"
#include "dj-xml.h"

G_DEFINE_QUARK (dj-collection-edit-error-quark, dj_collection_edit_error)

gboolean
dj_file_stamp_query (const char   *path,
                     DjFileStamp  *stamp,
                     GError      **error)
{
  g_autoptr(GFile) file = NULL;
  g_autoptr(GFileInfo) info = NULL;
  g_autoptr(GError) local = NULL;

  g_return_val_if_fail (path != NULL, FALSE);
  g_return_val_if_fail (stamp != NULL, FALSE);

  file = g_file_new_for_path (path);
  /* The same attributes as the library's index reads. */
  info = g_file_query_info (file, G_FILE_ATTRIBUTE_STANDARD_SIZE ","
                            G_FILE_ATTRIBUTE_TIME_MODIFIED ","
                            G_FILE_ATTRIBUTE_TIME_MODIFIED_USEC,
                            G_FILE_QUERY_INFO_NONE, NULL, &local);
  if (info == NULL)
    {
      g_autofree char *name = g_filename_display_name (path);

      g_set_error (error, local->domain, local->code,
                   /* Translators: a file name, then why */
                   _("%s: cannot read the file: %s"), name, local->message);
      return FALSE;
    }
  stamp->size = g_file_info_get_size (info);
  stamp->mtime = g_file_info_get_attribute_uint64 (info, G_FILE_ATTRIBUTE_TIME_MODIFIED)
                 * G_USEC_PER_SEC
                 + g_file_info_get_attribute_uint32 (info, G_FILE_ATTRIBUTE_TIME_MODIFIED_USEC);
  return TRUE;
}

static gboolean
stamp_equal (const DjFileStamp *a,
             const DjFileStamp *b)
{
  return a->size == b->size && a->mtime == b->mtime;
}

/* Scanning XML for the root's children */

static gsize
find (const char *data,
      gsize       len,
      gsize       from,
      const char *what)
{
  gsize n = strlen (what);

  for (gsize i = from; i + n <= len; i++)
    if (data[i] == what[0] && memcmp (data + i, what, n) == 0)
      return i;
  return G_MAXSIZE;
}

static gboolean
starts (const char *data,
        gsize       len,
        gsize       at,
        const char *what)
{
  gsize n = strlen (what);

  return at + n <= len && memcmp (data + at, what, n) == 0;
}

static gboolean
is_space (char c)
{
  return c == ' ' || c == '\t' || c == '\r' || c == '\n';
}

/* The attributes of a start tag between @from and @to: their names and
 * their whole text (name="value"), to @names and @texts when not NULL. */
static void
read_attributes (const char *data,
                 gsize       from,
                 gsize       to,
                 GPtrArray  *names,
                 GPtrArray  *texts)
{
  gsize p = from;

  while (p < to)
    {
      gsize name_start, name_end;
      char quote;

      while (p < to && (is_space (data[p]) || data[p] == '/'))
        p++;
      name_start = p;
      while (p < to && data[p] != '=' && !is_space (data[p]) && data[p] != '/')
        p++;
      name_end = p;
      while (p < to && (is_space (data[p]) || data[p] == '='))
        p++;
      if (p >= to || (data[p] != '"' && data[p] != '\''))
        break;
      quote = data[p++];
      while (p < to && data[p] != quote)
        p++;
      if (p >= to)
        break;
      p++;
      if (name_end > name_start)
        {
          if (names != NULL)
            g_ptr_array_add (names, g_strndup (data + name_start, name_end - name_start));
          if (texts != NULL)
            g_ptr_array_add (texts, g_strndup (data + name_start, p - name_start));
        }
    }
}

typedef struct
{
  GArray    *spans;       /* DjGameSpan of each <game> child of the root */
  GArray    *name_ends;   /* gsize: where each game's element name ends */
  gsize      root_end;    /* the "<" of the root's end tag */
  GPtrArray *root_decls;  /* the root's namespace declarations, name="value" */
} XmlLayout;

static void
xml_layout_clear (XmlLayout *x)
{
  g_clear_pointer (&x->spans, g_array_unref);
  g_clear_pointer (&x->name_ends, g_array_unref);
  g_clear_pointer (&x->root_decls, g_ptr_array_unref);
}

/* FALSE when the text is not XML this scanner understands (the reader has
 * accepted it before, so this is rare: the file is then not edited). */
static gboolean
scan_xml (const char *data,
          gsize       len,
          XmlLayout  *x)
{
  gsize p = 0, game_start = 0;
  guint depth = 0;
  gboolean in_game = FALSE;

  x->spans = g_array_new (FALSE, FALSE, sizeof (DjGameSpan));
  x->name_ends = g_array_new (FALSE, FALSE, sizeof (gsize));
  x->root_decls = g_ptr_array_new_with_free_func (g_free);
  while (p < len)
    {
      const char *lt = memchr (data + p, '<', len - p);
      gsize at, q, name_start, name_end, close;
      char quote = 0;
      gboolean empty;
      const char *colon;

      if (lt == NULL)
        break;
      at = lt - data;
      if (starts (data, len, at, "<!--"))
        {
          if ((close = find (data, len, at + 4, "-->")) == G_MAXSIZE)
            return FALSE;
          p = close + 3;
          continue;
        }
      if (starts (data, len, at, "<![CDATA["))
        {
          if ((close = find (data, len, at + 9, "]]>")) == G_MAXSIZE)
            return FALSE;
          p = close + 3;
          continue;
        }
      if (starts (data, len, at, "<?"))
        {
          if ((close = find (data, len, at + 2, "?>")) == G_MAXSIZE)
            return FALSE;
          p = close + 2;
          continue;
        }
      if (starts (data, len, at, "<!"))
        return FALSE;
      if (starts (data, len, at, "</"))
        {
          const char *gt = memchr (data + at, '>', len - at);

          if (gt == NULL || depth == 0)
            return FALSE;
          depth--;
          p = gt - data + 1;
          if (depth == 1 && in_game)
            {
              DjGameSpan span = { game_start, p };

              g_array_append_val (x->spans, span);
              in_game = FALSE;
            }
          if (depth == 0)
            {
              x->root_end = at;
              return TRUE;
            }
          continue;
        }
      /* A start tag */
      name_start = at + 1;
      for (q = name_start; q < len && !is_space (data[q]) && data[q] != '/' && data[q] != '>'; q++)
        ;
      name_end = q;
      for (; q < len; q++)
        {
          char c = data[q];

          if (quote != 0)
            {
              if (c == quote)
                quote = 0;
            }
          else if (c == '"' || c == '\'')
            quote = c;
          else if (c == '>')
            break;
        }
      if (q >= len)
        return FALSE;
      empty = data[q - 1] == '/';
      if (depth == 0)
        {
          g_autoptr(GPtrArray) names = g_ptr_array_new_with_free_func (g_free);
          g_autoptr(GPtrArray) texts = g_ptr_array_new_with_free_func (g_free);

          if (empty)
            return FALSE;
          read_attributes (data, name_end, q, names, texts);
          for (guint i = 0; i < names->len; i++)
            if (strcmp (names->pdata[i], "xmlns") == 0
                || g_str_has_prefix (names->pdata[i], "xmlns:"))
              g_ptr_array_add (x->root_decls, g_strdup (texts->pdata[i]));
        }
      colon = memchr (data + name_start, ':', name_end - name_start);
      if (colon != NULL)
        name_start = colon - data + 1;
      if (depth == 1 && name_end - name_start == 4 && memcmp (data + name_start, "game", 4) == 0)
        {
          game_start = at;
          g_array_append_val (x->name_ends, name_end);
          if (empty)
            {
              DjGameSpan span = { at, q + 1 };

              g_array_append_val (x->spans, span);
            }
          else
            in_game = TRUE;
        }
      if (!empty)
        depth++;
      p = q + 1;
    }
  return FALSE;
}

/* A file read for an edit */

typedef struct
{
  char         *path;
  char         *name;      /* for messages */
  char         *data;
  gsize         len;
  gboolean      xml;
  DjCollection *games;
  GArray       *spans;     /* DjGameSpan */
  XmlLayout     layout;    /* XML only */
  DjFileStamp   stamp;
} EditFile;

static void
edit_file_free (EditFile *f)
{
  g_free (f->path);
  g_free (f->name);
  g_free (f->data);
  g_clear_object (&f->games);
  g_clear_pointer (&f->spans, g_array_unref);
  xml_layout_clear (&f->layout);
  g_free (f);
}

G_DEFINE_AUTOPTR_CLEANUP_FUNC (EditFile, edit_file_free)

static void
set_unclear (GError     **error,
             const char  *name)
{
  g_set_error (error, DJ_COLLECTION_EDIT_ERROR, DJ_COLLECTION_EDIT_ERROR_UNCLEAR,
               _("%s: the games of this file cannot be told apart in its text, so it is "
                 "not edited"), name);
}

/* Parses @data as @f's format: the games and their spans. */
static DjCollection *
parse (EditFile    *f,
       const char  *data,
       gsize        len,
       GArray     **spans,
       XmlLayout   *layout,
       GError     **error)
{
  g_autoptr(DjCollection) games = NULL;

  if (f->xml)
    {
      games = dj_xml_load_data (data, len, f->name, error);
      if (games == NULL)
        return NULL;
      if (!scan_xml (data, len, layout) || layout->spans->len != dj_collection_get_n_games (games))
        {
          set_unclear (error, f->name);
          return NULL;
        }
      *spans = g_array_ref (layout->spans);
    }
  else
    {
      g_autoptr(GArray) found = g_array_new (FALSE, FALSE, sizeof (DjGameSpan));

      games = dj_notation_parse_spans (data, len, f->name, found, error);
      if (games == NULL)
        return NULL;
      if (found->len != dj_collection_get_n_games (games))
        {
          set_unclear (error, f->name);
          return NULL;
        }
      *spans = g_steal_pointer (&found);
    }
  return g_steal_pointer (&games);
}

static EditFile *
edit_file_read (const char         *path,
                const DjFileStamp  *expected,
                GError            **error)
{
  g_autoptr(EditFile) f = g_new0 (EditFile, 1);
  g_autoptr(GError) local = NULL;
  gboolean is_xml = FALSE;

  f->path = g_strdup (path);
  f->name = g_filename_display_name (path);
  if (!dj_file_stamp_query (path, &f->stamp, error))
    return NULL;
  if (expected != NULL && !stamp_equal (expected, &f->stamp))
    {
      g_set_error (error, DJ_COLLECTION_EDIT_ERROR, DJ_COLLECTION_EDIT_ERROR_CHANGED,
                   _("%s: the file changed on disk since the library listed it; update the "
                     "library and try again"), f->name);
      return NULL;
    }
  if (f->stamp.size > DJ_FORMAT_MAX_FILE_BYTES)
    {
      dj_format_set_error (error, DJ_FORMAT_ERROR_LIMIT, f->name, 0,
                           _("the file is larger than %u MiB"),
                           (guint) (DJ_FORMAT_MAX_FILE_BYTES >> 20));
      return NULL;
    }
  if (!g_file_get_contents (path, &f->data, &f->len, &local))
    {
      g_set_error (error, DJ_FORMAT_ERROR, DJ_FORMAT_ERROR_IO, _("%s: cannot read the file: %s"),
                   f->name, local->message);
      return NULL;
    }
  if ((goffset) f->len != f->stamp.size)
    {
      g_set_error (error, DJ_COLLECTION_EDIT_ERROR, DJ_COLLECTION_EDIT_ERROR_CHANGED,
                   _("%s: the file changed on disk while it was read; try again"), f->name);
      return NULL;
    }
  f->xml = dj_xml_sniff ((const guint8 *) f->data, f->len, &is_xml) && is_xml;
  f->games = parse (f, f->data, f->len, &f->spans, &f->layout, error);
  if (f->games == NULL)
    return NULL;
  return g_steal_pointer (&f);
}

static gboolean
check_writable (EditFile  *f,
                GError   **error)
{
  GStatBuf st;

  if (g_stat (f->path, &st) == 0 && (st.st_mode & (S_IWUSR | S_IWGRP | S_IWOTH)) != 0
      && g_access (f->path, W_OK) == 0)
    return TRUE;
  g_set_error (error, DJ_COLLECTION_EDIT_ERROR, DJ_COLLECTION_EDIT_ERROR_READ_ONLY,
               _("%s: the file is read-only, so its games cannot be changed"), f->name);
  return FALSE;
}

static guint
n_games (EditFile *f)
{
  return dj_collection_get_n_games (f->games);
}

static DjGameSpan *
span (GArray *spans,
      guint   i)
{
  return &g_array_index (spans, DjGameSpan, i);
}

/* A game's bytes without the white space after it (a text game read up to
 * the next game's headers keeps the blank lines in its span). */
static gsize
trimmed_end (const char *data,
             DjGameSpan *s)
{
  gsize end = s->end;

  while (end > s->start && is_space (data[end - 1]))
    end--;
  return end;
}

/* The game numbers (from 1) sorted, each once, checked against @f. */
static GArray *
selection (EditFile     *f,
           const guint  *numbers,
           guint         n_numbers,
           GError      **error)
{
  g_autoptr(GArray) sel = g_array_new (FALSE, FALSE, sizeof (guint));
  g_autofree gboolean *chosen = g_new0 (gboolean, n_games (f));

  for (guint i = 0; i < n_numbers; i++)
    {
      if (numbers[i] == 0 || numbers[i] > n_games (f))
        {
          g_set_error (error, DJ_COLLECTION_EDIT_ERROR, DJ_COLLECTION_EDIT_ERROR_NO_GAME,
                       ngettext ("%s: there is no game %u: the file holds %u game",
                                 "%s: there is no game %u: the file holds %u games", n_games (f)),
                       f->name, numbers[i], n_games (f));
          return NULL;
        }
      chosen[numbers[i] - 1] = TRUE;
    }
  for (guint i = 0; i < n_games (f); i++)
    if (chosen[i])
      g_array_append_val (sel, i);
  return g_steal_pointer (&sel);
}

/* Reads @data back as @f's format and checks that it holds @expected games
 * and that game kept[i] of @f is game i of the new text, byte for byte
 * (kept games in order; from index @at on, after the @n_new games
 * inserted there). */
static gboolean
verify (EditFile    *f,
        const char  *data,
        gsize        len,
        guint        expected,
        GArray      *kept,
        guint        at,
        guint        n_new,
        GError     **error)
{
  g_autoptr(DjCollection) games = NULL;
  g_autoptr(GArray) spans = NULL;
  g_autoptr(GError) local = NULL;
  XmlLayout layout = { 0 };
  gboolean ok = TRUE;

  games = parse (f, data, len, &spans, &layout, &local);
  if (games == NULL || dj_collection_get_n_games (games) != expected)
    ok = FALSE;
  for (guint i = 0; ok && i < kept->len; i++)
    {
      DjGameSpan *old = span (f->spans, g_array_index (kept, guint, i));
      DjGameSpan *now = span (spans, i < at ? i : i + n_new);
      gsize old_len = trimmed_end (f->data, old) - old->start;
      gsize now_len = trimmed_end (data, now) - now->start;

      ok = old_len == now_len && memcmp (f->data + old->start, data + now->start, old_len) == 0;
    }
  xml_layout_clear (&layout);
  if (!ok)
    g_set_error (error, DJ_COLLECTION_EDIT_ERROR, DJ_COLLECTION_EDIT_ERROR_UNCLEAR,
                 _("%s: the edited file did not read back as expected (%s), so it was not "
                   "changed"), f->name,
                 local != NULL ? local->message : _("its games differ"));
  return ok;
}

/* Making the new texts */

/* Game @i of a document laid out as @from, as a child of @to's root:
 * namespace declarations the game took from its old root are added to its
 * start tag unless @to's root declares the same. */
static void
append_xml_game (GString    *out,
                 const char *data,
                 XmlLayout  *from,
                 guint       i,
                 XmlLayout  *to)
{
  DjGameSpan *s = span (from->spans, i);
  gsize name_end = g_array_index (from->name_ends, gsize, i);
  const char *gt = memchr (data + name_end, '>', s->end - name_end);
  g_autoptr(GPtrArray) own = g_ptr_array_new_with_free_func (g_free);

  read_attributes (data, name_end, gt != NULL ? (gsize) (gt - data) : s->end, own, NULL);
  g_string_append_len (out, data + s->start, name_end - s->start);
  for (guint d = 0; d < from->root_decls->len; d++)
    {
      const char *decl = from->root_decls->pdata[d];
      gsize name_len = strcspn (decl, "=");
      gboolean skip = FALSE;

      for (guint t = 0; !skip && t < to->root_decls->len; t++)
        skip = strcmp (to->root_decls->pdata[t], decl) == 0;
      for (guint a = 0; !skip && a < own->len; a++)
        skip = strlen (own->pdata[a]) == name_len && strncmp (own->pdata[a], decl, name_len) == 0;
      if (!skip)
        {
          g_string_append_c (out, ' ');
          g_string_append (out, decl);
        }
    }
  g_string_append_len (out, data + name_end, s->end - name_end);
}

/* The selected games of @src as texts for @tgt's format (char *). */
static GPtrArray *
texts_for (EditFile  *src,
           GArray    *sel,
           EditFile  *tgt,
           GError   **error)
{
  g_autoptr(GPtrArray) texts = g_ptr_array_new_with_free_func (g_free);

  if (src->xml && tgt->xml)
    for (guint i = 0; i < sel->len; i++)
      {
        GString *s = g_string_new (NULL);

        append_xml_game (s, src->data, &src->layout, g_array_index (sel, guint, i), &tgt->layout);
        g_ptr_array_add (texts, g_string_free (s, FALSE));
      }
  else if (!src->xml && !tgt->xml)
    for (guint i = 0; i < sel->len; i++)
      {
        DjGameSpan *s = span (src->spans, g_array_index (sel, guint, i));

        g_ptr_array_add (texts, g_strndup (src->data + s->start,
                                           trimmed_end (src->data, s) - s->start));
      }
  else if (tgt->xml)
    {
      /* Text to XML: the XML writer holds everything the notation can. */
      gsize len = 0;
      g_autofree char *xml = dj_xml_to_string (src->games, &len);
      XmlLayout layout = { 0 };

      if (xml == NULL || !scan_xml (xml, len, &layout) || layout.spans->len != n_games (src))
        {
          xml_layout_clear (&layout);
          set_unclear (error, src->name);
          return NULL;
        }
      for (guint i = 0; i < sel->len; i++)
        {
          GString *s = g_string_new (NULL);

          append_xml_game (s, xml, &layout, g_array_index (sel, guint, i), &tgt->layout);
          g_ptr_array_add (texts, g_string_free (s, FALSE));
        }
      xml_layout_clear (&layout);
    }
  else
    {
      /* XML to text: only when the game reads back from the text as it was. */
      g_autofree char *text = dj_notation_write_collection (src->games);
      g_autoptr(GArray) spans = g_array_new (FALSE, FALSE, sizeof (DjGameSpan));
      g_autoptr(DjCollection) back = dj_notation_parse_spans (text, -1, src->name, spans, NULL);
      gsize len_a = 0, len_b = 0;
      g_autofree char *a = dj_xml_to_string (src->games, &len_a);
      g_autofree char *b = back != NULL ? dj_xml_to_string (back, &len_b) : NULL;
      XmlLayout la = { 0 }, lb = { 0 };
      gboolean ok = back != NULL && spans->len == n_games (src) && a != NULL && b != NULL
                    && scan_xml (a, len_a, &la) && scan_xml (b, len_b, &lb)
                    && la.spans->len == n_games (src) && lb.spans->len == n_games (src);

      for (guint i = 0; ok && i < sel->len; i++)
        {
          guint g = g_array_index (sel, guint, i);
          DjGameSpan *x = span (la.spans, g);
          DjGameSpan *y = span (lb.spans, g);

          if (x->end - x->start != y->end - y->start
              || memcmp (a + x->start, b + y->start, x->end - x->start) != 0)
            {
              g_set_error (error, DJ_COLLECTION_EDIT_ERROR, DJ_COLLECTION_EDIT_ERROR_LOSSY,
                           _("%s: game %u holds more than the text notation of %s can keep; "
                             "copy it to a .djenon file instead"), src->name, g + 1, tgt->name);
              xml_layout_clear (&la);
              xml_layout_clear (&lb);
              return NULL;
            }
          g_ptr_array_add (texts, g_strndup (text + span (spans, g)->start,
                                             trimmed_end (text, span (spans, g))
                                             - span (spans, g)->start));
        }
      xml_layout_clear (&la);
      xml_layout_clear (&lb);
      if (!ok)
        {
          set_unclear (error, src->name);
          return NULL;
        }
    }
  return g_steal_pointer (&texts);
}

/* @tgt's bytes with @texts appended as its last games. */
static GString *
appended (EditFile  *tgt,
          GPtrArray *texts)
{
  GString *out = g_string_sized_new (tgt->len + 1024);

  if (!tgt->xml)
    {
      g_string_append_len (out, tgt->data, tgt->len);
      if (out->len > 0 && out->str[out->len - 1] != '\n')
        g_string_append_c (out, '\n');
      for (guint i = 0; i < texts->len; i++)
        {
          g_string_append_c (out, '\n');
          g_string_append (out, texts->pdata[i]);
          g_string_append_c (out, '\n');
        }
    }
  else
    {
      gsize at = tgt->layout.root_end, line = at;
      g_autofree char *indent = g_strdup ("  ");

      while (line > 0 && (tgt->data[line - 1] == ' ' || tgt->data[line - 1] == '\t'))
        line--;
      if (line == 0 || tgt->data[line - 1] == '\n')
        {
          DjGameSpan *last = span (tgt->spans, n_games (tgt) - 1);
          gsize from = last->start;

          /* The games are indented as the file's last game is. */
          while (from > 0 && (tgt->data[from - 1] == ' ' || tgt->data[from - 1] == '\t'))
            from--;
          if (from == 0 || tgt->data[from - 1] == '\n')
            {
              g_free (indent);
              indent = g_strndup (tgt->data + from, last->start - from);
            }
          at = line;
        }
      else
        g_clear_pointer (&indent, g_free);
      g_string_append_len (out, tgt->data, at);
      for (guint i = 0; i < texts->len; i++)
        {
          if (indent != NULL)
            g_string_append (out, indent);
          g_string_append (out, texts->pdata[i]);
          if (indent != NULL)
            g_string_append_c (out, '\n');
        }
      g_string_append_len (out, tgt->data + at, tgt->len - at);
    }
  return out;
}

/* @tgt's bytes with @texts inserted after its game @after (counted from
 * 1; 0: before its first), @after below its number of games.  In XML a
 * game alone on its lines is followed (or, at 0, preceded) by the new
 * games on lines of their own, indented as it is. */
static GString *
inserted (EditFile  *tgt,
          GPtrArray *texts,
          guint      after)
{
  GString *out = g_string_sized_new (tgt->len + 1024);
  const char *data = tgt->data;
  g_autofree char *indent = NULL;
  gsize at;

  g_assert (after < n_games (tgt));
  if (!tgt->xml)
    {
      /* Each game set apart by a blank line, as the writer does. */
      if (after == 0)
        {
          at = span (tgt->spans, 0)->start;
          g_string_append_len (out, data, at);
          for (guint i = 0; i < texts->len; i++)
            {
              g_string_append (out, texts->pdata[i]);
              g_string_append (out, "\n\n");
            }
        }
      else
        {
          at = trimmed_end (data, span (tgt->spans, after - 1));
          g_string_append_len (out, data, at);
          for (guint i = 0; i < texts->len; i++)
            {
              g_string_append (out, "\n\n");
              g_string_append (out, texts->pdata[i]);
            }
        }
      g_string_append_len (out, data + at, tgt->len - at);
      return out;
    }
  else
    {
      DjGameSpan *next_to = span (tgt->spans, after == 0 ? 0 : after - 1);
      gsize line = next_to->start, end;

      while (line > 0 && (data[line - 1] == ' ' || data[line - 1] == '\t'))
        line--;
      at = after == 0 ? next_to->start : next_to->end;
      if (line == 0 || data[line - 1] == '\n')
        {
          if (after == 0)
            {
              indent = g_strndup (data + line, next_to->start - line);
              at = line;
            }
          else
            {
              for (end = next_to->end; end < tgt->len && (data[end] == ' ' || data[end] == '\t'
                                                          || data[end] == '\r'); end++)
                ;
              if (end < tgt->len && data[end] == '\n')
                {
                  indent = g_strndup (data + line, next_to->start - line);
                  at = end + 1;
                }
            }
        }
      g_string_append_len (out, data, at);
      for (guint i = 0; i < texts->len; i++)
        {
          if (indent != NULL)
            g_string_append (out, indent);
          g_string_append (out, texts->pdata[i]);
          if (indent != NULL)
            g_string_append_c (out, '\n');
        }
      g_string_append_len (out, data + at, tgt->len - at);
    }
  return out;
}

/* @f's bytes without the games of @sel. */
static GString *
without (EditFile *f,
         GArray   *sel)
{
  GString *out = g_string_sized_new (f->len);
  g_autofree gboolean *gone = g_new0 (gboolean, n_games (f));
  guint n = n_games (f);

  for (guint i = 0; i < sel->len; i++)
    gone[g_array_index (sel, guint, i)] = TRUE;
  if (f->xml)
    {
      gsize p = 0;

      /* A game alone on its lines goes with its lines. */
      for (guint i = 0; i < n; i++)
        {
          DjGameSpan *s = span (f->spans, i);
          gsize a = s->start, b = s->end, c;

          if (!gone[i])
            continue;
          while (a > p && (f->data[a - 1] == ' ' || f->data[a - 1] == '\t'))
            a--;
          if (a == 0 || f->data[a - 1] == '\n')
            {
              for (c = b; c < f->len && (f->data[c] == ' ' || f->data[c] == '\t'
                                         || f->data[c] == '\r'); c++)
                ;
              if (c < f->len && f->data[c] == '\n')
                b = c + 1;
            }
          else
            a = s->start;
          g_string_append_len (out, f->data + p, a - p);
          p = b;
        }
      g_string_append_len (out, f->data + p, f->len - p);
    }
  else
    {
      guint last_kept = G_MAXUINT;

      for (guint i = 0; i < n; i++)
        if (!gone[i])
          last_kept = i;
      g_string_append_len (out, f->data, span (f->spans, 0)->start);
      /* Each kept game with the blank lines that followed it; the last with
       * none, then whatever followed the file's last game. */
      for (guint i = 0; i < n; i++)
        if (!gone[i])
          {
            DjGameSpan *s = span (f->spans, i);
            gsize end = i == last_kept || i + 1 == n ? trimmed_end (f->data, s)
                        : span (f->spans, i + 1)->start;

            g_string_append_len (out, f->data + s->start, end - s->start);
          }
      {
        DjGameSpan *s = span (f->spans, n - 1);
        gsize tail = trimmed_end (f->data, s);

        g_string_append_len (out, f->data + tail, f->len - tail);
      }
    }
  return out;
}

/* Undo */

typedef struct
{
  char        *path;
  GBytes      *old;
  DjFileStamp  after;
} UndoFile;

struct _DjCollectionUndo
{
  GPtrArray *files;   /* UndoFile, in the order written */
  gboolean   applied;
};

static void
undo_file_free (UndoFile *u)
{
  g_free (u->path);
  g_bytes_unref (u->old);
  g_free (u);
}

static DjCollectionUndo *
undo_new (void)
{
  DjCollectionUndo *undo = g_new0 (DjCollectionUndo, 1);

  undo->files = g_ptr_array_new_with_free_func ((GDestroyNotify) undo_file_free);
  return undo;
}

void
dj_collection_undo_free (DjCollectionUndo *undo)
{
  if (undo == NULL)
    return;
  g_ptr_array_unref (undo->files);
  g_free (undo);
}

guint
dj_collection_undo_get_n_files (DjCollectionUndo *undo)
{
  g_return_val_if_fail (undo != NULL, 0);
  return undo->files->len;
}

const char *
dj_collection_undo_get_path (DjCollectionUndo *undo,
                             guint             index)
{
  g_return_val_if_fail (undo != NULL, NULL);
  g_return_val_if_fail (index < undo->files->len, NULL);
  return ((UndoFile *) undo->files->pdata[index])->path;
}

void
dj_collection_undo_get_stamp (DjCollectionUndo *undo,
                              guint             index,
                              DjFileStamp      *stamp)
{
  g_return_if_fail (undo != NULL);
  g_return_if_fail (index < undo->files->len);
  g_return_if_fail (stamp != NULL);
  *stamp = ((UndoFile *) undo->files->pdata[index])->after;
}

/* Writes @data to @f's file, keeping its old bytes in @undo. */
static gboolean
write_file (DjCollectionUndo  *undo,
            EditFile          *f,
            GString           *data,
            GError           **error)
{
  g_autoptr(GFile) file = g_file_new_for_path (f->path);
  UndoFile *u;

  if (!dj_safe_save_bytes (file, DJ_SAFE_SAVE_NONE, data->str, data->len, NULL, error))
    return FALSE;
  u = g_new0 (UndoFile, 1);
  u->path = g_strdup (f->path);
  u->old = g_bytes_new (f->data, f->len);
  if (!dj_file_stamp_query (f->path, &u->after, NULL))
    u->after.size = -1;
  g_ptr_array_add (undo->files, u);
  return TRUE;
}

/* Puts back the files of @undo from @from down to the first. */
static gboolean
restore (DjCollectionUndo  *undo,
         guint              from,
         GError           **error)
{
  for (guint i = from; i-- > 0;)
    {
      UndoFile *u = undo->files->pdata[i];
      g_autoptr(GFile) file = g_file_new_for_path (u->path);

      if (!dj_safe_save_bytes (file, DJ_SAFE_SAVE_NONE, g_bytes_get_data (u->old, NULL),
                               g_bytes_get_size (u->old), NULL, error))
        return FALSE;
      if (!dj_file_stamp_query (u->path, &u->after, NULL))
        u->after.size = -1;
    }
  return TRUE;
}

gboolean
dj_collection_undo_apply (DjCollectionUndo  *undo,
                          GError           **error)
{
  g_return_val_if_fail (undo != NULL, FALSE);
  g_return_val_if_fail (!undo->applied, FALSE);

  for (guint i = 0; i < undo->files->len; i++)
    {
      UndoFile *u = undo->files->pdata[i];
      DjFileStamp now;

      if (!dj_file_stamp_query (u->path, &now, error))
        return FALSE;
      if (!stamp_equal (&now, &u->after))
        {
          g_autofree char *name = g_filename_display_name (u->path);

          g_set_error (error, DJ_COLLECTION_EDIT_ERROR, DJ_COLLECTION_EDIT_ERROR_CHANGED,
                       _("%s: the file changed on disk since the edit, so the edit is not "
                         "undone"), name);
          return FALSE;
        }
      if (g_access (u->path, W_OK) != 0)
        {
          g_autofree char *name = g_filename_display_name (u->path);

          g_set_error (error, DJ_COLLECTION_EDIT_ERROR, DJ_COLLECTION_EDIT_ERROR_READ_ONLY,
                       _("%s: the file is read-only, so its games cannot be changed"), name);
          return FALSE;
        }
    }
  if (!restore (undo, undo->files->len, error))
    return FALSE;
  undo->applied = TRUE;
  return TRUE;
}

/* The edits */

static gboolean
same_file (const char *a,
           const char *b)
{
  g_autoptr(GFile) x = g_file_new_for_path (a);
  g_autoptr(GFile) y = g_file_new_for_path (b);
  GStatBuf sa, sb;

  if (g_file_equal (x, y))
    return TRUE;
  return g_stat (a, &sa) == 0 && g_stat (b, &sb) == 0 && sa.st_dev == sb.st_dev
         && sa.st_ino == sb.st_ino;
}

static DjCollectionUndo *
copy_games (const char         *source,
            const DjFileStamp  *source_stamp,
            const guint        *numbers,
            guint               n_numbers,
            gboolean            all,
            gboolean            move,
            const char         *target,
            const DjFileStamp  *target_stamp,
            guint               after,
            GError            **error)
{
  g_autoptr(EditFile) src = NULL;
  g_autoptr(EditFile) other = NULL;
  g_autoptr(GArray) sel = NULL;
  g_autoptr(GPtrArray) texts = NULL;
  g_autoptr(GArray) kept = g_array_new (FALSE, FALSE, sizeof (guint));
  g_autoptr(GString) new_target = NULL;
  g_autoptr(GString) new_source = NULL;
  g_autoptr(DjCollectionUndo) undo = undo_new ();
  gboolean same = same_file (source, target);
  EditFile *tgt;

  if (same && (move || all))
    {
      g_autofree char *name = g_filename_display_name (source);

      g_set_error (error, DJ_COLLECTION_EDIT_ERROR, DJ_COLLECTION_EDIT_ERROR_SAME_FILE,
                   _("%s: the games are already in this file"), name);
      return NULL;
    }
  if ((src = edit_file_read (source, source_stamp, error)) == NULL)
    return NULL;
  if (!same && (other = edit_file_read (target, target_stamp, error)) == NULL)
    return NULL;
  tgt = same ? src : other;
  if (all)
    {
      sel = g_array_new (FALSE, FALSE, sizeof (guint));
      for (guint i = 0; i < n_games (src); i++)
        g_array_append_val (sel, i);
    }
  else if ((sel = selection (src, numbers, n_numbers, error)) == NULL)
    return NULL;
  if (move && sel->len == n_games (src))
    {
      g_set_error (error, DJ_COLLECTION_EDIT_ERROR, DJ_COLLECTION_EDIT_ERROR_EMPTY,
                   _("%s: moving every game would leave the file without a game; merge it "
                     "into the other file instead"), src->name);
      return NULL;
    }
  if (!check_writable (tgt, error) || (move && !check_writable (src, error)))
    return NULL;
  if ((texts = texts_for (src, sel, tgt, error)) == NULL)
    return NULL;

  if (after > n_games (tgt))
    after = n_games (tgt);
  new_target = after == n_games (tgt) ? appended (tgt, texts) : inserted (tgt, texts, after);
  for (guint i = 0; i < n_games (tgt); i++)
    g_array_append_val (kept, i);
  if (!verify (tgt, new_target->str, new_target->len, n_games (tgt) + sel->len, kept, after,
               sel->len, error))
    return NULL;
  if (move)
    {
      guint s = 0;

      new_source = without (src, sel);
      g_array_set_size (kept, 0);
      for (guint i = 0; i < n_games (src); i++)
        if (s < sel->len && g_array_index (sel, guint, s) == i)
          s++;
        else
          g_array_append_val (kept, i);
      if (!verify (src, new_source->str, new_source->len, kept->len, kept, G_MAXUINT, 0, error))
        return NULL;
    }

  if (!write_file (undo, tgt, new_target, error))
    return NULL;
  if (move && !write_file (undo, src, new_source, error))
    {
      /* The target takes back its old bytes: nothing has moved. */
      restore (undo, undo->files->len, NULL);
      return NULL;
    }
  return g_steal_pointer (&undo);
}

DjCollectionUndo *
dj_collection_edit_copy (const char         *source,
                         const DjFileStamp  *source_stamp,
                         const guint        *numbers,
                         guint               n_numbers,
                         const char         *target,
                         const DjFileStamp  *target_stamp,
                         GError            **error)
{
  g_return_val_if_fail (source != NULL && target != NULL, NULL);
  g_return_val_if_fail (numbers != NULL || n_numbers == 0, NULL);
  g_return_val_if_fail (error == NULL || *error == NULL, NULL);

  return copy_games (source, source_stamp, numbers, n_numbers, FALSE, FALSE, target,
                     target_stamp, G_MAXUINT, error);
}

DjCollectionUndo *
dj_collection_edit_move (const char         *source,
                         const DjFileStamp  *source_stamp,
                         const guint        *numbers,
                         guint               n_numbers,
                         const char         *target,
                         const DjFileStamp  *target_stamp,
                         GError            **error)
{
  g_return_val_if_fail (source != NULL && target != NULL, NULL);
  g_return_val_if_fail (numbers != NULL || n_numbers == 0, NULL);
  g_return_val_if_fail (error == NULL || *error == NULL, NULL);

  return copy_games (source, source_stamp, numbers, n_numbers, FALSE, TRUE, target,
                     target_stamp, G_MAXUINT, error);
}

DjCollectionUndo *
dj_collection_edit_insert (const char         *source,
                           const DjFileStamp  *source_stamp,
                           const guint        *numbers,
                           guint               n_numbers,
                           gboolean            move,
                           const char         *target,
                           const DjFileStamp  *target_stamp,
                           guint               after,
                           GError            **error)
{
  g_return_val_if_fail (source != NULL && target != NULL, NULL);
  g_return_val_if_fail (numbers != NULL || n_numbers == 0, NULL);
  g_return_val_if_fail (error == NULL || *error == NULL, NULL);

  return copy_games (source, source_stamp, numbers, n_numbers, FALSE, move, target,
                     target_stamp, after, error);
}

DjCollectionUndo *
dj_collection_edit_merge (const char         *source,
                          const DjFileStamp  *source_stamp,
                          const char         *target,
                          const DjFileStamp  *target_stamp,
                          GError            **error)
{
  g_return_val_if_fail (source != NULL && target != NULL, NULL);
  g_return_val_if_fail (error == NULL || *error == NULL, NULL);

  return copy_games (source, source_stamp, NULL, 0, TRUE, FALSE, target, target_stamp,
                     G_MAXUINT, error);
}

DjCollectionUndo *
dj_collection_edit_delete (const char         *path,
                           const DjFileStamp  *stamp,
                           const guint        *numbers,
                           guint               n_numbers,
                           GError            **error)
{
  g_autoptr(EditFile) f = NULL;
  g_autoptr(GArray) sel = NULL;
  g_autoptr(GArray) kept = g_array_new (FALSE, FALSE, sizeof (guint));
  g_autoptr(GString) data = NULL;
  g_autoptr(DjCollectionUndo) undo = undo_new ();
  guint s = 0;

  g_return_val_if_fail (path != NULL, NULL);
  g_return_val_if_fail (numbers != NULL || n_numbers == 0, NULL);
  g_return_val_if_fail (error == NULL || *error == NULL, NULL);

  if ((f = edit_file_read (path, stamp, error)) == NULL
      || (sel = selection (f, numbers, n_numbers, error)) == NULL)
    return NULL;
  if (sel->len == n_games (f))
    {
      g_set_error (error, DJ_COLLECTION_EDIT_ERROR, DJ_COLLECTION_EDIT_ERROR_EMPTY,
                   _("%s: deleting every game would leave the file without a game; delete "
                     "the file instead"), f->name);
      return NULL;
    }
  if (!check_writable (f, error))
    return NULL;
  data = without (f, sel);
  for (guint i = 0; i < n_games (f); i++)
    if (s < sel->len && g_array_index (sel, guint, s) == i)
      s++;
    else
      g_array_append_val (kept, i);
  if (!verify (f, data->str, data->len, kept->len, kept, G_MAXUINT, 0, error)
      || !write_file (undo, f, data, error))
    return NULL;
  return g_steal_pointer (&undo);
}
