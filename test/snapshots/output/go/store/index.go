package store

import "strings"

// Index maps tags to items.
type Index struct {
//   ^^^^^ definition class go:store/index:Index
	byTag map[string][]*Item
}

func newIndex() *Index { return &Index{byTag: map[string][]*Item{}} }
//   ^^^^^^^^ definition function go:store/index:newIndex

func (x *Index) add(it *Item) {
//              ^^^ definition method go:store/index:Index.add
	for _, t := range it.Tags {
		key := normalise(t)
//       ^^^^^^^^^ calls go:store/index:normalise
		x.byTag[key] = append(x.byTag[key], it)
	}
}

// Tagged lists the items with a tag.
func (x *Index) Tagged(tag string) []*Item { return x.byTag[normalise(tag)] }
//              ^^^^^^ definition method go:store/index:Index.Tagged
//                                                          ^^^^^^^^^ calls go:store/index:normalise

func normalise(s string) string { return strings.ToLower(strings.TrimSpace(s)) }
//   ^^^^^^^^^ definition function go:store/index:normalise

// Size is a method of Memory declared away from the type.
func (m *Memory) Size() int { return len(m.items) }
//               ^^^^ definition method go:store/index:Memory.Size
