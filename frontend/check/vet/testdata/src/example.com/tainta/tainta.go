// Package tainta exports functions whose summaries taintb composes.
package tainta

import (
	"html"
	"net/http"
	"os"
	"os/exec"
	"strconv"
)

// Query returns the request's query parameter.
func Query(r *http.Request) string { // want Query:`taint\{source->r0 p0->r0\}`
	return r.URL.Query().Get("q")
}

// Run runs a shell command.
func Run(cmd string) error { // want Run:`taint\{p0->command\}`
	return exec.Command("sh", "-c", cmd).Run()
}

// Wrap passes its argument on.
func Wrap(s string) string { // want Wrap:`taint\{p0->r0\}`
	return "[" + s + "]"
}

// Number sanitizes.
func Number(s string) string {
	n, _ := strconv.Atoi(s)
	return strconv.Itoa(n)
}

// Home reads the environment.
func Home() string { // want Home:`taint\{source->r0\}`
	return os.Getenv("HOME")
}

// Escape sanitizes for HTML only.
func Escape(s string) string { // want Escape:`taint\{p0->r0\(clean for html\)\}`
	return html.EscapeString(s)
}
