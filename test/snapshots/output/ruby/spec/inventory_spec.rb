require 'shop'

RSpec.describe Shop::Inventory do
//             ^^^^^^^^^^^^^^^ definition test rb:spec/inventory_spec:Shop::Inventory
//             ^^^^^^^^^^^^^^^ tests rb:lib/shop/inventory:Shop.Inventory.initialize
  def fresh
//    ^^^^^ definition function rb:spec/inventory_spec:Shop::Inventory.fresh
    Shop::Inventory.new
//^ calls rb:lib/shop/inventory:Shop.Inventory.initialize
  end

  context 'when empty' do
//         ^^^^^^^^^^ definition test rb:spec/inventory_spec:Shop::Inventory > when empty
//         ^^^^^^^^^^ tests rb:lib/shop/inventory:Shop.Inventory.empty (convention)
    it 'counts nothing' do
//      ^^^^^^^^^^^^^^ definition test rb:spec/inventory_spec:Shop::Inventory > when empty > counts nothing
//      ^^^^^^^^^^^^^^ tests rb:lib/shop/money:Shop.Countable.count (inferred)
//      ^^^^^^^^^^^^^^ tests rb:lib/shop/money:Shop.Countable.empty? (inferred)
      inv = fresh
//          ^^^^^ calls rb:spec/inventory_spec:Shop::Inventory.fresh
      expect(inv.count).to eq 0
//               ^^^^^ calls rb:lib/shop/money:Shop.Countable.count (inferred)
      expect(inv.empty?).to be true
//               ^^^^^^ calls rb:lib/shop/money:Shop.Countable.empty? (inferred)
    end
  end

  describe '#add' do
//          ^^^^ definition test rb:spec/inventory_spec:Shop::Inventory > #add
//          ^^^^ tests rb:lib/shop/inventory:Shop.Inventory.add (convention)
    it 'finds what it added' do
//      ^^^^^^^^^^^^^^^^^^^ definition test rb:spec/inventory_spec:Shop::Inventory > #add > finds what it added
//      ^^^^^^^^^^^^^^^^^^^ tests rb:lib/shop/inventory:Shop.Inventory.add (inferred)
//      ^^^^^^^^^^^^^^^^^^^ tests rb:lib/shop/inventory:Shop.Inventory.find (inferred)
//      ^^^^^^^^^^^^^^^^^^^ tests rb:lib/shop/inventory:Shop.Inventory.initialize
      inv = Shop::Inventory.new
//^ calls rb:lib/shop/inventory:Shop.Inventory.initialize
      inv.add('tea', 250)
//        ^^^ calls rb:lib/shop/inventory:Shop.Inventory.add (inferred)
      expect(inv.find('tea').price).to eq '2.50'
//               ^^^^ calls rb:lib/shop/inventory:Shop.Inventory.find (inferred)
    end
  end
end
