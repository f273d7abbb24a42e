// Command echo is an echo (v4) service: echo.Context is an interface,
// and its models match calls through it.
//
// echo's accessors (Param, QueryParam, QueryString, FormValue, Cookie,
// FormFile, ...) have no model: following their bodies into net/http's
// Request is as precise here, and findings name net/http's source. Its
// binders fill the struct by reflection, which loses the flow: they are
// modelled.
package main

import (
	"database/sql"
	"html"
	"net/url"
	"path/filepath"

	"github.com/labstack/echo/v4"
)

type Search struct {
	Term string `json:"term" query:"term" form:"term"`
}

var db *sql.DB

func main() {
	db, _ = sql.Open("postgres", "")
	e := echo.New()
	e.GET("/users/:id", user)
	e.POST("/search", search)
	e.GET("/files/:name", files)
	e.GET("/go", redirect)
	e.GET("/hello", hello)
	e.GET("/page", page)
	e.GET("/data", data)
	e.Logger.Fatal(e.Start(":8080"))
}

func user(c echo.Context) error {
	db.Query("SELECT * FROM users WHERE id = " + c.Param("id")) // want `tainted data from net/http.Request.URL reaches sql sink database/sql.DB.Query`
	db.Query("SELECT * FROM users WHERE id = $1", c.Param("id"))
	db.Exec("DELETE FROM t WHERE k = '" + c.QueryParam("k") + "'")        // want `tainted data from net/http.Request.URL reaches sql sink database/sql.DB.Exec`
	db.Exec("DELETE FROM t WHERE k = '" + c.QueryParams().Get("k") + "'") // want `tainted data from net/http.Request.URL reaches sql sink database/sql.DB.Exec`
	if ck, err := c.Cookie("session"); err == nil {
		db.Exec("UPDATE s SET seen = now() WHERE id = '" + ck.Value + "'") // want `tainted data from net/http.Request.Cookie reaches sql sink database/sql.DB.Exec`
	}
	// Headers come from net/http's Request (its own models).
	db.Exec("INSERT INTO log VALUES ('" + c.Request().Header.Get("User-Agent") + "')") // want `tainted data from net/http.Request.Header reaches sql sink database/sql.DB.Exec`
	return nil
}

func search(c echo.Context) error {
	var s Search
	if err := c.Bind(&s); err != nil {
		return err
	}
	db.Query("SELECT * FROM docs WHERE body LIKE '%" + s.Term + "%'") // want `tainted data from github.com/labstack/echo/v4.Context.Bind reaches sql sink database/sql.DB.Query`
	db.Query("SELECT * FROM docs WHERE body LIKE $1", "%"+s.Term+"%")
	var b Search
	(&echo.DefaultBinder{}).BindQueryParams(c, &b)
	db.Query("SELECT " + b.Term)                         // want `tainted data from github.com/labstack/echo/v4.DefaultBinder.BindQueryParams reaches sql sink database/sql.DB.Query`
	return c.HTML(200, "<p>"+c.FormValue("term")+"</p>") // want `tainted data from net/http.Request.FormValue reaches html sink github.com/labstack/echo/v4.Context.HTML`
}

func files(c echo.Context) error {
	name := c.Param("name")
	c.Inline("/srv/files/"+name, "x.pdf")     // want `tainted data from net/http.Request.URL reaches path sink github.com/labstack/echo/v4.Context.Inline`
	c.Attachment("/srv/files/"+name, "x.pdf") // want `tainted data from net/http.Request.URL reaches path sink github.com/labstack/echo/v4.Context.Attachment`
	if fh, err := c.FormFile("upload"); err == nil {
		c.File("/srv/uploads/" + fh.Filename) // want `tainted data from net/http.Request.FormFile reaches path sink github.com/labstack/echo/v4.Context.File`
	}
	return c.File("/srv/files/" + filepath.Base(name))
}

func redirect(c echo.Context) error {
	if c.QueryString() != "" {
		return c.Redirect(302, "/?"+c.QueryString()) // want `tainted data from net/http.Request.URL reaches redirect sink github.com/labstack/echo/v4.Context.Redirect`
	}
	return c.Redirect(302, "/login?next="+url.QueryEscape(c.QueryParam("next")))
}

func hello(c echo.Context) error {
	c.HTMLBlob(200, []byte(c.FormValue("x"))) // want `tainted data from net/http.Request.FormValue reaches html sink github.com/labstack/echo/v4.Context.HTMLBlob`
	return c.HTML(200, "<p>"+html.EscapeString(c.QueryParam("name"))+"</p>")
}

// Raw responses: HTML where the content type says so or none is set.
func page(c echo.Context) error {
	c.Blob(200, echo.MIMETextHTMLCharsetUTF8, []byte(c.QueryParam("q"))) // want `tainted data from net/http.Request.URL reaches html sink github.com/labstack/echo/v4.Context.Blob`
	c.Response().Write([]byte(c.QueryParam("q")))                        // want `reaches html sink github.com/labstack/echo/v4.Response.Write`
	c.Response().Writer.Write([]byte(c.QueryParam("q")))                 // want `reaches html sink net/http.ResponseWriter.Write`
	c.Blob(200, echo.MIMEApplicationJSON, []byte(c.QueryParam("q")))     // a constant non-HTML type
	return c.String(200, c.QueryParam("q"))                              // text/plain
}

// A declared JSON type silences the handler's writes.
func data(c echo.Context) error {
	c.Response().Header().Set(echo.HeaderContentType, echo.MIMEApplicationJSON)
	_, err := c.Response().Write([]byte(c.QueryParam("q")))
	return err
}
