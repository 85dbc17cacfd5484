// Package store keeps items.
package store

import (
	"errors"
	"sort"
	"sync"
)

// ErrNotFound is returned for unknown ids.
var ErrNotFound = errors.New("not found")

// Repository finds items.
type Repository interface {
	Find(id string) (*Item, error)
	All() []*Item
}

// Base counts operations.
type Base struct {
	mu  sync.Mutex
	ops int
}

func (b *Base) count() {
	b.mu.Lock()
	b.ops++
	b.mu.Unlock()
}

// Ops is the operation count.
func (b *Base) Ops() int { return b.ops }

// Memory is an in-memory repository.
type Memory struct {
	Base
	items map[string]*Item
	index *Index
}

// NewMemory makes an empty store.
func NewMemory() *Memory {
	m := &Memory{items: map[string]*Item{}}
	m.index = newIndex()
	return m
}

// Put adds an item.
func (m *Memory) Put(it *Item) {
	m.count()
	m.items[it.ID] = it
	m.index.add(it)
}

// Find looks an item up.
func (m *Memory) Find(id string) (*Item, error) {
	m.count()
	it, ok := m.items[id]
	if !ok {
		return nil, ErrNotFound
	}
	return it, nil
}

// All lists items by id.
func (m *Memory) All() []*Item {
	out := make([]*Item, 0, len(m.items))
	for _, it := range m.items {
		out = append(out, it)
	}
	sort.Slice(out, func(i, j int) bool { return out[i].ID < out[j].ID })
	return out
}
