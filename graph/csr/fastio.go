package csr

import (
	"encoding/binary"
	"errors"
	"io"
	"math/bits"
	"os"
	"runtime"
	"sync"
	"sync/atomic"
	"unsafe"
)

// littleEndian is true on the machines cflr runs on (amd64, arm64): there the
// on-disk little-endian arrays are read straight into the final slices and
// not decoded element by element.
var littleEndian = binary.NativeEndian.Uint16([]byte{1, 0}) == 1

// ioBlock is the unit of parallel reads: large enough that each read is a
// long memcpy out of the page cache, small enough to spread over 16 cores.
const ioBlock = 8 << 20

func u32Bytes(s []uint32) []byte {
	if len(s) == 0 {
		return nil
	}
	return unsafe.Slice((*byte)(unsafe.Pointer(&s[0])), 4*len(s))
}

func u64Bytes(s []uint64) []byte {
	if len(s) == 0 {
		return nil
	}
	return unsafe.Slice((*byte)(unsafe.Pointer(&s[0])), 8*len(s))
}

// fixU32 and fixU64 turn little-endian data read into s into native order:
// nothing to do on little-endian machines.
func fixU32(s []uint32) {
	if littleEndian {
		return
	}
	parallelRange(len(s), 1<<16, func(lo, hi int) {
		for i := lo; i < hi; i++ {
			s[i] = bits.ReverseBytes32(s[i])
		}
	})
}

func fixU64(s []uint64) {
	if littleEndian {
		return
	}
	parallelRange(len(s), 1<<16, func(lo, hi int) {
		for i := lo; i < hi; i++ {
			s[i] = bits.ReverseBytes64(s[i])
		}
	})
}

// preadAll fills dst from f at offset off with parallel ReadAt calls of
// ioBlock bytes. A short file gives io.ErrUnexpectedEOF.
func preadAll(f *os.File, off int64, dst []byte) error {
	var first atomic.Pointer[error]
	parallelRange(len(dst), ioBlock, func(lo, hi int) {
		if first.Load() != nil {
			return
		}
		if _, err := f.ReadAt(dst[lo:hi], off+int64(lo)); err != nil {
			if errors.Is(err, io.EOF) {
				err = io.ErrUnexpectedEOF
			}
			first.CompareAndSwap(nil, &err)
		}
	})
	if p := first.Load(); p != nil {
		return *p
	}
	return nil
}

// preadU32 and preadU64 read little-endian arrays at off into dst.
func preadU32(f *os.File, off int64, dst []uint32) error {
	if err := preadAll(f, off, u32Bytes(dst)); err != nil {
		return err
	}
	fixU32(dst)
	return nil
}

func preadU64(f *os.File, off int64, dst []uint64) error {
	if err := preadAll(f, off, u64Bytes(dst)); err != nil {
		return err
	}
	fixU64(dst)
	return nil
}

// preadRecords reads count records of size bytes each at off, in parallel
// blocks, handing each block (records [lo, lo+len(b)/size)) to conv: for
// layouts that need a transform (32-bit offsets widened, interleaved pairs
// split) without a file-sized temporary.
func preadRecords(f *os.File, off int64, count, size int, conv func(lo int, b []byte)) error {
	per := max(ioBlock/size, 1)
	var pool sync.Pool
	var first atomic.Pointer[error]
	parallelRange(count, per, func(lo, hi int) {
		bp, _ := pool.Get().(*[]byte)
		if bp == nil {
			b := make([]byte, per*size)
			bp = &b
		}
		defer pool.Put(bp)
		for ; lo < hi && first.Load() == nil; lo += per {
			b := (*bp)[:(min(hi, lo+per)-lo)*size]
			if _, err := f.ReadAt(b, off+int64(lo)*int64(size)); err != nil {
				if errors.Is(err, io.EOF) {
					err = io.ErrUnexpectedEOF
				}
				first.CompareAndSwap(nil, &err)
				return
			}
			conv(lo, b)
		}
	})
	if p := first.Load(); p != nil {
		return *p
	}
	return nil
}

// readU32sInto reads count little-endian uint32s from a stream whose length
// is unknown. The slice grows (doubling, from 1M elements) as data arrives,
// so a header that announces more than the stream holds fails with
// ErrUnexpectedEOF after allocating at most twice what was really there.
func readU32sInto(r io.Reader, count uint64) ([]uint32, error) {
	out := make([]uint32, min(count, 1<<20))
	done := uint64(0)
	for {
		if _, err := io.ReadFull(r, u32Bytes(out[done:])); err != nil {
			if errors.Is(err, io.EOF) {
				err = io.ErrUnexpectedEOF
			}
			return nil, err
		}
		done = uint64(len(out))
		if done == count {
			break
		}
		next := make([]uint32, min(count, 2*done))
		copy(next, out)
		out = next
	}
	fixU32(out)
	return out, nil
}

// parallelRange runs body over [0,n) in chunks of grain handed out
// dynamically to GOMAXPROCS goroutines (skewed work balances itself).
func parallelRange(n, grain int, body func(lo, hi int)) {
	if n <= 0 {
		return
	}
	w := runtime.GOMAXPROCS(0)
	if n <= grain || w == 1 {
		body(0, n)
		return
	}
	w = min(w, (n+grain-1)/grain)
	var next atomic.Int64
	var wg sync.WaitGroup
	for range w {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for {
				lo := int(next.Add(int64(grain))) - grain
				if lo >= n {
					return
				}
				body(lo, min(lo+grain, n))
			}
		}()
	}
	wg.Wait()
}

// firstIndex is the smallest i in [0,n) for which bad(lo, hi) reports a
// failure, found in parallel chunks; -1 when none fails. bad returns the
// first failing index in [lo,hi) or -1. Chunks past a failure already found
// are skipped, and the answer is the same whatever the number of cores.
func firstIndex(n, grain int, bad func(lo, hi int) int) int {
	var best atomic.Int64
	best.Store(int64(n))
	parallelRange(n, grain, func(lo, hi int) {
		if int64(lo) >= best.Load() {
			return
		}
		if i := bad(lo, hi); i >= 0 {
			for {
				cur := best.Load()
				if int64(i) >= cur || best.CompareAndSwap(cur, int64(i)) {
					break
				}
			}
		}
	})
	if b := best.Load(); b < int64(n) {
		return int(b)
	}
	return -1
}

// badOffset is the first index at which offs fails to be a CSR offset array
// over m edges (offs[0] = 0, non-decreasing, offs[last] = m), or -1.
func badOffset(offs []uint64, m uint64) int {
	if len(offs) == 0 {
		return 0
	}
	if offs[0] != 0 {
		return 0
	}
	i := firstIndex(len(offs), 1<<18, func(lo, hi int) int {
		for i := max(lo, 1); i < hi; i++ {
			if offs[i] < offs[i-1] || offs[i] > m {
				return i
			}
		}
		return -1
	})
	if i < 0 && offs[len(offs)-1] != m {
		return len(offs) - 1
	}
	return i
}

// badID is the first index of adj holding an id >= n, or -1.
func badID(adj []uint32, n uint32) int {
	return firstIndex(len(adj), 1<<20, func(lo, hi int) int {
		for i, d := range adj[lo:hi] {
			if d >= n {
				return lo + i
			}
		}
		return -1
	})
}

// openSized opens path and returns it with its size, and whether it is a
// regular file (only those are read with parallel ReadAt; pipes and devices
// are streamed).
func openSized(path string) (*os.File, int64, bool, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, 0, false, err
	}
	st, err := f.Stat()
	if err != nil {
		f.Close()
		return nil, 0, false, err
	}
	return f, st.Size(), st.Mode().IsRegular(), nil
}
