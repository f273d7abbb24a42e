// Command chi is a chi service: chi keeps path parameters in the
// request's context; the rest of the request is net/http's.
//
// chi has no model: its router splits the path parameters from the
// request's URL, and following its bodies (and the points-to sets through
// the request's context) brings them to URLParam as precisely as a model
// would; findings name net/http's source.
//
// sqlx's own query methods are sinks; its embedded *sql.DB's methods
// match database/sql's models.
package main

import (
	"net/http"

	"github.com/go-chi/chi/v5"
	"github.com/jmoiron/sqlx"
)

var db *sqlx.DB

type Article struct {
	ID    int
	Title string
}

func main() {
	db = sqlx.MustConnect("postgres", "")
	r := chi.NewRouter()
	r.Get("/articles/{id}", article)
	r.Get("/articles/{id}/{field}", field)
	http.ListenAndServe(":8080", r)
}

func article(w http.ResponseWriter, r *http.Request) {
	id := chi.URLParam(r, "id")
	var a Article
	db.Get(&a, "SELECT * FROM articles WHERE id = "+id) // want `tainted data from net/http.Request.URL reaches sql sink github.com/jmoiron/sqlx.DB.Get`
	db.Get(&a, "SELECT * FROM articles WHERE id = $1", id)
	var as []Article
	db.Select(&as, "SELECT * FROM articles ORDER BY "+r.URL.Query().Get("sort"))             // want `tainted data from net/http.Request.URL reaches sql sink github.com/jmoiron/sqlx.DB.Select`
	db.Queryx("SELECT * FROM articles WHERE id = " + chi.URLParamFromCtx(r.Context(), "id")) // want `tainted data from net/http.Request.URL reaches sql sink github.com/jmoiron/sqlx.DB.Queryx`
	db.Query("SELECT * FROM articles WHERE id = " + id)                                      // want `tainted data from net/http.Request.URL reaches sql sink database/sql.DB.Query`
	db.NamedExec("UPDATE articles SET title = :title WHERE id = "+id, &a)                    // want `tainted data from net/http.Request.URL reaches sql sink github.com/jmoiron/sqlx.DB.NamedExec`
	db.NamedExec("UPDATE articles SET title = :title WHERE id = :id", map[string]any{"title": r.FormValue("t"), "id": id})
}

func field(w http.ResponseWriter, r *http.Request) {
	rctx := chi.RouteContext(r.Context())
	f := rctx.URLParam("field")
	sqlx.Select(db, &[]Article{}, "SELECT "+f+" FROM articles") // want `tainted data from net/http.Request.URL reaches sql sink github.com/jmoiron/sqlx.Select`
	tx := db.MustBegin()
	tx.MustExec("UPDATE articles SET " + f + " = NULL") // want `tainted data from net/http.Request.URL reaches sql sink github.com/jmoiron/sqlx.Tx.MustExec`
	query, args, err := sqlx.In("SELECT * FROM articles WHERE id IN (?)", []string{chi.URLParam(r, "id")})
	if err == nil {
		db.Select(&[]Article{}, db.Rebind(query), args...) // sqlx.In keeps values as arguments
	}
	tx.Commit()
}
