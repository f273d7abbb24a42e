package mine

import "github.com/cflr/cflr/kernels/gpu"

// MultiStats reports a call on a device set (MultiGPU): the whole, as
// GPUStats (Upload: from the call's start until every device holds its
// copy of the graph and its working space; Kernel: from the first chunk
// dealt until every device has finished), and each device's part.
type MultiStats struct {
	GPUStats
	Devices []gpu.DeviceStats
}

// sumCounts is the exact total of the devices' partial counts (each
// device counts into its own 64-bit counter; the host adds them).
func sumCounts(st []gpu.DeviceStats) uint64 {
	var n uint64
	for _, s := range st {
		n += s.Count
	}
	return n
}

// multiMinChunk is the smallest chunk dealt to a device, from the number
// of tasks: about 512 chunks a device at the tail, so that the per-chunk
// cost (two memsets and a launch, tens of microseconds) stays small
// against the kernels, and never under one task.
func multiMinChunk(tasks int64, devices int) int64 {
	return max(1, tasks/int64(512*max(devices, 1)))
}

// triangleArcsPerDevice is the DAG size each device of a triangle count
// should have at least: a smaller graph uses fewer devices, down to one
// (the single-GPU path), since each device's copy of the graph costs more
// than its share of a kernel of a few milliseconds (RMAT-20's 15.7 M arcs:
// 10 ms on one H200). Measured on one H200 with virtual devices only
// (bench/multigpu-h200-2026-11-28): with host chunks RMAT-20 took 70 ms on
// 2 or 4 devices; with the shared device counter RMAT-22 took 32 ms on 2
// against 35 on one.
const triangleArcsPerDevice = 32 << 20

// triangleDevices is how many of n devices count the triangles of a DAG
// of arcs arcs, each given at least perDevice arcs.
func triangleDevices(arcs uint64, n int, perDevice uint64) int {
	return max(1, min(n, int(arcs/max(perDevice, 1))))
}
