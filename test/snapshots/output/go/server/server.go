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
//   ^^^^^^^ definition interface go:server/server:Handler
	Handle(path string) (string, error)
//^^^^^^ definition method go:server/server:Handler.Handle
}

// Server routes requests to a repository.
type Server struct {
//   ^^^^^^ definition class go:server/server:Server
	repo  st.Repository
	mem   *st.Memory
	names []string
}

// New makes a server on a memory store.
func New() *Server {
//   ^^^ definition function go:server/server:New
	mem := st.NewMemory()
//         ^^^^^^^^^ calls go:store/store:NewMemory
	return &Server{repo: mem, mem: mem}
}

// Handle implements Handler.
func (s *Server) Handle(path string) (string, error) {
//               ^^^^^^ definition method go:server/server:Server.Handle
	it, err := s.repo.Find(path)
//                 ^^^^ calls go:store/store:Repository.Find
	if err != nil {
		return "", err
	}
	return s.describe(it), nil
//        ^^^^^^^^ calls go:server/server:Server.describe
}

func (s *Server) describe(it *st.Item) string {
//               ^^^^^^^^ definition method go:server/server:Server.describe
	price := it.Discounted(10)
//           ^^^^^^^^^^ calls go:store/item:Item.Discounted
	return fmt.Sprintf("%s %s", it.ID, price.Add(money.Cents(1)).String())
//                                        ^^^ calls go:internal/money/money:Amount.Add (inferred)
//                                                  ^^^^^ calls go:internal/money/money:Cents
//                                                            ^^^^^^ calls go:internal/money/money:Amount.String (inferred)
}

// Describe types a value.
func Describe(v interface{}) string {
//   ^^^^^^^^ definition function go:server/server:Describe
	switch x := v.(type) {
	case *Server:
		return x.describeAll()
//         ^^^^^^^^^^^ calls go:server/server:Server.describeAll
	case st.Item:
		return x.Discounted(0).String()
//         ^^^^^^^^^^ calls go:store/item:Item.Discounted
//                       ^^^^^^ calls go:internal/money/money:Amount.String
	}
	if h, ok := v.(Handler); ok {
		out, _ := h.Handle("a")
//            ^^^^^^ calls go:server/server:Handler.Handle
		return out
	}
	return ""
}

func (s *Server) describeAll() string {
//               ^^^^^^^^^^^ definition method go:server/server:Server.describeAll
	total := money.Total()
//              ^^^^^ calls go:internal/money/money:Total
	for _, it := range s.mem.All() {
//                        ^^^ calls go:store/store:Memory.All
		total = total.Add(it.Price)
//              ^^^ calls go:internal/money/money:Amount.Add (inferred)
	}
	s.mem.Put(&st.Item{ID: "z"})
//     ^^^ calls go:store/store:Memory.Put
	return total.String()
//            ^^^^^^ calls go:internal/money/money:Amount.String (inferred)
}

// ServeHTTP serves.
func (s *Server) ServeHTTP(w http.ResponseWriter, r *http.Request) {
//               ^^^^^^^^^ definition method go:server/server:Server.ServeHTTP
	out, err := s.Handle(r.URL.Path)
//             ^^^^^^ calls go:server/server:Server.Handle
	if err != nil {
		http.Error(w, err.Error(), http.StatusNotFound)
		return
	}
	fmt.Fprint(w, out)
}
