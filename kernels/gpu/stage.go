package gpu

import (
	"errors"
	"fmt"
	"sync"
	"unsafe"
)

// Stager moves data from the host into device buffers through a ring of
// pinned staging buffers, each with its own stream. Worker goroutines, one
// per slot, fill their slot (a copy out of Go memory, or a read straight
// from a file) while the other slots' copies cross the bus, so filling and
// transfer overlap, and kernels queued after a chunk's copy (Job.After)
// overlap with both. Pageable copies (Upload) reach about half the bus
// speed and serialize with the host work; staging avoids both without
// pinning the caller's memory (cuMemHostRegister of gigabytes costs more
// than the copy).
type Stager struct {
	c     *Context
	chunk int64
	slots []stageSlot
}

type stageSlot struct {
	h *HostBuffer
	s *Stream
}

// Staging defaults: 8 slots of 16 MiB (128 MiB pinned) kept the bus busy
// on an H100 host; more slots mainly add pinning time.
const (
	DefaultStageSlots = 8
	DefaultStageChunk = 16 << 20
)

// NewStager allocates slots pinned buffers of chunk bytes (0: defaults).
func NewStager(c *Context, slots int, chunk int64) (st *Stager, err error) {
	if slots <= 0 {
		slots = DefaultStageSlots
	}
	if chunk <= 0 {
		chunk = DefaultStageChunk
	}
	chunk = (chunk + 15) &^ 15
	st = &Stager{c: c, chunk: chunk}
	defer func() {
		if err != nil {
			st.Close()
		}
	}()
	for i := 0; i < slots; i++ {
		h, err := c.AllocHost(chunk, false)
		if err != nil {
			return nil, err
		}
		s, err := c.NewStream()
		if err != nil {
			h.Free()
			return nil, err
		}
		st.slots = append(st.slots, stageSlot{h, s})
	}
	return st, nil
}

// Close waits for queued copies and frees the staging buffers.
func (st *Stager) Close() error {
	var errs []error
	for _, sl := range st.slots {
		errs = append(errs, sl.s.Synchronize(), sl.s.Close(), sl.h.Free())
	}
	st.slots = nil
	return errors.Join(errs...)
}

// Job is one host-to-device transfer: Bytes bytes into Dst at byte offset
// Off. Fill writes the job's bytes [off, off+len(p)) into p (pinned
// memory; called from several goroutines at once, for disjoint ranges).
// After, when set, is queued on the chunk's stream once its copy is
// queued: a kernel over the chunk that just arrived (validation, a
// transform), which thus overlaps with later chunks' transfers.
type Job struct {
	Dst   *Buffer
	Off   int64
	Bytes int64
	Fill  func(p []byte, off int64) error
	After func(s *Stream, off, n int64) error
}

// Run performs the jobs and waits for every copy and After kernel. On
// error the device buffers hold partial data.
func (st *Stager) Run(jobs ...Job) error {
	type piece struct {
		j      *Job
		off, n int64
	}
	var pieces []piece
	for i := range jobs {
		j := &jobs[i]
		if j.Off < 0 || j.Bytes < 0 || j.Off+j.Bytes > j.Dst.Bytes() {
			return fmt.Errorf("gpu: staged copy of %d bytes at %d past a %d-byte buffer", j.Bytes, j.Off, j.Dst.Bytes())
		}
		for off := int64(0); off < j.Bytes; off += st.chunk {
			pieces = append(pieces, piece{j, off, min(st.chunk, j.Bytes-off)})
		}
	}
	errs := make([]error, len(st.slots))
	var failed sync.Once
	stop := make(chan struct{})
	var wg sync.WaitGroup
	for w := range st.slots {
		wg.Add(1)
		go func(w int) {
			defer wg.Done()
			sl := st.slots[w]
			p := sl.h.HostBytes()
			fail := func(err error) { errs[w] = err; failed.Do(func() { close(stop) }) }
			for i := w; i < len(pieces); i += len(st.slots) {
				select {
				case <-stop:
					return
				default:
				}
				pc := pieces[i]
				// The slot's previous copy must be done before it is refilled.
				if err := sl.s.Synchronize(); err != nil {
					fail(err)
					return
				}
				if err := pc.j.Fill(p[:pc.n], pc.off); err != nil {
					fail(err)
					return
				}
				if err := pc.j.Dst.CopyFromHostAsync(pc.j.Off+pc.off, sl.h, 0, pc.n, sl.s); err != nil {
					fail(err)
					return
				}
				if pc.j.After != nil {
					if err := pc.j.After(sl.s, pc.off, pc.n); err != nil {
						fail(err)
						return
					}
				}
			}
			if err := sl.s.Synchronize(); err != nil {
				fail(err)
			}
		}(w)
	}
	wg.Wait()
	return errors.Join(errs...)
}

// Upload copies src into dst at element off through the stager.
func StageUpload[T Elem](st *Stager, dst *Buffer, off int64, src []T) error {
	b := AsBytes(src)
	sz := elemSize[T]()
	return st.Run(Job{Dst: dst, Off: off * sz, Bytes: int64(len(b)), Fill: func(p []byte, o int64) error {
		copy(p, b[o:])
		return nil
	}})
}

// AsBytes views s as bytes (no copy).
func AsBytes[T Elem](s []T) []byte {
	if len(s) == 0 {
		return nil
	}
	return unsafe.Slice((*byte)(unsafe.Pointer(&s[0])), len(s)*int(elemSize[T]()))
}
