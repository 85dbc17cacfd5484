use std::collections::HashMap;

/// One stored item.
#[derive(Debug, Clone)]
pub struct Item {
    pub id: u32,
    pub price: u32,
}

impl Item {
    pub fn total(&self) -> u32 {
        self.price
    }
}

/// Keeps items by id.
#[derive(Default)]
pub struct Repository {
    items: HashMap<u32, Item>,
    order: Vec<Item>,
}

impl Repository {
    pub fn new() -> Self {
        Repository::default()
    }

    pub fn with_items(ids: Vec<u32>) -> Self {
        let mut repo = Self::new();
        for id in ids {
            repo.add(Item { id, price: id * 10 });
        }
        repo
    }

    pub fn add(&mut self, item: Item) {
        self.order.push(item.clone());
        self.items.insert(item.id, item);
    }

    pub fn find(&self, id: u32) -> Option<&Item> {
        self.items.get(&id)
    }

    pub fn first_total(&self) -> u32 {
        self.order.first().map(|i| i.total()).unwrap_or(0) + self.order[0].total()
    }

    pub fn len(&self) -> usize {
        self.order.len()
    }

    pub fn price_of(&self, id: u32) -> Result<u32, String> {
        let item = self.find(id).ok_or_else(|| String::from("missing"))?;
        Ok(item.total())
    }
}
