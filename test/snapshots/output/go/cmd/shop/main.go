package main

import (
	"log"
	"net/http"

	"example.com/shop/server"
	"example.com/shop/store"
)

func main() {
//   ^^^^ definition function go:cmd/shop/main:main
	s := server.New()
//           ^^^ calls go:server/server:New
	log.Println(server.Version(), server.Describe(s))
//                  ^^^^^^^ calls go:server/zz_generated:Version
//                                    ^^^^^^^^ calls go:server/server:Describe
	r := store.NewMemory()
//          ^^^^^^^^^ calls go:store/store:NewMemory
	r.Put(&store.Item{ID: "b"})
// ^^^ calls go:store/store:Memory.Put (inferred)
	log.Fatal(http.ListenAndServe(":8080", s))
}
