// Package store keeps items.
package store

import (
	"errors"
	"sort"
	"sync"
)

// ErrNotFound is returned for unknown ids.
var ErrNotFound = errors.New("not found")
//  ^^^^^^^^^^^ definition variable go:store/store:ErrNotFound

// Repository finds items.
type Repository interface {
//   ^^^^^^^^^^ definition interface go:store/store:Repository
	Find(id string) (*Item, error)
//^^^^ definition method go:store/store:Repository.Find
	All() []*Item
//^^^ definition method go:store/store:Repository.All
}

// Base counts operations.
type Base struct {
//   ^^^^ definition class go:store/store:Base
	mu  sync.Mutex
	ops int
}

func (b *Base) count() {
//             ^^^^^ definition method go:store/store:Base.count
	b.mu.Lock()
	b.ops++
	b.mu.Unlock()
}

// Ops is the operation count.
func (b *Base) Ops() int { return b.ops }
//             ^^^ definition method go:store/store:Base.Ops

// Memory is an in-memory repository.
type Memory struct {
//   ^^^^^^ definition class go:store/store:Memory
	Base
	items map[string]*Item
	index *Index
}

// NewMemory makes an empty store.
func NewMemory() *Memory {
//   ^^^^^^^^^ definition function go:store/store:NewMemory
	m := &Memory{items: map[string]*Item{}}
	m.index = newIndex()
//         ^^^^^^^^ calls go:store/index:newIndex
	return m
}

// Put adds an item.
func (m *Memory) Put(it *Item) {
//               ^^^ definition method go:store/store:Memory.Put
	m.count()
// ^^^^^ calls go:store/store:Base.count
	m.items[it.ID] = it
	m.index.add(it)
//       ^^^ calls go:store/index:Index.add
}

// Find looks an item up.
func (m *Memory) Find(id string) (*Item, error) {
//               ^^^^ definition method go:store/store:Memory.Find
	m.count()
// ^^^^^ calls go:store/store:Base.count
	it, ok := m.items[id]
	if !ok {
		return nil, ErrNotFound
	}
	return it, nil
}

// All lists items by id.
func (m *Memory) All() []*Item {
//               ^^^ definition method go:store/store:Memory.All
	out := make([]*Item, 0, len(m.items))
	for _, it := range m.items {
		out = append(out, it)
	}
	sort.Slice(out, func(i, j int) bool { return out[i].ID < out[j].ID })
	return out
}
