package prep

import (
	"errors"
	"time"
)

// ErrNotStreamable is returned by LoadFile for inputs it does not stream
// (text formats, weighted or labeled files): read them with csr.Read and
// Upload the result.
var ErrNotStreamable = errors.New("prep: format not streamed to the GPU")

// LoadStats reports where LoadFile's time went.
type LoadStats struct {
	Bytes    int64         // file bytes moved to the device
	Alloc    time.Duration // device and staging allocation
	Transfer time.Duration // read + copy + per-chunk checks, overlapped
	Validate time.Duration // offset checks after the transfer
}
