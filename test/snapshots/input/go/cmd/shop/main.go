package main

import (
	"log"
	"net/http"

	"example.com/shop/server"
	"example.com/shop/store"
)

func main() {
	s := server.New()
	log.Println(server.Version(), server.Describe(s))
	r := store.NewMemory()
	r.Put(&store.Item{ID: "b"})
	log.Fatal(http.ListenAndServe(":8080", s))
}
