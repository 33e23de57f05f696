/* dj-notation.c: the text notation, for copy and paste and quick entry
 *
 * Reading is one pass over the text with an explicit stack of open
 * variations, and writing walks the tree with an explicit stack too: no
 * recursion on the depth of parentheses or the length of a line.
 *
 * Comments: the first comment after a move is that move's comment; any
 * other comment before a move (at the start of a variation, after a
 * variation, or after the first comment) is the comment before the next
 * move.  "{}" is an empty comment, written to keep the two apart.  A
 * comment may begin with commands: "[%ms 1200]" (time spent on the move)
 * and the board markup in the style of PGN's [%csl]/[%cal]:
 *   [%csl Rc,GxD,Bte,Ysf]  marks: a colour letter (Red, Green, Blue, Yellow),
 *                          x, t or s for a cross, triangle or square (none:
 *                          a circle), and the pit;
 *   [%clb Rc:1,GD:ab]      labels: colour, pit, a colon and the label;
 *   [%cal GcD,RAb]         arrows: colour, from, to.
 * The review's finding about a move, as data (see dj-finding.h):
 *   [%review mistake loss=4 before=6 after=2 line=B,A,c thresholds=1,3,6]
 *                          a value "4..8" is a pair of proven bounds, a loss
 *                          "4+" a least loss; no loss when unproven.
 * "[%mark c red d blue]" (circles, as older versions wrote them) is read
 * too.  In comments "\}" is a brace and "\\" a backslash.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <glib/gi18n-lib.h>
#include <stdio.h>
#include <string.h>

#include "dj-format-private.h"
#include "dj-node-private.h"
#include "dj-notation.h"
#include "dj-safe-save.h"

#define WRAP_COLUMN 79

/* Reading */

typedef struct
{
  DjNode     *resume;
  DjNode     *branch;
  guint       line;
  const char *line_start;   /* the column is counted only for a message */
  const char *at;
} Open;

typedef struct
{
  const char   *name;
  const char   *text;
  const char   *p;
  const char   *end;
  guint         line;
  const char   *line_start;
  GError      **error;

  /* The game being read */
  DjGame       *game;
  DjNode       *cur;
  gboolean      after_open;   /* the next comment is cur's own */
  char         *before;       /* comment waiting for the next move */
  GString      *before_text;  /* … when several comments make it */
  GArray       *open;         /* Open: unclosed variations */
  gboolean      paste;
  guint         n_nodes;
  guint         n_tags;       /* free headers of the game being read */
  gsize         info_bytes;   /* and the bytes of its information */
} Reader;

static gboolean G_GNUC_PRINTF (4, 5)
fail_at (Reader        *self,
         DjFormatError  code,
         const char    *at,
         const char    *format,
         ...)
{
  g_autofree char *message = NULL;
  va_list args;
  guint line = self->line;
  const char *line_start = self->line_start;

  /* @at may lie on an earlier line than the scanner (a comment's start). */
  if (at < self->line_start)
    {
      line = 1;
      line_start = self->text;
      for (const char *q = self->text; q < at; q++)
        if (*q == '\n')
          {
            line++;
            line_start = q + 1;
          }
    }
  va_start (args, format);
  message = g_strdup_vprintf (format, args);
  va_end (args);
  if (self->error != NULL && *self->error == NULL)
    g_set_error (self->error, DJ_FORMAT_ERROR, code, "%s:%u:%u: %s", self->name, line,
                 (guint) g_utf8_strlen (line_start, at - line_start) + 1, message);
  return FALSE;
}

static void
advance (Reader *self)
{
  if (*self->p == '\n')
    {
      self->line++;
      self->line_start = self->p + 1;
    }
  self->p++;
}

static void
skip_blanks (Reader *self)
{
  while (self->p < self->end)
    {
      char c = *self->p;

      if (c == ' ' || c == '\t' || c == '\n' || c == '\r')
        advance (self);
      else if (c == '%' && self->p == self->line_start)
        {
          /* An escape line, as in PGN: ignored */
          while (self->p < self->end && *self->p != '\n')
            advance (self);
        }
      else
        break;
    }
}

/* A {comment} or ;comment, still escaped (commands are read from it before
 * unescaping).  Returns NULL on error. */
static char *
read_comment (Reader *self)
{
  const char *start = self->p;
  GString *s = g_string_new (NULL);

  if (*self->p == ';')
    {
      advance (self);
      while (self->p < self->end && *self->p != '\n')
        {
          /* Keep a backslash literal in a ;comment. */
          if (*self->p == '\\')
            g_string_append_c (s, '\\');
          g_string_append_c (s, *self->p);
          advance (self);
        }
      g_strchomp (s->str);
      s->len = strlen (s->str);
      return g_string_free (s, FALSE);
    }

  advance (self);
  for (;;)
    {
      if (self->p >= self->end)
        {
          g_string_free (s, TRUE);
          fail_at (self, DJ_FORMAT_ERROR_SYNTAX, start,
                   _("this comment is not closed with “}”"));
          return NULL;
        }
      if (*self->p == '}')
        {
          advance (self);
          break;
        }
      if (*self->p == '\\' && self->p + 1 < self->end)
        {
          g_string_append_c (s, *self->p);
          advance (self);
        }
      g_string_append_c (s, *self->p);
      advance (self);
      /* Each character may be escaped, and commands come first. */
      if (s->len > 2 * DJ_FORMAT_MAX_TEXT_BYTES + 1024)
        {
          g_string_free (s, TRUE);
          fail_at (self, DJ_FORMAT_ERROR_LIMIT, start,
                   _("this comment is longer than %u bytes"), (guint) DJ_FORMAT_MAX_TEXT_BYTES);
          return NULL;
        }
    }
  return g_string_free (s, FALSE);
}

/* "\}" is a brace, "\\" a backslash, "\[" a bracket; any other backslash
 * is itself. */
static char *
unescape_comment (const char *raw)
{
  GString *s = g_string_new (NULL);

  for (const char *p = raw; *p != '\0'; p++)
    {
      if (*p == '\\' && (p[1] == '}' || p[1] == '\\' || p[1] == '['))
        p++;
      g_string_append_c (s, *p);
    }
  return g_string_free (s, FALSE);
}

/* One item of a markup command; @item is not empty.  See the file's top. */
static gboolean
apply_markup_item (DjMarkup   *markup,
                   char        command,
                   const char *item)
{
  DjMarker colour;
  DjMove from, to;
  DjMarkShape shape = DJ_MARK_CIRCLE;
  const char *p = item + 1;

  if (!dj_marker_from_letter (item[0], &colour))
    return FALSE;
  switch (command)
    {
    case 's':   /* [%csl Rc,Gxd]: colour, shape letter unless a circle, pit */
      if (*p == 'x' || *p == 't' || *p == 's')
        {
          shape = *p == 'x' ? DJ_MARK_CROSS : *p == 't' ? DJ_MARK_TRIANGLE : DJ_MARK_SQUARE;
          p++;
        }
      return dj_move_from_text (p, -1, &from) && from != DJ_PASS &&
             dj_markup_set_mark (markup, from, shape, colour, NULL);
    case 'l':   /* [%clb Rc:12]: colour, pit, colon, label */
      return p[0] != '\0' && p[1] == ':' && dj_move_from_text (p, 1, &from) && from != DJ_PASS &&
             dj_markup_set_mark (markup, from, DJ_MARK_LABEL, colour, p + 2);
    case 'a':   /* [%cal RcD]: colour, from, to */
      return p[0] != '\0' && p[1] != '\0' && p[2] == '\0' &&
             dj_move_from_text (p, 1, &from) && from != DJ_PASS &&
             dj_move_from_text (p + 1, 1, &to) && to != DJ_PASS &&
             dj_markup_find_arrow (markup, from, to) < 0 &&
             dj_markup_add_arrow (markup, from, to, colour);
    default:
      g_assert_not_reached ();
    }
}

/* [%csl …], [%clb …] or [%cal …]: items parted by commas (and spaces). */
static gboolean
apply_markup_command (Reader     *self,
                      DjNode     *node,
                      const char *at,
                      const char *inside)
{
  g_auto(GStrv) items = g_strsplit_set (inside + 3, ", \t\n", -1);
  const DjMarkup *old = dj_node_get_markup (node);
  char command = inside[1];   /* csl, clb, cal */
  DjMarkup markup;

  if (old != NULL)
    markup = *old;
  else
    dj_markup_init (&markup);
  for (guint i = 0; items[i] != NULL; i++)
    {
      if (items[i][0] == '\0')
        continue;
      if (!apply_markup_item (&markup, command, items[i]))
        {
          g_autofree char *q = dj_format_quote (items[i], -1);

          if (command == 'a' && markup.n_arrows >= DJ_MARKUP_MAX_ARROWS)
            return fail_at (self, DJ_FORMAT_ERROR_LIMIT, at,
                            _("a move has more than %u arrows"), (guint) DJ_MARKUP_MAX_ARROWS);
          return fail_at (self, DJ_FORMAT_ERROR_VALUE, at,
                          command == 's'
                          ? _("“%s” is not a marked pit: a colour (R, G, B, Y), x, t or s for "
                              "a cross, triangle or square, and a pit, as in Rc or GxD")
                          : command == 'l'
                          ? _("“%s” is not a labelled pit: a colour (R, G, B, Y), a pit, a "
                              "colon and one to four characters, as in Rc:1")
                          : _("“%s” is not an arrow: a colour (R, G, B, Y) and two different "
                              "pits, each arrow once, as in GcD"),
                          q);
        }
    }
  dj_game_load_markup (self->game, node, &markup);
  return TRUE;
}

/* "6" or "4..8" (proven bounds). */
static gboolean
parse_review_value (const char *text,
                    int        *lower,
                    int        *upper)
{
  const char *dots = strstr (text, "..");
  g_autofree char *first = g_strndup (text, dots ? (gsize) (dots - text) : strlen (text));
  gint64 a, b;

  if (!g_ascii_string_to_signed (first, 10, -2 * DJ_FINDING_MAX_SEEDS, 2 * DJ_FINDING_MAX_SEEDS,
                                 &a, NULL))
    return FALSE;
  b = a;
  if (dots != NULL &&
      !g_ascii_string_to_signed (dots + 2, 10, -2 * DJ_FINDING_MAX_SEEDS,
                                 2 * DJ_FINDING_MAX_SEEDS, &b, NULL))
    return FALSE;
  *lower = (int) a;
  *upper = (int) b;
  return a <= b;
}

/* [%review JUDGEMENT [loss=N[+]] before=V after=V line=M,M… thresholds=I,M,B] */
static gboolean
apply_review_command (Reader      *self,
                      DjNode      *node,
                      const char  *at,
                      const char  *inside,
                      char       **words)
{
  DjFinding finding = { 0 };
  guint seen = 0;
  gboolean ok = node->parent != NULL && words[1] != NULL &&
                dj_judgement_from_string (words[1], &finding.judgement);

  finding.loss = -1;
  for (guint i = 2; ok && words[i] != NULL; i++)
    {
      const char *w = words[i];
      const char *eq = strchr (w, '=');
      g_autofree char *key = NULL;
      const char *value;

      if (*w == '\0')
        continue;
      if (eq == NULL)
        {
          ok = FALSE;
          break;
        }
      key = g_strndup (w, eq - w);
      value = eq + 1;
      if (strcmp (key, "loss") == 0 && !(seen & 1))
        {
          g_autofree char *digits = g_strdup (value);
          gsize len = strlen (digits);
          gint64 v;

          finding.loss_exact = !(len > 0 && digits[len - 1] == '+');
          if (!finding.loss_exact)
            digits[len - 1] = '\0';
          ok = g_ascii_string_to_signed (digits, 10, 0, 2 * DJ_FINDING_MAX_SEEDS, &v, NULL);
          finding.loss = (int) v;
          seen |= 1;
        }
      else if (strcmp (key, "before") == 0 && !(seen & 2))
        {
          ok = parse_review_value (value, &finding.before_lower, &finding.before_upper);
          seen |= 2;
        }
      else if (strcmp (key, "after") == 0 && !(seen & 4))
        {
          ok = parse_review_value (value, &finding.after_lower, &finding.after_upper);
          seen |= 4;
        }
      else if (strcmp (key, "line") == 0 && !(seen & 8))
        {
          g_auto(GStrv) moves = g_strsplit (value, ",", DJ_FINDING_LINE_MOVES + 1);

          for (guint k = 0; ok && moves[k] != NULL; k++)
            {
              DjMove m;

              ok = k < DJ_FINDING_LINE_MOVES && dj_move_from_string (moves[k], &m);
              if (ok)
                finding.line[finding.line_len++] = m;
            }
          seen |= 8;
        }
      else if (strcmp (key, "thresholds") == 0 && !(seen & 16))
        {
          g_auto(GStrv) t = g_strsplit (value, ",", 4);
          guint64 v[3];

          ok = g_strv_length (t) == 3;
          for (guint k = 0; ok && k < 3; k++)
            ok = g_ascii_string_to_unsigned (t[k], 10, 1, DJ_FINDING_MAX_SEEDS, &v[k], NULL);
          if (ok)
            finding.thresholds = (DjThresholds) { v[0], v[1], v[2] };
          seen |= 16;
        }
      else
        ok = FALSE;
    }
  if (!ok || (seen & 30) != 30 || !dj_finding_is_valid (&finding))
    {
      g_autofree char *quoted = dj_format_quote (inside, -1);

      return fail_at (self, DJ_FORMAT_ERROR_VALUE, at,
                      _("“[%%%s]” is not a review finding: a judgement that its loss and "
                        "thresholds give, then before=, after=, line= and thresholds="),
                      quoted);
    }
  dj_game_load_finding (self->game, node, &finding);
  return TRUE;
}

/* Takes the leading [%ms N] and [%mark p colour …] commands off @comment and
 * applies them to @node.  Escaped "\[" stays as text. */
static gboolean
apply_commands (Reader     *self,
                DjNode     *node,
                const char *at,
                char      **comment)
{
  const char *c = *comment;
  gboolean any = FALSE;

  for (;;)
    {
      const char *close;
      const char *q = c;
      g_auto(GStrv) words = NULL;
      g_autofree char *inside = NULL;

      while (*q == ' ')
        q++;
      if (!g_str_has_prefix (q, "[%") || (close = strchr (q, ']')) == NULL)
        break;
      inside = g_strndup (q + 2, close - q - 2);
      words = g_strsplit_set (inside, " \t\n", -1);
      if (g_strcmp0 (words[0], "ms") == 0)
        {
          guint64 ms;

          const char *value = NULL;
          guint n_values = 0;

          for (guint i = 1; words[i] != NULL; i++)
            if (words[i][0] != '\0' && n_values++ == 0)
              value = words[i];
          if (node->parent == NULL || n_values != 1 ||
              !g_ascii_string_to_unsigned (value, 10, 0, G_GUINT64_CONSTANT (31536000000000),
                                           &ms, NULL))
            {
              g_autofree char *quoted = dj_format_quote (inside, -1);

              return fail_at (self, DJ_FORMAT_ERROR_VALUE, at,
                              _("“[%%%s]” is not a time in milliseconds for a move"), quoted);
            }
          dj_game_load_annotations (self->game, node, node->glyph, node->assessment, (gint64) ms);
        }
      else if (g_strcmp0 (words[0], "mark") == 0)
        {
          guint n = 0;
          const char *w[2 * DJ_N_PITS + 2];

          for (guint i = 1; words[i] != NULL; i++)
            if (words[i][0] != '\0' && n < G_N_ELEMENTS (w))
              w[n++] = words[i];
          if (n % 2 != 0 || n == G_N_ELEMENTS (w))
            {
              g_autofree char *quoted = dj_format_quote (inside, -1);

              return fail_at (self, DJ_FORMAT_ERROR_VALUE, at,
                              _("“[%%%s]” must give pits and colours in pairs"), quoted);
            }
          for (guint i = 0; i < n; i += 2)
            {
              DjMove pit;
              DjMarker marker;

              if (!dj_move_from_string (w[i], &pit) || pit == DJ_PASS ||
                  !dj_marker_from_string (w[i + 1], &marker))
                {
                  g_autofree char *a = dj_format_quote (w[i], -1);
                  g_autofree char *b = dj_format_quote (w[i + 1], -1);

                  return fail_at (self, DJ_FORMAT_ERROR_VALUE, at,
                                  _("“%s %s” is not a pit and a colour (red, green, blue, "
                                    "yellow)"), a, b);
                }
              /* As the XML reader decides it */
              if (dj_node_get_marker (node, pit) != DJ_MARKER_NONE)
                return fail_at (self, DJ_FORMAT_ERROR_VALUE, at, _("pit %s is marked twice"),
                                dj_move_to_string (pit));
              dj_game_load_marker (self->game, node, pit, marker);
            }
        }
      else if (g_strcmp0 (words[0], "csl") == 0 || g_strcmp0 (words[0], "clb") == 0 ||
               g_strcmp0 (words[0], "cal") == 0)
        {
          if (!apply_markup_command (self, node, at, inside))
            return FALSE;
        }
      else if (g_strcmp0 (words[0], "review") == 0)
        {
          if (!apply_review_command (self, node, at, inside, words))
            return FALSE;
        }
      else
        break;   /* not ours: part of the text */
      c = close + 1;
      any = TRUE;
    }
  /* One space parts the commands from the text. */
  if (any && *c == ' ')
    c++;
  {
    char *rest = unescape_comment (c);

    g_free (*comment);
    *comment = rest;
  }
  return TRUE;
}

/* The comment waiting for the next move, taken. */
static char *
take_before (Reader *self)
{
  if (self->before_text != NULL)
    {
      g_clear_pointer (&self->before, g_free);
      return g_string_free (g_steal_pointer (&self->before_text), FALSE);
    }
  return g_steal_pointer (&self->before);
}

static gboolean
take_comment (Reader *self)
{
  const char *at = self->p;
  char *comment = read_comment (self);

  if (comment == NULL)
    return FALSE;
  if (self->after_open && dj_node_get_comment_after (self->cur) == NULL &&
      (self->cur->parent != NULL || !self->paste))
    {
      self->after_open = FALSE;
      if (!apply_commands (self, self->cur, at, &comment))
        {
          g_free (comment);
          return FALSE;
        }
      if (strlen (comment) > DJ_FORMAT_MAX_TEXT_BYTES)
        {
          g_free (comment);
          return fail_at (self, DJ_FORMAT_ERROR_LIMIT, at,
                          _("this comment is longer than %u bytes"),
                          (guint) DJ_FORMAT_MAX_TEXT_BYTES);
        }
      if (*comment != '\0')
        dj_game_load_comments (self->game, self->cur, NULL, comment);
      else
        g_free (comment);
      return TRUE;
    }
  self->after_open = FALSE;
  {
    char *text = unescape_comment (comment);

    g_free (comment);
    comment = text;
  }
  if (strlen (comment) > DJ_FORMAT_MAX_TEXT_BYTES)
    {
      g_free (comment);
      return fail_at (self, DJ_FORMAT_ERROR_LIMIT, at, _("this comment is longer than %u bytes"),
                      (guint) DJ_FORMAT_MAX_TEXT_BYTES);
    }
  if (*comment == '\0')
    g_free (comment);
  else if (self->before == NULL)
    self->before = comment;
  else
    {
      /* Several comments before a move make one; never longer than a
       * comment may be (and no copying over and over). */
      if (self->before_text == NULL)
        self->before_text = g_string_new (self->before);
      if (self->before_text->len + 1 + strlen (comment) > DJ_FORMAT_MAX_TEXT_BYTES)
        {
          g_free (comment);
          return fail_at (self, DJ_FORMAT_ERROR_LIMIT, at,
                          _("the comments before this move are longer than %u bytes"),
                          (guint) DJ_FORMAT_MAX_TEXT_BYTES);
        }
      g_string_append_c (self->before_text, ' ');
      g_string_append (self->before_text, comment);
      g_free (comment);
    }
  return TRUE;
}

static gboolean
play_move (Reader     *self,
           DjMove      move,
           const char *at,
           const char *text,
           gsize       len)
{
  DjMoves moves;
  DjPitStatus why;
  DjPosition child;
  DjNode *node;

  /* Each move read is a new node: a variation whose first move is the
   * move it is an alternative to, or that of another variation there, is
   * refused, as the XML reader refuses it (never merged, which would move
   * its comments). */
  if (dj_node_find_child (self->cur, move) != NULL)
    return fail_at (self, DJ_FORMAT_ERROR_STRUCTURE, at,
                    _("move %s is given twice at the same point: a variation must differ from "
                      "the move it is an alternative to"), dj_move_to_string (move));
  dj_moves_generate (dj_game_get_rules (self->game), &self->cur->position, &moves);
  why = dj_moves_why (&moves, move);
  if (why != DJ_PIT_LEGAL)
    return fail_at (self, DJ_FORMAT_ERROR_ILLEGAL_MOVE, at,
                    /* Translators: "illegal move D: A single seed cannot be moved …" */
                    _("illegal move %.*s: %s"), (int) len, text, dj_pit_status_describe (why));
  if (++self->n_nodes > DJ_FORMAT_MAX_NODES)
    return fail_at (self, DJ_FORMAT_ERROR_LIMIT, at, _("more than %u moves"),
                    (guint) DJ_FORMAT_MAX_NODES);
  dj_moves_child (&moves, &self->cur->position, move, &child);
  node = dj_game_append_unchecked (self->game, self->cur, move, &child);
  if (self->before != NULL)
    dj_game_load_comments (self->game, node, take_before (self), NULL);
  self->cur = node;
  self->after_open = TRUE;
  return TRUE;
}

static gboolean
set_glyph (Reader     *self,
           const char *at,
           const char *text,
           gsize       len)
{
  g_autofree char *s = dj_format_quote (text, len);
  DjGlyph glyph;

  if (self->cur->parent == NULL)
    return fail_at (self, DJ_FORMAT_ERROR_SYNTAX, at, _("the glyph “%s” follows no move"), s);
  if (len > 2 || !dj_glyph_from_string (s, &glyph))
    return fail_at (self, DJ_FORMAT_ERROR_SYNTAX, at, _("“%s” is not a glyph"), s);
  dj_game_load_annotations (self->game, self->cur, glyph, self->cur->assessment,
                            dj_node_get_time_ms (self->cur));
  return TRUE;
}

static void
set_assessment (Reader       *self,
                DjAssessment  assessment)
{
  dj_game_load_annotations (self->game, self->cur, self->cur->glyph, assessment,
                            dj_node_get_time_ms (self->cur));
}

static gboolean
is_symbol_char (char c)
{
  return c == '+' || c == '-' || c == '=' || c == '/' || c == '~';
}

/* Reads move text into self->game from self->cur.  Stops after a result
 * (stored in @result), at a header line, or at the end. */
static gboolean
read_moves (Reader   *self,
            DjResult *result,
            gboolean *has_result)
{
  *has_result = FALSE;
  for (;;)
    {
      const char *at;
      char c;

      skip_blanks (self);
      if (self->p >= self->end)
        break;
      at = self->p;
      c = *self->p;

      if (c == '[' && self->p == self->line_start)
        break;   /* the next game's headers */

      if (c == '{' || c == ';')
        {
          if (!take_comment (self))
            return FALSE;
          continue;
        }
      if (c == '(')
        {
          Open open;

          if (self->open->len > 0 &&
              self->cur == g_array_index (self->open, Open, self->open->len - 1).branch)
            return fail_at (self, DJ_FORMAT_ERROR_STRUCTURE, at,
                            _("a variation must begin with a move, not with another "
                              "variation"));
          if (self->cur->parent == NULL)
            return fail_at (self, DJ_FORMAT_ERROR_STRUCTURE, at,
                            _("a variation is an alternative to the move before it, but no "
                              "move comes before this one"));
          open.resume = self->cur;
          open.branch = self->cur->parent;
          open.line = self->line;
          open.line_start = self->line_start;
          open.at = at;
          g_array_append_val (self->open, open);
          self->cur = open.branch;
          self->after_open = FALSE;
          advance (self);
          continue;
        }
      if (c == ')')
        {
          Open *open;

          if (self->open->len == 0)
            return fail_at (self, DJ_FORMAT_ERROR_STRUCTURE, at,
                            _("“)” closes no variation"));
          open = &g_array_index (self->open, Open, self->open->len - 1);
          if (self->cur == open->branch)
            return fail_at (self, DJ_FORMAT_ERROR_STRUCTURE, at, _("this variation has no moves"));
          if (self->before != NULL)
            {
              /* A comment at the end of a variation: it goes with its last move. */
              const char *old = dj_node_get_comment_after (self->cur);
              g_autofree char *before = take_before (self);
              char *joined = old ? g_strconcat (old, " ", before, NULL) : g_strdup (before);

              if (strlen (joined) > DJ_FORMAT_MAX_TEXT_BYTES)
                {
                  g_free (joined);
                  return fail_at (self, DJ_FORMAT_ERROR_LIMIT, at,
                                  _("the comments of this move are longer than %u bytes"),
                                  (guint) DJ_FORMAT_MAX_TEXT_BYTES);
                }
              dj_game_load_comments (self->game, self->cur, NULL, joined);
            }
          self->cur = open->resume;
          g_array_set_size (self->open, self->open->len - 1);
          self->after_open = FALSE;
          advance (self);
          continue;
        }
      if (g_ascii_isdigit (c))
        {
          const char *q = self->p;

          while (q < self->end && g_ascii_isdigit (*q))
            q++;
          /* A result: 1-0, 0-1, 1/2-1/2 */
          if (g_str_has_prefix (self->p, "1-0") || g_str_has_prefix (self->p, "0-1") ||
              g_str_has_prefix (self->p, "1/2-1/2"))
            {
              *result = self->p[0] == '0' ? DJ_RESULT_NORTH_WINS
                        : self->p[1] == '/' ? DJ_RESULT_DRAW : DJ_RESULT_SOUTH_WINS;
              *has_result = TRUE;
              self->p += self->p[1] == '/' ? 7 : 3;
              break;
            }
          /* A move number: 3. or 3... or 3… */
          if (q < self->end && *q == '.')
            {
              while (q < self->end && *q == '.')
                q++;
              self->p = q;
              continue;
            }
          if (q + 3 <= self->end && memcmp (q, "…", 3) == 0)
            {
              self->p = q + 3;
              continue;
            }
          {
            g_autofree char *digits = dj_format_quote (self->p, q - self->p);

            return fail_at (self, DJ_FORMAT_ERROR_SYNTAX, at,
                            _("“%s” is neither a move number (“%s.”) nor a result"), digits,
                            digits);
          }
        }
      if (c == '*')
        {
          *result = DJ_RESULT_UNKNOWN;
          *has_result = TRUE;
          advance (self);
          break;
        }
      if (c == '$')
        {
          guint64 nag;
          const char *q = self->p + 1;
          g_autofree char *digits = NULL;

          while (q < self->end && g_ascii_isdigit (*q))
            q++;
          digits = g_strndup (self->p + 1, q - self->p - 1);
          if (!g_ascii_string_to_unsigned (digits, 10, 0, 255, &nag, NULL))
            return fail_at (self, DJ_FORMAT_ERROR_SYNTAX, at,
                            _("“$” must be followed by a number from 0 to 255"));
          self->p = q;
          if (nag >= DJ_GLYPH_GOOD && nag <= DJ_GLYPH_LAST)
            {
              if (!set_glyph (self, at, dj_glyph_to_string ((DjGlyph) nag),
                              strlen (dj_glyph_to_string ((DjGlyph) nag))))
                return FALSE;
            }
          else if (nag != 0 && dj_assessment_is_valid ((int) nag))
            set_assessment (self, (DjAssessment) nag);
          /* other NAGs of chess programs mean nothing here */
          continue;
        }
      if (c == '!' || c == '?')
        {
          const char *q = self->p;

          while (q < self->end && (*q == '!' || *q == '?'))
            q++;
          if (!set_glyph (self, at, self->p, q - self->p))
            return FALSE;
          self->p = q;
          continue;
        }
      if (is_symbol_char (c))
        {
          const char *q = self->p;
          g_autofree char *symbol = NULL;
          DjAssessment assessment;

          while (q < self->end && is_symbol_char (*q))
            q++;
          symbol = g_strndup (self->p, q - self->p);
          if (!dj_assessment_from_symbol (symbol, &assessment))
            {
              g_autofree char *quoted = dj_format_quote (symbol, -1);

              return fail_at (self, DJ_FORMAT_ERROR_SYNTAX, at,
                              _("“%s” is not an assessment (= ~ += =+ +/- -/+ +- -+)"), quoted);
            }
          set_assessment (self, assessment);
          self->p = q;
          continue;
        }
      if (g_ascii_isalpha (c))
        {
          const char *q = self->p;
          DjMove move;
          gsize len;

          while (q < self->end && g_ascii_isalnum (*q))
            q++;
          len = q - self->p;
          if (!dj_move_from_text (self->p, len, &move))
            {
              g_autofree char *word = dj_format_shorten (self->p, len, 20);

              return fail_at (self, DJ_FORMAT_ERROR_SYNTAX, at,
                              _("“%s” is not a move: use a–f, A–F or pass"), word);
            }
          if (!play_move (self, move, at, self->p, len))
            return FALSE;
          self->p = q;
          continue;
        }
      {
        gunichar u = g_utf8_get_char_validated (self->p, self->end - self->p);
        char buf[8] = { 0 };

        if (u == (gunichar) -1 || u == (gunichar) -2)
          return fail_at (self, DJ_FORMAT_ERROR_SYNTAX, at, _("the text is not valid UTF-8"));
        g_unichar_to_utf8 (u, buf);
        return fail_at (self, DJ_FORMAT_ERROR_SYNTAX, at, _("unexpected “%s”"), buf);
      }
    }

  if (self->open->len > 0)
    {
      Open *open = &g_array_index (self->open, Open, self->open->len - 1);

      g_set_error (self->error, DJ_FORMAT_ERROR, DJ_FORMAT_ERROR_STRUCTURE,
                   "%s:%u:%u: %s", self->name, open->line,
                   (guint) g_utf8_strlen (open->line_start, open->at - open->line_start) + 1,
                   _("this variation is not closed with “)”"));
      return FALSE;
    }
  if (self->before != NULL)
    {
      /* A comment after the last move: it is that move's. */
      const char *old = dj_node_get_comment_after (self->cur);

      g_autofree char *before = take_before (self);

      if (!self->paste || self->cur != dj_game_get_root (self->game))
        {
          char *joined = old ? g_strconcat (old, " ", before, NULL) : g_strdup (before);

          if (strlen (joined) > DJ_FORMAT_MAX_TEXT_BYTES)
            {
              g_free (joined);
              return fail_at (self, DJ_FORMAT_ERROR_LIMIT, self->p,
                              _("the comments of the last move are longer than %u bytes"),
                              (guint) DJ_FORMAT_MAX_TEXT_BYTES);
            }
          dj_game_load_comments (self->game, self->cur, NULL, joined);
        }
    }
  return TRUE;
}

/* A "quoted string" with \" \\ \n \r \t escapes, on one line. */
static gboolean
read_quoted (Reader     *self,
             const char *at,
             const char *what,
             GString    *out)
{
  /* A quoted key keeps its leading quote in @out. */
  gsize limit = DJ_FORMAT_MAX_TEXT_BYTES + (out->len > 0 && out->str[0] == '"');

  advance (self);
  for (;;)
    {
      if (self->p >= self->end || *self->p == '\n')
        return fail_at (self, DJ_FORMAT_ERROR_SYNTAX, at,
                        _("the %s of this header has no closing quote"), what);
      if (*self->p == '"')
        break;
      if (*self->p == '\\' && self->p + 1 < self->end)
        {
          advance (self);
          switch (*self->p)
            {
            case 'n':
              g_string_append_c (out, '\n');
              break;
            case 'r':
              g_string_append_c (out, '\r');
              break;
            case 't':
              g_string_append_c (out, '\t');
              break;
            default:
              g_string_append_c (out, *self->p);
              break;
            }
          advance (self);
          if (out->len > limit)
            return fail_at (self, DJ_FORMAT_ERROR_LIMIT, at,
                            _("the %s of this header is longer than %u bytes"), what,
                            (guint) DJ_FORMAT_MAX_TEXT_BYTES);
          continue;
        }
      g_string_append_c (out, *self->p);
      advance (self);
      if (out->len > limit)
        return fail_at (self, DJ_FORMAT_ERROR_LIMIT, at,
                        _("the %s of this header is longer than %u bytes"), what,
                        (guint) DJ_FORMAT_MAX_TEXT_BYTES);
    }
  advance (self);
  return TRUE;
}

/* [Key "value"], or ["any key" "value"] for a free pair whose key is not a
 * plain word (kept with a leading quote in @headers). */
static gboolean is_known_key (const char *key);

/* The bytes of a game's information, counted as the XML reader counts
 * them: the names and texts, and the keys and values of free pairs. */
static const char * const info_keys[] = {
  "South", "North", "Event", "Site", "Date", "Round", "Annotator", "Recorder", "Source", "Notes",
};

static gboolean
is_info_key (const char *key)
{
  for (guint i = 0; i < G_N_ELEMENTS (info_keys); i++)
    if (strcmp (key, info_keys[i]) == 0)
      return TRUE;
  return FALSE;
}

static gboolean
read_header (Reader      *self,
             GHashTable  *headers,
             GPtrArray   *order)
{
  const char *at = self->p;
  g_autoptr(GString) key = g_string_new (NULL);
  g_autoptr(GString) value = g_string_new (NULL);

  advance (self);
  while (self->p < self->end && (*self->p == ' ' || *self->p == '\t'))
    advance (self);
  if (self->p < self->end && *self->p == '"')
    {
      g_string_append_c (key, '"');
      if (!read_quoted (self, at, _("key"), key))
        return FALSE;
    }
  else
    while (self->p < self->end && (g_ascii_isalnum (*self->p) || *self->p == '_' ||
                                   *self->p == '-'))
      {
        g_string_append_c (key, *self->p);
        advance (self);
      }
  while (self->p < self->end && (*self->p == ' ' || *self->p == '\t'))
    advance (self);
  if (key->len == 0 || (key->str[0] == '"' && key->len == 1) || self->p >= self->end ||
      *self->p != '"')
    return fail_at (self, DJ_FORMAT_ERROR_SYNTAX, at, _("a header line is [Key \"value\"]"));
  if (!read_quoted (self, at, _("value"), value))
    return FALSE;
  while (self->p < self->end && (*self->p == ' ' || *self->p == '\t'))
    advance (self);
  if (self->p >= self->end || *self->p != ']')
    {
      g_autofree char *quoted = dj_format_quote (key->str, key->len);

      return fail_at (self, DJ_FORMAT_ERROR_SYNTAX, at, _("the header [%s …] has no “]”"),
                      quoted);
    }
  advance (self);
  {
    /* A free pair is the same tag whether its key is quoted or not. */
    g_autofree char *other = key->str[0] == '"' ? g_strdup (key->str + 1)
                                                : g_strconcat ("\"", key->str, NULL);

    if (g_hash_table_contains (headers, key->str) ||
        (g_hash_table_contains (headers, other) &&
         !is_known_key (key->str[0] == '"' ? other : key->str)))
      {
        g_autofree char *quoted = dj_format_quote (key->str, key->len);

        return fail_at (self, DJ_FORMAT_ERROR_VALUE, at, _("the header [%s] is given twice"),
                        quoted);
      }
  }
  if (key->str[0] == '"' || !is_known_key (key->str))
    {
      if (++self->n_tags > DJ_FORMAT_MAX_TAGS)
        return fail_at (self, DJ_FORMAT_ERROR_LIMIT, at,
                        _("a game has more than %u free headers"), (guint) DJ_FORMAT_MAX_TAGS);
      self->info_bytes += key->len - (key->str[0] == '"') + value->len;
    }
  else if (is_info_key (key->str))
    self->info_bytes += value->len;
  if (self->info_bytes > DJ_FORMAT_MAX_INFO_BYTES)
    return fail_at (self, DJ_FORMAT_ERROR_LIMIT, at,
                    _("the information of this game (names, notes, free headers) is longer "
                      "than %u bytes in all"), (guint) DJ_FORMAT_MAX_INFO_BYTES);
  g_ptr_array_add (order, g_strdup (key->str));
  g_hash_table_insert (headers, g_string_free (g_steal_pointer (&key), FALSE),
                       g_string_free (g_steal_pointer (&value), FALSE));
  return TRUE;
}

static const char * const known_keys[] = {
  "Variant", "Feeding", "Setup", "South", "North", "Event", "Site", "Date", "Round", "Result",
  "Termination", "EndReason", "Score", "Annotator", "Recorder", "Source", "Notes",
};

static gboolean
is_known_key (const char *key)
{
  for (guint i = 0; i < G_N_ELEMENTS (known_keys); i++)
    if (strcmp (key, known_keys[i]) == 0)
      return TRUE;
  return FALSE;
}

static gboolean
result_from_token (const char *s,
                   DjResult   *result)
{
  if (g_strcmp0 (s, "1-0") == 0)
    *result = DJ_RESULT_SOUTH_WINS;
  else if (g_strcmp0 (s, "0-1") == 0)
    *result = DJ_RESULT_NORTH_WINS;
  else if (g_strcmp0 (s, "1/2-1/2") == 0)
    *result = DJ_RESULT_DRAW;
  else if (g_strcmp0 (s, "*") == 0)
    *result = DJ_RESULT_UNKNOWN;
  else
    return FALSE;
  return TRUE;
}

const char *
dj_notation_result_token (DjResult result)
{
  switch (result)
    {
    case DJ_RESULT_SOUTH_WINS:
      return "1-0";
    case DJ_RESULT_NORTH_WINS:
      return "0-1";
    case DJ_RESULT_DRAW:
      return "1/2-1/2";
    case DJ_RESULT_UNKNOWN:
    default:
      return "*";
    }
}

/* Makes the game from its headers. */
static gboolean
start_game (Reader      *self,
            const char  *at,
            GHashTable  *headers,
            GPtrArray   *order)
{
  g_autoptr(DjGameInfo) info = dj_game_info_new ();
  g_autoptr(GError) local = NULL;
  DjRules rules = DJ_RULES_INIT (DJ_VARIANT_ABOURE);
  DjPosition start;
  const char *v;
  g_autofree char *q = NULL;   /* a value quoted in a message */

  v = g_hash_table_lookup (headers, "Variant");
  if (v == NULL)
    return fail_at (self, DJ_FORMAT_ERROR_VALUE, at,
                    _("the game does not say which game it is: add [Variant \"aboure\"] or "
                      "[Variant \"abe\"]"));
  if (!dj_variant_from_string (v, &rules.variant))
    return fail_at (self, DJ_FORMAT_ERROR_VALUE, at,
                    _("unknown game “%s”: use aboure or abe"), q = dj_format_quote (v, -1));
  v = g_hash_table_lookup (headers, "Feeding");
  if (v != NULL && !dj_feeding_from_string (v, &rules.feeding))
    return fail_at (self, DJ_FORMAT_ERROR_VALUE, at,
                    _("unknown feeding option “%s”: use on-starved-turn or immediate"),
                    q = dj_format_quote (v, -1));
  dj_position_init_start (&start);
  v = g_hash_table_lookup (headers, "Setup");
  if (v != NULL)
    {
      if (!dj_position_parse (v, &start, &local))
        return fail_at (self, DJ_FORMAT_ERROR_POSITION, at,
                        _("impossible set-up position: %s"),
                        q = dj_format_shorten (local->message, -1, DJ_FORMAT_MESSAGE_CHARS));
      if (start.feed_owed && rules.variant != DJ_VARIANT_ABE)
        return fail_at (self, DJ_FORMAT_ERROR_POSITION, at,
                        _("impossible set-up position: a feeding move can be owed only in "
                          "Djenon-abe"));
    }

#define FIELD(key, f) dj_game_info_set_string (&info->f, g_hash_table_lookup (headers, key));
  FIELD ("South", south) FIELD ("North", north) FIELD ("Event", event) FIELD ("Site", site)
  FIELD ("Date", date) FIELD ("Round", round) FIELD ("Annotator", annotator)
  FIELD ("Recorder", recorder) FIELD ("Source", source) FIELD ("Notes", notes)
#undef FIELD
  if (info->date != NULL && !dj_date_validate (info->date, NULL))
    return fail_at (self, DJ_FORMAT_ERROR_VALUE, at,
                    _("“%s” is not a date of the form YYYY, YYYY-MM or YYYY-MM-DD"),
                    q = dj_format_quote (info->date, -1));
  v = g_hash_table_lookup (headers, "Result");
  if (v != NULL && !result_from_token (v, &info->result))
    return fail_at (self, DJ_FORMAT_ERROR_VALUE, at,
                    _("the result “%s” is not 1-0, 0-1, 1/2-1/2 or *"),
                    q = dj_format_quote (v, -1));
  /* "none" is how the record says nothing is known: not a value of the
   * files (the schema has no such value either). */
  v = g_hash_table_lookup (headers, "Termination");
  if (v != NULL && (!dj_termination_from_string (v, &info->termination) ||
                    info->termination == DJ_TERMINATION_NONE))
    return fail_at (self, DJ_FORMAT_ERROR_VALUE, at,
                    _("unknown way of ending a game “%s”"), q = dj_format_quote (v, -1));
  v = g_hash_table_lookup (headers, "EndReason");
  if (v != NULL && (info->termination != DJ_TERMINATION_RULES ||
                    !dj_end_reason_from_string (v, &info->end_reason) ||
                    info->end_reason == DJ_END_NONE))
    return fail_at (self, DJ_FORMAT_ERROR_VALUE, at,
                    _("the end reason “%s” needs [Termination \"rules\"] and one of the rules’ "
                      "reasons"), q = dj_format_quote (v, -1));
  v = g_hash_table_lookup (headers, "Score");
  if (v != NULL)
    {
      g_auto(GStrv) parts = g_strsplit (v, "-", -1);
      guint64 sv = 0, nv = 0;

      /* Exactly "S-N", two whole numbers of seeds: no sign, nothing else. */
      if (g_strv_length (parts) != 2 || !g_ascii_isdigit (parts[0][0]) ||
          !g_ascii_isdigit (parts[1][0]) ||
          !g_ascii_string_to_unsigned (parts[0], 10, 0, DJ_N_SEEDS, &sv, NULL) ||
          !g_ascii_string_to_unsigned (parts[1], 10, 0, DJ_N_SEEDS, &nv, NULL) ||
          sv + nv > DJ_N_SEEDS)
        return fail_at (self, DJ_FORMAT_ERROR_VALUE, at,
                        _("the score “%s” is not two numbers of seeds like 26-22, together at "
                          "most %u"), q = dj_format_quote (v, -1), DJ_N_SEEDS);
      info->score[DJ_SOUTH] = (int) sv;
      info->score[DJ_NORTH] = (int) nv;
    }
  for (guint i = 0; i < order->len; i++)
    {
      const char *key = g_ptr_array_index (order, i);

      if (key[0] == '"')
        dj_game_info_set_tag (info, key + 1, g_hash_table_lookup (headers, key));
      else if (!is_known_key (key))
        dj_game_info_set_tag (info, key, g_hash_table_lookup (headers, key));
    }

  self->game = dj_game_new (&rules, &start);
  dj_game_load_info (self->game, g_steal_pointer (&info));
  self->cur = dj_game_get_root (self->game);
  self->after_open = TRUE;
  g_array_set_size (self->open, 0);
  return TRUE;
}

/* The first character of valid UTF-8 that a game file cannot hold (XML
 * 1.0 has no place for it), or NULL.  Both formats refuse the same. */
static const char *
find_non_xml (const char *text,
              const char *end)
{
  for (const char *p = text; p < end; p++)
    {
      guchar c = *p;

      if (c < 0x20 && c != '\t' && c != '\n' && c != '\r')
        return p;
      if (c == 0xEF && end - p >= 3 && (guchar) p[1] == 0xBF &&
          ((guchar) p[2] == 0xBE || (guchar) p[2] == 0xBF))
        return p;
    }
  return NULL;
}

static gboolean
fail_non_xml (Reader     *self,
              const char *bad)
{
  for (; self->p < bad; advance (self))
    ;
  return fail_at (self, DJ_FORMAT_ERROR_SYNTAX, bad,
                  _("the text holds the character U+%04X, which game files cannot hold"),
                  g_utf8_get_char (bad));
}

static void
reader_init (Reader      *self,
             const char  *text,
             gssize       len,
             const char  *name,
             GError     **error)
{
  memset (self, 0, sizeof *self);
  self->name = name ? name : "<text>";
  self->text = text;
  self->p = text;
  self->end = text + (len < 0 ? strlen (text) : (gsize) len);
  self->line = 1;
  self->line_start = text;
  self->error = error;
  self->open = g_array_new (FALSE, FALSE, sizeof (Open));
}

static void
reader_clear (Reader *self)
{
  g_clear_object (&self->game);
  g_clear_pointer (&self->before, g_free);
  if (self->before_text != NULL)
    g_string_free (self->before_text, TRUE);
  g_array_unref (self->open);
}

/* A byte order mark may begin a UTF-8 text: it is not part of the first
 * line (headers begin a line; columns are counted after it). */
static void
skip_byte_order_mark (Reader *self)
{
  if (self->end - self->p >= 3 && memcmp (self->p, "\xEF\xBB\xBF", 3) == 0)
    {
      self->p += 3;
      self->line_start = self->p;
    }
}

DjCollection *
dj_notation_parse (const char  *text,
                   gssize       len,
                   const char  *display_name,
                   GError     **error)
{
  return dj_notation_parse_spans (text, len, display_name, NULL, error);
}

DjCollection *
dj_notation_parse_spans (const char  *text,
                         gssize       len,
                         const char  *display_name,
                         GArray      *spans,
                         GError     **error)
{
  g_autoptr(DjCollection) collection = dj_collection_new ();
  g_autofree char *copy = NULL;
  Reader self;
  gboolean ok = TRUE;

  g_return_val_if_fail (text != NULL, NULL);
  g_return_val_if_fail (error == NULL || *error == NULL, NULL);

  /* The limit of files holds for every way in: the clipboard too. */
  if ((len < 0 ? strlen (text) : (gsize) len) > (gsize) DJ_FORMAT_MAX_FILE_BYTES)
    {
      dj_format_set_error (error, DJ_FORMAT_ERROR_LIMIT, display_name ? display_name : "<text>",
                           1, _("the text is larger than %u MiB"),
                           (guint) (DJ_FORMAT_MAX_FILE_BYTES >> 20));
      return NULL;
    }
  /* The reader looks ahead as far as a NUL; a text given with its length
   * may not have one. */
  if (len >= 0)
    {
      copy = g_strndup (text, len);
      if (strlen (copy) != (gsize) len)
        {
          const char *nul = text + strlen (copy);

          reader_init (&self, copy, strlen (copy), display_name, error);
          for (; self.p < copy + (nul - text); advance (&self))
            ;
          fail_at (&self, DJ_FORMAT_ERROR_SYNTAX, self.p,
                   _("the text holds a NUL character"));
          reader_clear (&self);
          return NULL;
        }
      text = copy;
    }
  reader_init (&self, text, len, display_name, error);
  skip_byte_order_mark (&self);
  if (!g_utf8_validate (text, self.end - text, NULL))
    {
      const char *bad;

      g_utf8_validate (text, self.end - text, &bad);
      for (; self.p < bad; advance (&self))
        ;
      fail_at (&self, DJ_FORMAT_ERROR_SYNTAX, bad, _("the text is not valid UTF-8"));
      reader_clear (&self);
      return NULL;
    }
  {
    const char *bad = find_non_xml (text, self.end);

    if (bad != NULL)
      {
        fail_non_xml (&self, bad);
        reader_clear (&self);
        return NULL;
      }
  }

  for (;;)
    {
      g_autoptr(GHashTable) headers = g_hash_table_new_full (g_str_hash, g_str_equal, g_free,
                                                             g_free);
      g_autoptr(GPtrArray) order = g_ptr_array_new_with_free_func (g_free);
      const char *game_start;
      DjResult result;
      gboolean has_result;

      skip_blanks (&self);
      if (self.p >= self.end)
        break;
      game_start = self.p;
      self.n_tags = 0;
      self.info_bytes = 0;
      while (self.p < self.end && *self.p == '[')
        {
          if (!(ok = read_header (&self, headers, order)))
            break;
          skip_blanks (&self);
        }
      if (!ok || !(ok = start_game (&self, game_start, headers, order)))
        break;
      if (dj_collection_get_n_games (collection) >= DJ_FORMAT_MAX_GAMES)
        {
          ok = fail_at (&self, DJ_FORMAT_ERROR_LIMIT, game_start, _("more than %u games"),
                        (guint) DJ_FORMAT_MAX_GAMES);
          break;
        }
      if (!(ok = read_moves (&self, &result, &has_result)))
        break;
      if (has_result && !g_hash_table_contains (headers, "Result"))
        {
          g_autoptr(DjGameInfo) info = dj_game_info_copy (dj_game_get_info (self.game));

          info->result = result;
          dj_game_load_info (self.game, g_steal_pointer (&info));
        }
      dj_collection_append (collection, self.game);
      g_clear_object (&self.game);
      if (spans != NULL)
        {
          DjGameSpan span = { game_start - text, self.p - text };

          g_array_append_val (spans, span);
        }
    }

  if (ok && dj_collection_get_n_games (collection) == 0)
    ok = fail_at (&self, DJ_FORMAT_ERROR_SYNTAX, self.p, _("the text holds no game"));
  reader_clear (&self);
  if (!ok)
    return NULL;
  dj_collection_set_modified (collection, FALSE);
  return g_steal_pointer (&collection);
}

/* Copies the subtree under @from (a scratch game's root) into @game after
 * @to with undoable edits.  Pre-order walk with a map of copies. */
static DjNode *
replay (DjGame *game,
        DjNode *to,
        DjNode *from)
{
  g_autoptr(GHashTable) copies = g_hash_table_new (NULL, NULL);
  DjNode *first = NULL;

  g_hash_table_insert (copies, from, to);
  for (DjNode *n = dj_node_walk_next (from, from); n != NULL; n = dj_node_walk_next (n, from))
    {
      DjNode *parent = g_hash_table_lookup (copies, n->parent);
      DjNode *copy = dj_game_play (game, parent, n->move, NULL);

      g_assert (copy != NULL);
      if (first == NULL)
        first = copy;
      g_hash_table_insert (copies, n, copy);
      if (dj_node_get_comment_before (n) != NULL)
        dj_game_set_comment_before (game, copy, dj_node_get_comment_before (n));
      if (dj_node_get_comment_after (n) != NULL)
        dj_game_set_comment_after (game, copy, dj_node_get_comment_after (n));
      if (n->glyph != DJ_GLYPH_NONE)
        dj_game_set_glyph (game, copy, n->glyph);
      if (n->assessment != DJ_ASSESSMENT_NONE)
        dj_game_set_assessment (game, copy, n->assessment);
      if (dj_node_get_time_ms (n) != DJ_NO_TIME)
        dj_game_set_time (game, copy, dj_node_get_time_ms (n));
      if (dj_node_has_markers (n))
        dj_game_set_markup (game, copy, dj_node_get_markup (n), NULL);
    }
  return first;
}

DjNode *
dj_notation_paste (DjGame      *game,
                   DjNode      *node,
                   const char  *text,
                   GError     **error)
{
  g_autoptr(DjGame) scratch = NULL;
  Reader self;
  DjResult result;
  gboolean has_result;
  DjNode *first;

  g_return_val_if_fail (DJ_IS_GAME (game), NULL);
  g_return_val_if_fail (node != NULL, NULL);
  g_return_val_if_fail (text != NULL, NULL);
  g_return_val_if_fail (error == NULL || *error == NULL, NULL);

  if (strlen (text) > (gsize) DJ_FORMAT_MAX_FILE_BYTES)
    {
      dj_format_set_error (error, DJ_FORMAT_ERROR_LIMIT, _("pasted text"), 1,
                           _("the text is larger than %u MiB"),
                           (guint) (DJ_FORMAT_MAX_FILE_BYTES >> 20));
      return NULL;
    }
  reader_init (&self, text, -1, _("pasted text"), error);
  skip_byte_order_mark (&self);
  if (!g_utf8_validate (text, -1, NULL))
    {
      fail_at (&self, DJ_FORMAT_ERROR_SYNTAX, text, _("the text is not valid UTF-8"));
      reader_clear (&self);
      return NULL;
    }
  {
    const char *bad = find_non_xml (text, self.end);

    if (bad != NULL)
      {
        fail_non_xml (&self, bad);
        reader_clear (&self);
        return NULL;
      }
  }
  /* Header lines of a copied game are passed over. */
  skip_blanks (&self);
  while (self.p < self.end && *self.p == '[')
    {
      while (self.p < self.end && *self.p != '\n')
        advance (&self);
      skip_blanks (&self);
    }

  /* Read into a scratch game from @node's position: nothing changes in
   * @game unless the whole text is good. */
  self.game = dj_game_new (dj_game_get_rules (game), dj_node_get_position (node));
  self.cur = dj_game_get_root (self.game);
  self.paste = TRUE;
  self.after_open = FALSE;
  if (!read_moves (&self, &result, &has_result))
    {
      reader_clear (&self);
      return NULL;
    }
  skip_blanks (&self);
  if (self.p < self.end)
    {
      fail_at (&self, DJ_FORMAT_ERROR_SYNTAX, self.p, _("only moves can be pasted here"));
      reader_clear (&self);
      return NULL;
    }
  if (dj_game_get_root (self.game)->first_child == NULL)
    {
      fail_at (&self, DJ_FORMAT_ERROR_SYNTAX, self.p, _("the text holds no moves"));
      reader_clear (&self);
      return NULL;
    }
  scratch = g_steal_pointer (&self.game);
  reader_clear (&self);

  dj_game_begin_action (game, _("Paste Moves"));
  first = replay (game, node, dj_game_get_root (scratch));
  dj_game_end_action (game);
  return first;
}

/* Writing */

typedef struct
{
  GString *out;
  guint    column;
  gboolean slot_open;   /* a comment now would be the last move's own */
  gboolean line_start;  /* no move yet since the game or variation began */
  gboolean no_space;    /* just after "(" */
} Writer;

static void
token (Writer     *w,
       const char *text,
       gboolean    space)
{
  gsize len = g_utf8_strlen (text, -1);

  if (w->no_space)
    {
      space = FALSE;
      w->no_space = FALSE;
    }
  if (space && w->column > 0)
    {
      if (w->column + 1 + len > WRAP_COLUMN)
        {
          g_string_append_c (w->out, '\n');
          w->column = 0;
        }
      else
        {
          g_string_append_c (w->out, ' ');
          w->column++;
        }
    }
  g_string_append (w->out, text);
  if (strchr (text, '\n') != NULL)
    w->column = g_utf8_strlen (strrchr (text, '\n') + 1, -1);
  else
    w->column += len;
}

static char *
escape_comment (const char *text,
                gboolean    first)
{
  GString *s = g_string_new (NULL);

  gboolean leading = first;

  for (const char *p = text; *p != '\0'; p++)
    {
      /* A "[" before any other character could be taken for a command. */
      if (*p == '}' || *p == '\\' || (leading && *p == '['))
        g_string_append_c (s, '\\');
      if (*p != ' ')
        leading = FALSE;
      g_string_append_c (s, *p);
    }
  return g_string_free (s, FALSE);
}

/* [%csl …] for shapes, [%clb …] for labels, [%cal …] for arrows: whichever
 * the markup has, in that order, each after a space unless @first. */
static void
append_markup (GString        *s,
               const DjMarkup *markup,
               gboolean        space)
{
  static const char shape_letters[] = { 0, 0, 'x', 't', 's' };

  for (guint pass = 0; pass < 2; pass++)
    {
      gboolean open = FALSE;

      for (guint i = 0; i < DJ_N_PITS; i++)
        {
          const DjPitMark *mark = &markup->pits[i];

          if (mark->shape == DJ_MARK_NONE || (mark->shape == DJ_MARK_LABEL) != (pass == 1))
            continue;
          g_string_append (s, open ? "," : space ? " " : "");
          if (!open)
            g_string_append (s, pass == 0 ? "[%csl " : "[%clb ");
          open = space = TRUE;
          g_string_append_c (s, dj_marker_to_letter (mark->colour));
          if (pass == 0 && shape_letters[mark->shape] != 0)
            g_string_append_c (s, shape_letters[mark->shape]);
          g_string_append (s, dj_move_to_string (i));
          if (pass == 1)
            g_string_append_printf (s, ":%s", mark->label);
        }
      if (open)
        g_string_append_c (s, ']');
    }
  for (guint i = 0; i < markup->n_arrows; i++)
    {
      g_string_append (s, i > 0 ? "," : space ? " [%cal " : "[%cal ");
      g_string_append_printf (s, "%c%s%s", dj_marker_to_letter (markup->arrows[i].colour),
                              dj_move_to_string (markup->arrows[i].from),
                              dj_move_to_string (markup->arrows[i].to));
    }
  if (markup->n_arrows > 0)
    g_string_append_c (s, ']');
}

static void
append_review_value (GString    *s,
                     const char *key,
                     int         lower,
                     int         upper)
{
  g_string_append_printf (s, " %s=%d", key, lower);
  if (upper != lower)
    g_string_append_printf (s, "..%d", upper);
}

/* [%review …]: the review's finding, as data. */
static void
append_review (GString         *s,
               const DjFinding *finding,
               gboolean         space)
{
  if (space)
    g_string_append_c (s, ' ');
  g_string_append_printf (s, "[%%review %s", dj_judgement_to_string (finding->judgement));
  if (finding->loss >= 0)
    g_string_append_printf (s, " loss=%d%s", finding->loss, finding->loss_exact ? "" : "+");
  append_review_value (s, "before", finding->before_lower, finding->before_upper);
  append_review_value (s, "after", finding->after_lower, finding->after_upper);
  g_string_append (s, " line=");
  for (guint i = 0; i < finding->line_len; i++)
    {
      if (i > 0)
        g_string_append_c (s, ',');
      g_string_append (s, dj_move_to_string (finding->line[i]));
    }
  g_string_append_printf (s, " thresholds=%u,%u,%u]", finding->thresholds.inaccuracy,
                          finding->thresholds.mistake, finding->thresholds.blunder);
}

static void
comment (Writer     *w,
         const char *text,
         gint64      time_ms,
         const DjNode *markers)
{
  GString *s = g_string_new ("{");
  gboolean any = FALSE;

  if (time_ms != DJ_NO_TIME)
    {
      g_string_append_printf (s, "[%%ms %" G_GINT64_FORMAT "]", time_ms);
      any = TRUE;
    }
  if (markers != NULL && dj_node_has_markers (markers))
    {
      append_markup (s, dj_node_get_markup (markers), any);
      any = TRUE;
    }
  if (markers != NULL && dj_node_get_finding (markers) != NULL)
    {
      append_review (s, dj_node_get_finding (markers), any);
      any = TRUE;
    }
  if (text != NULL)
    {
      g_autofree char *escaped = escape_comment (text, TRUE);

      if (any)
        g_string_append_c (s, ' ');
      g_string_append (s, escaped);
    }
  g_string_append_c (s, '}');
  token (w, s->str, TRUE);
  g_string_free (s, TRUE);
  w->slot_open = FALSE;
}

static gboolean
has_own_comment (const DjNode *node)
{
  return dj_node_get_comment_after (node) != NULL || dj_node_get_time_ms (node) != DJ_NO_TIME ||
         dj_node_has_markers (node) || dj_node_get_finding (node) != NULL;
}

static void
write_node (Writer       *w,
            const DjNode *node)
{
  char number[32];
  GString *move = g_string_new (NULL);

  if (dj_node_get_comment_before (node) != NULL)
    {
      if (w->slot_open)
        comment (w, NULL, DJ_NO_TIME, NULL);   /* "{}": the last move has none */
      comment (w, dj_node_get_comment_before (node), DJ_NO_TIME, NULL);
    }
  if (dj_node_get_mover (node) == DJ_SOUTH)
    {
      g_snprintf (number, sizeof number, "%u.", dj_node_get_move_number (node));
      token (w, number, TRUE);
    }
  else if (w->line_start || dj_node_get_comment_before (node) != NULL)
    {
      g_snprintf (number, sizeof number, "%u...", dj_node_get_move_number (node));
      token (w, number, TRUE);
    }
  g_string_append (move, dj_move_to_string (node->move));
  if (node->glyph != DJ_GLYPH_NONE)
    g_string_append (move, dj_glyph_to_string (node->glyph));
  token (w, move->str, TRUE);
  g_string_free (move, TRUE);
  if (node->assessment != DJ_ASSESSMENT_NONE)
    token (w, dj_assessment_to_symbol (node->assessment), TRUE);
  w->slot_open = TRUE;
  w->line_start = FALSE;
  if (has_own_comment (node))
    comment (w, dj_node_get_comment_after (node), dj_node_get_time_ms (node), node);
}

typedef struct
{
  const DjNode *line;
  const DjNode *main;
  const DjNode *next_var;
} Frame;

static void
write_moves (Writer *w,
             DjGame *game)
{
  const DjNode *root = dj_game_get_root (game);
  g_autoptr(GArray) stack = g_array_new (FALSE, FALSE, sizeof (Frame));
  Frame first = { root, NULL, NULL };

  w->line_start = TRUE;
  w->slot_open = TRUE;
  if (root->assessment != DJ_ASSESSMENT_NONE)
    token (w, dj_assessment_to_symbol (root->assessment), TRUE);
  if (has_own_comment (root))
    comment (w, dj_node_get_comment_after (root), DJ_NO_TIME, root);

  g_array_append_val (stack, first);
  while (stack->len > 0)
    {
      Frame *f = &g_array_index (stack, Frame, stack->len - 1);

      if (f->main == NULL)
        {
          const DjNode *next = f->line->first_child;

          if (next == NULL)
            {
              g_array_set_size (stack, stack->len - 1);
              if (stack->len > 0)
                {
                  token (w, ")", FALSE);
                  w->slot_open = FALSE;
                }
              continue;
            }
          write_node (w, next);
          f->main = next;
          f->next_var = next->next_sibling;
        }
      if (f->next_var != NULL)
        {
          const DjNode *v = f->next_var;
          Frame frame = { v, NULL, NULL };

          f->next_var = v->next_sibling;
          token (w, "(", TRUE);
          w->no_space = TRUE;
          w->slot_open = FALSE;
          w->line_start = TRUE;
          write_node (w, v);
          g_array_append_val (stack, frame);
        }
      else
        {
          f->line = f->main;
          f->main = NULL;
          w->line_start = FALSE;
        }
    }
}

static void
append_quoted (GString    *out,
               const char *value)
{
  g_string_append_c (out, '"');
  for (const char *p = value; *p != '\0'; p++)
    switch (*p)
      {
      case '"':
        g_string_append (out, "\\\"");
        break;
      case '\\':
        g_string_append (out, "\\\\");
        break;
      case '\n':
        g_string_append (out, "\\n");
        break;
      case '\r':
        g_string_append (out, "\\r");
        break;
      case '\t':
        g_string_append (out, "\\t");
        break;
      default:
        g_string_append_c (out, *p);
      }
  g_string_append_c (out, '"');
}

static gboolean
is_plain_key (const char *key)
{
  for (const char *p = key; *p != '\0'; p++)
    if (!g_ascii_isalnum (*p) && *p != '_' && *p != '-')
      return FALSE;
  return *key != '\0';
}

/* [Key "value"]; a free pair whose key is not a plain word, or is one of
 * the standard keys, has its key quoted. */
static void
header (GString    *out,
        const char *key,
        const char *value)
{
  if (value == NULL)
    return;
  g_string_append_c (out, '[');
  g_string_append (out, key);
  g_string_append_c (out, ' ');
  append_quoted (out, value);
  g_string_append (out, "]\n");
}

static void
tag_header (GString    *out,
            const char *key,
            const char *value)
{
  if (is_plain_key (key) && !is_known_key (key))
    {
      header (out, key, value);
      return;
    }
  g_string_append_c (out, '[');
  append_quoted (out, key);
  g_string_append_c (out, ' ');
  append_quoted (out, value);
  g_string_append (out, "]\n");
}

static void
write_game (GString *out,
            DjGame  *game)
{
  const DjRules *rules = dj_game_get_rules (game);
  const DjGameInfo *info = dj_game_get_info (game);
  Writer w = { out, 0, FALSE, TRUE, FALSE };

  header (out, "Variant", dj_variant_to_string (rules->variant));
  if (rules->feeding != DJ_FEEDING_ON_STARVED_TURN)
    header (out, "Feeding", dj_feeding_to_string (rules->feeding));
  if (dj_game_has_setup (game))
    {
      g_autofree char *pos = dj_position_to_string (dj_game_get_start (game));

      header (out, "Setup", pos);
    }
  header (out, "South", info->south);
  header (out, "North", info->north);
  header (out, "Event", info->event);
  header (out, "Site", info->site);
  header (out, "Date", info->date);
  header (out, "Round", info->round);
  header (out, "Result", dj_notation_result_token (info->result));
  if (info->termination != DJ_TERMINATION_NONE)
    header (out, "Termination", dj_termination_to_string (info->termination));
  if (info->termination == DJ_TERMINATION_RULES && info->end_reason != DJ_END_NONE)
    header (out, "EndReason", dj_end_reason_to_string (info->end_reason));
  if (info->score[0] >= 0 && info->score[1] >= 0)
    {
      g_autofree char *score = g_strdup_printf ("%d-%d", info->score[0], info->score[1]);

      header (out, "Score", score);
    }
  header (out, "Annotator", info->annotator);
  header (out, "Recorder", info->recorder);
  header (out, "Source", info->source);
  header (out, "Notes", info->notes);
  for (guint i = 0; i < dj_game_info_get_n_tags (info); i++)
    tag_header (out, dj_game_info_get_tag_key (info, i), dj_game_info_get_tag_value (info, i));
  g_string_append_c (out, '\n');

  write_moves (&w, game);
  token (&w, dj_notation_result_token (info->result), TRUE);
  g_string_append_c (out, '\n');
}

char *
dj_notation_write_game (DjGame *game)
{
  GString *out = g_string_new (NULL);

  g_return_val_if_fail (DJ_IS_GAME (game), NULL);

  write_game (out, game);
  return g_string_free (out, FALSE);
}

char *
dj_notation_write_collection (DjCollection *collection)
{
  GString *out = g_string_new (NULL);

  g_return_val_if_fail (DJ_IS_COLLECTION (collection), NULL);

  for (guint i = 0; i < dj_collection_get_n_games (collection); i++)
    {
      if (i > 0)
        g_string_append_c (out, '\n');
      write_game (out, dj_collection_get_game (collection, i));
    }
  return g_string_free (out, FALSE);
}

gboolean
dj_notation_save_file (DjCollection     *collection,
                       GFile            *file,
                       DjSafeSaveFlags   flags,
                       GCancellable     *cancellable,
                       GError          **error)
{
  g_autofree char *text = NULL;

  g_return_val_if_fail (DJ_IS_COLLECTION (collection), FALSE);
  g_return_val_if_fail (G_IS_FILE (file), FALSE);
  g_return_val_if_fail (error == NULL || *error == NULL, FALSE);

  {
    g_autofree char *name = g_file_get_parse_name (file);

    if (!dj_format_check_limits (collection, name, error))
      return FALSE;
  }
  text = dj_notation_write_collection (collection);
  if (!dj_safe_save_bytes (file, flags, text, strlen (text), cancellable, error))
    return FALSE;
  dj_collection_set_modified (collection, FALSE);
  return TRUE;
}

/* Reading whole files */

DjCollection *
dj_notation_load_stream (GInputStream  *stream,
                         const char    *display_name,
                         GCancellable  *cancellable,
                         GError       **error)
{
  g_autoptr(GByteArray) bytes = g_byte_array_new ();
  const char *name = display_name ? display_name : "<stream>";
  guint line = 1;

  g_return_val_if_fail (G_IS_INPUT_STREAM (stream), NULL);
  g_return_val_if_fail (error == NULL || *error == NULL, NULL);

  for (;;)
    {
      g_autoptr(GError) io_error = NULL;
      guint8 buffer[64 * 1024];
      gssize n = g_input_stream_read (stream, buffer, sizeof buffer, cancellable, &io_error);
      const guint8 *nul;

      if (n < 0)
        {
          dj_format_set_error (error, DJ_FORMAT_ERROR_IO, name, line,
                               _("cannot read the file: %s"), io_error->message);
          return NULL;
        }
      if (n == 0)
        break;
      /* Refused at once, not after reading a gigabyte of /dev/zero. */
      nul = memchr (buffer, '\0', n);
      for (const guint8 *q = buffer; q < (nul ? nul : buffer + n); q++)
        line += *q == '\n';
      if (nul != NULL)
        {
          dj_format_set_error (error, DJ_FORMAT_ERROR_SYNTAX, name, line,
                               _("the text holds a NUL character: this is not a text file"));
          return NULL;
        }
      if (bytes->len + (guint64) n > (guint64) DJ_FORMAT_MAX_FILE_BYTES)
        {
          dj_format_set_error (error, DJ_FORMAT_ERROR_LIMIT, name, line,
                               _("the file is larger than %u MiB"),
                               (guint) (DJ_FORMAT_MAX_FILE_BYTES >> 20));
          return NULL;
        }
      g_byte_array_append (bytes, buffer, n);
    }
  /* No NUL inside, so one at the end lets the reader take the text as it
   * is, without a copy. */
  g_byte_array_append (bytes, (const guint8 *) "", 1);
  return dj_notation_parse ((const char *) bytes->data, -1, name, error);
}

DjCollection *
dj_notation_load_file (GFile         *file,
                       GCancellable  *cancellable,
                       GError       **error)
{
  g_autoptr(GInputStream) stream = NULL;
  g_autofree char *name = NULL;

  g_return_val_if_fail (G_IS_FILE (file), NULL);
  g_return_val_if_fail (error == NULL || *error == NULL, NULL);

  stream = dj_format_open_file (file, &name, cancellable, error);
  if (stream == NULL)
    return NULL;
  return dj_notation_load_stream (stream, name, cancellable, error);
}
