package main

import (
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"io"
	"os"
	"path/filepath"
	"strings"
)

// toolKeys maps each tool to a hash of its binary: cached tool runs are
// keyed by it, so that a rebuilt cflr reruns cflr alone.
var toolKeys = map[string]string{}

// toolKey returns the hash of bin's contents (first 12 hex digits).
func toolKey(bin string) string {
	f, err := os.Open(bin)
	if err != nil {
		return "missing"
	}
	defer f.Close()
	h := sha256.New()
	io.Copy(h, f)
	return hex.EncodeToString(h.Sum(nil))[:12]
}

// toolRun is one cached run of a tool on one version's packages.
type toolRun struct {
	Findings []Finding `json:"findings"`
	Err      string    `json:"err,omitempty"`
	Secs     float64   `json:"secs"`
	CPU      float64   `json:"cpu"` // user+system seconds
}

// cacheFile is where the run of tool on mod@ver's pkgs for class is
// kept: work/tools/TOOL-KEY/MOD@VER/MODE-PKGS.json.
func cacheFile(tool, mod, ver, class string, pkgs []string) string {
	mode := "taint"
	if !TaintClass(class) {
		mode = "nil"
	}
	h := sha256.Sum256([]byte(strings.Join(pkgs, "\n")))
	return filepath.Join(*workDir, "tools", tool+"-"+toolKeys[tool],
		strings.ReplaceAll(mod, "/", "!")+"@"+ver, mode+"-"+hex.EncodeToString(h[:])[:12]+".json")
}

func readCache(file string) (*toolRun, bool) {
	data, err := os.ReadFile(file)
	if err != nil {
		return nil, false
	}
	var r toolRun
	if json.Unmarshal(data, &r) != nil {
		return nil, false
	}
	return &r, true
}

func writeCache(file string, r *toolRun) {
	data, _ := json.Marshal(r)
	os.MkdirAll(filepath.Dir(file), 0o755)
	tmp := file + ".tmp"
	if os.WriteFile(tmp, data, 0o644) == nil {
		os.Rename(tmp, file)
	}
}
