/* dj-search.c: exact alpha-beta solver for both games
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The search works on "future values": F(pos) = final difference (mover minus
 * opponent) minus the captures already made (mover minus opponent).  F does
 * not depend on the captures, so a table entry serves every split of the
 * captured seeds.  With r seeds on the board, F = 2x - r for the x seeds the
 * mover ends up with: F is in [-r, r] and has the parity of r.
 *
 * Endless play (RULES.md, "Perfect-play values"): play that never ends is
 * worth 0, and a position's value depends on the position alone.  The search
 * is a depth-first search over the tree of lines from the analysed position;
 * a line that comes back to a position already on it scores 0 there.  The
 * minimax value of such a tree is the position's exact value, whatever
 * positions inside it are cut short by their exact (or bounded) values from
 * the table: South's optimal strategy never lets the value fall along a line,
 * and when the value is positive it reaches an exit of the level without
 * coming back to a position (its attractor ranks fall), so a return scoring
 * 0 never helps North below the value; likewise for North.
 *
 * What is stored: the result of a node whose subtree scored no return to a
 * position above it on the line is a proven bound on its own value (the
 * subtree is a tree of the same kind rooted at the node) and goes into the
 * table; a result that leaned on such a return is used on that line only.
 * Every search returns the lowest ply a return in its subtree went back to.
 *
 * Captured seeds never return, so a return can only be to a position since
 * the last capture: the repetition test looks no further back.  Positions
 * with at most DJ_TABLES_SEEDS seeds are answered by the endgame tables
 * (dj-search-tables.c) when they are installed.
 */
#include "config.h"

#include <glib/gi18n-lib.h>
#include <errno.h>
#include <math.h>
#include <string.h>
#ifdef __linux__
#include <sys/mman.h>
#endif

#include "dj-search.h"
#include "dj-search-book.h"
#include "dj-search-tables.h"

#define INF     1000
#define NO_REP  G_MAXUINT
/* Nodes with at most this many seeds look their children up in the
 * transposition table (enhanced transposition cut-offs).  With the deeper
 * tables of 16 seeds (dj_tables_cache_build) no node searched has so few:
 * cut-offs at 17 and 18 seeds saved 1 % of the nodes of the slowest
 * positions and cost 8 % more time. */
#define ETC_SEEDS (DJ_TABLES_SEEDS + 2)

/* Transposition table: buckets of four 16-byte entries (one cache line).
 * Each entry stores key ^ data next to data, so a torn write from another
 * thread reads as a miss.  Keys include the rules, so one table serves any
 * number of searches of any rules at once. */
#define BUCKET 4

typedef struct
{
  guint64 check;
  guint64 data;
} Entry;

/* data: lower+128 (8) | upper+128 (8) | move+1 (8) | generation (8) | work (32) */
#define D_LOWER(d)  ((int) ((d) & 0xff) - 128)
#define D_UPPER(d)  ((int) (((d) >> 8) & 0xff) - 128)
#define D_MOVE(d)   ((int) (((d) >> 16) & 0xff) - 1)
#define D_GEN(d)    ((guint) (((d) >> 24) & 0xff))
#define D_WORK(d)   ((guint32) ((d) >> 32))

struct _DjSearch
{
  gatomicrefcount ref_count;
  /* Made on first use (table_of()): a search nobody runs costs no memory. */
  Entry        *table;
  gsize         n_buckets;   /* a power of two */
  volatile gint generation;
  volatile gint n_threads;
  volatile gint use_tables;
  volatile gint use_book;
};

typedef struct
{
  DjPosition pos;
  gint8      move;
  guint8     taken;
  gint16     order;
  guint32    tie;         /* ties of order: the seeds it leaves the mover's row
                           * over the opponent's (8 bits), then how often this
                           * pit refuted before (24 bits) */
  guint      repeat;      /* ply of the position on the line it repeats, NO_REP */
  const gint8 *slot;      /* its value in the endgame tables (its mover's view), or NULL */
  guint64    key;         /* in the transposition table, when slot is NULL */
} Child;

/* One thread's search state. */
typedef struct
{
  DjSearch          *search;
  DjRules            rules;
  guint64            salt;          /* the rules, in every key */
  guint8             generation;
  GCancellable      *cancellable;
  gint64             deadline;      /* monotonic µs, 0: none */
  guint64            node_limit;    /* 0: none */
  guint              max_ply;
  volatile gint     *abort;         /* shared by the threads of one analysis */
  volatile gint     *cancelled;
  guint64           *shared_nodes;  /* total across threads, for the node limit */
  guint64            nodes;
  guint64            reported;
  guint64            next_check;    /* nodes at which the budget is looked at next */
  guint              truncated;     /* lines cut by max_ply so far */
  int                pessimism;     /* +1: cut lines count against the tester's side */
  guint              tester_ply;    /* parity of the ply whose mover a test is about */
  const DjTables    *tables;        /* NULL: none */
  int                tables_seeds;  /* positions with at most this many seeds are in them */
  const DjBook      *book;          /* NULL: none */
  int                book_seeds;    /* its positions have at least this many seeds */
  /* History heuristic: for each pit, the work its cut-offs saved so far in
   * this thread's analysis; orders the moves nothing else tells apart.
   * Only the order of moves depends on it, never a value. */
  guint32            history[DJ_N_PITS];
  DjPosition         stack[DJ_SEARCH_MAX_PLY + 2];
} Ctx;

/* ---------------------------------------------------------------------- */
/* hashing */

static inline guint64
mix64 (guint64 x)
{
  x ^= x >> 30;
  x *= G_GUINT64_CONSTANT (0xbf58476d1ce4e5b9);
  x ^= x >> 27;
  x *= G_GUINT64_CONSTANT (0x94d049bb133111eb);
  x ^= x >> 31;
  return x;
}

/* Positions inside the search always have both captures at zero. */
static inline guint64
pos_key (const Ctx        *c,
         const DjPosition *p)
{
  guint64 w[2];

  memcpy (w, p, sizeof w);
  return mix64 (w[0] ^ mix64 (w[1] + c->salt));
}

static inline gboolean
pos_same (const DjPosition *a,
          const DjPosition *b)
{
  guint64 wa[2], wb[2];

  memcpy (wa, a, sizeof wa);
  memcpy (wb, b, sizeof wb);
  return wa[0] == wb[0] && wa[1] == wb[1];
}

static inline int
board_seeds (const DjPosition *p)
{
  int n = 0;

  for (guint i = 0; i < DJ_N_PITS; i++)
    n += p->pits[i];
  return n;
}

/* Own row minus the opponent's, for the side to move: for estimates. */
static inline int
split_value (const DjPosition *p)
{
  int south = 0, north = 0;

  for (guint i = 0; i < DJ_ROW_PITS; i++)
    {
      south += p->pits[i];
      north += p->pits[i + DJ_ROW_PITS];
    }
  return p->to_move == DJ_SOUTH ? south - north : north - south;
}

/* The exact future value of @pos from its mover's view, from the endgame
 * tables or the opening book; FALSE if they do not have it. */
static inline gboolean
table_value (const Ctx        *c,
             const DjPosition *pos,
             int               rem,
             int              *value)
{
  if (rem <= c->tables_seeds)
    {
      /* Kept from the mover's view, as the search wants it. */
      const gint8 *slot = dj_tables_slot (c->tables, pos, rem);

      if (slot == NULL)
        return FALSE;
      *value = *slot;
      return TRUE;
    }
  /* The opening book holds the mover's view already. */
  return c->book != NULL && rem >= c->book_seeds && dj_book_lookup (c->book, pos, value);
}

/* ---------------------------------------------------------------------- */
/* the table */

#define HUGE_PAGE (2 * 1024 * 1024)
/* What is mapped for a table of @bytes: whole huge pages. */
#define TABLE_MAPPED(bytes) (((bytes) + HUGE_PAGE - 1) / HUGE_PAGE * HUGE_PAGE)

/* @bytes of zeroed memory for the table, aligned to 2 MiB and in huge
 * pages where the system offers them: first touches of a large table
 * otherwise cost more than a small search.  On Linux straight from the
 * kernel, which gives it zeroed: clearing it again cost a process a few
 * milliseconds, and only the pages a search touches are ever made. */
static Entry *
table_alloc (gsize bytes)
{
#if defined(__linux__) && defined(MADV_HUGEPAGE)
  gsize len = TABLE_MAPPED (bytes);
  guint8 *map = mmap (NULL, len + HUGE_PAGE, PROT_READ | PROT_WRITE,
                      MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
  gsize head;

  if (map == MAP_FAILED)
    g_error ("%s: %s", G_STRFUNC, g_strerror (errno));
  /* The unaligned head and the tail given back. */
  head = (HUGE_PAGE - (guintptr) map % HUGE_PAGE) % HUGE_PAGE;
  if (head > 0)
    munmap (map, head);
  munmap (map + head + len, HUGE_PAGE - head);
  madvise (map + head, len, MADV_HUGEPAGE);
  return (Entry *) (map + head);
#else
  Entry *table = g_aligned_alloc (bytes / sizeof (Entry), sizeof (Entry), HUGE_PAGE);

  memset (table, 0, bytes);
  return table;
#endif
}

static void
table_free (Entry *table,
            gsize  bytes)
{
  if (table == NULL)
    return;
#if defined(__linux__) && defined(MADV_HUGEPAGE)
  munmap (table, TABLE_MAPPED (bytes));
#else
  g_aligned_free (table);
#endif
}

/* The table, made by the first analysis (any thread); every job calls this
 * before its threads probe the table. */
static Entry *
table_of (DjSearch *s)
{
  if (g_once_init_enter (&s->table))
    g_once_init_leave (&s->table, table_alloc (s->n_buckets * BUCKET * sizeof (Entry)));
  return s->table;
}

static inline Entry *
bucket_of (DjSearch *s,
           guint64   key)
{
  return &s->table[(key & (s->n_buckets - 1)) * BUCKET];
}

static inline gboolean
tt_probe (DjSearch *s,
          guint64   key,
          guint64  *data)
{
  Entry *b = bucket_of (s, key);

  for (guint i = 0; i < BUCKET; i++)
    {
      guint64 d = __atomic_load_n (&b[i].data, __ATOMIC_RELAXED);
      guint64 c = __atomic_load_n (&b[i].check, __ATOMIC_RELAXED);

      if ((c ^ d) == key && d != 0)
        {
          *data = d;
          return TRUE;
        }
    }
  return FALSE;
}

static inline guint64
make_data (int     lower,
           int     upper,
           int     move,
           guint   gen,
           guint64 work)
{
  return (guint64) (lower + 128) | ((guint64) (upper + 128) << 8) |
         ((guint64) (move + 1) << 16) | ((guint64) (gen & 0xff) << 24) |
         ((guint64) MIN (work, G_MAXUINT32) << 32);
}

static void
tt_store (Ctx     *c,
          guint64  key,
          int      lower,
          int      upper,
          int      move,
          guint64  work)
{
  DjSearch *s = c->search;
  Entry *b = bucket_of (s, key);
  Entry *victim = NULL;
  guint64 victim_score = G_MAXUINT64;
  guint64 d;

  for (guint i = 0; i < BUCKET; i++)
    {
      guint64 od = __atomic_load_n (&b[i].data, __ATOMIC_RELAXED);
      guint64 oc = __atomic_load_n (&b[i].check, __ATOMIC_RELAXED);
      guint64 score;

      if ((oc ^ od) == key && od != 0)
        {
          /* Same position: both results are proven, keep both. */
          int ol = D_LOWER (od), ou = D_UPPER (od);

          if (ol <= upper && lower <= ou)
            {
              lower = MAX (lower, ol);
              upper = MIN (upper, ou);
            }
          if (move < 0)
            move = D_MOVE (od);
          work += D_WORK (od);
          victim = &b[i];
          break;
        }
      /* Empty first, then entries of old searches, then the least work. */
      if (od == 0)
        score = 0;
      else
        score = (D_GEN (od) == c->generation ? G_GUINT64_CONSTANT (1) << 40 : 0) + D_WORK (od) + 1;
      if (score < victim_score)
        {
          victim_score = score;
          victim = &b[i];
        }
    }

  d = make_data (lower, upper, move, c->generation, work);
  __atomic_store_n (&victim->data, d, __ATOMIC_RELAXED);
  __atomic_store_n (&victim->check, key ^ d, __ATOMIC_RELAXED);
}

/* ---------------------------------------------------------------------- */
/* budget */

static gboolean
check_abort (Ctx *c)
{
  guint64 total;

  if (g_atomic_int_get (c->abort))
    return TRUE;
  total = __atomic_add_fetch (c->shared_nodes, c->nodes - c->reported, __ATOMIC_RELAXED);
  c->reported = c->nodes;
  if ((c->cancellable != NULL && g_cancellable_is_cancelled (c->cancellable)))
    {
      g_atomic_int_set (c->cancelled, 1);
      g_atomic_int_set (c->abort, 1);
    }
  else if ((c->deadline != 0 && g_get_monotonic_time () >= c->deadline) ||
           (c->node_limit != 0 && total >= c->node_limit))
    g_atomic_int_set (c->abort, 1);
  return g_atomic_int_get (c->abort) != 0;
}

/* ---------------------------------------------------------------------- */
/* children */

/* Fills @children for @pos (captures zero); returns how many, or -1 if the
 * game is over (then *terminal is the future value).  A child that repeats a
 * position of stack[seg_start .. ply] gets that ply in repeat. */
static int
expand (Ctx              *c,
        const DjPosition *pos,
        guint             seg_start,
        guint             ply,
        gboolean          check_repeats,
        Child            *children,
        int              *terminal)
{
  DjMoves moves;
  int n = 0;

  dj_moves_generate (&c->rules, pos, &moves);
  if (moves.end != DJ_END_NONE)
    {
      int score[2];

      dj_final_scores (&c->rules, pos, score);
      *terminal = score[pos->to_move] - score[1 - pos->to_move];
      return -1;
    }

  if (moves.must_pass)
    {
      dj_moves_child (&moves, pos, DJ_PASS, &children[0].pos);
      children[0].move = DJ_PASS;
      children[0].taken = 0;
      n = 1;
    }
  else
    for (guint k = 0; k < DJ_ROW_PITS; k++)
      if (moves.pit[k] == DJ_PIT_LEGAL)
        {
          Child *ch = &children[n++];

          ch->pos = moves.children[k];
          ch->move = moves.row_start + k;
          ch->taken = ch->pos.captured[pos->to_move];
          ch->pos.captured[0] = ch->pos.captured[1] = 0;
        }

  for (int i = 0; i < n; i++)
    {
      Child *ch = &children[i];

      ch->repeat = NO_REP;
      ch->order = ch->taken;
      /* Among moves that capture alike, the one that leaves the opponent
       * fewest seeds in their row against ours first (a third fewer nodes
       * on the slowest positions than the history alone), then the pit that
       * refuted most often before. */
      ch->tie = (guint32) (64 - split_value (&ch->pos)) << 24 |
                (ch->move >= 0 && ch->move < DJ_N_PITS ? MIN (c->history[ch->move], 0xffffff) : 0);
      if (check_repeats && ch->taken == 0)
        for (guint j = seg_start; j <= ply; j++)
          if (pos_same (&c->stack[j], &ch->pos))
            {
              ch->repeat = j;
              break;
            }
    }
  return n;
}

static void
sort_children (Child *children,
               int    n)
{
  for (int i = 1; i < n; i++)
    {
      Child t = children[i];
      int j = i;

      for (; j > 0 && (children[j - 1].order < t.order ||
                       (children[j - 1].order == t.order &&
                        children[j - 1].tie < t.tie)); j--)
        children[j] = children[j - 1];
      children[j] = t;
    }
}

/* ---------------------------------------------------------------------- */
/* the exact search */

static int search (Ctx *c, const DjPosition *pos, int rem, guint seg_start, guint ply,
                   int alpha, int beta, guint *rep);

/* A child's exact value from the endgame tables, from its mover's view
 * (as they keep it). */
static inline int
slot_value (const Child *ch)
{
  return *ch->slot;
}

/* The value of a child from the parent's view; the child is searched with
 * the window (alpha, beta) of the parent. */
static inline int
child_value (Ctx         *c,
             const Child *ch,
             int          rem,
             guint        seg_start,
             guint        ply,
             int          alpha,
             int          beta,
             guint       *rep)
{
  if (ch->repeat != NO_REP)
    {
      *rep = ch->repeat;
      return 0;
    }
  if (ch->slot != NULL)
    {
      /* Its exact value, read already to order the moves. */
      c->nodes++;
      *rep = NO_REP;
      return ch->taken - slot_value (ch);
    }
  if (ch->taken > 0)
    return ch->taken - search (c, &ch->pos, rem - ch->taken, ply + 1, ply + 1,
                               ch->taken - beta, ch->taken - alpha, rep);
  return -search (c, &ch->pos, rem, seg_start, ply + 1, -beta, -alpha, rep);
}

static int
search (Ctx              *c,
        const DjPosition *pos,
        int               rem,
        guint             seg_start,
        guint             ply,
        int               alpha,
        int               beta,
        guint            *rep)
{
  Child children[DJ_ROW_PITS];
  guint64 key, data, nodes0;
  guint truncated0, low_rep = NO_REP;
  int n, terminal, best = -INF, best_move = -1, hint = -1, tv;
  int alpha0, beta0;

  *rep = NO_REP;
  if (G_UNLIKELY (++c->nodes >= c->next_check))
    {
      /* Every 1,024 positions, or sooner when the budget is smaller. */
      c->next_check = c->nodes + 1024;
      if (check_abort (c))
        return 0;
    }
  if (G_UNLIKELY (g_atomic_int_get (c->abort)))
    return 0;

  /* F is within [-rem, rem]. */
  if (alpha >= rem)
    return rem;
  if (beta <= -rem)
    return -rem;
  if (table_value (c, pos, rem, &tv))
    return tv;

  c->stack[ply] = *pos;
  n = expand (c, pos, seg_start, ply, TRUE, children, &terminal);
  if (n < 0)
    return terminal;

  if (ply >= c->max_ply)
    {
      /* Too long a line: unknown, counted against the side the caller
       * wants to prove something for. */
      c->truncated++;
      return ((ply ^ c->tester_ply) & 1) == 0 ? -c->pessimism * rem : c->pessimism * rem;
    }

  key = pos_key (c, pos);
  if (tt_probe (c->search, key, &data))
    {
      int lo = D_LOWER (data), up = D_UPPER (data);

      if (lo >= beta || lo == up)
        return lo;
      if (up <= alpha)
        return up;
      hint = D_MOVE (data);
      alpha = MAX (alpha, lo);
      beta = MIN (beta, up);
    }

  alpha0 = alpha;
  beta0 = beta;

  /* Order: the table's move, then by what the children are known to be
   * worth, then the largest captures.  Enhanced transposition cut-off: a
   * child the endgame tables, or with few seeds the transposition table,
   * show to refute is enough.  (With many seeds, looking the children up in
   * the transposition table saved 3 % of the nodes and cost a fifth of the
   * time: each look is a cache miss.  With few, where positions come round
   * most, it is what keeps a search without the endgame tables quick:
   * every position of 8 seeds takes 2 s with it, over 100 s without.)
   * The children's entries are far apart in memory: ask for all of them at
   * once, so that their cache misses overlap one another and the work
   * before each child's search reads its own (without asking, a third
   * more time); likewise the endgame tables' values (a fifth of the time
   * went into waiting for them one by one). */
  for (int i = 0; i < n; i++)
    {
      Child *ch = &children[i];
      int crem = rem - ch->taken;

      ch->slot = NULL;
      if (crem <= c->tables_seeds && ch->repeat == NO_REP)
        ch->slot = dj_tables_slot (c->tables, &ch->pos, crem);
      if (ch->slot != NULL)
        __builtin_prefetch (ch->slot);
      else
        {
          ch->key = pos_key (c, &ch->pos);
          __builtin_prefetch (bucket_of (c->search, ch->key));
        }
    }
  for (int i = 0; i < n; i++)
    {
      Child *ch = &children[i];
      int v;

      if (ch->repeat != NO_REP)
        {
          if (0 >= beta)
            {
              *rep = ch->repeat;
              return 0;
            }
          ch->order = -100;
          continue;
        }
      if (ch->slot != NULL || table_value (c, &ch->pos, rem - ch->taken, &tv))
        {
          if (ch->slot != NULL)
            tv = slot_value (ch);
          v = ch->taken - tv;
          if (v >= beta)
            {
              tt_store (c, key, v, rem, ch->move, 1);
              return v;
            }
          ch->order = 50 + v;
        }
      else if (rem <= ETC_SEEDS && tt_probe (c->search, ch->key, &data))
        {
          v = ch->taken - D_UPPER (data);
          if (v >= beta)
            {
              tt_store (c, key, v, rem, ch->move, 1);
              return v;
            }
          ch->order = 50 + (v + ch->taken - D_LOWER (data)) / 2;
        }
      if (ch->move == hint)
        ch->order = 200;
    }
  sort_children (children, n);

  nodes0 = c->nodes;
  truncated0 = c->truncated;
  for (int i = 0; i < n; i++)
    {
      guint crep;
      int v = child_value (c, &children[i], rem, seg_start, ply, alpha, beta, &crep);

      if (G_UNLIKELY (g_atomic_int_get (c->abort)))
        return 0;
      low_rep = MIN (low_rep, crep);
      if (v > best)
        {
          best = v;
          best_move = children[i].move;
          if (v > alpha)
            {
              alpha = v;
              if (alpha >= beta)
                {
                  if (best_move >= 0 && best_move < DJ_N_PITS && i > 0)
                    c->history[best_move] += g_bit_storage (c->nodes - nodes0);
                  break;
                }
            }
        }
    }

  /* Stored only when no return above this node was scored in its tree. */
  if (c->truncated == truncated0 && (low_rep == NO_REP || low_rep >= ply))
    {
      if (best <= alpha0)
        tt_store (c, key, -rem, best, best_move, c->nodes - nodes0);
      else if (best >= beta0)
        tt_store (c, key, best, rem, best_move, c->nodes - nodes0);
      else
        tt_store (c, key, best, best, best_move, c->nodes - nodes0);
    }
  *rep = low_rep;
  return best;
}

/* ---------------------------------------------------------------------- */
/* a heuristic estimate for unfinished searches: a short look-ahead, leaves
 * valued by half the split of the board */

static int
heuristic (Ctx              *c,
           const DjPosition *pos,
           int               rem,
           guint             depth,
           int               alpha,
           int               beta)
{
  Child children[DJ_ROW_PITS];
  int n, terminal, best = -INF, tv;

  c->nodes++;
  if (table_value (c, pos, rem, &tv))
    return tv;
  n = expand (c, pos, 0, 0, FALSE, children, &terminal);
  if (n < 0)
    return terminal;
  if (depth == 0)
    return split_value (pos) / 2;
  for (int i = 0; i < n; i++)
    {
      const Child *ch = &children[i];
      int v = ch->taken - heuristic (c, &ch->pos, rem - ch->taken, depth - 1,
                                     ch->taken - beta, ch->taken - alpha);

      if (v > best)
        {
          best = v;
          if (v > alpha)
            {
              alpha = v;
              if (alpha >= beta)
                break;
            }
        }
    }
  return best;
}

/* ---------------------------------------------------------------------- */
/* proving the value of one root move (or of the root itself) */

typedef struct
{
  DjPosition pos;      /* the position searched: a root child, or the root */
  int        taken;    /* seeds captured by the move (0 for the root itself) */
  gboolean   root;     /* proving the root's own value */
} Target;

typedef enum
{
  TEST_GE,        /* proven: value >= t; bound is a lower bound */
  TEST_LT,        /* proven: value < t; bound is an upper bound */
  TEST_UNKNOWN,   /* lines cut by the ply limit hide the answer */
  TEST_ABORT,     /* out of budget or cancelled */
} TestResult;

/* Tests "value >= t" for the target (the value from the view of the mover
 * before it: the root for a root child, the root itself for a root target).
 * The target is searched as the start of a line, at ply 0. */
static TestResult
test_target (Ctx          *c,
             const Target *tg,
             int           t,
             int          *bound)
{
  int rem = board_seeds (&tg->pos);

  c->tester_ply = tg->root ? 0 : 1;
  for (int pass = 0; pass < 2; pass++)
    {
      guint truncated0 = c->truncated, rep;
      gboolean ge;
      int r;

      /* First with cut lines counting against ">= t", then, if lines were
       * cut and the answer was "< t", with them counting for it. */
      c->pessimism = pass == 0 ? 1 : -1;
      if (tg->root)
        {
          r = search (c, &tg->pos, rem, 0, 0, t - 1, t, &rep);
          ge = r >= t;
          *bound = r;
        }
      else
        {
          /* move >= t  <=>  F(child) <= taken - t */
          int a = tg->taken - t;

          r = search (c, &tg->pos, rem, 0, 0, a, a + 1, &rep);
          ge = r <= a;
          *bound = tg->taken - r;
        }
      if (g_atomic_int_get (c->abort))
        return TEST_ABORT;
      if (c->truncated == truncated0)
        return ge ? TEST_GE : TEST_LT;
      if (pass == 0 && ge)
        return TEST_GE;
      if (pass == 1 && !ge)
        return TEST_LT;
    }
  return TEST_UNKNOWN;
}

/* Tightens a bound another thread may tighten at the same time. */
static void
raise_bound (int *bound,
             int  value)
{
  int old;

  do
    {
      old = g_atomic_int_get (bound);
      if (old >= value)
        return;
    }
  while (!g_atomic_int_compare_and_exchange (bound, old, value));
}

static void
drop_bound (int *bound,
            int  value)
{
  int old;

  do
    {
      old = g_atomic_int_get (bound);
      if (old <= value)
        return;
    }
  while (!g_atomic_int_compare_and_exchange (bound, old, value));
}

static inline int
round_parity (int t,
              int parity)
{
  return ((t - parity) & 1) ? t + 1 : t;
}

/* @t moved into the open window (lo, up] with the values' parity. */
static inline int
fit_threshold (int t,
               int lo,
               int up,
               int parity)
{
  t = round_parity (CLAMP (t, lo + 1, up), parity);
  return t > up ? t - 2 : t;
}

/* What a test proved, into the bounds (shared, only ever tightened);
 * FALSE when it proved nothing (cut lines, budget, cancellation). */
static gboolean
tighten (TestResult r,
         int        bound,
         int       *lower,
         int       *upper)
{
  switch (r)
    {
    case TEST_GE:
      raise_bound (lower, MIN (bound, g_atomic_int_get (upper)));
      return TRUE;
    case TEST_LT:
      drop_bound (upper, MAX (bound, g_atomic_int_get (lower)));
      return TRUE;
    case TEST_UNKNOWN:
    case TEST_ABORT:
    default:
      return FALSE;
    }
}

/* Narrows [*lower, *upper] (the tester's view, future values) to the exact
 * value: MTD(f) from @guess, each test next to the bound the last one
 * moved, and a step that doubles while the tests keep moving the same
 * bound (2, 4, 8, … values past it).  Tests close to the value cost the
 * most; the old rule, the middle of the window after three tests, jumped
 * far and then crawled back two by two, up to eight tests where the value
 * was 4 to 6 from the guess: 5 % more nodes on 1,000 random Djenon-abe
 * positions, 7–8 % more on the twenty slowest.
 *
 * The bounds may be shared with a helper thread (help_target()), which
 * narrows them too: they are read afresh before each test and only ever
 * tightened, atomically.  @testing and @heading tell the helper the
 * threshold under test and which bound the last test moved.
 * Returns FALSE if stopped by the budget or by cut lines. */
static gboolean
prove_target (Ctx          *c,
              const Target *tg,
              int           guess,
              int          *lower,
              int          *upper,
              int          *testing,
              int          *heading)
{
  int parity = (board_seeds (&tg->pos) + tg->taken) & 1;
  int t = guess, run = 0, last = 0;

  for (;;)
    {
      int lo = g_atomic_int_get (lower), up = g_atomic_int_get (upper), bound, way;
      TestResult r;

      if (lo >= up)
        return TRUE;
      if (run > 0)
        {
          /* Past the bound: 0 after one move of it, then 2, 6, 14, … */
          int gap = 2 * ((1 << MIN (run - 1, 5)) - 1);

          t = last > 0 ? lo + 2 + gap : up - gap;
        }
      t = fit_threshold (t, lo, up, parity);
      g_atomic_int_set (heading, last);
      g_atomic_int_set (testing, t);
      r = test_target (c, tg, t, &bound);
      if (!tighten (r, bound, lower, upper))
        return FALSE;
      way = r == TEST_GE ? 1 : -1;
      run = way == last ? run + 1 : 1;
      last = way;
    }
}

/* A second thread on a move whose owner is still proving it, once no move
 * is left unclaimed: it tests the threshold the owner would test next if
 * its test goes the way the last one went (above the owner's first, where
 * values lie more often), else the one on the other side, and tightens
 * the shared bounds with what it proves.  Two tests at once where the
 * owner made them one after the other; before, the helper only repeated
 * the owner's tests to fill the table (a third of the wall time of the
 * slowest positions was spent so).  Returns when the bounds meet, when
 * the owner is done (the helper's abort flag) or when nothing is left to
 * test that the owner is not testing. */
static void
help_target (Ctx          *c,
             const Target *tg,
             int          *lower,
             int          *upper,
             int          *testing,
             int          *heading)
{
  int parity = (board_seeds (&tg->pos) + tg->taken) & 1;

  while (!g_atomic_int_get (c->abort))
    {
      int lo = g_atomic_int_get (lower), up = g_atomic_int_get (upper);
      int owner = g_atomic_int_get (testing), way = g_atomic_int_get (heading) < 0 ? -2 : 2;
      int t = -INF, bound;
      TestResult r;

      if (lo >= up)
        return;
      for (int k = 0; k < 2 && t == -INF; k++, way = -way)
        {
          int u = fit_threshold (owner + way, lo, up, parity);

          if (u != owner)
            t = u;
        }
      if (t == -INF)
        return;
      r = test_target (c, tg, t, &bound);
      if (!tighten (r, bound, lower, upper))
        return;
    }
}

/* One round of iterative deepening: the target searched with lines cut at
 * @depth plies, once with the cut lines counted against the tester (a proven
 * lower bound) and once for it (a proven upper bound).  Returns FALSE when
 * out of budget. */
static gboolean
deepen_target (Ctx          *c,
               const Target *tg,
               guint         depth,
               int          *lower,
               int          *upper)
{
  int rem = board_seeds (&tg->pos);
  guint max_ply = c->max_ply;
  gboolean ok = TRUE;

  c->max_ply = MIN (max_ply, depth);
  c->tester_ply = tg->root ? 0 : 1;
  for (int pass = 0; pass < 2 && *lower < *upper; pass++)
    {
      guint truncated0 = c->truncated, rep;
      int lo = *lower - 1, hi = *upper + 1, r, v;
      gboolean fail_low, fail_high;

      c->pessimism = pass == 0 ? 1 : -1;
      if (tg->root)
        {
          r = search (c, &tg->pos, rem, 0, 0, lo, hi, &rep);
          v = r;
          fail_low = r <= lo;
          fail_high = r >= hi;
        }
      else
        {
          r = search (c, &tg->pos, rem, 0, 0, tg->taken - hi, tg->taken - lo, &rep);
          v = tg->taken - r;
          fail_low = r >= tg->taken - lo;
          fail_high = r <= tg->taken - hi;
        }
      if (g_atomic_int_get (c->abort))
        {
          ok = FALSE;
          break;
        }
      /* fail-soft: v bounds the cut tree's value from below unless it
       * failed low, from above unless it failed high */
      if ((pass == 0 || c->truncated == truncated0) && !fail_low)
        *lower = MAX (*lower, MIN (v, *upper));
      if ((pass == 1 || c->truncated == truncated0) && !fail_high)
        *upper = MIN (*upper, MAX (v, *lower));
      if (c->truncated == truncated0)
        break;  /* nothing was cut: this was the real tree */
    }
  c->max_ply = max_ply;
  return ok;
}

/* ---------------------------------------------------------------------- */
/* lines */

/* Follows perfect play from the target, whose future value from its mover's
 * view is @value, and appends at most @max_len moves.  Every move of the
 * line keeps the value; among such moves a capture (or the end of the game)
 * comes first, then a move to a position not yet on the line (since the
 * last capture).  Sets *endless when the line comes back to a position on
 * it (the value is then 0: the seeds left are divided equally). */
static void
walk_line (Ctx          *c,
           const Target *tg,
           int           value,
           guint         max_len,
           GArray       *line,
           gboolean     *endless)
{
  g_autoptr(GArray) seen = g_array_new (FALSE, FALSE, sizeof (DjPosition));
  DjPosition pos = tg->pos;

  *endless = FALSE;
  g_array_append_val (seen, pos);
  while (line->len < MIN (max_len, c->max_ply))
    {
      Child children[DJ_ROW_PITS];
      int n, terminal, hint = -1, pick = -1;
      guint64 data;

      n = expand (c, &pos, 0, 0, FALSE, children, &terminal);
      if (n < 0)
        return;
      if (tt_probe (c->search, pos_key (c, &pos), &data))
        hint = D_MOVE (data);
      for (int i = 0; i < n; i++)
        {
          Child *ch = &children[i];
          DjMoves m;

          ch->repeat = NO_REP;
          for (guint j = 0; j < seen->len && ch->taken == 0; j++)
            if (pos_same (&g_array_index (seen, DjPosition, j), &ch->pos))
              ch->repeat = j;
          dj_moves_generate (&c->rules, &ch->pos, &m);
          if (ch->repeat != NO_REP)
            ch->order = -100;
          else if (ch->taken > 0 || m.end != DJ_END_NONE)
            ch->order = 100 + ch->taken;
          else
            ch->order = ch->move == hint ? 50 : 0;
        }
      sort_children (children, n);

      for (int i = 0; i < n && pick < 0; i++)
        {
          Child *ch = &children[i];
          int bound, tv;

          if (table_value (c, &ch->pos, board_seeds (&ch->pos), &tv))
            {
              if (ch->taken - tv == value)
                pick = i;
            }
          else
            {
              Target sub = { ch->pos, ch->taken, FALSE };
              TestResult r = test_target (c, &sub, value, &bound);

              if (r == TEST_GE)
                pick = i;
              else if (r != TEST_LT)
                return;
            }
        }
      if (pick < 0)
        return;
      g_array_append_val (line, children[pick].move);
      if (children[pick].repeat != NO_REP)
        {
          *endless = value == 0;
          return;
        }
      value = children[pick].taken - value;
      pos = children[pick].pos;
      if (children[pick].taken > 0)
        g_array_set_size (seen, 0);
      g_array_append_val (seen, pos);
    }
}

/* ---------------------------------------------------------------------- */
/* public */

DjSearch *
dj_search_new (gsize table_bytes)
{
  DjSearch *s = g_new0 (DjSearch, 1);
  gsize buckets = 1;

  g_atomic_ref_count_init (&s->ref_count);
  if (table_bytes == 0)
    table_bytes = DJ_SEARCH_DEFAULT_TABLE;
  while (buckets * 2 * BUCKET * sizeof (Entry) <= table_bytes)
    buckets *= 2;
  s->n_buckets = buckets;
  s->n_threads = CLAMP (g_get_num_processors (), 1, 2);
  s->use_tables = TRUE;
  s->use_book = TRUE;
  return s;
}

DjSearch *
dj_search_ref (DjSearch *search)
{
  g_return_val_if_fail (search != NULL, NULL);
  g_atomic_ref_count_inc (&search->ref_count);
  return search;
}

void
dj_search_unref (DjSearch *search)
{
  if (search == NULL || !g_atomic_ref_count_dec (&search->ref_count))
    return;
  table_free (search->table, search->n_buckets * BUCKET * sizeof (Entry));
  g_free (search);
}

void
dj_search_free (DjSearch *search)
{
  dj_search_unref (search);
}

gboolean
dj_search_set (DjSearch **slot,
               DjSearch  *search)
{
  DjSearch *old;

  g_return_val_if_fail (slot != NULL, FALSE);

  old = *slot;
  if (old == search)
    return FALSE;
  *slot = search != NULL ? dj_search_ref (search) : NULL;
  dj_search_unref (old);
  return TRUE;
}

void
dj_search_clear (DjSearch *search)
{
  Entry *table;

  g_return_if_fail (search != NULL);
  table = g_atomic_pointer_get (&search->table);
  if (table == NULL)
    return;
  for (gsize i = 0; i < search->n_buckets * BUCKET; i++)
    {
      __atomic_store_n (&table[i].data, 0, __ATOMIC_RELAXED);
      __atomic_store_n (&table[i].check, 0, __ATOMIC_RELAXED);
    }
}

void
dj_search_set_threads (DjSearch *search,
                       guint     n_threads)
{
  g_return_if_fail (search != NULL);
  g_atomic_int_set (&search->n_threads, CLAMP (n_threads, 1, 2));
}

void
dj_search_set_use_tables (DjSearch *search,
                          gboolean  use_tables)
{
  g_return_if_fail (search != NULL);
  g_atomic_int_set (&search->use_tables, !!use_tables);
}

void
dj_search_set_use_book (DjSearch *search,
                        gboolean  use_book)
{
  g_return_if_fail (search != NULL);
  g_atomic_int_set (&search->use_book, !!use_book);
}

gsize
dj_search_get_table_bytes (DjSearch *search)
{
  g_return_val_if_fail (search != NULL, 0);
  return search->n_buckets * BUCKET * sizeof (Entry);
}

void
dj_analysis_free (DjAnalysis *analysis)
{
  if (analysis == NULL)
    return;
  for (guint i = 0; i < analysis->n_moves; i++)
    g_free (analysis->moves[i].line);
  g_free (analysis->moves);
  g_free (analysis);
}

/* What one analysis shares between its threads. */
typedef struct
{
  DjSearch         *search;
  DjRules           rules;
  guint8            generation;
  gboolean          use_tables;
  gboolean          use_book;
  guint             n_threads;
  DjPosition        root;        /* captures zero */
  int               rem;
  GCancellable     *cancellable;
  gint64            deadline;
  guint64           node_limit;
  guint             max_ply;
  volatile gint     abort;
  volatile gint     cancelled;
  guint64           nodes;
  /* per move */
  guint             n;
  Target            targets[DJ_ROW_PITS + 1];
  DjMove            moves[DJ_ROW_PITS + 1];
  int               lower[DJ_ROW_PITS + 1];
  int               upper[DJ_ROW_PITS + 1];
  int               guess[DJ_ROW_PITS + 1];
  int               testing[DJ_ROW_PITS + 1];    /* the threshold its owner tests */
  int               heading[DJ_ROW_PITS + 1];    /* the bound its owner's last test moved */
  gboolean          done[DJ_ROW_PITS + 1];
  gboolean          walked[DJ_ROW_PITS + 1];   /* its line (or best move) found too */
  gboolean          endless[DJ_ROW_PITS + 1];
  volatile gint     finished[DJ_ROW_PITS + 1];   /* its owner is done with it */
  GArray           *lines[DJ_ROW_PITS + 1];
  volatile gint     next;
  gboolean          want_lines;
  gboolean          values_only;
  gboolean          deepen;      /* a budget is set: bounds from short lines first */
  guint             phase;       /* 0: short lines, 1: exact values */
} Job;

static void
ctx_init (Ctx *c,
          Job *job)
{
  c->search = job->search;
  c->rules = job->rules;
  c->salt = mix64 (G_GUINT64_CONSTANT (0x9e3779b97f4a7c15) +
                   (guint64) job->rules.variant * 2 + job->rules.feeding);
  c->generation = job->generation;
  c->cancellable = job->cancellable;
  c->deadline = job->deadline;
  c->node_limit = job->node_limit;
  c->max_ply = job->max_ply;
  c->abort = &job->abort;
  c->cancelled = &job->cancelled;
  c->shared_nodes = &job->nodes;
  c->nodes = 0;
  c->reported = 0;
  c->next_check = job->node_limit != 0 ? MIN (job->node_limit, 1024) : 1024;
  c->truncated = 0;
  c->pessimism = 1;
  c->tester_ply = 0;
  c->tables = job->use_tables ? dj_tables_get (&job->rules) : NULL;
  c->tables_seeds = c->tables != NULL ? (int) dj_tables_max_seeds (c->tables) : -1;
  c->book = job->use_tables && job->use_book ? dj_book_get (&job->rules) : NULL;
  c->book_seeds = c->book != NULL ? (int) dj_book_min_seeds (c->book) : DJ_N_SEEDS + 1;
  memset (c->history, 0, sizeof c->history);
}

static void
ctx_finish (Ctx *c)
{
  __atomic_add_fetch (c->shared_nodes, c->nodes - c->reported, __ATOMIC_RELAXED);
  c->reported = c->nodes;
}

/* A thread with no move left to prove helps with one still being proven:
 * it searches the same target with the same shared table, so each finds
 * the other's results there.  It keeps nothing itself; it stops when the
 * thread that owns the target is done with it (its stop flag is that
 * target's @finished). */
static void
help_moves (Ctx *c,
            Job *job)
{
  volatile gint *abort = c->abort;

  while (!g_atomic_int_get (abort))
    {
      int pick = -1, width = -1;

      for (guint j = 0; j < job->n; j++)
        {
          /* The bounds are tightened by both threads. */
          int w = g_atomic_int_get (&job->upper[j]) - g_atomic_int_get (&job->lower[j]);

          if (!g_atomic_int_get (&job->finished[j]) && w > width)
            {
              pick = j;
              width = w;
            }
        }
      if (pick < 0)
        return;
      c->abort = &job->finished[pick];
      help_target (c, &job->targets[pick], &job->lower[pick], &job->upper[pick],
                   &job->testing[pick], &job->heading[pick]);
      c->abort = abort;
      /* Nothing more to test: wait for the owner rather than search the
       * same thing again. */
      while (!g_atomic_int_get (&job->finished[pick]) && !g_atomic_int_get (abort))
        g_usleep (200);
    }
}

/* Proves the moves of @job one by one, taking the next free one each time. */
static void
prove_moves (Ctx *c,
             Job *job)
{
  for (;;)
    {
      guint i = (guint) g_atomic_int_add (&job->next, 1);
      int guess;

      if (i >= job->n)
        {
          if (job->phase == 1 && job->n_threads > 1)
            help_moves (c, job);
          return;
        }
      if (job->phase == 0)
        {
          /* Short lines first, for every move: proven bounds early. */
          for (guint depth = 6; depth <= 12 && job->lower[i] < job->upper[i]; depth *= 2)
            if (!deepen_target (c, &job->targets[i], depth, &job->lower[i], &job->upper[i]))
              break;
          continue;
        }
      if (job->done[i] && job->walked[i])
        continue;   /* proven, line and all, in an earlier round */
      guess = CLAMP (job->guess[i], job->lower[i], job->upper[i]);
      g_atomic_int_set (&job->heading[i], 0);
      g_atomic_int_set (&job->testing[i], guess);
      job->done[i] = !g_atomic_int_get (c->abort) &&
                     prove_target (c, &job->targets[i], guess, &job->lower[i], &job->upper[i],
                                   &job->testing[i], &job->heading[i]);
      g_atomic_int_set (&job->finished[i], 1);
      /* Values only: a root target still needs its best move, the first
       * step of the line; a root move is its own. */
      if (job->done[i] && (job->want_lines || job->targets[i].root))
        {
          const Target *tg = &job->targets[i];
          int value = tg->root ? job->lower[i] : tg->taken - job->lower[i];

          g_array_set_size (job->lines[i], 0);
          walk_line (c, tg, value, job->want_lines ? G_MAXUINT : 1,
                     job->lines[i], &job->endless[i]);
        }
      job->walked[i] = job->done[i] && !g_atomic_int_get (c->abort);
    }
}

static gpointer
worker_thread (gpointer data)
{
  Job *job = data;
  Ctx *c = g_new (Ctx, 1);

  ctx_init (c, job);
  prove_moves (c, job);
  ctx_finish (c);
  g_free (c);
  return NULL;
}

static void
job_run (Job *job)
{
  GThread *helper = NULL;
  Ctx *c = g_new (Ctx, 1);

  gint64 deadline = job->deadline;
  guint64 node_limit = job->node_limit;
  gboolean budget = deadline != 0 || node_limit != 0;
  /* The exact values first; a budget set, with half of it.  Bounds from
   * short lines cost a third more nodes on the slowest positions and are
   * thrown away once the values are exact, so they are made only for the
   * moves still unproven then (or stopped by a depth limit), and the rest
   * of the budget goes on the exact values. */
  static const guint phases[] = { 1, 0, 1 };

  if (deadline != 0)
    {
      gint64 now = g_get_monotonic_time ();

      job->deadline = now + (deadline - now) / 2;
    }
  if (node_limit != 0)
    job->node_limit = MAX (node_limit / 2, 1);
  ctx_init (c, job);
  for (guint k = 0; k < G_N_ELEMENTS (phases); k++)
    {
      gboolean open = FALSE;

      for (guint i = 0; i < job->n; i++)
        open |= !job->done[i] || !job->walked[i];
      if (!open || (k > 0 && (!job->deepen || job->cancelled)))
        break;
      if (k == 1)
        {
          /* Half the budget spent, or lines cut by a depth limit: the
           * whole budget from now on.  (Without a budget only a
           * cancellation stops a search, and that ended the loop above.) */
          job->deadline = c->deadline = deadline;
          job->node_limit = c->node_limit = node_limit;
          g_atomic_int_set (&job->abort, 0);
          if (check_abort (c))
            break;
        }
      if (k == 2)
        {
          /* Another exact round only when the budget cut the first. */
          if (!budget || g_atomic_int_get (&job->abort))
            break;
          for (guint i = 0; i < job->n; i++)
            if (!job->done[i] || !job->walked[i])
              g_atomic_int_set (&job->finished[i], 0);
        }
      job->phase = phases[k];
      job->next = 0;
      if (job->n_threads > 1 && (job->n > 1 || job->phase == 1))
        helper = g_thread_new ("dj-search", worker_thread, job);
      prove_moves (c, job);
      if (helper != NULL)
        g_thread_join (helper);
      helper = NULL;
    }
  ctx_finish (c);
  g_free (c);
}

static void
job_init (Job                  *job,
          DjSearch             *search,
          const DjRules        *rules,
          const DjPosition     *pos,
          const DjSearchLimits *limits,
          GCancellable         *cancellable,
          gint64                start)
{
  memset (job, 0, sizeof *job);
  job->search = search;
  job->rules = *rules;
  if (job->rules.variant == DJ_VARIANT_ABOURE)
    job->rules.feeding = DJ_FEEDING_ON_STARVED_TURN;   /* the option does not apply */
  table_of (search);
  job->generation = (guint8) g_atomic_int_add (&search->generation, 1);
  job->use_tables = g_atomic_int_get (&search->use_tables);
  job->use_book = g_atomic_int_get (&search->use_book);
  job->n_threads = g_atomic_int_get (&search->n_threads);
  job->root = *pos;
  job->root.captured[0] = job->root.captured[1] = 0;
  job->rem = board_seeds (pos);
  job->cancellable = cancellable;
  job->max_ply = DJ_SEARCH_MAX_PLY;
  if (limits != NULL)
    {
      /* A huge budget is no budget: never let the deadline overflow. */
      if (limits->time_ms > 0 && limits->time_ms < (G_MAXINT64 - start) / 1000)
        job->deadline = start + limits->time_ms * 1000;
      job->node_limit = limits->nodes;
      if (limits->depth > 0)
        job->max_ply = MIN (limits->depth, DJ_SEARCH_MAX_PLY);
      job->deepen = limits->time_ms > 0 || limits->nodes > 0 || limits->depth > 0;
      job->values_only = (limits->flags & DJ_SEARCH_VALUES_ONLY) != 0;
    }
}

/* A heuristic value: a first guess for MTD(f) (@deep FALSE) or the estimate
 * shown when a budget stops the search (@deep TRUE). */
static int
estimate_of (Ctx              *c,
             const DjPosition *pos,
             int               taken,
             gboolean          root,
             gboolean          deep)
{
  int rem = board_seeds (pos);
  guint depth = !deep ? 3 : rem > 24 ? 5 : 7;
  int h = heuristic (c, pos, rem, depth, -INF, INF);

  return root ? h : taken - h;
}

static int
compare_values (gconstpointer a,
                gconstpointer b)
{
  const DjMoveValue *x = a, *y = b;

  if (x->value != y->value)
    return x->value > y->value ? -1 : 1;
  if (x->exact != y->exact)
    return x->exact ? -1 : 1;
  return x->move - y->move;
}

static DjAnalysis *
analyse (DjSearch             *search,
         const DjRules        *rules,
         const DjPosition     *pos,
         const DjSearchLimits *limits,
         GCancellable         *cancellable,
         gboolean              solve_only,
         GError              **error)
{
  g_autoptr(DjAnalysis) result = g_new0 (DjAnalysis, 1);
  gint64 start;
  int capdiff = pos->captured[pos->to_move] - pos->captured[1 - pos->to_move];
  Job *job;
  Ctx *c;
  Child children[DJ_ROW_PITS];
  int n, terminal;

  /* The first analysis makes the table before its time starts: a one-off
   * cost, not the search's. */
  table_of (search);
  start = g_get_monotonic_time ();
  if (!dj_position_check (pos, error))
    return NULL;

  result->rules = *rules;
  result->position = *pos;

  job = g_new0 (Job, 1);
  c = g_new (Ctx, 1);
  job_init (job, search, rules, pos, limits, cancellable, start);
  ctx_init (c, job);

  n = expand (c, &job->root, 0, 0, FALSE, children, &terminal);
  if (n < 0)
    {
      DjMoves moves;

      dj_moves_generate (rules, pos, &moves);
      result->end = moves.end;
      result->value = result->lower = result->upper = capdiff + terminal;
      result->exact = TRUE;
      g_free (c);
      g_free (job);
      result->time_us = g_get_monotonic_time () - start;
      return g_steal_pointer (&result);
    }

  if (solve_only)
    {
      Target *tg = &job->targets[0];

      tg->pos = job->root;
      tg->root = TRUE;
      job->n = 1;
      job->moves[0] = DJ_NO_MOVE;
      job->lower[0] = -job->rem;
      job->upper[0] = job->rem;
      job->guess[0] = estimate_of (c, &job->root, 0, TRUE, FALSE);
    }
  else
    {
      job->n = n;
      for (int i = 0; i < n; i++)
        {
          Target *tg = &job->targets[i];

          tg->pos = children[i].pos;
          tg->taken = children[i].taken;
          tg->root = FALSE;
          job->moves[i] = children[i].move;
          job->lower[i] = -job->rem;
          job->upper[i] = job->rem;
          if (children[i].taken > 0)
            job->lower[i] = 2 * children[i].taken - job->rem;
          job->guess[i] = estimate_of (c, &tg->pos, tg->taken, FALSE, FALSE);
        }
      /* Best guesses first, so that the table fills with good lines. */
      for (int i = 1; i < n; i++)
        for (int j = i; j > 0 && job->guess[j - 1] < job->guess[j]; j--)
          {
            Target t = job->targets[j];
            DjMove m = job->moves[j];
            int l = job->lower[j], u = job->upper[j], g = job->guess[j];

            job->targets[j] = job->targets[j - 1];
            job->moves[j] = job->moves[j - 1];
            job->lower[j] = job->lower[j - 1];
            job->upper[j] = job->upper[j - 1];
            job->guess[j] = job->guess[j - 1];
            job->targets[j - 1] = t;
            job->moves[j - 1] = m;
            job->lower[j - 1] = l;
            job->upper[j - 1] = u;
            job->guess[j - 1] = g;
          }
    }
  for (guint i = 0; i < job->n; i++)
    job->lines[i] = g_array_new (FALSE, FALSE, sizeof (DjMove));
  job->want_lines = !job->values_only;

  job_run (job);

  if (job->cancelled)
    {
      g_set_error_literal (error, G_IO_ERROR, G_IO_ERROR_CANCELLED,
                           _("The analysis was cancelled"));
      for (guint i = 0; i < job->n; i++)
        g_array_unref (job->lines[i]);
      g_free (c);
      g_free (job);
      return NULL;
    }

  /* Results, in the root mover's absolute terms. */
  result->nodes = job->nodes + c->nodes;
  result->exact = TRUE;
  result->lower = -INF;
  result->upper = -INF;
  result->n_moves = solve_only ? 0 : job->n;
  result->moves = g_new0 (DjMoveValue, job->n);
  for (guint i = 0; i < job->n; i++)
    {
      DjMoveValue *mv = &result->moves[i];
      gboolean exact = job->lower[i] == job->upper[i];
      GArray *line = job->lines[i];

      mv->move = job->moves[i];
      mv->lower = capdiff + job->lower[i];
      mv->upper = capdiff + job->upper[i];
      mv->exact = exact;
      if (exact)
        mv->estimate = mv->lower;
      else
        {
          int e = estimate_of (c, &job->targets[i].pos, job->targets[i].taken,
                               job->targets[i].root, TRUE);

          mv->estimate = capdiff + CLAMP (e, job->lower[i], job->upper[i]);
        }
      mv->value = mv->estimate;
      mv->endless = job->endless[i];
      if (!job->targets[i].root)
        g_array_prepend_val (line, mv->move);
      mv->line_len = line->len;
      mv->line = (DjMove *) g_array_free (line, FALSE);
      result->exact = result->exact && exact;
      result->lower = MAX (result->lower, mv->lower);
      result->upper = MAX (result->upper, mv->upper);
    }

  if (solve_only)
    {
      DjMoveValue *mv = &result->moves[0];

      result->value = mv->value;
      result->lower = mv->lower;
      result->upper = mv->upper;
      result->exact = mv->exact;
      if (mv->line_len == 0)
        {
          /* Not proven within the budget: the best move found so far (the
           * table's move for the root), else the first legal move. */
          guint64 data;
          DjMove best = children[0].move;

          if (tt_probe (search, pos_key (c, &job->root), &data))
            for (int i = 0; i < n; i++)
              if (children[i].move == D_MOVE (data))
                best = children[i].move;
          g_free (mv->line);
          mv->line = g_new (DjMove, 1);
          mv->line[0] = best;
          mv->line_len = 1;
        }
      mv->move = mv->line[0];
      result->n_moves = 1;
    }
  else
    {
      qsort (result->moves, result->n_moves, sizeof (DjMoveValue), compare_values);
      result->value = result->moves[0].value;
    }

  result->time_us = g_get_monotonic_time () - start;
  g_free (c);
  g_free (job);
  return g_steal_pointer (&result);
}

DjAnalysis *
dj_search_analyse (DjSearch             *search,
                   const DjRules        *rules,
                   const DjPosition     *pos,
                   const DjSearchLimits *limits,
                   GCancellable         *cancellable,
                   GError              **error)
{
  g_return_val_if_fail (search != NULL, NULL);
  g_return_val_if_fail (rules != NULL, NULL);
  g_return_val_if_fail (pos != NULL, NULL);
  g_return_val_if_fail (error == NULL || *error == NULL, NULL);

  return analyse (search, rules, pos, limits, cancellable, FALSE, error);
}

DjAnalysis *
dj_search_solve (DjSearch             *search,
                 const DjRules        *rules,
                 const DjPosition     *pos,
                 const DjSearchLimits *limits,
                 GCancellable         *cancellable,
                 GError              **error)
{
  g_return_val_if_fail (search != NULL, NULL);
  g_return_val_if_fail (rules != NULL, NULL);
  g_return_val_if_fail (pos != NULL, NULL);
  g_return_val_if_fail (error == NULL || *error == NULL, NULL);

  return analyse (search, rules, pos, limits, cancellable, TRUE, error);
}

gboolean
dj_search_move_at_least (DjSearch             *search,
                         const DjRules        *rules,
                         const DjPosition     *pos,
                         DjMove                move,
                         int                   threshold,
                         const DjSearchLimits *limits,
                         GCancellable         *cancellable,
                         gboolean             *at_least,
                         GError              **error)
{
  int capdiff, n, terminal, bound, pick = -1;
  Child children[DJ_ROW_PITS];
  TestResult r = TEST_UNKNOWN;
  Target tg;
  Job *job;
  Ctx *c;

  g_return_val_if_fail (search != NULL, FALSE);
  g_return_val_if_fail (rules != NULL, FALSE);
  g_return_val_if_fail (pos != NULL, FALSE);
  g_return_val_if_fail (at_least != NULL, FALSE);
  g_return_val_if_fail (error == NULL || *error == NULL, FALSE);

  if (!dj_position_check (pos, error))
    return FALSE;
  capdiff = pos->captured[pos->to_move] - pos->captured[1 - pos->to_move];
  job = g_new0 (Job, 1);
  c = g_new (Ctx, 1);
  job_init (job, search, rules, pos, limits, cancellable, g_get_monotonic_time ());
  ctx_init (c, job);
  n = expand (c, &job->root, 0, 0, FALSE, children, &terminal);
  for (int i = 0; i < n; i++)
    if (children[i].move == move)
      pick = i;
  if (pick < 0)
    g_set_error (error, DJ_ENGINE_ERROR, DJ_ENGINE_ERROR_ILLEGAL,
                 _("The move %s is not legal in this position"), dj_move_to_string (move));
  else
    {
      /* One null-window test of the move, as prove_target() makes them,
       * in future values (captures so far left out). */
      tg = (Target) { children[pick].pos, children[pick].taken, FALSE };
      r = test_target (c, &tg, threshold - capdiff, &bound);
      *at_least = r == TEST_GE;
      if (job->cancelled)
        g_set_error_literal (error, G_IO_ERROR, G_IO_ERROR_CANCELLED,
                             _("The analysis was cancelled"));
    }
  g_free (c);
  g_free (job);
  return r == TEST_GE || r == TEST_LT;
}

/* ---------------------------------------------------------------------- */
/* async */

typedef struct
{
  DjSearch      *search;
  DjRules        rules;
  DjPosition     pos;
  DjSearchLimits limits;
  gboolean       has_limits;
} AsyncData;

static void
async_data_free (gpointer data)
{
  AsyncData *d = data;

  dj_search_unref (d->search);
  g_free (d);
}

static void
analyse_thread (GTask        *task,
                gpointer      source_object,
                gpointer      task_data,
                GCancellable *cancellable)
{
  AsyncData *d = task_data;
  GError *error = NULL;
  DjAnalysis *analysis;

  analysis = dj_search_analyse (d->search, &d->rules, &d->pos, d->has_limits ? &d->limits : NULL,
                                cancellable, &error);
  if (analysis == NULL)
    g_task_return_error (task, error);
  else
    g_task_return_pointer (task, analysis, (GDestroyNotify) dj_analysis_free);
}

void
dj_search_analyse_async (DjSearch             *search,
                         const DjRules        *rules,
                         const DjPosition     *pos,
                         const DjSearchLimits *limits,
                         GCancellable         *cancellable,
                         GAsyncReadyCallback   callback,
                         gpointer              user_data)
{
  g_autoptr(GTask) task = NULL;
  AsyncData *d;

  g_return_if_fail (search != NULL);
  g_return_if_fail (rules != NULL);
  g_return_if_fail (pos != NULL);

  d = g_new0 (AsyncData, 1);
  d->search = dj_search_ref (search);
  d->rules = *rules;
  d->pos = *pos;
  if (limits != NULL)
    {
      d->limits = *limits;
      d->has_limits = TRUE;
    }
  task = g_task_new (NULL, cancellable, callback, user_data);
  g_task_set_name (task, "dj_search_analyse_async");
  g_task_set_source_tag (task, dj_search_analyse_async);
  g_task_set_task_data (task, d, async_data_free);
  g_task_run_in_thread (task, analyse_thread);
}

DjAnalysis *
dj_search_analyse_finish (DjSearch      *search,
                          GAsyncResult  *result,
                          GError       **error)
{
  g_return_val_if_fail (g_task_is_valid (result, NULL), NULL);
  g_return_val_if_fail (g_task_get_source_tag (G_TASK (result)) == dj_search_analyse_async, NULL);

  return g_task_propagate_pointer (G_TASK (result), error);
}

/* ---------------------------------------------------------------------- */
/* playing at a level */

DjMove
dj_search_choose (DjSearch             *search,
                  const DjRules        *rules,
                  const DjPosition     *pos,
                  DjLevel               level,
                  guint32               seed,
                  const DjSearchLimits *limits,
                  GCancellable         *cancellable)
{
  /* How many seeds a level may give away, and how often it errs at all. */
  static const struct
  {
    guint  depth;        /* look-ahead for the weak levels; 0: exact values */
    double temperature;  /* softmax over values, in seeds */
  } levels[DJ_N_LEVELS] = {
    { 0, 0.0 },
    { 0, 0.6 },
    { 6, 1.5 },
    { 3, 3.0 },
    { 1, 6.0 },
  };
  g_autoptr(GRand) rand = NULL;
  double weights[DJ_ROW_PITS + 1], sum = 0, pick;
  DjMove moves[DJ_ROW_PITS + 1];
  int values[DJ_ROW_PITS + 1], best = -INF;
  guint n = 0;

  g_return_val_if_fail (search != NULL, DJ_NO_MOVE);
  g_return_val_if_fail (rules != NULL && pos != NULL, DJ_NO_MOVE);
  g_return_val_if_fail (level < DJ_N_LEVELS, DJ_NO_MOVE);

  if (levels[level].depth == 0)
    {
      g_autoptr(DjAnalysis) a = dj_search_analyse (search, rules, pos, limits, cancellable, NULL);

      if (a == NULL || a->n_moves == 0)
        return DJ_NO_MOVE;
      for (guint i = 0; i < a->n_moves; i++)
        {
          moves[n] = a->moves[i].move;
          values[n] = a->moves[i].value;
          n++;
        }
    }
  else
    {
      Job *job = g_new0 (Job, 1);
      Ctx *c = g_new (Ctx, 1);
      Child children[DJ_ROW_PITS];
      int terminal, k;

      job_init (job, search, rules, pos, NULL, cancellable, g_get_monotonic_time ());
      ctx_init (c, job);
      k = expand (c, &job->root, 0, 0, FALSE, children, &terminal);
      for (int i = 0; i < k; i++)
        {
          moves[n] = children[i].move;
          values[n] = children[i].taken -
                      heuristic (c, &children[i].pos, board_seeds (&children[i].pos),
                                 levels[level].depth - 1, -INF, INF);
          n++;
        }
      g_free (c);
      g_free (job);
      if (n == 0)
        return DJ_NO_MOVE;
    }

  for (guint i = 0; i < n; i++)
    best = MAX (best, values[i]);
  if (levels[level].temperature == 0.0)
    {
      for (guint i = 0; i < n; i++)
        if (values[i] == best)
          return moves[i];
    }

  /* Reproducible: the seed and the position decide. */
  rand = g_rand_new_with_seed (seed ^ dj_position_hash (pos));
  for (guint i = 0; i < n; i++)
    {
      weights[i] = exp ((values[i] - best) / levels[level].temperature);
      sum += weights[i];
    }
  pick = g_rand_double (rand) * sum;
  for (guint i = 0; i < n; i++)
    {
      if (pick < weights[i])
        return moves[i];
      pick -= weights[i];
    }
  return moves[n - 1];
}

char *
dj_search_data_warning (const DjRules  *rules,
                        char          **details)
{
  const GError *book, *tables;

  g_return_val_if_fail (rules != NULL, NULL);

  book = dj_book_refused (rules);
  tables = dj_tables_refused (rules);
  if (details != NULL)
    *details = book == NULL && tables == NULL ? NULL
               : g_strjoin ("\n", tables != NULL ? tables->message : book->message,
                            tables != NULL && book != NULL ? book->message : NULL, NULL);
  if (book != NULL && tables != NULL)
    return g_strdup (_("Opening book and endgame tables damaged: analysis exact but slower"));
  if (book != NULL)
    return g_strdup (_("Opening book damaged: analysis exact but slower"));
  if (tables != NULL)
    return g_strdup (_("Endgame tables damaged: analysis exact but slower"));
  return NULL;
}
