//go:build !cuda

package gpu

// This file is the pure-Go build: the API of cuda.go, every call failing
// with ErrNoCUDA. Keep the two files' exported surfaces identical.

// Available reports whether this build can use a GPU (never, here).
func Available() bool { return false }

// Count is the number of GPUs.
func Count() (int, error) { return 0, ErrNoCUDA }

// Devices lists the GPUs.
func Devices() ([]DeviceInfo, error) { return nil, ErrNoCUDA }

// Context is an open device.
type Context struct{}

// NewContext opens GPU ordinal.
func NewContext(ordinal int) (*Context, error) { return nil, ErrNoCUDA }

func (c *Context) Close() error                            { return ErrNoCUDA }
func (c *Context) Info() DeviceInfo                        { return DeviceInfo{} }
func (c *Context) MemInfo() (free, total int64, err error) { return 0, 0, ErrNoCUDA }
func (c *Context) Synchronize() error                      { return ErrNoCUDA }
func (c *Context) LoadModule(ptx string) (*Module, error)  { return nil, ErrNoCUDA }
func (c *Context) Alloc(bytes int64) (*Buffer, error)      { return nil, ErrNoCUDA }
func (c *Context) AllocHost(bytes int64, mapped bool) (*HostBuffer, error) {
	return nil, ErrNoCUDA
}
func (c *Context) RegisterHost(p []byte, mapped bool) (*HostBuffer, error) {
	return nil, ErrNoCUDA
}

// Module is loaded PTX.
type Module struct{}

func (m *Module) Function(name string) (*Function, error) { return nil, ErrNoCUDA }

// Function is a kernel.
type Function struct{}

func (f *Function) Launch(grid, block uint32, args ...uint64) error { return ErrNoCUDA }

// Buffer is device memory.
type Buffer struct{}

func (b *Buffer) Ptr() uint64                          { return 0 }
func (b *Buffer) Bytes() int64                         { return 0 }
func (b *Buffer) Free() error                          { return nil }
func (b *Buffer) Memset32(v uint32, count int64) error { return ErrNoCUDA }
func (b *Buffer) CopyFromHost(off int64, h *HostBuffer, hoff, bytes int64) error {
	return ErrNoCUDA
}

// Upload copies src to b starting at element off.
func Upload[T Elem](b *Buffer, off int64, src []T) error { return ErrNoCUDA }

// Download copies len(dst) elements from b starting at element off.
func Download[T Elem](dst []T, b *Buffer, off int64) error { return ErrNoCUDA }

// HostBuffer is page-locked host memory.
type HostBuffer struct{}

func (h *HostBuffer) Bytes() int64               { return 0 }
func (h *HostBuffer) DevicePtr() (uint64, error) { return 0, ErrNoCUDA }
func (h *HostBuffer) Free() error                { return nil }

// HostSlice views h as a []T.
func HostSlice[T Elem](h *HostBuffer) []T { return nil }

// Stream is a CUDA stream.
type Stream struct{}

func (c *Context) NewStream() (*Stream, error) { return nil, ErrNoCUDA }
func (s *Stream) Synchronize() error           { return ErrNoCUDA }
func (s *Stream) Close() error                 { return nil }
func (f *Function) LaunchOn(s *Stream, grid, block uint32, args ...uint64) error {
	return ErrNoCUDA
}
func (b *Buffer) CopyFromHostAsync(off int64, h *HostBuffer, hoff, bytes int64, s *Stream) error {
	return ErrNoCUDA
}
func (b *Buffer) CopyToHost(off int64, h *HostBuffer, hoff, bytes int64) error { return ErrNoCUDA }
func (b *Buffer) Sub(off int64) *Buffer                                        { return b }
func (h *HostBuffer) HostBytes() []byte                                        { return nil }

// Set is the devices of a multi-GPU job.
type Set struct{ Ctx []*Context }

// OpenSet opens the devices ordinals names.
func OpenSet(ordinals []int) (*Set, error) { return nil, ErrNoCUDA }
func (s *Set) Len() int                    { return len(s.Ctx) }
func (s *Set) Peer(i, j int) bool          { return false }
func (s *Set) PeerAtomics(i, j int) bool   { return false }
func (s *Set) Close() error                { return nil }

// CopyPeer copies between buffers of two contexts.
func CopyPeer(dst *Buffer, doff int64, src *Buffer, soff, bytes int64) error { return ErrNoCUDA }
func (b *Buffer) Memset32Async(off int64, v uint32, count int64, s *Stream) error {
	return ErrNoCUDA
}
func (b *Buffer) SetU64Async(off int64, v uint64, s *Stream) error { return ErrNoCUDA }
