// Package taintargv holds command wrappers that forward their variadic
// arguments to exec.Command, as version-control helpers do
// (run(args ...string) { exec.Command("git", append(base, args...)...) }):
// a caller's untrusted argument must reach the command through them, and
// a constant "--" before it (the argument injection fix) must keep
// counting when the wrapper forwards the slice whole. A finding is at the
// sink, inside the wrapper, so each case has a wrapper of its own.
package taintargv

import (
	"net/http"
	"os/exec"
	"strings"
)

type repo struct{ dir string }

// git prepends its own options and runs git; its callers pass the
// untrusted value as an option.
func (r *repo) git(args ...string) error {
	return exec.Command("git", append([]string{"-C", r.dir}, args...)...).Run() // want `from net/http.Request.FormValue reaches command sink os/exec.Command`
}

// safeGit is the same wrapper, called with the value after "--" only:
// directly and through run, which forwards the slice once more.
func (r *repo) safeGit(args ...string) error {
	return exec.Command("git", append([]string{"-C", r.dir}, args...)...).Run()
}

func (r *repo) run(args ...string) error { return r.safeGit(args...) }

// lateGit's caller puts its "--" after the value: no help.
func (r *repo) lateGit(args ...string) error {
	return exec.Command("git", append([]string{"-C", r.dir}, args...)...).Run() // want `from net/http.Request.FormValue reaches command sink os/exec.Command`
}

// shell joins its arguments into one shell line: a "--" there ends no
// options, the shell reads the whole line.
func shell(args ...string) error {
	return exec.Command("sh", "-c", "git "+strings.Join(args, " ")).Run() // want `from net/http.Request.FormValue reaches command sink os/exec.Command`
}

func handler(w http.ResponseWriter, req *http.Request) {
	r := &repo{dir: "/srv/repo"}
	rev := req.FormValue("rev")
	r.git("checkout", rev)
	r.run("fetch", "--", rev)     // after "--", forwarded twice: no option
	r.safeGit("reset", "--", rev) // after "--", forwarded once
	r.lateGit("log", rev, "--")
	shell("log", "--", rev)
}

// spread: a slice the standard library returns carries its elements'
// taint in its value, and append(base, xs...) passes it on.
func spread(req *http.Request) error {
	fields := strings.Fields(req.FormValue("args"))
	return exec.Command("git", append([]string{"log"}, fields...)...).Run() // want `from net/http.Request.FormValue reaches command sink os/exec.Command`
}
