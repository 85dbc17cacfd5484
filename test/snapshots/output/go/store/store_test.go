package store

import "testing"

func fixture() *Memory {
//   ^^^^^^^ definition function go:store/store_test:fixture
	m := NewMemory()
//    ^^^^^^^^^ calls go:store/store:NewMemory
	m.Put(&Item{ID: "a", Price: 100, Tags: []string{"X"}})
// ^^^ calls go:store/store:Memory.Put (inferred)
	return m
}

func TestFind(t *testing.T) {
//   ^^^^^^^^ definition test go:store/store_test:TestFind
//   ^^^^^^^^ tests go:store/store:Memory.Find (inferred)
	m := fixture()
//    ^^^^^^^ calls go:store/store_test:fixture
	t.Run("present", func(t *testing.T) {
		if _, err := m.Find("a"); err != nil {
//               ^^^^ calls go:store/store:Memory.Find (inferred)
			t.Fatal(err)
		}
	})
	t.Run("absent", func(t *testing.T) {
		if _, err := m.Find("b"); err != ErrNotFound {
//               ^^^^ calls go:store/store:Memory.Find (inferred)
			t.Fatal(err)
		}
	})
}

func TestIndex(t *testing.T) {
//   ^^^^^^^^^ definition test go:store/store_test:TestIndex
//   ^^^^^^^^^ tests go:store/index:Index.Tagged (inferred)
//   ^^^^^^^^^ tests go:store/index:Memory.Size (inferred)
//   ^^^^^^^^^ tests go:store/store:Base.Ops (inferred)
	m := fixture()
//    ^^^^^^^ calls go:store/store_test:fixture
	if got := m.index.Tagged(" x "); len(got) != 1 {
//                 ^^^^^^ calls go:store/index:Index.Tagged (inferred)
		t.Fatal(got)
	}
	if m.Size() != 1 || m.Ops() != 1 {
//    ^^^^ calls go:store/index:Memory.Size (inferred)
//                     ^^^ calls go:store/store:Base.Ops (inferred)
		t.Fatal("counts")
	}
}

func BenchmarkPut(b *testing.B) {
//   ^^^^^^^^^^^^ definition test go:store/store_test:BenchmarkPut
//   ^^^^^^^^^^^^ tests go:store/store:Memory.Put (inferred)
//   ^^^^^^^^^^^^ tests go:store/store:NewMemory
	m := NewMemory()
//    ^^^^^^^^^ calls go:store/store:NewMemory
	for i := 0; i < b.N; i++ {
		m.Put(&Item{ID: "a"})
//  ^^^ calls go:store/store:Memory.Put (inferred)
	}
}
