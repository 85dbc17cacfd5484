use std::collections::HashMap;

/// One stored item.
#[derive(Debug, Clone)]
pub struct Item {
//         ^^^^ definition class rs:app/src/repo:Item
    pub id: u32,
    pub price: u32,
}

impl Item {
    pub fn total(&self) -> u32 {
//         ^^^^^ definition method rs:app/src/repo:Item.total
        self.price
    }
}

/// Keeps items by id.
#[derive(Default)]
pub struct Repository {
//         ^^^^^^^^^^ definition class rs:app/src/repo:Repository
    items: HashMap<u32, Item>,
    order: Vec<Item>,
}

impl Repository {
    pub fn new() -> Self {
//         ^^^ definition method rs:app/src/repo:Repository.new
        Repository::default()
    }

    pub fn with_items(ids: Vec<u32>) -> Self {
//         ^^^^^^^^^^ definition method rs:app/src/repo:Repository.with_items
        let mut repo = Self::new();
//                           ^^^ calls rs:app/src/repo:Repository.new
        for id in ids {
            repo.add(Item { id, price: id * 10 });
//               ^^^ calls rs:app/src/repo:Repository.add
        }
        repo
    }

    pub fn add(&mut self, item: Item) {
//         ^^^ definition method rs:app/src/repo:Repository.add
        self.order.push(item.clone());
        self.items.insert(item.id, item);
    }

    pub fn find(&self, id: u32) -> Option<&Item> {
//         ^^^^ definition method rs:app/src/repo:Repository.find
        self.items.get(&id)
    }

    pub fn first_total(&self) -> u32 {
//         ^^^^^^^^^^^ definition method rs:app/src/repo:Repository.first_total
        self.order.first().map(|i| i.total()).unwrap_or(0) + self.order[0].total()
//                                   ^^^^^ calls rs:app/src/repo:Item.total
    }

    pub fn len(&self) -> usize {
//         ^^^ definition method rs:app/src/repo:Repository.len
        self.order.len()
    }

    pub fn price_of(&self, id: u32) -> Result<u32, String> {
//         ^^^^^^^^ definition method rs:app/src/repo:Repository.price_of
        let item = self.find(id).ok_or_else(|| String::from("missing"))?;
//                      ^^^^ calls rs:app/src/repo:Repository.find
        Ok(item.total())
//              ^^^^^ calls rs:app/src/repo:Item.total
    }
}
