// Command xorm is a net/http service over xorm: the strings its session
// and engine take as SQL (conditions, order, grouping, raw SQL) are
// sinks; the arguments beside them are parameters, and the column names
// Desc quotes are not SQL text.
package main

import (
	"net/http"
	"strconv"

	"xorm.io/xorm"
)

type User struct {
	ID   int64
	Name string
}

var engine *xorm.Engine

func main() {
	engine, _ = xorm.NewEngine("sqlite3", "users.db")
	http.HandleFunc("/users", users)
	http.ListenAndServe(":8080", nil)
}

func users(w http.ResponseWriter, r *http.Request) {
	field, value := r.FormValue("field"), r.FormValue("value")
	var us []User
	s := engine.Where("owner = ?", r.FormValue("owner")) // a parameter
	s = s.And(field+" like ?", "%"+value+"%")            // want `tainted data from net/http.Request.FormValue reaches sql sink xorm.io/xorm.Session.And`
	s = s.OrderBy(r.FormValue("sort"))                   // want `tainted data from net/http.Request.FormValue reaches sql sink xorm.io/xorm.Session.OrderBy`
	s = s.Desc(r.FormValue("desc"))                      // quoted
	s.Find(&us)
	engine.Where("name = '" + value + "'").Find(&us)                           // want `tainted data from net/http.Request.FormValue reaches sql sink xorm.io/xorm.Engine.Where`
	engine.SQL("SELECT * FROM user WHERE id = " + r.FormValue("id")).Find(&us) // want `tainted data from net/http.Request.FormValue reaches sql sink xorm.io/xorm.Engine.SQL`
	id, _ := strconv.Atoi(r.FormValue("id"))
	engine.SQL("SELECT * FROM user WHERE id = " + strconv.Itoa(id)).Find(&us) // a number
	engine.Where("name = ?", value).Find(&us)                                 // a parameter
}
