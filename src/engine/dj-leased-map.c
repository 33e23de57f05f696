/* dj-leased-map.c: a data file mapped under a read lease
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The deeper endgame tables are 77 MB a rule set.  Read into memory of its
 * own, every `djenon-cli analyse` process asked the system for that much
 * fresh memory, and on a virtual machine fresh memory is slow at times:
 * start-up took 48 ms at the median but 166 ms at the 99th percentile.
 * Mapped, the file is the system's file cache, already there and shared
 * by every process.
 *
 * A plain mapping follows its file: a file cut short while in use would
 * make each later read past its end a SIGBUS, and one rewritten in place
 * would change values already checked.  So a file is mapped only under a
 * read lease (fcntl F_SETLEASE).  Whoever then opens the file for writing
 * or cuts it short is held by the kernel while this process gets SIGIO;
 * the handler copies the mapping into anonymous memory, moves the copy
 * over the mapping (mremap: other threads go on reading the same bytes at
 * the same address) and only then gives the lease up.  Replacing the file
 * by a new one (a rename, as every writer of ours does) breaks no lease:
 * the mapping keeps the old file.
 *
 * Where no lease can be had, the caller reads the file.  Left: a process
 * stopped for longer than the system's lease-break time (45 s), or one
 * that cannot get the memory for the copy, gives the lease up without a
 * copy, and its mapping follows the file from then on.
 */

/* F_SETLEASE, F_SETSIG and mremap(). */
#define _GNU_SOURCE

#include "config.h"

#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <unistd.h>

#include "dj-leased-map.h"

#if defined(__linux__) && defined(F_SETLEASE) && defined(F_SETSIG) && defined(MREMAP_FIXED)
#define HAVE_LEASES 1
#endif

#define SLOTS 16

enum
{
  SLOT_FREE,      /* no mapping */
  SLOT_BUSY,      /* being made or unmade by one thread */
  SLOT_HELD,      /* mapped under its lease */
  SLOT_COPYING,   /* its lease is being broken: the handler copies it */
  SLOT_KEPT       /* copied (or not, see copied) and the lease given up */
};

typedef struct
{
  int       state;   /* atomic */
  int       fd;
  guint8   *map;
  gsize     length;
  gboolean  copied;
} Slot;

static Slot slots[SLOTS];

#ifdef HAVE_LEASES
/* If @s is mapped and the kernel is breaking its lease: the copy, then the
 * lease given up.  From the signal handler (async-signal-safe: system calls
 * and memcpy) or from dj_leased_map(). */
static void
keep (Slot *s)
{
  int expected = SLOT_HELD;
  void *copy;

  if (!__atomic_compare_exchange_n (&s->state, &expected, SLOT_COPYING, FALSE,
                                    __ATOMIC_ACQ_REL, __ATOMIC_ACQUIRE))
    return;
  /* While it is broken, the lease reads as what it will become. */
  if (fcntl (s->fd, F_GETLEASE) == F_RDLCK)
    {
      __atomic_store_n (&s->state, SLOT_HELD, __ATOMIC_RELEASE);
      return;
    }
  copy = mmap (NULL, s->length, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
  if (copy != MAP_FAILED)
    {
      memcpy (copy, s->map, s->length);
      mprotect (copy, s->length, PROT_READ);
      if (mremap (copy, s->length, s->length, MREMAP_MAYMOVE | MREMAP_FIXED, s->map) == MAP_FAILED)
        munmap (copy, s->length);
      else
        s->copied = TRUE;
    }
  fcntl (s->fd, F_SETLEASE, F_UNLCK);
  __atomic_store_n (&s->state, SLOT_KEPT, __ATOMIC_RELEASE);
}

/* SIGIO: some lease is being broken.  Signals of one kind may arrive as
 * one, so every mapping is looked at. */
static void
lease_broken (int        signum,
              siginfo_t *info,
              void      *context)
{
  int saved_errno = errno;

  (void) signum;
  (void) info;
  (void) context;
  for (guint i = 0; i < SLOTS; i++)
    keep (&slots[i]);
  errno = saved_errno;
}

/* TRUE once SIGIO is ours.  Never where the process already handles it
 * (then nothing is mapped). */
static gboolean
handler_installed (void)
{
  static gsize once = 0;
  static gboolean installed = FALSE;

  if (g_once_init_enter (&once))
    {
      struct sigaction old, sa;

      if (sigaction (SIGIO, NULL, &old) == 0 && !(old.sa_flags & SA_SIGINFO) &&
          old.sa_handler == SIG_DFL)
        {
          memset (&sa, 0, sizeof sa);
          sa.sa_sigaction = lease_broken;
          sigemptyset (&sa.sa_mask);
          sa.sa_flags = SA_SIGINFO | SA_RESTART;
          installed = sigaction (SIGIO, &sa, NULL) == 0;
        }
      g_once_init_leave (&once, 1);
    }
  return installed;
}
#endif

int
dj_leased_map (int            fd,
               gsize          length,
               const guint8 **data)
{
#ifdef HAVE_LEASES
  struct stat st;
  Slot *s = NULL;
  void *map;
  int handle;

  g_return_val_if_fail (fd >= 0 && data != NULL, -1);

  if (length == 0 || !handler_installed ())
    return -1;
  for (handle = 0; handle < SLOTS; handle++)
    {
      int expected = SLOT_FREE;

      if (__atomic_compare_exchange_n (&slots[handle].state, &expected, SLOT_BUSY, FALSE,
                                       __ATOMIC_ACQ_REL, __ATOMIC_ACQUIRE))
        {
          s = &slots[handle];
          break;
        }
    }
  if (s == NULL)
    return -1;
  if (fcntl (fd, F_SETSIG, SIGIO) != 0 || fcntl (fd, F_SETLEASE, F_RDLCK) != 0)
    {
      __atomic_store_n (&s->state, SLOT_FREE, __ATOMIC_RELEASE);
      return -1;
    }
  /* From here on the file cannot change without this process knowing;
   * its size is taken again, as it may have changed before. */
  if (fstat (fd, &st) != 0 || !S_ISREG (st.st_mode) || (guint64) st.st_size != length ||
      (map = mmap (NULL, length, PROT_READ, MAP_SHARED, fd, 0)) == MAP_FAILED)
    {
      fcntl (fd, F_SETLEASE, F_UNLCK);
      __atomic_store_n (&s->state, SLOT_FREE, __ATOMIC_RELEASE);
      return -1;
    }
  s->fd = fd;
  s->map = map;
  s->length = length;
  s->copied = FALSE;
  __atomic_store_n (&s->state, SLOT_HELD, __ATOMIC_RELEASE);
  /* A break signalled while the slot was being made found nothing to
   * copy; its writer is still waiting. */
  keep (s);
  *data = map;
  return handle;
#else
  (void) fd;
  (void) length;
  (void) data;
  return -1;
#endif
}

void
dj_leased_unmap (int handle)
{
  Slot *s;

  g_return_if_fail (handle >= 0 && handle < SLOTS);

  s = &slots[handle];
  for (;;)
    {
      int state = __atomic_load_n (&s->state, __ATOMIC_ACQUIRE);

      g_return_if_fail (state != SLOT_FREE && state != SLOT_BUSY);
      /* The handler, on another thread, is copying it. */
      if (state == SLOT_COPYING)
        {
          g_thread_yield ();
          continue;
        }
      if (__atomic_compare_exchange_n (&s->state, &state, SLOT_BUSY, FALSE, __ATOMIC_ACQ_REL,
                                       __ATOMIC_ACQUIRE))
        break;
    }
  munmap (s->map, s->length);
  /* Closing the file gives up its lease. */
  close (s->fd);
  s->map = NULL;
  s->copied = FALSE;
  __atomic_store_n (&s->state, SLOT_FREE, __ATOMIC_RELEASE);
}

gboolean
dj_leased_copied (int handle)
{
  g_return_val_if_fail (handle >= 0 && handle < SLOTS, FALSE);

  return __atomic_load_n (&slots[handle].state, __ATOMIC_ACQUIRE) == SLOT_KEPT &&
         slots[handle].copied;
}
