// Command mux is a gorilla/mux service over pgx: pgx's connections,
// pools, transactions and batches take the SQL.
//
// mux has no model: mux.Vars returns the map its router filled from the
// request's URL and stored in the request's context, which following its
// bodies finds as precisely as a model would; findings name net/http's
// source.
package main

import (
	"context"
	"net/http"
	"strconv"

	"github.com/gorilla/mux"
	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"
)

var (
	conn *pgx.Conn
	pool *pgxpool.Pool
)

func main() {
	ctx := context.Background()
	conn, _ = pgx.Connect(ctx, "")
	pool, _ = pgxpool.New(ctx, "")
	r := mux.NewRouter()
	r.HandleFunc("/items/{id}", item)
	r.HandleFunc("/items/{id}/tags/{tag}", tag)
	http.ListenAndServe(":8080", r)
}

func item(w http.ResponseWriter, r *http.Request) {
	ctx := r.Context()
	id := mux.Vars(r)["id"]
	conn.Query(ctx, "SELECT * FROM items WHERE id = "+id) // want `tainted data from net/http.Request.URL reaches sql sink github.com/jackc/pgx/v5.Conn.Query`
	conn.Query(ctx, "SELECT * FROM items WHERE id = $1", id)
	pool.Exec(ctx, "DELETE FROM items WHERE id = "+id)                                    // want `tainted data from net/http.Request.URL reaches sql sink github.com/jackc/pgx/v5/pgxpool.Pool.Exec`
	pool.QueryRow(ctx, "SELECT name FROM items WHERE owner = '"+r.FormValue("owner")+"'") // want `tainted data from net/http.Request.FormValue reaches sql sink github.com/jackc/pgx/v5/pgxpool.Pool.QueryRow`
	if n, err := strconv.Atoi(id); err == nil {
		pool.Exec(ctx, "DELETE FROM items WHERE id = "+strconv.Itoa(n))
	}
}

func tag(w http.ResponseWriter, r *http.Request) {
	ctx := r.Context()
	vars := mux.Vars(r)
	tx, err := conn.Begin(ctx)
	if err != nil {
		return
	}
	defer tx.Rollback(ctx)
	tx.Exec(ctx, "INSERT INTO tags VALUES ('"+vars["tag"]+"')") // want `tainted data from net/http.Request.URL reaches sql sink github.com/jackc/pgx/v5.Tx.Exec`
	tx.Exec(ctx, "INSERT INTO tags VALUES ($1)", vars["tag"])
	b := &pgx.Batch{}
	b.Queue("UPDATE items SET tag = '" + vars["tag"] + "'") // want `tainted data from net/http.Request.URL reaches sql sink github.com/jackc/pgx/v5.Batch.Queue`
	b.Queue("UPDATE items SET tag = $1", vars["tag"])
	tx.SendBatch(ctx, b).Close()
	col := pgx.Identifier{vars["col"]}.Sanitize()
	conn.Query(ctx, "SELECT "+col+" FROM items")
	tx.Commit(ctx)
}
