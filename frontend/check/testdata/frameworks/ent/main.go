// Command ent uses ent's SQL layer without generated code: the driver's
// raw queries and the builder's raw fragments are sinks; the builder's
// predicates bind their values as arguments.
package main

import (
	"context"
	"net/http"

	"entgo.io/ent/dialect"
	"entgo.io/ent/dialect/sql"
)

var drv *sql.Driver

func main() {
	drv, _ = sql.Open(dialect.Postgres, "")
	http.HandleFunc("/users", users)
	http.ListenAndServe(":8080", nil)
}

func users(w http.ResponseWriter, r *http.Request) {
	ctx := context.Background()
	name := r.URL.Query().Get("name")
	var rows sql.Rows
	drv.Query(ctx, "SELECT * FROM users WHERE name = '"+name+"'", []any{}, &rows) // want `tainted data from net/http.Request.URL reaches sql sink entgo.io/ent/dialect/sql.Conn.Query`
	drv.Query(ctx, "SELECT * FROM users WHERE name = $1", []any{name}, &rows)
	var d dialect.Driver = drv
	d.Exec(ctx, "DELETE FROM users WHERE name = '"+name+"'", []any{}, nil) // want `tainted data from net/http.Request.URL reaches sql sink entgo.io/ent/dialect.ExecQuerier.Exec`

	t := sql.Table("users")
	q := sql.Select().From(t).Where(sql.EQ(t.C("name"), name))
	q = q.Where(sql.ExprP("age > " + r.FormValue("age"))) // want `tainted data from net/http.Request.FormValue reaches sql sink entgo.io/ent/dialect/sql.ExprP`
	q.OrderExpr(sql.Expr(r.FormValue("order")))           // want `tainted data from net/http.Request.FormValue reaches sql sink entgo.io/ent/dialect/sql.Expr`
	q.Where(sql.P(func(b *sql.Builder) {
		b.WriteString("name = ").Arg(name)
		b.WriteString(" OR " + r.FormValue("or")) // want `tainted data from net/http.Request.FormValue reaches sql sink entgo.io/ent/dialect/sql.Builder.WriteString`
	}))
	query, args := q.Query()
	drv.Query(ctx, query, args, &rows) // want `tainted data from net/http.Request.FormValue reaches sql sink entgo.io/ent/dialect/sql.Conn.Query`
}
