package main

import (
	"bufio"
	"bytes"
	"context"
	"fmt"
	"io/fs"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
)

// The fix-commit fallback (doc.go): where the proxy refuses a version,
// a report whose fix reference is a GitHub commit is had from a mirror
// of that repository (-mirrors DIR/OWNER+NAME[/repo[/.git]]): the fixed version is the fix commit's tree,
// the vulnerable one its first parent's.

var fixCommitRE = regexp.MustCompile(`^https://github\.com/([A-Za-z0-9_.-]+)/([A-Za-z0-9_.-]+)/commit/([0-9a-fA-F]{7,40})\b`)

// FixCommit parses a GitHub commit URL into its repository (owner/name)
// and commit.
func FixCommit(url string) (repo, commit string, ok bool) {
	m := fixCommitRE.FindStringSubmatch(url)
	if m == nil {
		return "", "", false
	}
	return m[1] + "/" + strings.TrimSuffix(m[2], ".git"), strings.ToLower(m[3]), true
}

// mirrorGitDir returns the bare git directory of repo (owner/name)
// under *mirrors, or "".
func mirrorGitDir(repo string) string {
	if *mirrors == "" {
		return ""
	}
	base := filepath.Join(*mirrors, strings.ReplaceAll(repo, "/", "+"))
	for _, d := range []string{filepath.Join(base, "repo"), filepath.Join(base, "repo", ".git"), base} {
		if _, err := os.Stat(filepath.Join(d, "HEAD")); err == nil {
			return d
		}
	}
	return ""
}

// gitSources extracts the fix commit of t and its first parent from
// the mirror and returns the module's directory in each, with the
// commits' full hashes as versions.
func gitSources(t *Target) (vsrc, fsrc, vuln, fixed string, err error) {
	repo, commit, ok := FixCommit(t.Fix)
	if !ok {
		return "", "", "", "", fmt.Errorf("no GitHub fix commit")
	}
	gitDir := mirrorGitDir(repo)
	if gitDir == "" {
		return "", "", "", "", fmt.Errorf("fix commit's repository github.com/%s not mirrored", repo)
	}
	fixed, err = gitOut(gitDir, "rev-parse", "--verify", commit+"^{commit}")
	if err != nil {
		return "", "", "", "", fmt.Errorf("fix commit %s not in github.com/%s", commit, repo)
	}
	vuln, err = gitOut(gitDir, "rev-parse", "--verify", fixed+"^1")
	if err != nil {
		return "", "", "", "", fmt.Errorf("fix commit %s has no parent", commit)
	}
	if vsrc, err = gitTree(gitDir, t.Module, vuln); err != nil {
		return
	}
	fsrc, err = gitTree(gitDir, t.Module, fixed)
	return vsrc, fsrc, vuln, fixed, err
}

func gitOut(gitDir string, args ...string) (string, error) {
	out, err := exec.Command("git", append([]string{"--git-dir=" + gitDir}, args...)...).Output()
	return strings.TrimSpace(string(out)), err
}

// gitTree extracts commit into work/_src/COMMIT (once) and returns the
// directory of module mod in it: the directory of a go.mod declaring
// mod, else the repository's root.
func gitTree(gitDir, mod, commit string) (string, error) {
	dst := filepath.Join(*workDir, "_src", commit) // "_": outside ./... of the repository holding -work
	defer lockKey(dst)()
	if _, err := os.Stat(filepath.Join(dst, ".vulnbench-ok")); err != nil {
		tmp := dst + ".tmp"
		os.RemoveAll(tmp)
		if err := os.MkdirAll(tmp, 0o755); err != nil {
			return "", err
		}
		ctx, cancel := context.WithTimeout(context.Background(), *timeout)
		defer cancel()
		args := []string{"--git-dir=" + gitDir, "archive", "--format=tar", commit}
		if missing := missingBlobs(gitDir, commit); len(missing) > 0 {
			// A snapshot may leave out its largest files: the rest.
			args = append(args, "--", ".")
			for _, p := range missing {
				args = append(args, ":(exclude,literal)"+p)
			}
		}
		archive := exec.CommandContext(ctx, "git", args...)
		untar := exec.CommandContext(ctx, "tar", "-x", "-C", tmp)
		pipe, err := archive.StdoutPipe()
		if err != nil {
			return "", err
		}
		untar.Stdin = pipe
		var stderr, tarErr bytes.Buffer // one each: their copiers run at once
		archive.Stderr, untar.Stderr = &stderr, &tarErr
		if err := untar.Start(); err != nil {
			return "", err
		}
		aerr := archive.Run()
		uerr := untar.Wait() // always: tar ends when git's output does
		if aerr != nil {
			return "", fmt.Errorf("git archive %s: %v %s", commit[:12], aerr, firstLine(stderr.String()))
		}
		if uerr != nil {
			return "", fmt.Errorf("untar %s: %v %s", commit[:12], uerr, firstLine(tarErr.String()))
		}
		os.RemoveAll(dst)
		if err := os.Rename(tmp, dst); err != nil {
			return "", err
		}
		os.WriteFile(filepath.Join(dst, ".vulnbench-ok"), nil, 0o644)
	}
	root := dst
	filepath.WalkDir(dst, func(p string, d fs.DirEntry, err error) error {
		if err != nil || root != dst {
			return filepath.SkipDir
		}
		if d.IsDir() {
			if n := d.Name(); p != dst && (n == "vendor" || n == "testdata" || strings.HasPrefix(n, ".")) {
				return filepath.SkipDir
			}
			return nil
		}
		if d.Name() == "go.mod" && modulePath(p) == mod {
			root = filepath.Dir(p)
			return filepath.SkipAll
		}
		return nil
	})
	return root, nil
}

// modulePath returns the module path a go.mod file declares.
func modulePath(gomod string) string {
	f, err := os.Open(gomod)
	if err != nil {
		return ""
	}
	defer f.Close()
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		if rest, ok := strings.CutPrefix(strings.TrimSpace(sc.Text()), "module"); ok {
			return strings.Trim(strings.TrimSpace(rest), `"`)
		}
	}
	return ""
}

// missingBlobs returns the files of commit whose contents the mirror
// lacks.
func missingBlobs(gitDir, commit string) []string {
	tree, err := gitOut(gitDir, "ls-tree", "-r", "-z", commit)
	if err != nil {
		return nil
	}
	var ids, paths []string
	for _, ent := range strings.Split(tree, "\x00") {
		meta, p, ok := strings.Cut(ent, "\t")
		if f := strings.Fields(meta); ok && len(f) == 3 && f[1] == "blob" {
			ids = append(ids, f[2])
			paths = append(paths, p)
		}
	}
	cmd := exec.Command("git", "--git-dir="+gitDir, "cat-file", "--batch-check")
	cmd.Stdin = strings.NewReader(strings.Join(ids, "\n") + "\n")
	out, err := cmd.Output()
	if err != nil {
		return nil
	}
	var missing []string
	for i, l := range strings.Split(strings.TrimSpace(string(out)), "\n") {
		if strings.HasSuffix(l, " missing") && i < len(paths) {
			missing = append(missing, paths[i])
		}
	}
	return missing
}
