// Package taintchars copies untrusted strings a character at a time:
// bytes and runes are numbers and carry no taint of their own, so an
// append of s[i] or of a range's rune carries the string's.
package taintchars

import (
	"database/sql"
	"net/http"
	"strings"
)

var db *sql.DB

// snake is the column-name conversion ORMs' users write.
func snake(s string) string {
	data := make([]byte, 0, len(s)*2)
	for i := 0; i < len(s); i++ {
		d := s[i]
		if i > 0 && d >= 'A' && d <= 'Z' {
			data = append(data, '_')
		}
		data = append(data, d)
	}
	return strings.ToLower(string(data))
}

// runes keeps the letters of s.
func runes(s string) string {
	var out []rune
	for _, r := range s {
		if r >= 'a' && r <= 'z' {
			out = append(out, r)
		}
	}
	return string(out)
}

// length keeps nothing of s but a count of its bytes.
func length(s string) string {
	var out []byte
	for i := 0; i < len(s); i++ {
		out = append(out, 'x')
	}
	return string(out)
}

func handler(w http.ResponseWriter, r *http.Request) {
	field := r.FormValue("field")
	db.Query("SELECT * FROM t ORDER BY " + snake(field)) // want `from net/http.Request.FormValue reaches sql sink database/sql.DB.Query`
	db.Exec("DELETE FROM " + runes(r.FormValue("t")))    // want `from net/http.Request.FormValue reaches sql sink database/sql.DB.Exec`
	db.QueryRow("SELECT " + length(r.FormValue("n")))    // constant bytes only
}
