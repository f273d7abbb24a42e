// Command benchgpu draws the phases of `make bench-gpu`'s runs (the .out
// files mk/bench-gpu.sh writes) as a stacked bar chart in SVG: for each
// task (triangles, BFS), one bar per binary (before issue 11, host loaders
// only, GPU preparation), each phase a segment, and "other" the rest of
// the externally measured wall time (process and CUDA start-up, exit).
//
//	go run ./mk/benchgpu DIR > chart.svg
package main

import (
	"bufio"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"time"
)

type phase struct {
	name string
	sec  float64
}

var (
	mineLine = regexp.MustCompile(`^([a-z-]+) +([0-9.]+) s$`)
	travLine = regexp.MustCompile(`^(gpu-open|load|transform|transfer|compute) +([0-9.]+[a-zµ]+)$`)
)

// parse reads one run's output: its phases and external wall time.
func parse(path string) ([]phase, float64, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, 0, err
	}
	defer f.Close()
	var ps []phase
	wall := 0.0
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		line := strings.TrimSpace(sc.Text())
		if m := mineLine.FindStringSubmatch(line); m != nil {
			v, _ := strconv.ParseFloat(m[2], 64)
			switch m[1] {
			case "wall-external":
				wall = v
			case "end-to-end":
			default:
				ps = append(ps, phase{m[1], v})
			}
		} else if m := travLine.FindStringSubmatch(line); m != nil {
			d, err := time.ParseDuration(m[2])
			if err == nil {
				ps = append(ps, phase{m[1], d.Seconds()})
			}
		}
	}
	return ps, wall, sc.Err()
}

var colors = map[string]string{
	"gpu-open": "#9e9e9e", "load": "#1f77b4", "undirect": "#ff7f0e", "orient": "#2ca02c",
	"gpu-upload": "#d62728", "gpu-kernel": "#9467bd", "transform": "#2ca02c", "transfer": "#d62728",
	"compute": "#9467bd", "other": "#e0e0e0",
}

func main() {
	if len(os.Args) != 2 {
		fmt.Fprintln(os.Stderr, "usage: benchgpu DIR > chart.svg")
		os.Exit(2)
	}
	dir := os.Args[1]
	type bar struct {
		label string
		ps    []phase
		wall  float64
	}
	var bars []bar
	for _, task := range []string{"triangles", "bfs"} {
		for _, b := range []struct{ bin, label string }{{"cflr-orig", "before"}, {"cflr-loaders", "host loaders"}, {"cflr", "GPU prep"}} {
			files, _ := filepath.Glob(filepath.Join(dir, b.bin+"-"+task+"-*.out"))
			if len(files) == 0 {
				continue
			}
			ps, wall, err := parse(files[len(files)-1]) // the last repeat: warm caches
			if err != nil {
				fmt.Fprintln(os.Stderr, err)
				os.Exit(1)
			}
			sum := 0.0
			for _, p := range ps {
				sum += p.sec
			}
			if wall > sum {
				ps = append(ps, phase{"other", wall - sum})
			}
			bars = append(bars, bar{task + ", " + b.label, ps, max(wall, sum)})
		}
	}
	maxW := 0.0
	for _, b := range bars {
		maxW = max(maxW, b.wall)
	}
	const left, width, rowH, top = 170, 620, 34, 40
	scale := width / maxW
	h := top + len(bars)*rowH + 90
	fmt.Printf(`<svg xmlns="http://www.w3.org/2000/svg" width="%d" height="%d" font-family="sans-serif" font-size="12">`+"\n", left+width+80, h)
	fmt.Printf(`<text x="10" y="20" font-size="14">cflr on RMAT-24 .bcsr (H100): phases of the end-to-end wall time, seconds</text>` + "\n")
	for i, b := range bars {
		y := top + i*rowH
		fmt.Printf(`<text x="10" y="%d">%s</text>`+"\n", y+17, b.label)
		x := float64(left)
		for _, p := range b.ps {
			w := p.sec * scale
			fmt.Printf(`<rect x="%.1f" y="%d" width="%.1f" height="22" fill="%s"><title>%s %.3f s</title></rect>`+"\n", x, y, w, colors[p.name], p.name, p.sec)
			x += w
		}
		fmt.Printf(`<text x="%.1f" y="%d">%.2f s</text>`+"\n", x+4, y+16, b.wall)
	}
	y := top + len(bars)*rowH + 20
	x := 10
	for i, name := range []string{"gpu-open", "load", "undirect", "orient", "transform", "gpu-upload", "transfer", "gpu-kernel", "compute", "other"} {
		if i == 5 {
			x, y = 10, y+18
		}
		fmt.Printf(`<rect x="%d" y="%d" width="12" height="12" fill="%s"/><text x="%d" y="%d">%s</text>`+"\n", x, y, colors[name], x+16, y+11, name)
		x += 16 + 8*len(name) + 14
	}
	fmt.Printf(`<text x="10" y="%d" fill="#555">triangles: orient/transform share green, upload/transfer red, kernel/compute purple; other = process and CUDA start-up and exit</text>`+"\n", y+40)
	fmt.Println("</svg>")
}
