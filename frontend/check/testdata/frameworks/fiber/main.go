// Command fiber is a fiber (v2) service over go-pg: fiber reads
// fasthttp's request, which no other model covers, so its accessors and
// parsers are the sources.
package main

import (
	"path/filepath"

	"github.com/go-pg/pg/v10"
	"github.com/gofiber/fiber/v2"
)

type Filter struct {
	Name  string `json:"name" query:"name" form:"name"`
	Order string `json:"order" query:"order" form:"order"`
}

type Book struct {
	ID    int
	Title string
}

var db *pg.DB

func main() {
	db = pg.Connect(&pg.Options{})
	app := fiber.New()
	app.Get("/books/:id", book)
	app.Post("/books", books)
	app.Get("/files/:name", files)
	app.Get("/go", redirect)
	app.Listen(":8080")
}

func book(c *fiber.Ctx) error {
	id := c.Params("id")
	var b Book
	db.QueryOne(&b, "SELECT * FROM books WHERE id = "+id) // want `tainted data from github.com/gofiber/fiber/v2.Ctx.Params reaches sql sink github.com/go-pg/pg/v10.baseDB.QueryOne`
	db.QueryOne(&b, "SELECT * FROM books WHERE id = ?", id)
	db.Exec("DELETE FROM books WHERE title = '" + c.Query("title") + "'") // want `tainted data from github.com/gofiber/fiber/v2.Ctx.Query reaches sql sink github.com/go-pg/pg/v10.baseDB.Exec`
	db.Exec("DELETE FROM books WHERE title = ?", c.Query("title"))
	db.Model(&b).Where("title = '" + c.Get("X-Title") + "'").Select() // want `tainted data from github.com/gofiber/fiber/v2.Ctx.Get reaches sql sink github.com/go-pg/pg/v10/orm.Query.Where`
	db.Model(&b).Where("title = ?", c.Get("X-Title")).Select()
	db.Model(&b).OrderExpr(c.Cookies("order")).Select() // want `tainted data from github.com/gofiber/fiber/v2.Ctx.Cookies reaches sql sink github.com/go-pg/pg/v10/orm.Query.OrderExpr`
	db.Model(&b).Order(c.Cookies("order")).Select()     // Order quotes the column
	db.Exec("SELECT ?", pg.Safe(c.FormValue("expr")))   // want `tainted data from github.com/gofiber/fiber/v2.Ctx.FormValue reaches sql sink github.com/go-pg/pg/v10/types.Safe`
	db.Exec("SELECT ?", pg.Ident(c.FormValue("col")))
	return nil
}

func books(c *fiber.Ctx) error {
	var f Filter
	if err := c.BodyParser(&f); err != nil {
		return err
	}
	var bs []Book
	db.Query(&bs, "SELECT * FROM books ORDER BY "+f.Order) // want `tainted data from github.com/gofiber/fiber/v2.Ctx.BodyParser reaches sql sink github.com/go-pg/pg/v10.baseDB.Query`
	var q Filter
	c.QueryParser(&q)
	tx, _ := db.Begin()
	tx.Exec("UPDATE books SET title = '" + q.Name + "'") // want `tainted data from github.com/gofiber/fiber/v2.Ctx.QueryParser reaches sql sink github.com/go-pg/pg/v10.Tx.Exec`
	tx.Exec("UPDATE books SET title = ?", q.Name)
	tx.Exec("UPDATE books SET title = '" + string(c.Body()) + "'") // want `tainted data from github.com/gofiber/fiber/v2.Ctx.Body reaches sql sink github.com/go-pg/pg/v10.Tx.Exec`
	return tx.Commit()
}

func files(c *fiber.Ctx) error {
	name := c.Params("name")
	c.Download("/srv/files/" + name) // want `tainted data from github.com/gofiber/fiber/v2.Ctx.Params reaches path sink github.com/gofiber/fiber/v2.Ctx.Download`
	if fh, err := c.FormFile("upload"); err == nil {
		c.SaveFile(fh, "/srv/uploads/"+fh.Filename)                // want `tainted data from github.com/gofiber/fiber/v2.Ctx.FormFile reaches path sink github.com/gofiber/fiber/v2.Ctx.SaveFile`
		c.SaveFile(fh, "/srv/uploads/"+filepath.Base(fh.Filename)) // the last element cannot climb out
	}
	return c.SendFile("/srv/files/" + name) // want `tainted data from github.com/gofiber/fiber/v2.Ctx.Params reaches path sink github.com/gofiber/fiber/v2.Ctx.SendFile`
}

func redirect(c *fiber.Ctx) error {
	if c.Query("back") != "" {
		return c.Redirect(c.Get("Referer")) // want `tainted data from github.com/gofiber/fiber/v2.Ctx.Get reaches redirect sink github.com/gofiber/fiber/v2.Ctx.Redirect`
	}
	return c.Redirect("/home")
}
