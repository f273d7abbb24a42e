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
