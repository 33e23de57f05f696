/* dj-cli-files.c: validate, convert, show, and the file benchmark
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <gio/gio.h>
#include <gio/gunixinputstream.h>
#include <glib/gi18n.h>
#include <glib/gstdio.h>
#include <malloc.h>
#include <stdio.h>
#include <string.h>
#include <sys/resource.h>

#include "dj-cli.h"
#include "dj-cli-json.h"
#include "dj-long-line.h"
#include "dj-notation.h"
#include "dj-xml.h"

typedef enum
{
  FORMAT_XML,
  FORMAT_TEXT,
} Format;

/* By extension: .djenon is XML, .txt and .djn are text. */
static gboolean
format_from_name (const char *name,
                  Format     *format)
{
  if (g_str_has_suffix (name, DJ_XML_EXTENSION))
    *format = FORMAT_XML;
  else if (g_str_has_suffix (name, ".txt") || g_str_has_suffix (name, DJ_TEXT_EXTENSION))
    *format = FORMAT_TEXT;
  else
    return FALSE;
  return TRUE;
}

static gboolean
format_from_option (const char *option,
                    Format     *format)
{
  if (g_strcmp0 (option, "xml") == 0)
    *format = FORMAT_XML;
  else if (g_strcmp0 (option, "text") == 0)
    *format = FORMAT_TEXT;
  else
    {
      g_printerr (_("Unknown format “%s”: use xml or text\n"), option);
      return FALSE;
    }
  return TRUE;
}

/* Standard input: streamed (the readers' limits apply as it is read).
 * Its format, when not given, is seen from its first bytes: XML begins
 * with "<" (after a byte order mark and white space), text notation does
 * not. */
static GInputStream *
open_stdin (Format   *format,
            gboolean  sniff)
{
  GInputStream *raw = g_unix_input_stream_new (0, FALSE);
  GInputStream *stream = g_buffered_input_stream_new_sized (raw, 64 * 1024);
  GBufferedInputStream *buffered = G_BUFFERED_INPUT_STREAM (stream);

  g_object_unref (raw);
  while (sniff)
    {
      gsize available;
      const guint8 *p = g_buffered_input_stream_peek_buffer (buffered, &available);
      gboolean is_xml;

      /* A pipe may give a byte at a time: see at least four (or the end). */
      if (available < 4 && g_buffered_input_stream_fill (buffered, -1, NULL, NULL) > 0)
        continue;

      if (dj_xml_sniff (p, available, &is_xml))
        {
          *format = is_xml ? FORMAT_XML : FORMAT_TEXT;
          break;
        }
      /* Only white space so far: read more, unless the buffer is full or
       * the input has ended (then the XML reader says what is wrong). */
      if (available == g_buffered_input_stream_get_buffer_size (buffered) ||
          g_buffered_input_stream_fill (buffered, -1, NULL, NULL) <= 0)
        {
          *format = FORMAT_XML;
          break;
        }
    }
  return stream;
}

static GInputStream *
open_input (const char  *name,
            GError     **error)
{
  g_autoptr(GFile) file = g_file_new_for_commandline_arg (name);

  return G_INPUT_STREAM (g_file_read (file, NULL, error));
}

/* Reads @name (a file or "-") in @format; messages name it as given.  For
 * "-", @sniff lets the first bytes decide the format. */
static DjCollection *
load (const char  *name,
      Format       format,
      gboolean     sniff,
      GError     **error)
{
  g_autoptr(GInputStream) stream = NULL;
  g_autoptr(GError) io_error = NULL;
  const char *display = strcmp (name, "-") == 0 ? "<stdin>" : name;

  if (strcmp (name, "-") == 0)
    stream = open_stdin (&format, sniff);
  else
    stream = open_input (name, &io_error);
  if (stream == NULL)
    {
      g_set_error (error, DJ_FORMAT_ERROR, DJ_FORMAT_ERROR_IO, _("%s: cannot open the file: %s"),
                   display, io_error->message);
      return NULL;
    }
  if (format == FORMAT_XML)
    return dj_xml_load_stream (stream, display, NULL, error);
  return dj_notation_load_stream (stream, display, NULL, error);
}

gboolean
dj_cli_is_game_file_name (const char *name)
{
  Format format;

  return format_from_name (name, &format);
}

DjCollection *
dj_cli_load_file (const char  *name,
                  GError     **error)
{
  Format format = FORMAT_XML;

  format_from_name (name, &format);
  return load (name, format, FALSE, error);
}

gboolean
dj_cli_save_file (DjCollection  *collection,
                  const char    *name,
                  GError       **error)
{
  g_autoptr(GFile) file = g_file_new_for_commandline_arg (name);
  Format format = FORMAT_XML;

  format_from_name (name, &format);
  if (format == FORMAT_XML)
    return dj_xml_save_file (collection, file, NULL, error);
  return dj_notation_save_file (collection, file, DJ_SAFE_SAVE_NONE, NULL, error);
}

/* One problem of a file, for validate --json: its message, and the line and
 * column when the message starts with them ("FILE:LINE:COLUMN: …"). */
static void
json_problem (DjJson     *json,
              const char *name,
              const char *message)
{
  const char *rest = message;
  guint64 line = 0, column = 0;

  if (g_str_has_prefix (rest, name) && rest[strlen (name)] == ':')
    {
      char *end;

      rest += strlen (name) + 1;
      line = g_ascii_strtoull (rest, &end, 10);
      if (end != rest && *end == ':')
        {
          rest = end + 1;
          column = g_ascii_strtoull (rest, &end, 10);
          if (end == rest || *end != ':')
            column = 0;
        }
      else
        line = 0;
    }
  dj_json_begin_object (json);
  dj_json_member_string (json, "message", message);
  dj_json_key (json, "line");
  if (line > 0)
    dj_json_int (json, (gint64) line);
  else
    dj_json_null (json);
  dj_json_key (json, "column");
  if (column > 0)
    dj_json_int (json, (gint64) column);
  else
    dj_json_null (json);
  dj_json_end_object (json);
}

int
dj_cli_validate (int    argc,
                 char **argv)
{
  gboolean json = FALSE;
  const GOptionEntry entries[] = {
    { "json", 0, 0, G_OPTION_ARG_NONE, &json,
      N_("Write the result as JSON (see the README for its shape)"), NULL },
    { NULL }
  };
  g_autoptr(GOptionContext) context =
    g_option_context_new (_("FILE… — check game files against the rules and the schema"));
  g_autoptr(GError) error = NULL;
  int status = DJ_CLI_OK;
  DjJson out;

  g_option_context_add_main_entries (context, entries, GETTEXT_PACKAGE);
  if (!g_option_context_parse (context, &argc, &argv, &error))
    {
      g_printerr ("%s\n", error->message);
      return DJ_CLI_USAGE;
    }
  if (argc < 2)
    {
      g_printerr (_("Usage: djenon-cli validate [--json] FILE…\n"));
      return DJ_CLI_USAGE;
    }
  if (json)
    {
      dj_json_init (&out);
      dj_json_begin_array (&out);
    }
  for (int i = 1; i < argc; i++)
    {
      g_autoptr(GPtrArray) problems = g_ptr_array_new_with_free_func ((GDestroyNotify) g_error_free);
      Format format = FORMAT_XML;
      gboolean is_stdin = strcmp (argv[i], "-") == 0;
      const char *name = is_stdin ? "<stdin>" : argv[i];
      g_autoptr(GInputStream) stdin_stream = NULL;
      guint n_games = 0;

      if (is_stdin)
        stdin_stream = open_stdin (&format, TRUE);
      else
        format_from_name (argv[i], &format);
      if (format == FORMAT_TEXT)
        {
          g_autoptr(GError) load_error = NULL;
          g_autoptr(DjCollection) collection = NULL;

          if (is_stdin)
            collection = dj_notation_load_stream (stdin_stream, "<stdin>", NULL, &load_error);
          else
            collection = load (argv[i], format, FALSE, &load_error);
          if (collection == NULL)
            g_ptr_array_add (problems, g_steal_pointer (&load_error));
          else
            n_games = dj_collection_get_n_games (collection);
        }
      else
        {
          g_autoptr(GInputStream) stream = NULL;
          g_autoptr(GError) io_error = NULL;
          g_autoptr(GPtrArray) found = NULL;

          stream = is_stdin ? g_object_ref (stdin_stream) : open_input (argv[i], &io_error);
          if (stream == NULL)
            g_ptr_array_add (problems, g_error_new (DJ_FORMAT_ERROR, DJ_FORMAT_ERROR_IO,
                                                    _("%s: cannot open the file: %s"),
                                                    argv[i], io_error->message));
          else if (!dj_xml_validate_stream (stream, name, &found))
            for (guint k = 0; k < found->len; k++)
              g_ptr_array_add (problems, g_error_copy (g_ptr_array_index (found, k)));
        }

      if (problems->len > 0)
        status = DJ_CLI_INVALID;
      if (json)
        {
          dj_json_begin_object (&out);
          dj_json_member_string (&out, "file", name);
          dj_json_member_bool (&out, "valid", problems->len == 0);
          dj_json_key (&out, "games");
          if (format == FORMAT_TEXT && problems->len == 0)
            dj_json_int (&out, n_games);
          else
            dj_json_null (&out);
          dj_json_key (&out, "problems");
          dj_json_begin_array (&out);
          for (guint k = 0; k < problems->len; k++)
            json_problem (&out, name, ((GError *) g_ptr_array_index (problems, k))->message);
          dj_json_end_array (&out);
          dj_json_end_object (&out);
        }
      else
        for (guint k = 0; k < problems->len; k++)
          printf ("%s\n", ((GError *) g_ptr_array_index (problems, k))->message);
    }
  if (json)
    {
      g_autofree char *doc = NULL;

      dj_json_end_array (&out);
      doc = dj_json_finish (&out);
      fputs (doc, stdout);
    }
  fflush (stdout);
  return status;
}

void
dj_cli_print_save_error (const GError *error)
{
  g_printerr ("%s\n", error->message);
  if (g_error_matches (error, DJ_FORMAT_ERROR, DJ_FORMAT_ERROR_READ_ONLY))
    g_printerr (_("Use --force to replace a read-only file.\n"));
}

int
dj_cli_convert (int    argc,
                char **argv)
{
  g_autofree char *from = NULL;
  g_autofree char *to = NULL;
  gboolean force = FALSE;
  const GOptionEntry entries[] = {
    { "from", 0, 0, G_OPTION_ARG_STRING, &from, N_("Format of the input: xml or text"),
      N_("FORMAT") },
    { "to", 0, 0, G_OPTION_ARG_STRING, &to, N_("Format of the output: xml or text"),
      N_("FORMAT") },
    { "force", 0, 0, G_OPTION_ARG_NONE, &force, N_("Replace OUT even if it is read-only"),
      NULL },
    { NULL }
  };
  g_autoptr(GOptionContext) context =
    g_option_context_new (_("IN OUT — convert between XML (.djenon) and text (.txt, .djn)"));
  g_autoptr(GError) error = NULL;
  g_autoptr(DjCollection) collection = NULL;
  Format in_format = FORMAT_XML, out_format = FORMAT_TEXT;
  const char *in, *out;

  g_option_context_add_main_entries (context, entries, GETTEXT_PACKAGE);
  if (!g_option_context_parse (context, &argc, &argv, &error))
    {
      g_printerr ("%s\n", error->message);
      return DJ_CLI_USAGE;
    }
  if (argc != 3)
    {
      g_printerr (_("Usage: djenon-cli convert [--from FORMAT] [--to FORMAT] [--force] IN OUT\n"));
      return DJ_CLI_USAGE;
    }
  in = argv[1];
  out = argv[2];
  if (from != NULL ? !format_from_option (from, &in_format)
                   : strcmp (in, "-") != 0 && !format_from_name (in, &in_format))
    {
      if (from == NULL)
        g_printerr (_("%s: unknown file type: use .djenon, .txt or .djn, or --from\n"), in);
      return DJ_CLI_USAGE;
    }
  if (to != NULL ? !format_from_option (to, &out_format)
                 : strcmp (out, "-") != 0 && !format_from_name (out, &out_format))
    {
      if (to == NULL)
        g_printerr (_("%s: unknown file type: use .djenon, .txt or .djn, or --to\n"), out);
      return DJ_CLI_USAGE;
    }

  collection = load (in, in_format, from == NULL, &error);
  if (collection == NULL)
    {
      g_printerr ("%s\n", error->message);
      return DJ_CLI_INVALID;
    }

  if (strcmp (out, "-") == 0)
    {
      g_autofree char *data = NULL;
      gsize len;

      if (out_format == FORMAT_XML)
        data = dj_xml_to_string (collection, &len);
      else
        {
          data = dj_notation_write_collection (collection);
          len = strlen (data);
        }
      if (fwrite (data, 1, len, stdout) != len || fflush (stdout) != 0)
        {
          g_printerr (_("Cannot write to the standard output\n"));
          return DJ_CLI_SAVE_FAILED;
        }
      return DJ_CLI_OK;
    }

  {
    g_autoptr(GFile) file = g_file_new_for_commandline_arg (out);
    DjSafeSaveFlags flags = force ? DJ_SAFE_SAVE_FORCE : DJ_SAFE_SAVE_NONE;
    gboolean saved = out_format == FORMAT_XML
                       ? dj_xml_save_file_full (collection, file, flags | DJ_SAFE_SAVE_BACKUP,
                                                NULL, &error)
                       : dj_notation_save_file (collection, file, flags, NULL, &error);

    if (!saved)
      {
        dj_cli_print_save_error (error);
        return DJ_CLI_SAVE_FAILED;
      }
  }
  return DJ_CLI_OK;
}

/* show --json: the game's rules, information and main line. */
static int
show_json (const char   *name,
           DjCollection *collection,
           int           game_number,
           DjGame       *game)
{
  const DjRules *rules = dj_game_get_rules (game);
  const DjGameInfo *info = dj_game_get_info (game);
  g_autofree char *start = dj_position_to_string (dj_game_get_start (game));
  g_autofree char *doc = NULL;
  const struct { const char *key; const char *value; } fields[] = {
    { "south", info->south }, { "north", info->north }, { "event", info->event },
    { "site", info->site }, { "date", info->date }, { "round", info->round },
    { "annotator", info->annotator }, { "recorder", info->recorder },
    { "source", info->source }, { "notes", info->notes },
  };
  DjJson json;

  dj_json_init (&json);
  dj_json_begin_object (&json);
  dj_json_member_string (&json, "file", strcmp (name, "-") == 0 ? "<stdin>" : name);
  dj_json_member_int (&json, "game", game_number);
  dj_json_member_int (&json, "games", dj_collection_get_n_games (collection));
  dj_json_member_string (&json, "variant", dj_variant_to_string (rules->variant));
  dj_json_member_string (&json, "feeding", rules->variant == DJ_VARIANT_ABE
                                           ? dj_feeding_to_string (rules->feeding) : NULL);
  dj_json_member_string (&json, "start", start);
  dj_json_key (&json, "info");
  dj_json_begin_object (&json);
  for (guint i = 0; i < G_N_ELEMENTS (fields); i++)
    dj_json_member_string (&json, fields[i].key, fields[i].value);
  dj_json_member_string (&json, "result", dj_result_to_string (info->result));
  dj_json_key (&json, "tags");
  dj_json_begin_object (&json);
  for (guint i = 0; i < dj_game_info_get_n_tags (info); i++)
    dj_json_member_string (&json, dj_game_info_get_tag_key (info, i),
                           dj_game_info_get_tag_value (info, i));
  dj_json_end_object (&json);
  dj_json_end_object (&json);

  dj_json_key (&json, "moves");
  dj_json_begin_array (&json);
  for (DjNode *n = dj_node_get_first_child (dj_game_get_root (game)); n != NULL;
       n = dj_node_get_first_child (n))
    {
      const DjPosition *pos = dj_node_get_position (n);
      g_autofree char *text = dj_position_to_string (pos);
      DjMoves moves;

      dj_moves_generate (rules, pos, &moves);
      dj_json_begin_object (&json);
      dj_json_member_string (&json, "move", dj_move_to_string (dj_node_get_move (n)));
      dj_json_member_string (&json, "position", text);
      dj_json_key (&json, "legal");
      dj_json_begin_array (&json);
      if (moves.must_pass)
        dj_json_string (&json, "pass");
      for (guint k = 0; k < DJ_ROW_PITS; k++)
        if (moves.pit[k] == DJ_PIT_LEGAL)
          dj_json_string (&json, dj_move_to_string (moves.row_start + k));
      dj_json_end_array (&json);
      dj_json_key (&json, "over");
      if (moves.end == DJ_END_NONE)
        dj_json_null (&json);
      else
        {
          int score[2];

          dj_final_scores (rules, pos, score);
          dj_json_begin_object (&json);
          dj_json_member_int (&json, "south", score[DJ_SOUTH]);
          dj_json_member_int (&json, "north", score[DJ_NORTH]);
          dj_json_member_string (&json, "reason", dj_end_reason_to_string (moves.end));
          dj_json_end_object (&json);
        }
      dj_json_end_object (&json);
    }
  dj_json_end_array (&json);
  dj_json_end_object (&json);
  doc = dj_json_finish (&json);
  fputs (doc, stdout);
  return DJ_CLI_OK;
}

int
dj_cli_show (int    argc,
             char **argv)
{
  int game_number = 1;
  gboolean json = FALSE;
  g_autofree char *from = NULL;
  const GOptionEntry entries[] = {
    { "game", 0, 0, G_OPTION_ARG_INT, &game_number, N_("Which game of the file (from 1)"),
      N_("N") },
    { "from", 0, 0, G_OPTION_ARG_STRING, &from, N_("Format of the input: xml or text"),
      N_("FORMAT") },
    { "json", 0, 0, G_OPTION_ARG_NONE, &json,
      N_("Write the result as JSON (see the README for its shape)"), NULL },
    { NULL }
  };
  g_autoptr(GOptionContext) context =
    g_option_context_new (_("FILE — the main line, one line per move as “play” prints it"));
  g_autoptr(GError) error = NULL;
  g_autoptr(DjCollection) collection = NULL;
  g_autoptr(GString) out = g_string_new (NULL);
  Format format = FORMAT_XML;
  DjGame *game;
  const DjRules *rules;

  g_option_context_add_main_entries (context, entries, GETTEXT_PACKAGE);
  if (!g_option_context_parse (context, &argc, &argv, &error))
    {
      g_printerr ("%s\n", error->message);
      return DJ_CLI_USAGE;
    }
  if (argc != 2)
    {
      g_printerr (_("Usage: djenon-cli show [--game N] FILE\n"));
      return DJ_CLI_USAGE;
    }
  if (from != NULL ? !format_from_option (from, &format)
                   : strcmp (argv[1], "-") != 0 && !format_from_name (argv[1], &format))
    {
      if (from == NULL)
        g_printerr (_("%s: unknown file type: use .djenon, .txt or .djn, or --from\n"),
                    argv[1]);
      return DJ_CLI_USAGE;
    }
  collection = load (argv[1], format, from == NULL, &error);
  if (collection == NULL)
    {
      g_printerr ("%s\n", error->message);
      return DJ_CLI_INVALID;
    }
  if (game_number < 1 || (guint) game_number > dj_collection_get_n_games (collection))
    {
      g_printerr (_("%s holds %u games; there is no game %d\n"), argv[1],
                  dj_collection_get_n_games (collection), game_number);
      return DJ_CLI_USAGE;
    }

  game = dj_collection_get_game (collection, game_number - 1);
  rules = dj_game_get_rules (game);
  if (json)
    return show_json (argv[1], collection, game_number, game);
  for (DjNode *n = dj_node_get_first_child (dj_game_get_root (game)); n != NULL;
       n = dj_node_get_first_child (n))
    {
      dj_cli_print_line (out, rules, dj_node_get_move (n), dj_node_get_position (n));
      if (out->len > 65536)
        {
          fputs (out->str, stdout);
          g_string_truncate (out, 0);
        }
    }
  fputs (out->str, stdout);
  return DJ_CLI_OK;
}

/* The file benchmark */

static gint64
cpu_us (int who)
{
  struct rusage usage;

  getrusage (who, &usage);
  return (gint64) usage.ru_utime.tv_sec * G_USEC_PER_SEC + usage.ru_utime.tv_usec +
         (gint64) usage.ru_stime.tv_sec * G_USEC_PER_SEC + usage.ru_stime.tv_usec;
}

static const char *const bench_comments[] = {
  "A quiet move that keeps the seeds at home.",
  "The relay goes round twice and ends in an empty pit.",
  "Better was the capture on the other side, taking two at once.",
  "Now every pit of the opponent's row is within reach.",
};

/* A game of about @n nodes: a long main line, a one- or two-move variation
 * at every eighth move, a comment on every fourth node, some glyphs and
 * assessments.  Sets @text_bytes to the bytes of text it holds. */
static DjCollection *
bench_collection (guint  n,
                  gsize *text_bytes)
{
  DjRules rules = DJ_RULES_INIT (DJ_VARIANT_ABE);
  guint main_moves = n * 8 / 10;
  g_autoptr(GArray) line = dj_long_legal_line (main_moves);
  g_autoptr(DjGame) game = dj_game_new (&rules, NULL);
  DjCollection *collection = dj_collection_new ();
  DjNode *cur = dj_game_get_root (game);
  guint count = 1;

  *text_bytes = 0;
  for (guint i = 0; i < main_moves && count < n; i++)
    {
      DjMove m = g_array_index (line, DjMove, i);
      DjMoves moves;
      DjPosition child;
      DjNode *next;

      dj_moves_generate (&rules, dj_node_get_position (cur), &moves);
      dj_moves_child (&moves, dj_node_get_position (cur), m, &child);
      next = dj_game_append_unchecked (game, cur, m, &child);
      count++;
      if (i % 8 == 4)
        for (guint k = 0; k < DJ_ROW_PITS; k++)
          if (moves.pit[k] == DJ_PIT_LEGAL && (DjMove) (moves.row_start + k) != m)
            {
              DjMove alt = moves.row_start + k;
              DjMoves reply;
              DjNode *v;

              dj_moves_child (&moves, dj_node_get_position (cur), alt, &child);
              v = dj_game_append_unchecked (game, cur, alt, &child);
              count++;
              dj_game_load_annotations (game, v, DJ_GLYPH_DUBIOUS, DJ_ASSESSMENT_NONE,
                                        DJ_NO_TIME);
              dj_moves_generate (&rules, &child, &reply);
              for (guint r = 0; r < DJ_ROW_PITS; r++)
                if (reply.pit[r] == DJ_PIT_LEGAL)
                  {
                    DjPosition after;

                    dj_moves_child (&reply, &child, reply.row_start + r, &after);
                    dj_game_append_unchecked (game, v, reply.row_start + r, &after);
                    count++;
                    break;
                  }
              break;
            }
      cur = next;
      if (count % 4 == 0)
        {
          const char *c = bench_comments[(i / 4) % G_N_ELEMENTS (bench_comments)];

          dj_game_load_comments (game, cur, NULL, g_strdup (c));
          *text_bytes += strlen (c) + 1;
        }
      if (i % 16 == 0)
        dj_game_load_annotations (game, cur, DJ_GLYPH_GOOD, DJ_ASSESSMENT_EVEN, DJ_NO_TIME);
    }
  dj_collection_append (collection, game);
  return collection;
}

typedef struct
{
  gint64 wall;
  gint64 cpu;
} Timing;

static void
keep_best (Timing *best,
           gint64  wall,
           gint64  cpu,
           guint   run)
{
  if (run == 0 || wall < best->wall)
    best->wall = wall;
  if (run == 0 || cpu < best->cpu)
    best->cpu = cpu;
}

int
dj_cli_bench_files (void)
{
  const guint nodes = 100000;
  const guint runs = 3;
  g_autoptr(GError) error = NULL;
  g_autoptr(DjCollection) collection = NULL;
  g_autofree char *dir = NULL, *path = NULL, *xmllint = NULL;
  g_autoptr(GFile) file = NULL;
  Timing save = { 0 }, load_t = { 0 }, lint = { 0 };
  gsize text_bytes, file_size = 0;
  double per_node = 0;
  guint n_nodes;

  collection = bench_collection (nodes, &text_bytes);
  n_nodes = dj_game_get_n_nodes (dj_collection_get_game (collection, 0));
  dir = g_dir_make_tmp ("djenon-bench-XXXXXX", &error);
  if (dir == NULL)
    {
      g_printerr ("%s\n", error->message);
      return DJ_CLI_USAGE;
    }
  path = g_build_filename (dir, "bench.djenon", NULL);
  file = g_file_new_for_path (path);

  for (guint run = 0; run < runs; run++)
    {
      gint64 w0 = g_get_monotonic_time (), c0 = cpu_us (RUSAGE_SELF);

      if (!dj_xml_save_file (collection, file, NULL, &error))
        {
          g_printerr ("%s\n", error->message);
          return DJ_CLI_USAGE;
        }
      keep_best (&save, g_get_monotonic_time () - w0, cpu_us (RUSAGE_SELF) - c0, run);
    }
  {
    g_autofree char *backup = g_strconcat (path, "~", NULL);
    GStatBuf st;

    g_remove (backup);
    if (g_stat (path, &st) == 0)
      file_size = st.st_size;
  }

  for (guint run = 0; run < runs; run++)
    {
      struct mallinfo2 m0, m1;
      gint64 w0, c0;
      DjCollection *loaded;

      malloc_trim (0);
      m0 = mallinfo2 ();
      w0 = g_get_monotonic_time ();
      c0 = cpu_us (RUSAGE_SELF);
      loaded = dj_xml_load_file (file, NULL, &error);
      keep_best (&load_t, g_get_monotonic_time () - w0, cpu_us (RUSAGE_SELF) - c0, run);
      if (loaded == NULL)
        {
          g_printerr ("%s\n", error->message);
          return DJ_CLI_INVALID;
        }
      m1 = mallinfo2 ();
      /* What the loaded game holds, less the text of its comments */
      per_node = ((double) m1.uordblks - (double) m0.uordblks - (double) text_bytes) / n_nodes;
      g_object_unref (loaded);
    }

  xmllint = g_find_program_in_path ("xmllint");
  if (xmllint != NULL)
    for (guint run = 0; run < runs; run++)
      {
        const char *args[] = { xmllint, "--noout", path, NULL };
        gint64 w0 = g_get_monotonic_time (), c0 = cpu_us (RUSAGE_CHILDREN);
        int status;

        if (!g_spawn_sync (NULL, (char **) args, NULL, G_SPAWN_DEFAULT, NULL, NULL, NULL, NULL,
                           &status, &error))
          {
            g_printerr ("%s\n", error->message);
            g_clear_pointer (&xmllint, g_free);
            break;
          }
        keep_best (&lint, g_get_monotonic_time () - w0, cpu_us (RUSAGE_CHILDREN) - c0, run);
      }

  printf ("files    game of %u nodes with comments and variations, %" G_GSIZE_FORMAT
          " bytes of XML\n", n_nodes, file_size);
  printf ("files    save %.3f s (%.3f s CPU), load %.3f s (%.3f s CPU), best of %u\n",
          save.wall / 1e6, save.cpu / 1e6, load_t.wall / 1e6, load_t.cpu / 1e6, runs);
  if (xmllint != NULL)
    printf ("files    xmllint --noout %.3f s (%.3f s CPU): load/xmllint %.2f (target ≤ 3), "
            "save/xmllint %.2f (target ≤ 1), CPU time\n",
            lint.wall / 1e6, lint.cpu / 1e6, (double) load_t.cpu / MAX (lint.cpu, 1),
            (double) save.cpu / MAX (lint.cpu, 1));
  else
    printf ("files    xmllint not found: no comparison\n");
  printf ("files    memory %.0f bytes per node beyond the text of comments (target ≤ 200)\n",
          per_node);
  fflush (stdout);

  g_remove (path);
  g_rmdir (dir);
  return DJ_CLI_OK;
}
