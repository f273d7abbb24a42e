package main

import (
	"os"
	"strconv"
	"strings"
	"syscall"
	"time"
)

// initTime is when this package was initialized; startOffset is how long
// the process had run by then (the Go runtime, and in the cuda build the
// CUDA driver's cuInit in gorgonia.org/cu's init), read from /proc with
// its 10 ms resolution.
var (
	initTime    = time.Now()
	startOffset = procAge()
)

// procAge is the process's age from /proc/self/stat's start time and
// /proc/uptime, or 0 where they cannot be read.
func procAge() time.Duration {
	stat, err1 := os.ReadFile("/proc/self/stat")
	up, err2 := os.ReadFile("/proc/uptime")
	if err1 != nil || err2 != nil {
		return 0
	}
	s := string(stat)
	i := strings.LastIndexByte(s, ')')
	if i < 0 {
		return 0
	}
	f := strings.Fields(s[i+1:])
	if len(f) < 20 {
		return 0
	}
	ticks, err := strconv.ParseFloat(f[19], 64) // field 22, starttime, in clock ticks
	uf := strings.Fields(string(up))
	if err != nil || len(uf) == 0 {
		return 0
	}
	uptime, err := strconv.ParseFloat(uf[0], 64)
	if err != nil {
		return 0
	}
	const clkTck = 100 // USER_HZ on every Linux architecture Go supports
	age := uptime - ticks/clkTck
	if age < 0 || age > 60 {
		return 0
	}
	return time.Duration(age * float64(time.Second))
}

// sinceStart is the wall time since the process started.
func sinceStart() time.Duration { return startOffset + time.Since(initTime) }

// peakRSS is the process's peak resident set size in bytes (0 if unknown).
func peakRSS() int64 {
	var ru syscall.Rusage
	if err := syscall.Getrusage(syscall.RUSAGE_SELF, &ru); err != nil {
		return 0
	}
	return int64(ru.Maxrss) * 1024 // kilobytes on Linux
}
