// Package store runs queries for package web: the sink is in another
// package than the source.
package store

import "database/sql"

// Delete drops a table.
func Delete(db *sql.DB, table string) {
	db.Exec("DROP TABLE " + table) // want `tainted data from net/http.Request.FormValue reaches sql sink`
}
