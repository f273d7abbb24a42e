package gpu

import (
	"bufio"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"
)

// PTXHeader is the first line `make ptx` (and mk/gpu-run.sh) writes on a
// generated X.ptx: the SHA-256 of the X.cu it was compiled from.
const PTXHeader = "// cflr-source-sha256: "

// CheckPTX reports, for every X.cu in dir, a missing X.ptx or one whose
// first line does not carry X.cu's current SHA-256: a kernel source that
// changed without its PTX being regenerated (there is no nvcc in CI, so the
// pure-Go tests check this instead). It fails when dir holds no .cu file.
func CheckPTX(dir string) error {
	sources, err := filepath.Glob(filepath.Join(dir, "*.cu"))
	if err != nil {
		return err
	}
	if len(sources) == 0 {
		return fmt.Errorf("gpu: no kernel sources (*.cu) in %s", dir)
	}
	var errs []error
	for _, src := range sources {
		ptx := strings.TrimSuffix(src, ".cu") + ".ptx"
		cu, err := os.ReadFile(src)
		if err != nil {
			return err
		}
		f, err := os.Open(ptx)
		if err != nil {
			errs = append(errs, fmt.Errorf("%s missing (run make ptx on a GPU machine): %w", ptx, err))
			continue
		}
		line, _ := bufio.NewReader(f).ReadString('\n')
		f.Close()
		sum := sha256.Sum256(cu)
		if want := PTXHeader + hex.EncodeToString(sum[:]); strings.TrimSpace(line) != want {
			errs = append(errs, fmt.Errorf("%s is stale: first line %q, want %q (run make ptx on a GPU machine; see DEVELOPERS.md)", ptx, strings.TrimSpace(line), want))
		}
	}
	return errors.Join(errs...)
}
