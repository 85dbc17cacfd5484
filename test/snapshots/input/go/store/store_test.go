package store

import "testing"

func fixture() *Memory {
	m := NewMemory()
	m.Put(&Item{ID: "a", Price: 100, Tags: []string{"X"}})
	return m
}

func TestFind(t *testing.T) {
	m := fixture()
	t.Run("present", func(t *testing.T) {
		if _, err := m.Find("a"); err != nil {
			t.Fatal(err)
		}
	})
	t.Run("absent", func(t *testing.T) {
		if _, err := m.Find("b"); err != ErrNotFound {
			t.Fatal(err)
		}
	})
}

func TestIndex(t *testing.T) {
	m := fixture()
	if got := m.index.Tagged(" x "); len(got) != 1 {
		t.Fatal(got)
	}
	if m.Size() != 1 || m.Ops() != 1 {
		t.Fatal("counts")
	}
}

func BenchmarkPut(b *testing.B) {
	m := NewMemory()
	for i := 0; i < b.N; i++ {
		m.Put(&Item{ID: "a"})
	}
}
