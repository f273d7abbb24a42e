package taintvalid

import (
	"net/http"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
)

// checkIllegal is 1Panel's helper, with the newline: true when an
// argument holds a shell metacharacter.
func checkIllegal(args ...string) bool {
	if args == nil {
		return false
	}
	for _, arg := range args {
		if strings.Contains(arg, "&") || strings.Contains(arg, "|") || strings.Contains(arg, ";") ||
			strings.Contains(arg, "$") || strings.Contains(arg, "'") || strings.Contains(arg, "`") ||
			strings.Contains(arg, "(") || strings.Contains(arg, ")") || strings.Contains(arg, "\n") {
			return true
		}
	}
	return false
}

// noNewline is the same list without the newline: `80\nreboot` passes.
func noNewline(args ...string) bool {
	for _, arg := range args {
		if strings.ContainsAny(arg, ";&|$`()") {
			return true
		}
	}
	return false
}

// breaks stops at the first empty argument: the later ones are not seen.
func breaks(args ...string) bool {
	for _, arg := range args {
		if arg == "" {
			break
		}
		if strings.ContainsAny(arg, ";&|$`\n") {
			return true
		}
	}
	return false
}

// listed rejects each entry of a constant list.
func listed(s string) error {
	for _, c := range []string{";", "&", "|", "$", "`", "\n", "$("} {
		if strings.Contains(s, c) {
			return errBad
		}
	}
	return nil
}

// execf runs a shell line, as 1Panel's cmd.Execf does.
func execf(format string, a ...any) error {
	return exec.Command("bash", "-c", sprintf(format, a...)).Run() // want `from net/http.Request.FormValue reaches command sink os/exec.Command`
}

type fireInfo struct{ Port, Protocol string }

func port(w http.ResponseWriter, r *http.Request) {
	info, op := fireInfo{Port: r.FormValue("port"), Protocol: r.FormValue("proto")}, r.FormValue("op")
	if checkIllegal(op, info.Port, info.Protocol) {
		return
	}
	exec.Command("sh", "-c", "firewall-cmd --"+op+"-port="+info.Port+"/"+info.Protocol).Run()
	p := r.FormValue("p")
	if !strings.ContainsAny(p, ";&|$`\n") {
		exec.Command("/bin/sh", "-c", "ping "+p).Run()
	}
	q := r.FormValue("q")
	if listed(q) != nil {
		return
	}
	exec.Command("bash", "-c", "ping "+q).Run()
}

func notShellSafe(w http.ResponseWriter, r *http.Request) {
	a := r.FormValue("a")
	if checkIllegal(a) {
		return
	}
	exec.Command("git", "clone", a).Run() // want `from net/http.Request.FormValue reaches command sink os/exec.Command`
	b := r.FormValue("b")
	if noNewline(b) {
		return
	}
	exec.Command("sh", "-c", "ping "+b).Run() // want `from net/http.Request.FormValue reaches command sink os/exec.Command`
	c, d := r.FormValue("c"), r.FormValue("d")
	if breaks(c, d) {
		return
	}
	exec.Command("sh", "-c", "ping "+d).Run() // want `from net/http.Request.FormValue reaches command sink os/exec.Command`
	e := r.FormValue("e")
	if !checkIllegal(e) { // the wrong branch
		return
	}
	exec.Command("sh", "-c", "ping "+e).Run() // want `from net/http.Request.FormValue reaches command sink os/exec.Command`
	f := r.FormValue("f")
	exec.Command("sh", "-c", "ping "+f).Run() // want `from net/http.Request.FormValue reaches command sink os/exec.Command`
	if checkIllegal(f) {                      // after the use
		return
	}
	g := r.FormValue("g")
	if strings.ContainsAny(g, ";&|") {
		return
	}
	exec.Command("sh", "-c", "ping "+g).Run() // want `from net/http.Request.FormValue reaches command sink os/exec.Command`
	h := r.FormValue("h")
	if checkIllegal(h) {
		return
	}
	execf("ping %s", h)
	i := r.FormValue("i")
	execf("ping %s", i)
	// A check of the cleaned path vouches for the path's file only:
	// Clean("a;reboot/..") is ".".
	j := r.FormValue("j")
	if word.MatchString(filepath.Clean(j)) {
		exec.Command("sh", "-c", "ls "+j).Run() // want `from net/http.Request.FormValue reaches command sink os/exec.Command`
	}
}

var word = regexp.MustCompile(`^\w+$`)
