//go:build cgo && linux

package outofcore

/*
// mallopt is glibc's (weak: C libraries without it skip the call).
extern int mallopt(int, int) __attribute__((weak));

// Before the Go runtime starts its threads: an arena limit set later
// does not stop the threads that already have arenas from using them.
__attribute__((constructor)) static void cflrLimitArenas(void) {
	if (mallopt) {
		mallopt(-8, 1); // M_ARENA_MAX
	}
}
*/
import "C"

// The constructor above keeps the process's C allocations in one malloc
// arena. In cflr they are pebble's (memtables and cache blocks, with cgo):
// glibc gives each thread that allocates its own arena and keeps in it
// what is freed there, so with pebble's flush, compaction and read
// threads a solve at 88 MiB held 44-50 MiB outside the Go heap, 20 MiB of
// it freed memory spread over eight arenas; in one arena, 22-26 MiB.
