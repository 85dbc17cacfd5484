// Package server serves the shop.
package server

import (
	"fmt"
	"net/http"

	"example.com/shop/internal/money"
	st "example.com/shop/store"
)

// Handler answers requests.
type Handler interface {
	Handle(path string) (string, error)
}

// Server routes requests to a repository.
type Server struct {
	repo  st.Repository
	mem   *st.Memory
	names []string
}

// New makes a server on a memory store.
func New() *Server {
	mem := st.NewMemory()
	return &Server{repo: mem, mem: mem}
}

// Handle implements Handler.
func (s *Server) Handle(path string) (string, error) {
	it, err := s.repo.Find(path)
	if err != nil {
		return "", err
	}
	return s.describe(it), nil
}

func (s *Server) describe(it *st.Item) string {
	price := it.Discounted(10)
	return fmt.Sprintf("%s %s", it.ID, price.Add(money.Cents(1)).String())
}

// Describe types a value.
func Describe(v interface{}) string {
	switch x := v.(type) {
	case *Server:
		return x.describeAll()
	case st.Item:
		return x.Discounted(0).String()
	}
	if h, ok := v.(Handler); ok {
		out, _ := h.Handle("a")
		return out
	}
	return ""
}

func (s *Server) describeAll() string {
	total := money.Total()
	for _, it := range s.mem.All() {
		total = total.Add(it.Price)
	}
	s.mem.Put(&st.Item{ID: "z"})
	return total.String()
}

// ServeHTTP serves.
func (s *Server) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	out, err := s.Handle(r.URL.Path)
	if err != nil {
		http.Error(w, err.Error(), http.StatusNotFound)
		return
	}
	fmt.Fprint(w, out)
}
