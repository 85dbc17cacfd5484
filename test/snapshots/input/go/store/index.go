package store

import "strings"

// Index maps tags to items.
type Index struct {
	byTag map[string][]*Item
}

func newIndex() *Index { return &Index{byTag: map[string][]*Item{}} }

func (x *Index) add(it *Item) {
	for _, t := range it.Tags {
		key := normalise(t)
		x.byTag[key] = append(x.byTag[key], it)
	}
}

// Tagged lists the items with a tag.
func (x *Index) Tagged(tag string) []*Item { return x.byTag[normalise(tag)] }

func normalise(s string) string { return strings.ToLower(strings.TrimSpace(s)) }

// Size is a method of Memory declared away from the type.
func (m *Memory) Size() int { return len(m.items) }
