//go:build cuda

package gpu

/*
#include <cuda.h>

static CUresult shimP2PAtomics(int *v, CUdevice a, CUdevice b) {
	return cuDeviceGetP2PAttribute(v, CU_DEVICE_P2P_ATTRIBUTE_NATIVE_ATOMIC_SUPPORTED, a, b);
}
*/
import "C"

import (
	"errors"
	"fmt"

	"gorgonia.org/cu"
)

// Set is the devices of one multi-GPU job: one Context per entry of the
// ordinal list (a repeated ordinal shares its GPU's primary context, with
// its own streams: a second device in all but the hardware), with peer
// access enabled between every pair of distinct GPUs that allows it.
type Set struct {
	Ctx          []*Context
	peer, atomic [][]bool
}

// cudaErrorPeerAccessAlreadyEnabled is CUDA_ERROR_PEER_ACCESS_ALREADY_ENABLED.
const cudaErrorPeerAccessAlreadyEnabled = 704

// OpenSet opens the devices ordinals names (see ParseDevices).
func OpenSet(ordinals []int) (*Set, error) {
	if len(ordinals) == 0 {
		return nil, fmt.Errorf("gpu: an empty device set")
	}
	s := &Set{}
	for _, o := range ordinals {
		c, err := NewContext(o)
		if err != nil {
			s.Close()
			return nil, err
		}
		s.Ctx = append(s.Ctx, c)
	}
	n := len(s.Ctx)
	s.peer, s.atomic = make([][]bool, n), make([][]bool, n)
	for i := range s.peer {
		s.peer[i], s.atomic[i] = make([]bool, n), make([]bool, n)
	}
	for i, a := range s.Ctx {
		for j, b := range s.Ctx {
			if i == j || a.info.Ordinal == b.info.Ordinal {
				s.peer[i][j], s.atomic[i][j] = true, true // the same GPU
				continue
			}
			can, err := a.dev.CanAccessPeer(b.dev)
			if err != nil || can == 0 {
				continue // copies still work, staged through the host by the driver
			}
			err = a.do(func() error { return wrap("cuCtxEnablePeerAccess", b.ctx.EnablePeerAccess(0)) })
			var e *Error
			if err == nil || errors.As(err, &e) && e.Code == cudaErrorPeerAccessAlreadyEnabled {
				s.peer[i][j] = true
				var v C.int
				if C.shimP2PAtomics(&v, C.CUdevice(a.dev), C.CUdevice(b.dev)) == C.CUDA_SUCCESS && v != 0 {
					s.atomic[i][j] = true
				}
			}
		}
	}
	return s, nil
}

// Len is the number of devices.
func (s *Set) Len() int { return len(s.Ctx) }

// Peer reports whether device i can read device j's memory directly.
func (s *Set) Peer(i, j int) bool { return s.peer[i][j] }

// PeerAtomics reports whether device i's kernels can do atomics on device
// j's memory (the same GPU, or peers with native atomics, e.g. NVLink).
func (s *Set) PeerAtomics(i, j int) bool { return s.atomic[i][j] }

// Close releases every context.
func (s *Set) Close() error {
	var errs []error
	for _, c := range s.Ctx {
		errs = append(errs, c.Close())
	}
	s.Ctx = nil
	return errors.Join(errs...)
}

// CopyPeer copies bytes from src (at byte offset soff) to dst (at doff),
// buffers of any two contexts (cuMemcpyPeer: over NVLink or PCIe when
// peer access is on, else staged by the driver).
func CopyPeer(dst *Buffer, doff int64, src *Buffer, soff, bytes int64) error {
	if doff < 0 || soff < 0 || bytes < 0 || doff+bytes > dst.bytes || soff+bytes > src.bytes {
		return fmt.Errorf("gpu: peer copy of %d bytes out of range", bytes)
	}
	if bytes == 0 {
		return nil
	}
	return dst.c.do(func() error {
		return wrap("cuMemcpyPeer", cu.MemcpyPeer(dst.ptr+cu.DevicePtr(doff), dst.c.ctx, src.ptr+cu.DevicePtr(soff), src.c.ctx, bytes))
	})
}
