require 'shop'

RSpec.describe Shop::Inventory do
  def fresh
    Shop::Inventory.new
  end

  context 'when empty' do
    it 'counts nothing' do
      inv = fresh
      expect(inv.count).to eq 0
      expect(inv.empty?).to be true
    end
  end

  describe '#add' do
    it 'finds what it added' do
      inv = Shop::Inventory.new
      inv.add('tea', 250)
      expect(inv.find('tea').price).to eq '2.50'
    end
  end
end
