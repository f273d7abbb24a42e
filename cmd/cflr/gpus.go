package main

import (
	"fmt"
	"io"

	"github.com/cflr/cflr/kernels/gpu"
	"github.com/cflr/cflr/kernels/traverse"
)

// gpusFlagUsage documents --gpus for mine and traverse.
const gpusFlagUsage = "GPUs to use: all (the default), a count N (GPUs 0..N-1), or a list of ordinals such as 0,2 (a repeated ordinal, 0,0, runs two devices on one GPU)"

// resolveGPUs turns a --gpus spec into device ordinals.
func resolveGPUs(spec string) ([]int, error) {
	n, err := gpu.Count()
	if err != nil {
		return nil, err
	}
	ords, err := gpu.ParseDevices(spec, n)
	if err != nil {
		return nil, usageErr(err)
	}
	return ords, nil
}

// gpuReport is one device's part of a multi-GPU run, in --json.
type gpuReport struct {
	GPU           int     `json:"gpu"`
	UploadSeconds float64 `json:"upload_seconds"`
	KernelSeconds float64 `json:"kernel_seconds"`
	Chunks        int     `json:"chunks"`
	Tasks         int64   `json:"tasks"`
	Count         uint64  `json:"count"`
}

func gpuReports(st []gpu.DeviceStats) []gpuReport {
	out := make([]gpuReport, len(st))
	for i, s := range st {
		out[i] = gpuReport{s.Ordinal, s.Upload.Seconds(), s.Kernel.Seconds(), s.Chunks, s.Tasks, s.Count}
	}
	return out
}

// printGPUReports prints one line a device (nothing for none).
func printGPUReports(w io.Writer, rs []gpuReport) {
	for i, r := range rs {
		fmt.Fprintf(w, "device %d (GPU %d): upload %.6f s, kernel %.6f s, %d chunks, %d tasks, count %d\n",
			i, r.GPU, r.UploadSeconds, r.KernelSeconds, r.Chunks, r.Tasks, r.Count)
	}
}

// traverseDeviceReport is one device's part of a multi-GPU traversal.
type traverseDeviceReport struct {
	GPU             int     `json:"gpu"`
	Vertices        uint64  `json:"vertices"`
	Edges           uint64  `json:"edges"`
	TransferSeconds float64 `json:"transfer_seconds"`
	ComputeSeconds  float64 `json:"compute_seconds"`
	ExchangeSeconds float64 `json:"exchange_seconds"`
	PeerBytes       int64   `json:"peer_bytes"`
	Iterations      int     `json:"iterations"`
}

func traverseDeviceReports(ds []traverse.DeviceRun) []traverseDeviceReport {
	var out []traverseDeviceReport
	for _, d := range ds {
		out = append(out, traverseDeviceReport{d.GPU, d.Vertices, d.Edges, d.Transfer.Seconds(), d.Compute.Seconds(), d.Exchange.Seconds(), d.PeerBytes, d.Iterations})
	}
	return out
}
