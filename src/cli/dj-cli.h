/* dj-cli.h: the subcommands of djenon-cli
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <glib.h>

#include "dj-collection.h"
#include "dj-play.h"

G_BEGIN_DECLS

/* Exit statuses */
#define DJ_CLI_OK       0
#define DJ_CLI_INVALID  1   /* a file or game is not valid (validate) */
#define DJ_CLI_USAGE    2   /* bad arguments, illegal move, unreadable input */
#define DJ_CLI_SAVE_FAILED 3   /* the output could not be written (convert, diagram, sheet) */

/* Each subcommand gets argv with argv[0] = its own name. */
typedef int (*DjCliCommand) (int argc, char **argv);

int  dj_cli_play     (int argc, char **argv);
int  dj_cli_perft    (int argc, char **argv);
int  dj_cli_why      (int argc, char **argv);
int  dj_cli_bench    (int argc, char **argv);
int  dj_cli_analyse  (int argc, char **argv);
int  dj_cli_bestmove (int argc, char **argv);
int  dj_cli_solve    (int argc, char **argv);
/* The endgame tables and their deeper levels (dj-cli-tables.c) */
int  dj_cli_tables   (int argc, char **argv);

/* The search section of `bench --search` (dj-cli-analyse.c): @count random
 * positions per rule set (0: 1,000, or 100 when @quick). */
void dj_cli_bench_search (gboolean quick,
                          guint    count);

/* Puzzles (dj-cli-puzzles.c), and the section of `bench --puzzles` */
int  dj_cli_puzzles  (int argc, char **argv);
void dj_cli_bench_puzzles (gboolean quick);

/* Game files (dj-cli-files.c) */
int  dj_cli_validate (int argc, char **argv);
int  dj_cli_convert  (int argc, char **argv);
int  dj_cli_show     (int argc, char **argv);
/* Files by their extension: .djenon is XML, .txt and .djn are text. */
gboolean      dj_cli_is_game_file_name (const char    *name);
/* Reads @name; errors name the file, and the line. */
DjCollection *dj_cli_load_file         (const char    *name,
                                        GError       **error);
/* Saves through the safe-save routine (dj-safe-save.h). */
gboolean      dj_cli_save_file         (DjCollection  *collection,
                                        const char    *name,
                                        GError       **error);
/* Review Game and Clear Review on whole files (dj-cli-review.c) */
int  dj_cli_review   (int argc, char **argv);
/* Pictures and game sheets (dj-cli-diagram.c) */
int  dj_cli_diagram  (int argc, char **argv);
int  dj_cli_sheet    (int argc, char **argv);
/* The files section of `bench --files`: load and save of a 100,000-node file */
int  dj_cli_bench_files (void);

/* Warns once per rule set of missing endgame tables or damaged engine data
 * (dj-cli-analyse.c), for every command whose figures depend on them. */
void dj_cli_warn_engine_data (const DjRules *rules);

/* Shared by the subcommands that take VARIANT [--feeding X] [--setup POS]:
 * parses the rules and the start position, printing a message on failure. */
gboolean dj_cli_parse_rules    (const char *variant,
                                const char *feeding,
                                DjRules    *rules);
gboolean dj_cli_parse_setup    (const char *setup,
                                DjPosition *pos);

/* Parses VARIANT [--feeding X] [--setup POS] and the options in @extra
 * (may be NULL), leaving the other arguments in @argc/@argv with the
 * variant at argv[1]; prints a message and returns FALSE on a bad one. */
gboolean dj_cli_parse_game_args (int                *argc,
                                 char             ***argv,
                                 const char         *summary,
                                 const GOptionEntry *extra,
                                 DjRules            *rules,
                                 DjPosition         *pos);

/* The game library (dj-cli-library.c) */
int  dj_cli_library  (int argc, char **argv);
int  dj_cli_explore  (int argc, char **argv);
int  dj_cli_find     (int argc, char **argv);
int  dj_cli_generate (int argc, char **argv);
/* The library section of `bench --library` */
int  dj_cli_bench_library (gboolean quick);

/* The message of a failed save, with a hint for a read-only file
 * (DJ_FORMAT_ERROR_READ_ONLY: --force replaces it). */
void     dj_cli_print_save_error (const GError *error);

/* Plays MOVES… from @pos; FALSE, with the reason on standard error, at the
 * first that is not a move or not legal there. */
gboolean dj_cli_play_moves     (const DjRules    *rules,
                                DjPosition       *pos,
                                int               n,
                                char            **moves);

/* One `play`-format line: MOVE | pits | caps | TO-MOVE | LEGAL | RESULT */
void     dj_cli_print_line     (GString          *out,
                                const DjRules    *rules,
                                DjMove            move,
                                const DjPosition *pos);

/* Where the @percent-th percentile of @n sorted values lies (n > 0): for
 * the benchmarks' distributions. */
static inline guint
dj_cli_percentile_at (guint n,
                      guint percent)
{
  return MIN (n - 1, (n * percent + 99) / 100 - 1);
}

G_END_DECLS
