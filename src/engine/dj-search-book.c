/* dj-search-book.c: the opening book, exact values of the first plies
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The positions of the first few turns of a game are the slowest to solve:
 * every seed is still on the board.  dj-make-book solves them once; the
 * search looks them up here as it looks up the endgame tables.  Entries
 * are kept sorted by their 13-byte key (the 12 counts, then the side to
 * move and the feeding flag) and found by binary search; a bitmap of key
 * hashes turns most misses away with one load.
 */
#include "config.h"

#include <glib/gi18n-lib.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "dj-search-book.h"
#include "dj-search-tables.h"

#define KEY_LEN   13
#define FILTER_BITS (1u << 19)

typedef struct
{
  guint8 key[KEY_LEN];
  gint8  value;
} Entry;

/* A position of the book in its hash table: the first eight pits, then
 * the last four, the side to move (bit 32), a feeding owed (bit 33), the
 * value (bits 40 to 47) and a mark that the slot is used (bit 63). */
typedef struct
{
  guint64 head;
  guint64 tail;
} Slot;

#define SLOT_USED    (G_GUINT64_CONSTANT (1) << 63)
#define SLOT_VALUE   (G_GUINT64_CONSTANT (0xff) << 40)

struct _DjBook
{
  DjRules  rules;
  Slot    *slots;     /* open addressing, at most half full */
  guint64  mask;      /* the number of slots less one */
  guint    n;
  guint    min_seeds;
  guint64  filter[FILTER_BITS / 64];
};

static void
make_key (const DjPosition *pos,
          guint8            key[KEY_LEN])
{
  memcpy (key, pos->pits, DJ_N_PITS);
  key[DJ_N_PITS] = pos->to_move | (pos->feed_owed << 1);
}

/* The two words of a key, without the value. */
static inline void
key_words (const guint8  key[KEY_LEN],
           guint64      *head,
           guint64      *tail)
{
  guint32 rest;

  memcpy (head, key, 8);
  memcpy (&rest, key + 8, 4);
  *tail = rest | (guint64) (key[DJ_N_PITS] & 3) << 32 | SLOT_USED;
}

/* The search asks the book at every node of 20 seeds or more, nearly
 * always in vain: a few multiplications, then one bit of a filter that
 * stays in the processor's cache. */
static inline guint64
words_hash (guint64 head,
            guint64 tail)
{
  guint64 h = (head ^ (tail * G_GUINT64_CONSTANT (0x9e3779b97f4a7c15))) *
              G_GUINT64_CONSTANT (0xbf58476d1ce4e5b9);

  return h ^ (h >> 31);
}

static int
compare_entries (const void *a,
                 const void *b)
{
  return memcmp (((const Entry *) a)->key, ((const Entry *) b)->key, KEY_LEN);
}

static gint
compare_order (gconstpointer a,
               gconstpointer b,
               gpointer      data)
{
  GArray *entries = data;
  guint x = *(const guint *) a, y = *(const guint *) b;
  int c = compare_entries (&g_array_index (entries, Entry, x), &g_array_index (entries, Entry, y));

  return c != 0 ? c : (x > y) - (x < y);
}

char *
dj_book_key_to_string (const DjPosition *pos)
{
  GString *s = g_string_new (NULL);

  for (guint i = 0; i < DJ_N_PITS; i++)
    g_string_append_printf (s, "%u ", pos->pits[i]);
  g_string_append (s, pos->to_move == DJ_SOUTH ? "S" : "N");
  if (pos->feed_owed)
    g_string_append (s, " feed");
  return g_string_free (s, FALSE);
}

const char *
dj_book_file_name (const DjRules *rules)
{
  if (rules->variant == DJ_VARIANT_ABOURE)
    return "aboure.djbook";
  return rules->feeding == DJ_FEEDING_IMMEDIATE ? "abe-immediate.djbook" : "abe.djbook";
}

#define CHECKSUM_PREFIX "checksum fnv1a64 "
#define CHECKSUM_LINE_LEN (sizeof CHECKSUM_PREFIX - 1 + 16 + 1)

static guint64
fnv1a (const char *text,
       gsize       length)
{
  guint64 h = G_GUINT64_CONSTANT (0xcbf29ce484222325);

  for (gsize i = 0; i < length; i++)
    h = (h ^ (guint8) text[i]) * G_GUINT64_CONSTANT (0x100000001b3);
  return h;
}

char *
dj_book_checksum_line (const char *text,
                       gsize       length)
{
  g_return_val_if_fail (text != NULL || length == 0, NULL);

  return g_strdup_printf (CHECKSUM_PREFIX "%016" G_GINT64_MODIFIER "x\n", fnv1a (text, length));
}

/* The length of the book's text before its checksum line, once that line
 * is found and matches; 0 when it is missing or does not match.  Every
 * byte of the line is checked (lowercase digits only, the final newline),
 * so that no flipped bit anywhere in the file goes unnoticed. */
static gsize
checked_length (const char *text,
                gsize       length)
{
  gsize body;
  g_autofree char *expected = NULL;

  if (length < CHECKSUM_LINE_LEN + 1)
    return 0;
  body = length - CHECKSUM_LINE_LEN;
  if (text[body - 1] != '\n')
    return 0;
  expected = dj_book_checksum_line (text, body);
  if (memcmp (text + body, expected, CHECKSUM_LINE_LEN) != 0)
    return 0;
  return body;
}

#define BOOK_TOKENS (DJ_N_PITS + 3)
#define TOKEN_MAX   24

/* One line "p0 … p11 S|N [feed] VALUE" (@length bytes, no newline) into
 * @entry.  The tokens are split at every space and copied to the stack,
 * not allocated: the book's few thousand lines are read at every start of
 * djenon-cli, and a string per token took most of its loading time.  A
 * token too long for any valid line is refused like a wrong one. */
static gboolean
parse_line (const char *line,
            gsize       length,
            Entry      *entry,
            guint      *seeds)
{
  char tokens[BOOK_TOKENS][TOKEN_MAX];
  const char *at = line, *end = line + length;
  guint n = 0, total = 0;
  gboolean feed;
  gint64 value;

  for (;;)
    {
      const char *space = memchr (at, ' ', end - at);
      const char *stop = space != NULL ? space : end;

      if (n == BOOK_TOKENS || (gsize) (stop - at) >= TOKEN_MAX)
        return FALSE;
      memcpy (tokens[n], at, stop - at);
      tokens[n++][stop - at] = '\0';
      if (space == NULL)
        break;
      at = space + 1;
    }
  feed = n == DJ_N_PITS + 3;
  if (n != DJ_N_PITS + 2 && !(feed && strcmp (tokens[DJ_N_PITS + 1], "feed") == 0))
    return FALSE;
  for (guint i = 0; i < DJ_N_PITS; i++)
    {
      guint64 v;

      if (!g_ascii_string_to_unsigned (tokens[i], 10, 0, DJ_N_SEEDS, &v, NULL))
        return FALSE;
      entry->key[i] = v;
      total += v;
    }
  if (total > DJ_N_SEEDS)
    return FALSE;
  if (strcmp (tokens[DJ_N_PITS], "S") == 0)
    entry->key[DJ_N_PITS] = DJ_SOUTH;
  else if (strcmp (tokens[DJ_N_PITS], "N") == 0)
    entry->key[DJ_N_PITS] = DJ_NORTH;
  else
    return FALSE;
  if (feed)
    entry->key[DJ_N_PITS] |= 2;
  if (!g_ascii_string_to_signed (tokens[n - 1], 10, -(gint64) total, total, &value, NULL))
    return FALSE;
  entry->value = value;
  *seeds = total;
  return TRUE;
}

DjBook *
dj_book_parse (const DjRules  *rules,
               const char     *text,
               gsize           length,
               GError        **error)
{
  g_autoptr(DjBook) book = g_new0 (DjBook, 1);
  g_autoptr(GArray) entries = g_array_new (FALSE, FALSE, sizeof (Entry));
  g_autoptr(GArray) line_of = g_array_new (FALSE, FALSE, sizeof (guint));
  g_autofree char *header = NULL;
  g_autofree char *first = NULL;
  const char *line, *end, *eol;
  guint64 plies;
  gsize body;

  g_return_val_if_fail (rules != NULL && text != NULL, NULL);

  book->rules = *rules;
  book->min_seeds = DJ_N_SEEDS;
  header = g_strdup_printf ("%s %s %s ", DJ_BOOK_MAGIC, dj_variant_to_string (rules->variant),
                            dj_feeding_to_string (rules->feeding));
  if (length <= strlen (header) || strncmp (text, header, strlen (header)) != 0 ||
      memchr (text, '\0', length) != NULL)
    {
      g_set_error_literal (error, DJ_ENGINE_ERROR, DJ_ENGINE_ERROR_PARSE,
                           _("Not an opening book of these rules"));
      return NULL;
    }
  body = checked_length (text, length);
  if (body == 0)
    {
      g_set_error_literal (error, DJ_ENGINE_ERROR, DJ_ENGINE_ERROR_PARSE,
                           _("Damaged opening book (its checksum does not match)"));
      return NULL;
    }
  /* The lines, less the last newline. */
  end = text + body - 1;
  eol = memchr (text, '\n', end - text);
  first = g_strndup (text + strlen (header), (eol != NULL ? eol : end) - (text + strlen (header)));
  if (!g_ascii_string_to_unsigned (first, 10, 1, 8, &plies, NULL))
    {
      g_set_error (error, DJ_ENGINE_ERROR, DJ_ENGINE_ERROR_PARSE,
                   _("Line %u: not a position of the opening book"), 1);
      return NULL;
    }
  line = eol != NULL ? eol + 1 : NULL;
  for (guint i = 1; line != NULL; i++)
    {
      Entry e;
      guint seeds;

      eol = memchr (line, '\n', end - line);
      if (!parse_line (line, (eol != NULL ? eol : end) - line, &e, &seeds))
        {
          g_set_error (error, DJ_ENGINE_ERROR, DJ_ENGINE_ERROR_PARSE,
                       _("Line %u: not a position of the opening book"), i + 1);
          return NULL;
        }
      g_array_append_val (entries, e);
      g_array_append_val (line_of, i);
      book->min_seeds = MIN (book->min_seeds, seeds);
      line = eol != NULL ? eol + 1 : NULL;
    }
  /* The file is sorted as text; the search wants the keys' order.  The
   * line numbers travel with the entries, for a position given twice. */
  {
    g_autofree guint *order = g_new (guint, entries->len);
    g_autoptr(GArray) sorted = g_array_sized_new (FALSE, FALSE, sizeof (Entry), entries->len);

    for (guint i = 0; i < entries->len; i++)
      order[i] = i;
    g_qsort_with_data (order, entries->len, sizeof (guint), compare_order, entries);
    for (guint i = 0; i < entries->len; i++)
      {
        const Entry *e = &g_array_index (entries, Entry, order[i]);

        if (i > 0 && compare_entries (&g_array_index (sorted, Entry, i - 1), e) == 0)
          {
            g_set_error (error, DJ_ENGINE_ERROR, DJ_ENGINE_ERROR_PARSE,
                         _("Line %u: a position the opening book already has"),
                         MAX (g_array_index (line_of, guint, order[i]),
                              g_array_index (line_of, guint, order[i - 1])) + 1);
            return NULL;
          }
        g_array_append_val (sorted, *e);
      }
    g_array_unref (entries);
    entries = g_steal_pointer (&sorted);
  }
  book->n = entries->len;
  book->mask = 15;
  while (book->mask + 1 < 2 * (guint64) book->n)
    book->mask = book->mask * 2 + 1;
  book->slots = g_new0 (Slot, book->mask + 1);
  for (guint i = 0; i < entries->len; i++)
    {
      const Entry *e = &g_array_index (entries, Entry, i);
      guint64 head, tail, h, at;

      key_words (e->key, &head, &tail);
      h = words_hash (head, tail);
      book->filter[(h % FILTER_BITS) / 64] |= G_GUINT64_CONSTANT (1) << (h % 64);
      for (at = (h >> 19) & book->mask; book->slots[at].tail != 0; at = (at + 1) & book->mask)
        ;
      book->slots[at] = (Slot) { head, tail | (guint64) (guint8) e->value << 40 };
    }
  return g_steal_pointer (&book);
}

void
dj_book_free (DjBook *book)
{
  if (book == NULL)
    return;
  g_free (book->slots);
  g_free (book);
}

gboolean
dj_book_lookup (const DjBook     *book,
                const DjPosition *pos,
                int              *value)
{
  guint8 key[KEY_LEN];
  guint64 head, tail, h;

  make_key (pos, key);
  key_words (key, &head, &tail);
  h = words_hash (head, tail);
  if (!(book->filter[(h % FILTER_BITS) / 64] & (G_GUINT64_CONSTANT (1) << (h % 64))))
    return FALSE;
  for (guint64 at = (h >> 19) & book->mask; book->slots[at].tail != 0; at = (at + 1) & book->mask)
    if (book->slots[at].head == head && (book->slots[at].tail & ~SLOT_VALUE) == tail)
      {
        *value = (gint8) (book->slots[at].tail >> 40);
        return TRUE;
      }
  return FALSE;
}

guint
dj_book_size (const DjBook *book)
{
  return book->n;
}

guint
dj_book_min_seeds (const DjBook *book)
{
  return book->min_seeds;
}

static gpointer
load_book (const DjRules  *rules,
           const char     *path,
           GError        **error)
{
  g_autofree char *text = NULL;
  g_autoptr(GError) local = NULL;
  DjBook *book;
  struct stat st;
  int fd;

  fd = dj_data_file_open (path, &st, error);
  if (fd < 0)
    return NULL;
  if (st.st_size > DJ_BOOK_MAX_BYTES)
    {
      close (fd);
      g_set_error (error, DJ_ENGINE_ERROR, DJ_ENGINE_ERROR_PARSE,
                   _("%s: too large for an opening book"), path);
      return NULL;
    }
  text = g_malloc (st.st_size + 1);
  if (!dj_data_file_read (fd, path, (guint8 *) text, st.st_size, error))
    {
      close (fd);
      return NULL;
    }
  close (fd);
  text[st.st_size] = '\0';
  book = dj_book_parse (rules, text, st.st_size, &local);
  if (book == NULL)
    g_set_error (error, DJ_ENGINE_ERROR, DJ_ENGINE_ERROR_PARSE, "%s: %s", path, local->message);
  return book;
}

static gpointer book_shared[3];
static gsize book_once[3];
static GError *book_refused[3];

const DjBook *
dj_book_get (const DjRules *rules)
{
  g_return_val_if_fail (rules != NULL, NULL);

  return dj_tables_load_shared (rules, book_shared, book_once, book_refused, dj_book_file_name,
                                load_book, "opening book");
}

const GError *
dj_book_refused (const DjRules *rules)
{
  g_return_val_if_fail (rules != NULL, NULL);

  if (dj_book_get (rules) != NULL)
    return NULL;
  return dj_data_refused (rules, book_refused);
}
