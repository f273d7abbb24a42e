// Command gin is a gin service over gorm: every request source of gin's
// Context reaches a gorm raw-SQL sink, a file helper or a redirect, and
// the parameterized, constant and sanitized forms stay silent.
//
// gin's accessors (Query, Param, PostForm, GetHeader, Cookie, FormFile,
// GetRawData, ...) have no model: following their bodies into net/http's
// Request (its URL for path parameters too, which the router splits) is
// as precise here, at no cost in models, and findings name net/http's
// source. The binders (ShouldBindJSON, Bind, ...) fill the struct by
// reflection, which loses the flow: they are modelled.
package main

import (
	"net/url"
	"path/filepath"
	"strconv"

	"github.com/gin-gonic/gin"
	"gorm.io/gorm"
)

type User struct {
	ID   int
	Name string `json:"name" form:"name" xml:"name"`
	Sort string `json:"sort" form:"sort" xml:"sort"`
}

var db *gorm.DB

func main() {
	db, _ = gorm.Open(nil, &gorm.Config{})
	r := gin.Default()
	r.GET("/query", query)
	r.GET("/users/:id", param)
	r.POST("/form", form)
	r.GET("/headers", headers)
	r.POST("/bind", bind)
	r.GET("/files/:name", files)
	r.GET("/go", redirect)
	r.GET("/safe", safe)
	r.GET("/page", page)
	r.GET("/data", data)
	r.Run(":8080")
}

func query(c *gin.Context) {
	name := c.Query("name")
	db.Raw("SELECT * FROM users WHERE name = '" + name + "'") // want `tainted data from net/http.Request.URL reaches sql sink gorm.io/gorm.DB.Raw`
	sort := c.DefaultQuery("sort", "id")
	db.Order(sort) // want `tainted data from net/http.Request.URL reaches sql sink gorm.io/gorm.DB.Order`
	if g, ok := c.GetQuery("group"); ok {
		db.Group(g) // want `tainted data from net/http.Request.URL reaches sql sink gorm.io/gorm.DB.Group`
	}
	cols := c.QueryArray("col")
	db.Select(cols[0]) // want `tainted data from net/http.Request.URL reaches sql sink gorm.io/gorm.DB.Select`
	m := c.QueryMap("filter")
	db.Where("kind = " + m["kind"]) // want `tainted data from net/http.Request.URL reaches sql sink gorm.io/gorm.DB.Where`
}

func param(c *gin.Context) {
	id := c.Param("id")
	db.Exec("DELETE FROM users WHERE id = " + id)   // want `tainted data from net/http.Request.URL reaches sql sink gorm.io/gorm.DB.Exec`
	db.Having("count(*) > " + c.Params.ByName("n")) // want `tainted data from net/http.Request.URL reaches sql sink gorm.io/gorm.DB.Having`
}

func form(c *gin.Context) {
	db.Where(c.PostForm("where")) // want `tainted data from net/http.Request.PostForm reaches sql sink gorm.io/gorm.DB.Where`
	if v, ok := c.GetPostForm("or"); ok {
		db.Or(v) // want `tainted data from net/http.Request.PostForm reaches sql sink gorm.io/gorm.DB.Or`
	}
	f, err := c.FormFile("upload")
	if err != nil {
		return
	}
	c.SaveUploadedFile(f, "/srv/uploads/"+f.Filename) // want `tainted data from net/http.Request.FormFile reaches path sink github.com/gin-gonic/gin.Context.SaveUploadedFile`
	c.SaveUploadedFile(f, "/srv/uploads/"+filepath.Base(f.Filename))
}

func headers(c *gin.Context) {
	db.Joins("JOIN " + c.GetHeader("X-Table") + " t ON t.id = users.id") // want `tainted data from net/http.Request.Header reaches sql sink gorm.io/gorm.DB.Joins`
	if v, err := c.Cookie("table"); err == nil {
		db.Table(v) // want `tainted data from net/http.Request.Cookie reaches sql sink gorm.io/gorm.DB.Table`
	}
	body, _ := c.GetRawData()
	db.Exec(string(body)) // want `tainted data from net/http.Request.Body reaches sql sink gorm.io/gorm.DB.Exec`
}

func bind(c *gin.Context) {
	var u User
	if err := c.ShouldBindJSON(&u); err != nil {
		return
	}
	db.Order(u.Sort) // want `tainted data from github.com/gin-gonic/gin.Context.ShouldBindJSON reaches sql sink gorm.io/gorm.DB.Order`
	// Parameterized: the bound value is an argument, not SQL.
	db.Where("name = ?", u.Name)
	db.Where(&User{Name: u.Name})
	db.Where(map[string]any{"name": u.Name})
	var q User
	c.ShouldBindQuery(&q)
	db.Raw("SELECT " + q.Sort) // want `tainted data from github.com/gin-gonic/gin.Context.ShouldBindQuery reaches sql sink gorm.io/gorm.DB.Raw`
	var x User
	c.ShouldBindXML(&x)
	// Reported twice: where the SQL is written (gorm.Expr) and where it is used.
	db.Where(gorm.Expr("x = " + x.Name)) // want `tainted data from github.com/gin-gonic/gin.Context.ShouldBindXML reaches sql sink gorm.io/gorm.Expr` `tainted data from github.com/gin-gonic/gin.Context.ShouldBindXML reaches sql sink gorm.io/gorm.DB.Where`
	var b User
	c.Bind(&b)
	db.Select(b.Name) // want `tainted data from github.com/gin-gonic/gin.Context.Bind reaches sql sink gorm.io/gorm.DB.Select`
}

func files(c *gin.Context) {
	name := c.Param("name")
	c.File("/srv/files/" + name)                       // want `tainted data from net/http.Request.URL reaches path sink github.com/gin-gonic/gin.Context.File`
	c.FileAttachment("/srv/files/"+name, "report.pdf") // want `tainted data from net/http.Request.URL reaches path sink github.com/gin-gonic/gin.Context.FileAttachment`
	c.File("/srv/files/" + filepath.Base(name))
	c.FileAttachment("/srv/files/report.pdf", name) // the download's name is not a path
}

func redirect(c *gin.Context) {
	c.Redirect(302, c.Query("next")) // want `tainted data from net/http.Request.URL reaches redirect sink github.com/gin-gonic/gin.Context.Redirect`
	c.Redirect(302, "/login?next="+url.QueryEscape(c.Query("next")))
}

// safe: constants, numbers and parameters are not SQL text.
func safe(c *gin.Context) {
	db.Raw("SELECT * FROM users WHERE name = ?", c.Query("name"))
	db.Exec("UPDATE users SET name = ? WHERE id = ?", c.PostForm("name"), c.Param("id"))
	id, err := strconv.Atoi(c.Param("id"))
	if err == nil {
		db.Raw("SELECT * FROM users WHERE id = " + strconv.Itoa(id))
	}
	db.Order("name desc")
}

// Raw responses: HTML where the content type says so or none is set.
func page(c *gin.Context) {
	c.Data(200, "text/html; charset=utf-8", []byte("<p>"+c.Query("q")+"</p>")) // want `tainted data from net/http.Request.URL reaches html sink github.com/gin-gonic/gin.Context.Data`
	c.Writer.WriteString(c.Query("q"))                                         // want `reaches html sink github.com/gin-gonic/gin.ResponseWriter.WriteString`
	c.Writer.Write([]byte(c.Query("q")))                                       // want `reaches html sink net/http.ResponseWriter.Write`
	c.Data(200, "application/json", []byte(c.Query("q")))                      // a constant non-HTML type
	c.String(200, c.Query("q"))                                                // text/plain
}

// A declared JSON type silences the handler's writes.
func data(c *gin.Context) {
	c.Header("Content-Type", "application/json")
	c.Writer.WriteString(c.Query("q"))
}
