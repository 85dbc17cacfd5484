# Shop: a small store of items.
require 'rack'
require 'active_support/core_ext/string'
require 'shop/version'
require 'shop/money'
require 'shop/inventory'
require_relative 'shop/report'

module Shop
//     ^^^^ definition class rb:lib/shop:Shop
  class Error < StandardError; end
//      ^^^^^ definition class rb:lib/shop:Shop.Error

  def self.inventory
//         ^^^^^^^^^ definition method rb:lib/shop:Shop.inventory
    @inventory ||= Inventory.new
//^ calls rb:lib/shop/inventory:Shop.Inventory.initialize
  end

  def self.configure
//         ^^^^^^^^^ definition method rb:lib/shop:Shop.configure
    yield config
//        ^^^^^^ calls rb:lib/shop:Shop.config
  end

  def self.config
//         ^^^^^^ definition method rb:lib/shop:Shop.config
    Config.new
//^ calls rb:lib/shop:Shop.Config.initialize
  end

  class Config
//      ^^^^^^ definition class rb:lib/shop:Shop.Config
    attr_accessor :currency
//^ definition method rb:lib/shop:Shop.Config.currency=
//                 ^^^^^^^^ definition method rb:lib/shop:Shop.Config.currency

    def initialize
//      ^^^^^^^^^^ definition method rb:lib/shop:Shop.Config.initialize
      @currency = 'EUR'
    end
  end
end
