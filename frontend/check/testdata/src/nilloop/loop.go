// Package nilloop: a value checked before a loop stays checked in the
// loop (guard.go, loopEntry): the loop's header has the back edge as a
// second way in, but the back edge comes from inside the loop. mailpit's
// rows.Scan after if err != nil { return err }; for rows.Next() { … }.
package nilloop

import "database/sql"

var db *sql.DB

func markRead() error {
	rows, err := db.Query("SELECT id FROM t WHERE read = 0")
	if err != nil {
		return err
	}
	for rows.Next() {
		var id string
		if err := rows.Scan(&id); err != nil { // silent
			return err
		}
	}
	return nil
}

// True positive: the error is logged and the loop runs anyway.
func markReadBug() {
	rows, err := db.Query("SELECT id FROM t WHERE read = 0")
	if err != nil {
		println(err.Error())
	}
	for rows.Next() {
		var id string
		_ = rows.Scan(&id) // want `rows may be nil at call of \(\*sql.Rows\).Scan`
	}
}
