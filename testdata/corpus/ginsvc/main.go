// Command ginsvc is a small todo-list HTTP service written the way gin and
// gorm tutorials write one: gin for routing and binding, gorm over
// PostgreSQL for storage, a bearer-token middleware. It is corpus input for
// `make corpus` (mk/corpus.mk), a stand-in for the many small gin + gorm
// services that are not served by the module proxy; nothing here is run.
package main

import (
	"errors"
	"flag"
	"log"
	"net/http"
	"os"
	"strconv"
	"strings"
	"time"

	"github.com/gin-gonic/gin"
	"gorm.io/driver/postgres"
	"gorm.io/gorm"
)

// User owns todos and authenticates with a static API token.
type User struct {
	ID        uint   `gorm:"primaryKey" json:"id"`
	Name      string `json:"name" binding:"required"`
	Token     string `gorm:"uniqueIndex" json:"-"`
	Todos     []Todo `json:"todos,omitempty"`
	CreatedAt time.Time
}

// Todo is one item of a user's list.
type Todo struct {
	ID     uint       `gorm:"primaryKey" json:"id"`
	UserID uint       `json:"user_id"`
	Title  string     `json:"title" binding:"required"`
	Done   bool       `json:"done"`
	Due    *time.Time `json:"due,omitempty"`
}

type server struct {
	db *gorm.DB
}

func main() {
	addr := flag.String("addr", ":8080", "listen address")
	flag.Parse()
	db, err := gorm.Open(postgres.Open(os.Getenv("DATABASE_URL")), &gorm.Config{})
	if err != nil {
		log.Fatalf("open database: %v", err)
	}
	if err := db.AutoMigrate(&User{}, &Todo{}); err != nil {
		log.Fatalf("migrate: %v", err)
	}
	s := &server{db: db}
	r := gin.Default()
	r.POST("/users", s.createUser)
	api := r.Group("/api", s.auth)
	api.GET("/todos", s.listTodos)
	api.POST("/todos", s.createTodo)
	api.GET("/todos/:id", s.getTodo)
	api.PUT("/todos/:id", s.updateTodo)
	api.DELETE("/todos/:id", s.deleteTodo)
	api.GET("/search", s.search)
	if err := r.Run(*addr); err != nil {
		log.Fatal(err)
	}
}

// auth looks the bearer token up and stores the user in the context.
func (s *server) auth(c *gin.Context) {
	token := strings.TrimPrefix(c.GetHeader("Authorization"), "Bearer ")
	var u User
	if err := s.db.Where("token = ?", token).First(&u).Error; err != nil {
		c.AbortWithStatusJSON(http.StatusUnauthorized, gin.H{"error": "unauthorized"})
		return
	}
	c.Set("user", &u)
	c.Next()
}

func currentUser(c *gin.Context) *User {
	v, ok := c.Get("user")
	if !ok {
		return nil
	}
	return v.(*User)
}

func (s *server) createUser(c *gin.Context) {
	var u User
	if err := c.ShouldBindJSON(&u); err != nil {
		c.JSON(http.StatusBadRequest, gin.H{"error": err.Error()})
		return
	}
	u.Token = strconv.FormatInt(time.Now().UnixNano(), 36)
	if err := s.db.Create(&u).Error; err != nil {
		c.JSON(http.StatusInternalServerError, gin.H{"error": err.Error()})
		return
	}
	c.JSON(http.StatusCreated, gin.H{"id": u.ID, "token": u.Token})
}

func (s *server) listTodos(c *gin.Context) {
	u := currentUser(c)
	var todos []Todo
	q := s.db.Where("user_id = ?", u.ID)
	if c.Query("done") != "" {
		q = q.Where("done = ?", c.Query("done") == "true")
	}
	// The sort column comes from the query string.
	if sort := c.Query("sort"); sort != "" {
		q = q.Order(sort)
	}
	if err := q.Find(&todos).Error; err != nil {
		c.JSON(http.StatusInternalServerError, gin.H{"error": err.Error()})
		return
	}
	c.JSON(http.StatusOK, todos)
}

func (s *server) findTodo(c *gin.Context) (*Todo, error) {
	id, err := strconv.Atoi(c.Param("id"))
	if err != nil {
		return nil, err
	}
	var t Todo
	err = s.db.Where("id = ? AND user_id = ?", id, currentUser(c).ID).First(&t).Error
	if errors.Is(err, gorm.ErrRecordNotFound) {
		return nil, nil
	}
	if err != nil {
		return nil, err
	}
	return &t, nil
}

func (s *server) getTodo(c *gin.Context) {
	t, err := s.findTodo(c)
	if err != nil {
		c.JSON(http.StatusBadRequest, gin.H{"error": err.Error()})
		return
	}
	if t == nil {
		c.Status(http.StatusNotFound)
		return
	}
	c.JSON(http.StatusOK, t)
}

func (s *server) createTodo(c *gin.Context) {
	var t Todo
	if err := c.ShouldBindJSON(&t); err != nil {
		c.JSON(http.StatusBadRequest, gin.H{"error": err.Error()})
		return
	}
	t.UserID = currentUser(c).ID
	if err := s.db.Create(&t).Error; err != nil {
		c.JSON(http.StatusInternalServerError, gin.H{"error": err.Error()})
		return
	}
	c.JSON(http.StatusCreated, t)
}

func (s *server) updateTodo(c *gin.Context) {
	t, err := s.findTodo(c)
	if err != nil {
		log.Printf("update: %v", err)
	}
	var in Todo
	if err := c.ShouldBindJSON(&in); err != nil {
		c.JSON(http.StatusBadRequest, gin.H{"error": err.Error()})
		return
	}
	t.Title, t.Done, t.Due = in.Title, in.Done, in.Due
	s.db.Save(t)
	c.JSON(http.StatusOK, t)
}

func (s *server) deleteTodo(c *gin.Context) {
	t, err := s.findTodo(c)
	if err != nil || t == nil {
		c.Status(http.StatusNotFound)
		return
	}
	s.db.Delete(t)
	c.Status(http.StatusNoContent)
}

// search matches titles with a raw SQL fragment built from the request.
func (s *server) search(c *gin.Context) {
	var todos []Todo
	where := "user_id = " + strconv.Itoa(int(currentUser(c).ID)) + " AND title LIKE '%" + c.Query("q") + "%'"
	if err := s.db.Raw("SELECT * FROM todos WHERE " + where).Scan(&todos).Error; err != nil {
		c.JSON(http.StatusInternalServerError, gin.H{"error": err.Error()})
		return
	}
	c.JSON(http.StatusOK, todos)
}
